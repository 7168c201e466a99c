import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { quoteSubscription, QuoteError } from '@relaycast/billing-core/pricing';
import {
  BUILDER_MODULES,
  DEFAULT_SUBSCRIPTION_STATUS,
  DEFAULT_SUBSCRIPTION_TYPE,
  INFRASTRUCTURE_TYPES,
  PLAN_IDS,
  SUBSCRIPTION_TYPES,
  type InfrastructureType,
  type PlanId,
  type SubscriptionStatus,
  type SubscriptionType,
} from '@relaycast/contracts/constants';
import { useLang, useT } from '../../../app/shell/hooks.js';
import { localizePath } from '../../../app/shell/lang.js';
import { AppLink } from '../../../app/shell/ui/AppLink.js';
import { formatUsd } from '../../../app/shell/format.js';
import { useCreateSubscriptionMutation } from '../../subscriptions/subscriptionsApi.js';
import { useFindUsersQuery } from '../users/usersApi.js';
import type { ViewProps } from '../viewProps.js';
import { subscriptionName } from '../../subscriptions/subscriptionName.js';
import { dataOf, FieldError, invalidProps, useDocumentTitle, useToast } from '../../ui/forms.js';
import { problemsMessage, validationProblems } from '../../ui/validation.js';
import { fieldErrors, reasonOf } from '../../../app/shell/ui/problems.js';

type ModuleName = (typeof BUILDER_MODULES)[number]['name'];

/** A subscription starts before payment; Live at once only as a complimentary grant (with its reason) or on a free plan. */
const CREATABLE_STATUSES: readonly SubscriptionStatus[] = ['SUBSCRIPTION_STATUS_INITIAL', 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', 'SUBSCRIPTION_STATUS_ACTIVE'];

/**
 * /admin/subscriptions/create: an administrator records a subscription for any user (seed §5: subscription_type,
 * status and user_id required). It starts waiting for its payment; Live at once is a complimentary grant, with its
 * reason. The price comes from the shared engine; the
 * server prices it again. SaaS subscriptions start on the seed's default server (§9), shown as defaults until edited.
 */
export default function SubscriptionCreateView(_props: ViewProps) {
  const { t } = useT('admin');
  const { t: ta } = useT('account');
  const lang = useLang();
  const toast = useToast();
  const navigate = useNavigate();
  const ids = useId();
  const [userSearch, setUserSearch] = useState('');
  const users = useFindUsersQuery({ page: 1, pageSize: 50, sort: 'email', order: 'asc', ...(userSearch.trim() ? { search: userSearch.trim() } : {}) });
  const [userId, setUserId] = useState('');
  const [plan, setPlan] = useState<PlanId>('constructor');
  const [type, setType] = useState<SubscriptionType>(DEFAULT_SUBSCRIPTION_TYPE);
  const [status, setStatus] = useState<SubscriptionStatus>(DEFAULT_SUBSCRIPTION_STATUS);
  const [infrastructure, setInfrastructure] = useState<InfrastructureType>('self-hosted');
  const [name, setName] = useState('');
  // What was typed, as typed: a negative or out-of-range number is refused with its reason, never coerced.
  const [modules, setModules] = useState<Record<ModuleName, string>>(() => Object.fromEntries(BUILDER_MODULES.map((m) => [m.name, String(m.initial)])) as Record<ModuleName, string>);
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  const [create, creating] = useCreateSubscriptionMutation();
  const purchaseKey = useRef(crypto.randomUUID());
  // Each field's problem under it (the browser's check, then the server's answer).
  const [errors, setErrors] = useState<Record<string, string>>({});

  const limits = BUILDER_MODULES.map((m) => ({ module: m, raw: modules[m.name].trim(), limit: Number(modules[m.name]) }));
  const moduleErrors = Object.fromEntries(
    limits
      .filter(({ module: m, raw, limit }) => raw === '' || !Number.isInteger(limit) || limit < m.min || limit > m.max)
      .map(({ module: m }) => [m.name, t('subscriptions.limitRange', { min: m.min, max: m.max })]),
  ) as Partial<Record<ModuleName, string>>;
  const selections = limits.filter(({ module: m, limit }) => !moduleErrors[m.name] && limit > 0).map(({ module: m, limit }) => ({ name: m.name, limit }));
  const complimentary = status === 'SUBSCRIPTION_STATUS_ACTIVE';
  const priced = useMemo(() => {
    try {
      return { quote: quoteSubscription({ plan_id: plan, infrastructure_type: infrastructure, subscription_type: type, ...(plan === 'constructor' ? { modules: selections } : {}) }) };
    } catch (error) {
      // Why the catalogue does not sell it, in words (the field's top-level name picks the sentence).
      if (error instanceof QuoteError) return { error: t(`subscriptions.notSold.${error.field.split(/[[.]/)[0]}`, { defaultValue: t('subscriptions.notSold.default') }) };
      throw error;
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [plan, infrastructure, type, JSON.stringify(selections), t]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body: Record<string, unknown> = {
      subscription_type: type,
      status,
      user_id: userId,
      infrastructure_type: infrastructure,
      ...(name.trim() ? { name: name.trim() } : {}),
      ...(plan === 'constructor' ? { modules: selections } : {}),
      // The privacy policy is the customer's to accept: an administrator never confirms it for them.
      payment_details: { payment_method: 'PAYPAL', plan_id: plan, ...('quote' in priced && priced.quote ? { amount: priced.quote.amount } : {}) },
      ...(complimentary && 'quote' in priced && priced.quote && priced.quote.amount > 0
        ? { complimentary: { reason: reason.trim(), ...(until ? { until: new Date(`${until}T00:00:00.000Z`).toISOString() } : {}) } }
        : {}),
    };
    if (Object.keys(moduleErrors).length) {
      setErrors(moduleErrors);
      toast(t('subscriptions.fixModules'), 'error');
      return;
    }
    if (complimentary && 'quote' in priced && priced.quote && priced.quote.amount > 0 && !reason.trim()) {
      setErrors({ 'complimentary.reason': t('subscriptions.reasonRequired') });
      toast(t('subscriptions.reasonRequired'), 'error');
      return;
    }
    const problems = validationProblems('SubscriptionCreate', body);
    setErrors(fieldErrors(problems, t));
    const problem = problemsMessage(problems, t);
    if (problem) {
      toast(problem, 'error');
      return;
    }
    if ('error' in priced) {
      toast(priced.error ?? '', 'error');
      return;
    }
    // One Idempotency-Key per subscription being created: a double click or a retry creates it once.
    const result = await create({ body, idempotencyKey: purchaseKey.current });
    const created = dataOf(result);
    if (!created) {
      if (result.error) setErrors(fieldErrors(reasonOf(result.error).problems ?? [], t));
      return;
    }
    purchaseKey.current = crypto.randomUUID();
    toast(t('subscriptions.createdToast', { name: created.name }), 'success');
    navigate(localizePath(`/admin/subscriptions/purchase-details?subscription=${encodeURIComponent(created._id)}`, lang));
  };

  return (
    <section>
      <div className="admin-head">
        <h1>{t('subscriptions.createTitle')}</h1>
        <AppLink to="/admin/subscriptions/list">{t('subscriptions.backToList')}</AppLink>
      </div>
      <form className="card admin-form" onSubmit={submit} noValidate data-testid="subscription-form">
        <div className="form-grid">
          <div className="field">
            <label htmlFor={`${ids}-user-search`}>{t('subscriptions.findUser')}</label>
            <input id={`${ids}-user-search`} type="search" value={userSearch} onChange={(e) => setUserSearch(e.target.value)} />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-user`}>{t('subscriptions.user')}</label>
            <select id={`${ids}-user`} value={userId} onChange={(e) => setUserId(e.target.value)} data-testid="subscription-user" {...invalidProps(ids, 'user_id', errors.user_id)}>
              <option value="">{t('subscriptions.chooseUser')}</option>
              {users.data?.items.map((u) => (
                <option key={u._id} value={u._id}>
                  {u.email} ({`${u.givenName} ${u.familyName}`.trim()})
                </option>
              ))}
            </select>
            <FieldError ids={ids} name="user_id" error={errors.user_id} />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-plan`}>{t('subscriptions.plan')}</label>
            <select id={`${ids}-plan`} value={plan} onChange={(e) => setPlan(e.target.value as PlanId)}>
              {PLAN_IDS.map((p) => (
                <option key={p} value={p}>
                  {ta(`buy.plans.${p}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${ids}-type`}>{t('subscriptions.type')}</label>
            <select id={`${ids}-type`} value={type} onChange={(e) => setType(e.target.value as SubscriptionType)}>
              {SUBSCRIPTION_TYPES.map((st) => (
                <option key={st} value={st}>
                  {ta(`types.${st}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${ids}-status`}>{t('subscriptions.status')}</label>
            <select id={`${ids}-status`} value={status} onChange={(e) => setStatus(e.target.value as SubscriptionStatus)}>
              {CREATABLE_STATUSES.map((st) => (
                <option key={st} value={st}>
                  {st === 'SUBSCRIPTION_STATUS_ACTIVE' ? t('subscriptions.liveComplimentary') : ta(`status.${st}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${ids}-infra`}>{t('subscriptions.infrastructure')}</label>
            <select id={`${ids}-infra`} value={infrastructure} onChange={(e) => setInfrastructure(e.target.value as InfrastructureType)}>
              {INFRASTRUCTURE_TYPES.map((i) => (
                <option key={i} value={i}>
                  {t(`subscriptions.infrastructureTypes.${i}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${ids}-name`}>{t('subscriptions.nameOptional')}</label>
            <input id={`${ids}-name`} value={name} onChange={(e) => setName(e.target.value)} placeholder={subscriptionName(`Subscription ${new Date().toISOString().slice(0, 10)}`, lang, t)} {...invalidProps(ids, 'name', errors.name)} />
            <FieldError ids={ids} name="name" error={errors.name} />
          </div>
        </div>
        {plan === 'constructor' && (
          <fieldset className="choice-group" {...invalidProps(ids, 'modules', errors.modules)}>
            <legend>{ta('buy.modules')}</legend>
            <FieldError ids={ids} name="modules" error={errors.modules} />
            <div className="module-grid">
              {BUILDER_MODULES.map((m) => (
                <div className="field" key={m.name}>
                  <label htmlFor={`${ids}-${m.name}`}>{ta(`modules.${m.name}`)}</label>
                  <input
                    id={`${ids}-${m.name}`}
                    type="number"
                    min={m.min}
                    max={m.max}
                    step={m.step}
                    value={modules[m.name]}
                    onChange={(e) => setModules((ms) => ({ ...ms, [m.name]: e.target.value }))}
                    {...invalidProps(ids, m.name, errors[m.name])}
                  />
                  <FieldError ids={ids} name={m.name} error={errors[m.name]} />
                </div>
              ))}
            </div>
          </fieldset>
        )}
        {complimentary && (
          <div className="form-grid" data-testid="complimentary-fields">
            <div className="field">
              <label htmlFor={`${ids}-reason`}>{t('details.complimentaryReason')}</label>
              <input id={`${ids}-reason`} value={reason} maxLength={2000} onChange={(e) => setReason(e.target.value)} {...invalidProps(ids, 'complimentary.reason', errors['complimentary.reason'])} />
              <FieldError ids={ids} name="complimentary.reason" error={errors['complimentary.reason']} />
              <p className="muted field-hint">{t('details.complimentaryHint')}</p>
            </div>
            <div className="field">
              <label htmlFor={`${ids}-until`}>{t('details.complimentaryUntil')}</label>
              <input id={`${ids}-until`} type="date" value={until} onChange={(e) => setUntil(e.target.value)} />
            </div>
          </div>
        )}
        <p className="summary-line" role="status" data-testid="subscription-price">
          {'quote' in priced && priced.quote
            ? t('subscriptions.price', { amount: formatUsd(priced.quote.amount, lang, { cents: true }), units: priced.quote.quantity })
            : priced.error}
        </p>
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={creating.isLoading} data-testid="save-subscription">
            {t('subscriptions.create')}
          </button>
        </div>
      </form>
    </section>
  );
}
