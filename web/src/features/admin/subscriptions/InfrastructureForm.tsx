import { useId, useState, type FormEvent } from 'react';
import type { SubscriptionView } from '@relaycast/contracts';
import {
  BILLING_OPTIONS,
  CPU_OPTIONS,
  DATA_CENTERS,
  DEFAULT_INFRASTRUCTURE_DETAILS,
  DISK_OPTIONS_GB,
  RAM_OPTIONS_MB,
  TRAFFIC_OPTIONS,
  TRAFFIC_OPTIONS_AS,
} from '@relaycast/contracts/constants';
import { useT } from '../../../app/shell/hooks.js';
import { useUpdateSubscriptionMutation } from '../../subscriptions/subscriptionsApi.js';
import { dataOf, FieldError, invalidProps, useToast } from '../../ui/forms.js';
import { fieldErrors, reasonOf } from '../../../app/shell/ui/problems.js';
import { problemsMessage, validationProblems } from '../../ui/validation.js';

const INFRASTRUCTURE_FIELDS: readonly string[] = ['name', 'password', 'data_center', 'cpu', 'ram', 'disk_size_0', 'disk_src_0', 'network_name_0', 'power', 'billing'];

export interface Infrastructure {
  name: string;
  data_center: string;
  cpu: string;
  ram: number;
  disk_size_0: number;
  network_name_0: string;
  power: boolean;
  billing: string;
}

/** The server's details over the seed's defaults (§9: IL-HA, 2B, 256, 5, hourly; traffic 5000GB, 1000GB in AS). */
export function infrastructureOf(s: Pick<SubscriptionView, 'infrastructure_details' | 'name'>): { values: Infrastructure; defaulted: Set<string> } {
  const d = s.infrastructure_details ?? {};
  const defaulted = new Set<string>();
  const pick = <T,>(key: string, value: T | undefined, fallback: T): T => {
    if (value === undefined || value === null || value === '') {
      defaulted.add(key);
      return fallback;
    }
    return value;
  };
  const dataCenter = pick('data_center', d.data_center, DEFAULT_INFRASTRUCTURE_DETAILS.data_center);
  const values: Infrastructure = {
    name: pick('name', d.name, s.name),
    data_center: dataCenter,
    cpu: pick('cpu', d.cpu, DEFAULT_INFRASTRUCTURE_DETAILS.cpu),
    ram: pick('ram', d.ram, DEFAULT_INFRASTRUCTURE_DETAILS.ram),
    disk_size_0: pick('disk_size_0', d.disk_size_0, DEFAULT_INFRASTRUCTURE_DETAILS.disk_size_0),
    network_name_0: pick('network_name_0', d.network_name_0, dataCenter.startsWith('AS-') ? TRAFFIC_OPTIONS_AS[0] : TRAFFIC_OPTIONS[0]),
    power: pick('power', d.power, true),
    billing: pick('billing', d.billing, DEFAULT_INFRASTRUCTURE_DETAILS.billing),
  };
  return { values, defaulted };
}

export function trafficOptions(dataCenter: string): readonly string[] {
  return dataCenter.startsWith('AS-') ? TRAFFIC_OPTIONS_AS : TRAFFIC_OPTIONS;
}

/** The server's infrastructure (seed §3 infrastructure_details), shown with its defaults; administrators edit it. */
export function InfrastructureDetails({ subscription: s, editable }: { subscription: SubscriptionView; editable: boolean }) {
  const { t } = useT('admin');
  const toast = useToast();
  const ids = useId();
  const { values, defaulted } = infrastructureOf(s);
  const [form, setForm] = useState<Infrastructure>(values);
  const [editing, setEditing] = useState(false);
  const [update, updating] = useUpdateSubscriptionMutation();
  const [errors, setErrors] = useState<Record<string, string>>({});

  const rows: [keyof Infrastructure, string][] = [
    ['name', String(values.name)],
    ['data_center', values.data_center],
    ['cpu', values.cpu],
    ['ram', t('infra.mb', { value: values.ram })],
    ['disk_size_0', t('infra.gb', { value: values.disk_size_0 })],
    ['network_name_0', values.network_name_0],
    ['power', values.power ? t('infra.on') : t('infra.off')],
    ['billing', t(`infra.billingOptions.${values.billing}`, { defaultValue: values.billing })],
  ];

  const save = async (e: FormEvent) => {
    e.preventDefault();
    // The seed's fields only (the server refuses others): a subscription stored with extra keys can still be edited.
    const known = Object.fromEntries(Object.entries(s.infrastructure_details ?? {}).filter(([k]) => INFRASTRUCTURE_FIELDS.includes(k)));
    const body = { id: s._id, infrastructure_details: { ...known, ...form } };
    const problems = validationProblems('SubscriptionUpdate', body);
    setErrors(fieldErrors(problems, t));
    const problem = problemsMessage(problems, t);
    if (problem) {
      toast(problem, 'error');
      return;
    }
    const result = await update(body);
    if (dataOf(result)) {
      toast(t('infra.saved'), 'success');
      setEditing(false);
    } else if (result.error) setErrors(fieldErrors(reasonOf(result.error).problems ?? [], t));
  };

  const select = (key: keyof Infrastructure, options: readonly (string | number)[], numeric = false) => (
    <select
      id={`${ids}-${key}`}
      value={String(form[key])}
      onChange={(e) => setForm((f) => ({ ...f, [key]: numeric ? Number(e.target.value) : e.target.value, ...(key === 'data_center' ? { network_name_0: trafficOptions(e.target.value)[0]! } : {}) }))}
    >
      {options.map((o) => (
        <option key={o} value={o}>
          {o}
        </option>
      ))}
    </select>
  );

  return (
    <section className="card" aria-labelledby={`${ids}-title`} data-testid="infrastructure">
      <div className="subscription-head">
        <h2 id={`${ids}-title`}>{t('infra.title')}</h2>
        {editable && !editing && (
          <button type="button" className="btn btn-small btn-outline" onClick={() => setEditing(true)}>
            {t('actions.edit')}
          </button>
        )}
      </div>
      {!editing ? (
        <dl className="facts">
          {rows.map(([key, value]) => (
            <div className="fact" key={key} data-field={key}>
              <dt>{t(`infra.fields.${key}`)}</dt>
              <dd>
                {value}
                {defaulted.has(key) && <span className="muted"> ({t('infra.default')})</span>}
              </dd>
            </div>
          ))}
        </dl>
      ) : (
        <form onSubmit={save} noValidate className="form-grid">
          <div className="field">
            <label htmlFor={`${ids}-name`}>{t('infra.fields.name')}</label>
            <input id={`${ids}-name`} value={form.name} onChange={(e) => setForm((f) => ({ ...f, name: e.target.value }))} {...invalidProps(ids, 'name', errors.name)} />
            <FieldError ids={ids} name="name" error={errors.name} />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-data_center`}>{t('infra.fields.data_center')}</label>
            {select('data_center', DATA_CENTERS)}
          </div>
          <div className="field">
            <label htmlFor={`${ids}-cpu`}>{t('infra.fields.cpu')}</label>
            {select('cpu', CPU_OPTIONS)}
          </div>
          <div className="field">
            <label htmlFor={`${ids}-ram`}>{t('infra.fields.ram')}</label>
            {select('ram', RAM_OPTIONS_MB, true)}
          </div>
          <div className="field">
            <label htmlFor={`${ids}-disk_size_0`}>{t('infra.fields.disk_size_0')}</label>
            {select('disk_size_0', DISK_OPTIONS_GB, true)}
          </div>
          <div className="field">
            <label htmlFor={`${ids}-network_name_0`}>{t('infra.fields.network_name_0')}</label>
            {select('network_name_0', trafficOptions(form.data_center))}
          </div>
          <div className="field">
            <label htmlFor={`${ids}-billing`}>{t('infra.fields.billing')}</label>
            {select('billing', BILLING_OPTIONS)}
          </div>
          <label className="checkbox-row">
            <input type="checkbox" checked={form.power} onChange={(e) => setForm((f) => ({ ...f, power: e.target.checked }))} />
            <span>{t('infra.fields.power')}</span>
          </label>
          <div className="form-actions">
            <button type="submit" className="btn btn-primary" disabled={updating.isLoading}>
              {t('actions.save')}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setEditing(false)}>
              {t('actions.cancel')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/**
 * A self-hosted subscription has no server of ours: it runs where the customer installs it, unlocked by its licence.
 * (The seed's server details belong to cloud (saas) subscriptions only.)
 */
export function SelfHostedInfrastructure() {
  const { t } = useT('admin');
  const ids = useId();
  return (
    <section className="card" aria-labelledby={`${ids}-title`} data-testid="infrastructure" data-infrastructure="self-hosted">
      <h2 id={`${ids}-title`}>{t('infra.title')}</h2>
      <p>{t('infra.selfHosted')}</p>
    </section>
  );
}
