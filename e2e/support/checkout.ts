import type { Page } from 'playwright-core';

/**
 * The checkout's billing details (docs/tax.md, "What the web shows"): the country first, then the VAT number (left, so
 * the price is quoted with it), the name (prefilled from the account) and the address invoices carry. Filled as a
 * person does, before "Continue" on the purchase page. Outside the EU (the default, the United States) no VAT is added,
 * so the amounts other specs check stay as they are.
 */
export async function fillCheckoutBilling(page: Page, { country = 'US', address = '1 Main Street\nSpringfield', vatNumber, name }: { country?: string; address?: string; vatNumber?: string; name?: string } = {}): Promise<void> {
  const billing = page.getByTestId('checkout-billing');
  await billing.waitFor();
  await billing.getByTestId('billing-country').selectOption(country);
  if (vatNumber !== undefined) {
    await billing.getByTestId('billing-vat-number').fill(vatNumber);
    await billing.getByTestId('billing-vat-number').blur();
  }
  if (name !== undefined) await billing.getByTestId('billing-name').fill(name);
  await billing.getByTestId('billing-address').fill(address);
}
