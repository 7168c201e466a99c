/**
 * Tax (issue 35, docs/tax.md): the words tax lines, VAT number checks and notices are made of. The rules and the rates
 * themselves live in billing-core/src/tax/ (data with effective dates); these are only the shared vocabulary.
 */

/**
 * What a tax line says: VAT charged at a rate (`vat`); no VAT because the business customer accounts for it (`reverse-charge`,
 * the document says "Reverse charge" with both VAT numbers); no VAT because the sale is outside the scope of the VAT the
 * seller collects (`outside-scope`: a customer outside the EU, in a country whose tax the seller does not collect).
 */
export const TAX_LINE_KINDS = ['vat', 'reverse-charge', 'outside-scope'] as const;
export type TaxLineKind = (typeof TAX_LINE_KINDS)[number];

/**
 * The EU member states (ISO 3166-1 alpha-2; Greece is GR here, EL only as a VAT number prefix). Held against
 * `sales-tax`'s own list in billing-core/src/tax/rules.spec.ts.
 */
export const EU_MEMBER_STATES = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU',
  'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
] as const;
export type EuMemberState = (typeof EU_MEMBER_STATES)[number];

/**
 * A VAT number's offline check (format and checksum, `jsvat-next`): `valid`; `invalid` (right form, wrong check digits:
 * kept, and the customer is treated as a consumer with a notice); `unsupported` (no checker for that country: kept as
 * given, and never a reason for a reverse charge).
 */
export const VAT_NUMBER_CHECKS = ['valid', 'invalid', 'unsupported'] as const;
export type VatNumberCheckResult = (typeof VAT_NUMBER_CHECKS)[number];

/** The online check in the EU's VIES, when one was made: the number is registered, is not, or VIES could not say. */
export const VIES_RESULTS = ['valid', 'invalid', 'unavailable'] as const;
export type ViesResult = (typeof VIES_RESULTS)[number];

/**
 * What a tax decision tells the customer beside the figures (the web words each in the reader's language):
 * - `vatNumberFailedCheck`: the VAT number's check digits are wrong: VAT is charged as to a consumer;
 * - `vatNumberNotRegistered`: VIES says the number is not registered: VAT is charged as to a consumer;
 * - `vatNumberUnchecked`: no checker for that country's numbers: the number is printed, nothing else follows from it;
 * - `countryConflict`: the billing country and the payer's country (PayPal) disagree: ask the customer before payment;
 * - `noCountry`: no country is known: no VAT is added (a purchase through the API never requires one);
 * - `sellerVatNumberMissing`: a reverse charge on a document without the seller's VAT number (set SELLER_VAT_NUMBER).
 */
export const TAX_NOTICES = ['vatNumberFailedCheck', 'vatNumberNotRegistered', 'vatNumberUnchecked', 'countryConflict', 'noCountry', 'sellerVatNumberMissing'] as const;
export type TaxNotice = (typeof TAX_NOTICES)[number];
