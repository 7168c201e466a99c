import { Type, type Static } from '@sinclair/typebox';
import { TAX_LINE_KINDS, TAX_NOTICES, VAT_NUMBER_CHECKS, VIES_RESULTS } from '../constants/tax.js';
import { Country, VatNumber } from './billing.js';
import { Cents, IsoDateTime, StringEnum } from './common.js';

/**
 * A tax rate as a decimal string, a fraction of the net amount: "0.19" is 19 %, "0.255" is 25.5 %, "0" none. Canonical:
 * no trailing zeros, at most six decimals — exact (no binary fraction), and one spelling per rate so lines group.
 */
export const TAX_RATE_PATTERN = '^(?:0|0\\.\\d{0,5}[1-9])$';
export const TaxRate = Type.String({ pattern: TAX_RATE_PATTERN, maxLength: 8, description: 'A decimal fraction: "0.19" is 19 %' });

/**
 * One tax line of a document or a quote: its kind, the country whose tax it is (the customer's member state for VAT and
 * a reverse charge; the customer's country for outside the scope), the rate, and the tax in cents (0 but for `vat`).
 */
export const TaxLine = Type.Object({
  kind: StringEnum(TAX_LINE_KINDS),
  country: Country,
  rate: TaxRate,
  amount: Cents,
});
export type TaxLine = Static<typeof TaxLine>;

/** The online check in VIES, when one was made, and when: recorded as evidence as it was answered. */
export const ViesAnswer = Type.Object(
  {
    result: StringEnum(VIES_RESULTS),
    checkedAt: IsoDateTime,
    /** VIES's consultation number, when the check was made with the requester's own VAT number. */
    requestIdentifier: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type ViesAnswer = Static<typeof ViesAnswer>;

/**
 * A VAT number as it was checked, kept as evidence with the sale or the billing details: the number (compact: capital
 * letters and digits only, its country prefix first), the country it belongs to, the offline check (format and check
 * digits, `jsvat-next`) and when, and VIES's answer when one was asked.
 */
export const VatNumberCheck = Type.Object(
  {
    vatNumber: VatNumber,
    country: Country,
    offline: StringEnum(VAT_NUMBER_CHECKS),
    checkedAt: IsoDateTime,
    vies: Type.Optional(ViesAnswer),
  },
  { additionalProperties: false },
);
export type VatNumberCheck = Static<typeof VatNumberCheck>;

/** What a tax decision tells the customer beside the figures (codes; the web words them). */
export const TaxNotices = Type.Array(StringEnum(TAX_NOTICES), { maxItems: TAX_NOTICES.length });

/** Where the country a tax decision used came from: the billing country, the VAT number's prefix, or PayPal's payer. */
export const TAX_COUNTRY_SOURCES = ['billing', 'vatNumber', 'payer'] as const;

/**
 * The evidence a tax decision was made on, kept with the sale (EU rules ask for it, ten years): when, the seller's
 * country and VAT number, the customer's billing country, PayPal's payer country, the VAT number and its check, and the
 * country the decision used with where that came from, and whether the customer confirmed the billing country against a
 * payer country that disagreed.
 */
export const TaxEvidence = Type.Object(
  {
    at: IsoDateTime,
    sellerCountry: Country,
    sellerVatNumber: Type.Optional(VatNumber),
    billingCountry: Type.Optional(Country),
    payerCountry: Type.Optional(Country),
    vatNumberCheck: Type.Optional(VatNumberCheck),
    country: Type.Optional(Country),
    countrySource: Type.Optional(StringEnum(TAX_COUNTRY_SOURCES)),
    /** The billing country and PayPal's payer country disagreed, and the customer confirmed the billing country before payment. */
    countryConfirmed: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type TaxEvidence = Static<typeof TaxEvidence>;

/**
 * A tax decision: what applies (`kind`; `none` when tax is off or no country is known), the country and rate, whether
 * the customer was treated as a consumer or a business, both VAT numbers for a reverse charge's wording, the notices
 * and the evidence.
 */
export const TaxDecision = Type.Object(
  {
    kind: StringEnum([...TAX_LINE_KINDS, 'none'] as const),
    country: Type.Optional(Country),
    /** The tax's scheme: EU for a member state's VAT, otherwise the country's own (own-rules.json). */
    scheme: Type.Optional(Type.String({ maxLength: 64 })),
    rate: TaxRate,
    customerType: StringEnum(['consumer', 'business'] as const),
    sellerVatNumber: Type.Optional(VatNumber),
    customerVatNumber: Type.Optional(VatNumber),
    notices: TaxNotices,
    evidence: TaxEvidence,
  },
  { additionalProperties: false },
);
export type TaxDecision = Static<typeof TaxDecision>;

/** An amount with its tax, in cents: `amount` net, its tax lines, `tax` (their sum) and `total` = amount + tax. */
export const TaxBreakdown = Type.Object({
  amount: Cents,
  taxLines: Type.Array(TaxLine, { maxItems: 8 }),
  tax: Cents,
  total: Cents,
});
export type TaxBreakdown = Static<typeof TaxBreakdown>;

/**
 * The tax of one payment, fixed when it is asked for: its breakdown (`amount` net, `taxLines`, `tax`, `total` — what
 * the customer pays), the decision with its evidence, and `included` when the tax is inside a price that was not
 * raised for it (a subscription bought before taxes: it keeps the gross it paid, the VAT carved out of it).
 */
export const OrderTax = Type.Object({
  amount: Cents,
  taxLines: Type.Array(TaxLine, { maxItems: 8 }),
  tax: Cents,
  total: Cents,
  decision: TaxDecision,
  included: Type.Optional(Type.Boolean()),
});
export type OrderTax = Static<typeof OrderTax>;

/**
 * The VAT of a document in euros (issue 35; the VAT Directive, article 230): at the ECB's reference rate of the
 * document's day — the last rate published on or before it — half-up to the euro cent. `stale` when the rates held were
 * not updated to that day and the latest one held was used instead (`npm run ecb-rates -w billing-core`).
 */
export const DocumentVatInEuros = Type.Object(
  {
    /** Units of the document's currency for one euro, as the ECB published it ("1.0876"). */
    rate: Type.String({ pattern: '^\\d+(?:\\.\\d+)?$', maxLength: 16 }),
    /** The day the ECB published that rate. */
    published: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
    /** The VAT in euro cents. */
    tax: Cents,
    stale: Type.Boolean(),
  },
  { additionalProperties: false },
);
export type DocumentVatInEuros = Static<typeof DocumentVatInEuros>;

/**
 * The tax of an invoice, fixed when it is issued from the payment's own tax (OrderTax): the service's price before
 * tax (`net`: what the invoice's lines charge before account credit), its tax lines per rate, the tax, and `gross` =
 * net + tax (what the service cost; account credit and the money captured pay it). `included` when the tax was inside
 * a price kept from before taxes (carved out of it). The decision's customer type and both VAT numbers (for a reverse
 * charge's wording), its notices, and the VAT in euros. An invoice without `tax` charged none (issued before taxes, or
 * with tax off).
 */
export const InvoiceTax = Type.Object(
  {
    net: Cents,
    taxLines: Type.Array(TaxLine, { maxItems: 8 }),
    tax: Cents,
    gross: Cents,
    included: Type.Optional(Type.Boolean()),
    customerType: StringEnum(['consumer', 'business'] as const),
    sellerVatNumber: Type.Optional(VatNumber),
    customerVatNumber: Type.Optional(VatNumber),
    notices: TaxNotices,
    euro: Type.Optional(DocumentVatInEuros),
  },
  { additionalProperties: false },
);
export type InvoiceTax = Static<typeof InvoiceTax>;

/**
 * The tax a credit note gives back with its money (`gross`, the amount refunded): the tax lines it reverses — each a
 * share of the invoice's, in proportion, half-up, the last taking what is left, never more than was invoiced — the
 * tax, and `net` = gross − tax. The VAT in euros at the ECB rate of the credit note's day.
 */
export const CreditNoteTax = Type.Object(
  {
    net: Cents,
    taxLines: Type.Array(TaxLine, { maxItems: 8 }),
    tax: Cents,
    gross: Cents,
    euro: Type.Optional(DocumentVatInEuros),
  },
  { additionalProperties: false },
);
export type CreditNoteTax = Static<typeof CreditNoteTax>;
