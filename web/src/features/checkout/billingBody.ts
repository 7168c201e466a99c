import type { BillingDetails, BillingDetailsView } from '@relaycast/contracts';

/** What the checkout asks first: where the customer is (the VAT follows), a VAT number for businesses, and who invoices name. */
export interface CheckoutBillingForm {
  country: string;
  vatNumber: string;
  name: string;
  address: string;
}

/** The billing details body of the form (trimmed; the VAT number in capitals, left out when empty); the company kept as saved. */
export function billingBodyOf(form: CheckoutBillingForm, saved: BillingDetailsView | undefined): BillingDetails {
  const vatNumber = form.vatNumber.trim().toUpperCase();
  return {
    name: form.name.trim(),
    ...(saved?.company ? { company: saved.company } : {}),
    address: form.address.trim(),
    country: form.country as BillingDetails['country'],
    ...(vatNumber ? { vatNumber } : {}),
  };
}

/** Whether the form says what is saved already (nothing to send). */
export function sameAsSaved(body: BillingDetails, saved: BillingDetailsView | undefined): boolean {
  if (!saved) return false;
  const compact = (v: string | undefined) => (v ?? '').replace(/[\s.-]/g, '').toUpperCase();
  return body.name === saved.name && body.address === saved.address && body.country === saved.country && compact(body.vatNumber) === compact(saved.vatNumber) && (body.company ?? '') === (saved.company ?? '');
}
