import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useLang, useT } from '../../app/shell/hooks.js';
import type { SessionUser } from '../../app/shell/sessionApi.js';
import { fieldErrors, reasonOf, reasonText } from '../../app/shell/ui/problems.js';
import { FieldError, invalidProps, useToast } from '../ui/forms.js';
import { validationProblems } from '../ui/validation.js';
import { countryOptions } from '../subscriptions/invoiceText.js';
import { useBillingDetailsQuery, useUpdateBillingDetailsMutation } from '../subscriptions/invoicesApi.js';
import { billingBodyOf, sameAsSaved, type CheckoutBillingForm } from './billingBody.js';

/**
 * The checkout's billing details (docs/tax.md, "What the web shows"): prefilled from the customer's saved details (the
 * name from the account when there are none), checked with the contracts' schema, and saved — POST
 * /billingDetails/update, the server checks the VAT number again — before anything is paid. `committedVat` is the VAT
 * number as last left (blur), what the price is quoted with: not every keystroke asks the server.
 */
export function useCheckoutBilling(user: SessionUser) {
  const { t } = useT(['account', 'common']);
  const saved = useBillingDetailsQuery({});
  const [save, saving] = useUpdateBillingDetailsMutation();
  const [form, setForm] = useState<CheckoutBillingForm>({ country: '', vatNumber: '', name: '', address: '' });
  const [committedVat, setCommittedVat] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [filled, setFilled] = useState(false);

  useEffect(() => {
    if (filled || saved.isLoading || saved.isFetching) return;
    const d = saved.data;
    const accountName = [user.givenName, user.familyName].filter(Boolean).join(' ');
    setForm(d ? { country: d.country, vatNumber: d.vatNumber ?? '', name: d.name, address: d.address } : { country: '', vatNumber: '', name: accountName, address: '' });
    setCommittedVat(d?.vatNumber ?? '');
    setFilled(true);
  }, [filled, saved.isLoading, saved.isFetching, saved.data, user.givenName, user.familyName]);

  /** Checks and saves the form; true once the saved details are the form's. Problems go under their fields. */
  const submit = async (): Promise<boolean> => {
    const body = billingBodyOf(form, saved.data ?? undefined);
    const problems = validationProblems('BillingDetails', body);
    setErrors(fieldErrors(problems, t));
    if (problems.length) return false;
    if (sameAsSaved(body, saved.data ?? undefined)) return true;
    const result = await save(body);
    if (result.error) {
      const reason = reasonOf(result.error);
      if (reason.problems?.length) setErrors(fieldErrors(reason.problems, t));
      else setErrors({ form: reasonText(reason, t) });
      return false;
    }
    return true;
  };

  return { form, setForm, committedVat, setCommittedVat, errors, setErrors, submit, saving: saving.isLoading, ready: filled, saved: saved.data ?? null };
}
export type CheckoutBilling = ReturnType<typeof useCheckoutBilling>;

/**
 * The fields, the country first: a select of every country (named in the reader's language), the VAT number for
 * businesses with its prefix, the name and the address invoices carry. Changing the country quotes its VAT at once;
 * the VAT number is quoted when the field is left.
 */
export function CheckoutBillingFields({ billing, quoteError }: { billing: CheckoutBilling; quoteError?: string | undefined }) {
  const { t } = useT(['account', 'common']);
  const lang = useLang();
  const ids = useId();
  const countries = useMemo(() => countryOptions(lang), [lang]);
  const { form, setForm, errors, setErrors } = billing;
  const set = (key: keyof CheckoutBillingForm) => (e: { target: { value: string } }) => {
    const value = e.target.value;
    setForm((f) => ({ ...f, [key]: value }));
    if (errors[key]) setErrors((all) => ({ ...all, [key]: '' }));
  };
  const vatError = errors.vatNumber || quoteError;
  return (
    <fieldset className="choice-group checkout-billing" data-testid="checkout-billing">
      <legend>{t('buy.billing.title')}</legend>
      <p className="muted small">{t('buy.billing.intro')}</p>
      <div className="form-grid">
        <div className="field">
          <label htmlFor={`${ids}-country`}>{t('common:tax.country')}</label>
          <select
            id={`${ids}-country`}
            name="country"
            autoComplete="country"
            value={form.country}
            onChange={(e) => {
              set('country')(e);
              // A new country is quoted with the VAT number as it stands.
              billing.setCommittedVat(form.vatNumber);
            }}
            data-testid="billing-country"
            {...invalidProps(ids, 'country', errors.country)}
          >
            <option value="">{t('common:tax.chooseCountry')}</option>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
          <FieldError ids={ids} name="country" error={errors.country} />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-vatNumber`}>{t('buy.billing.vatNumber')}</label>
          <input
            id={`${ids}-vatNumber`}
            name="vatNumber"
            autoComplete="off"
            value={form.vatNumber}
            onChange={set('vatNumber')}
            onBlur={() => billing.setCommittedVat(form.vatNumber)}
            data-testid="billing-vat-number"
            {...invalidProps(ids, 'vatNumber', vatError, `${ids}-vatNumber-hint`)}
          />
          <FieldError ids={ids} name="vatNumber" error={vatError} />
          <p id={`${ids}-vatNumber-hint`} className="muted field-hint">
            {t('buy.billing.vatHint')}
          </p>
        </div>
        <div className="field">
          <label htmlFor={`${ids}-name`}>{t('billing.details.name')}</label>
          <input id={`${ids}-name`} name="name" autoComplete="name" value={form.name} onChange={set('name')} data-testid="billing-name" {...invalidProps(ids, 'name', errors.name)} />
          <FieldError ids={ids} name="name" error={errors.name} />
        </div>
        <div className="field">
          <label htmlFor={`${ids}-address`}>{t('billing.details.address')}</label>
          <textarea id={`${ids}-address`} name="address" rows={2} autoComplete="street-address" value={form.address} onChange={set('address')} data-testid="billing-address" {...invalidProps(ids, 'address', errors.address)} />
          <FieldError ids={ids} name="address" error={errors.address} />
        </div>
      </div>
      {errors.form && (
        <p className="note note-warning" role="alert" data-testid="billing-failed">
          {t('buy.billing.saveFailed')} {errors.form}
        </p>
      )}
    </fieldset>
  );
}

/**
 * The payment step of a first purchase made without billing details (a purchase started before, a pay link): the
 * country and details are asked, and saved, before the PayPal button is offered.
 */
export function CheckoutBillingStep({ user, onSaved }: { user: SessionUser; onSaved?: () => void }) {
  const { t } = useT('account');
  const toast = useToast();
  const billing = useCheckoutBilling(user);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (await billing.submit()) onSaved?.();
    else toast(t('buy.billing.required'), 'error');
  };
  if (!billing.ready) return null;
  return (
    <form onSubmit={submit} noValidate data-testid="checkout-billing-step">
      <p className="note">{t('buy.billing.missing')}</p>
      <CheckoutBillingFields billing={billing} />
      <button type="submit" className="btn btn-primary" disabled={billing.saving} data-testid="billing-save">
        {billing.saving ? t('buy.billing.saving') : t('buy.billing.save')}
      </button>
    </form>
  );
}
