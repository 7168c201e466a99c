import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import type { BillingDetails } from '@relaycast/contracts';
import { useLang, useT } from '../../app/shell/hooks.js';
import { FieldError, formatDate, invalidProps, useToast } from '../ui/forms.js';
import { fieldErrors, reasonOf, reasonText } from '../../app/shell/ui/problems.js';
import { validationProblems } from '../ui/validation.js';
import { useBillingDetailsQuery, useUpdateBillingDetailsMutation } from './invoicesApi.js';
import { countryOptions } from './invoiceText.js';

type Form = { name: string; company: string; address: string; country: string; vatNumber: string };
const EMPTY: Form = { name: '', company: '', address: '', country: '', vatNumber: '' };

/** The body the API takes: trimmed, optional fields left out when empty, the VAT number in capitals without spaces around. */
function bodyOf(form: Form): BillingDetails {
  const company = form.company.trim();
  const vatNumber = form.vatNumber.trim().toUpperCase();
  return {
    name: form.name.trim(),
    ...(company ? { company } : {}),
    address: form.address.trim(),
    country: form.country as BillingDetails['country'],
    ...(vatNumber ? { vatNumber } : {}),
  };
}

/**
 * Who invoices are made out to: name (or company), address, country and an optional VAT number. The customer's own
 * (no `userId`), or — administrators, the admin area's user view — a user's. Checked with the contracts' schema
 * before sending; the server checks again and names the field. Only invoices issued afterwards carry a change.
 */
export function BillingDetailsForm({ userId }: { userId?: string }) {
  const { t } = useT(['account', 'common']);
  const lang = useLang();
  const toast = useToast();
  const ids = useId();
  const current = useBillingDetailsQuery(userId ? { userId } : {});
  const [save, saving] = useUpdateBillingDetailsMutation();
  const [form, setForm] = useState<Form>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const countries = useMemo(() => countryOptions(lang), [lang]);

  useEffect(() => {
    const d = current.data;
    if (d) setForm({ name: d.name, company: d.company ?? '', address: d.address, country: d.country, vatNumber: d.vatNumber ?? '' });
  }, [current.data]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body = bodyOf(form);
    const problems = validationProblems('BillingDetails', body);
    setErrors(fieldErrors(problems, t));
    if (problems.length) return;
    const result = await save({ ...body, ...(userId ? { user_id: userId } : {}) });
    if (result.error) {
      const reason = reasonOf(result.error);
      if (reason.problems?.length) setErrors(fieldErrors(reason.problems, t));
      else toast(reasonText(reason, t), 'error');
      return;
    }
    toast(t('billing.details.saved'), 'success');
  };

  const set = (key: keyof Form) => (e: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: e.target.value }));
  const text = (key: 'name' | 'company' | 'vatNumber', autoComplete: string, hint?: string) => (
    <div className="field">
      <label htmlFor={`${ids}-${key}`}>{t(`billing.details.${key}`)}</label>
      <input id={`${ids}-${key}`} name={key} autoComplete={autoComplete} value={form[key]} onChange={set(key)} {...invalidProps(ids, key, errors[key], hint ? `${ids}-${key}-hint` : undefined)} />
      <FieldError ids={ids} name={key} error={errors[key]} />
      {hint && (
        <p id={`${ids}-${key}-hint`} className="muted field-hint">
          {hint}
        </p>
      )}
    </div>
  );

  return (
    <form className="card profile-card" onSubmit={submit} noValidate data-testid="billing-details-form" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{t('billing.details.title')}</h2>
      <p className="muted">{t(userId ? 'billing.details.introAdmin' : 'billing.details.intro')}</p>
      {current.data === null && (
        <p className="note" data-testid="billing-details-none">
          {t(userId ? 'billing.details.noneAdmin' : 'billing.details.none')}
        </p>
      )}
      <div className="form-grid">
        {text('name', 'name', t('billing.details.nameHint'))}
        {text('company', 'organization')}
        <div className="field">
          <label htmlFor={`${ids}-address`}>{t('billing.details.address')}</label>
          <textarea id={`${ids}-address`} name="address" rows={3} autoComplete="street-address" value={form.address} onChange={set('address')} {...invalidProps(ids, 'address', errors.address)} />
          <FieldError ids={ids} name="address" error={errors.address} />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-country`}>{t('billing.details.country')}</label>
          <select id={`${ids}-country`} name="country" autoComplete="country" value={form.country} onChange={set('country')} {...invalidProps(ids, 'country', errors.country)}>
            <option value="">{t('billing.details.chooseCountry')}</option>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
          <FieldError ids={ids} name="country" error={errors.country} />
        </div>
        {text('vatNumber', 'off', t('billing.details.vatHint'))}
      </div>
      {current.data && (
        <p className="muted" data-testid="billing-details-updated">
          {t('billing.details.updatedAt', { date: formatDate(current.data.updatedAt, lang, true) })}
        </p>
      )}
      <button type="submit" className="btn btn-primary" disabled={saving.isLoading} data-testid="save-billing-details">
        {saving.isLoading ? t('profile.saving') : t('billing.details.save')}
      </button>
    </form>
  );
}
