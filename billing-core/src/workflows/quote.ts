import { ValidationError, type BillingDetails, type QuoteRequest, type QuoteView, type VatNumberCheck } from '@relaycast/contracts';
import { quote } from '../subscription/rules.js';
import { checkVatNumber, TaxInputError } from '../tax/vat-number.js';
import { taxCustomerOf, taxFor, type TaxCustomer } from '../tax/decide.js';
import type { SellerTaxIdentity } from '../tax/seller.js';

/**
 * The quote (`POST /subscriptions/quote`): the catalogue's price of a configuration (net), and its tax for the
 * `country` and `vatNumber` given — or, with neither, for the signed-in customer's billing details; nobody known, no
 * tax (docs/tax.md). A malformed VAT number, or one of another country, is a validation error naming `vatNumber`.
 */
export function quoteWithTax(
  body: QuoteRequest,
  context: { seller: SellerTaxIdentity; at: string; billingDetails?: (BillingDetails & { vatNumberCheck?: VatNumberCheck }) | null },
): QuoteView {
  const { country, vatNumber, ...configuration } = body;
  const priced = quote(configuration);
  let customer: TaxCustomer = {};
  if (country !== undefined || vatNumber !== undefined) {
    try {
      const vatNumberCheck = vatNumber !== undefined ? checkVatNumber(vatNumber, { ...(country ? { country } : {}), at: context.at }) : undefined;
      customer = { ...(country ? { billingCountry: country } : {}), ...(vatNumberCheck ? { vatNumber: vatNumberCheck.vatNumber, vatNumberCheck } : {}) };
    } catch (error) {
      if (error instanceof TaxInputError) throw ValidationError.field(error.field, error.reason, error.rule, error.params);
      throw error;
    }
  } else if (context.billingDetails) {
    customer = taxCustomerOf(context.billingDetails);
  }
  const taxed = taxFor({ seller: context.seller, customer, netCents: priced.amount, at: context.at });
  return { ...priced, taxLines: taxed.taxLines, tax: taxed.tax, total: taxed.total, taxNotices: taxed.decision.notices };
}
