/**
 * Who owes what (issue 35; docs/tax.md, "Who pays what"): a pure function of the seller, the customer's evidence and the
 * date, and the tax of an amount under that decision.
 *
 * - Tax off (TAX=off): nothing.
 * - No country known: no VAT added (a purchase through the API never requires a country), with a notice.
 * - A business — a VAT number that passed the offline check and that VIES did not call unregistered:
 *   in the seller's own country, the seller's VAT; in another country whose tax the seller collects (any other EU
 *   member state), a reverse charge (no VAT; both VAT numbers on the document); elsewhere outside the scope.
 * - A consumer — no VAT number, or one that failed its check (a notice, never a refusal): the VAT of their country when
 *   the seller collects it there (every EU member state), otherwise outside the scope.
 *
 * The customer's country is the billing country; without one, the VAT number's country; without either, PayPal's
 * payer country. A billing country and a payer country that disagree are reported (`countryConflict`) so the web can
 * ask the customer before payment; the billing country is used meanwhile.
 */
import type { CountryCode, TaxBreakdown, TaxDecision, TaxEvidence, TaxLine, TaxNotice, VatNumberCheck } from '@relaycast/contracts';
import { taxInGross, taxOfNet } from './arithmetic.js';
import { rateOn, TAX_RULES, type TaxRules } from './rules.js';
import type { SellerTaxIdentity } from './seller.js';
import { checkVatNumber, compactVatNumber, isValidBusinessNumber, TaxInputError } from './vat-number.js';

/** What is known of the customer when tax is decided: each piece optional. */
export interface TaxCustomer {
  /** The billing country (billing details, or the country asked at checkout). */
  billingCountry?: CountryCode;
  /** The VAT number given (with its country prefix). */
  vatNumber?: string;
  /** Its check as recorded (billing details' evidence); without one, the number is checked offline here. */
  vatNumberCheck?: VatNumberCheck;
  /** The payer's country PayPal reported (payer.address.country_code). */
  payerCountry?: CountryCode;
}

export interface TaxInput {
  seller: SellerTaxIdentity;
  customer: TaxCustomer;
  /** The date of the sale (the capture, the renewal, the quote): an ISO 8601 instant. */
  at: string;
  rules?: TaxRules;
}

/** A tax decision with the amount it was applied to: net, tax lines, tax and total, in cents. */
export interface TaxQuote extends TaxBreakdown {
  decision: TaxDecision;
}

/**
 * The VAT number's check: the one recorded, or an offline check now. A number that cannot be read at all (stored
 * before checks existed) counts as one that failed its check: consumer treatment and a notice, never a refusal.
 */
function vatNumberCheckOf(customer: TaxCustomer, at: string): VatNumberCheck | 'unreadable' | undefined {
  if (customer.vatNumberCheck) return customer.vatNumberCheck;
  if (!customer.vatNumber) return undefined;
  try {
    return checkVatNumber(customer.vatNumber, { ...(customer.billingCountry ? { country: customer.billingCountry } : {}), at });
  } catch (error) {
    if (error instanceof TaxInputError) return 'unreadable';
    throw error;
  }
}

/** The tax decision for a sale (see the module comment). */
export function taxDecision({ seller, customer, at, rules = TAX_RULES }: TaxInput): TaxDecision {
  if (Number.isNaN(Date.parse(at))) throw new RangeError(`not a date: ${at}`);
  const check = vatNumberCheckOf(customer, at);
  const recorded = check && check !== 'unreadable' ? check : undefined;
  const [country, countrySource] = customer.billingCountry
    ? [customer.billingCountry, 'billing' as const]
    : recorded?.offline === 'valid'
      ? [recorded.country, 'vatNumber' as const]
      : customer.payerCountry
        ? [customer.payerCountry, 'payer' as const]
        : [undefined, undefined];
  const evidence: TaxEvidence = {
    at,
    sellerCountry: seller.country,
    ...(seller.vatNumber ? { sellerVatNumber: seller.vatNumber } : {}),
    ...(customer.billingCountry ? { billingCountry: customer.billingCountry } : {}),
    ...(customer.payerCountry ? { payerCountry: customer.payerCountry } : {}),
    ...(recorded ? { vatNumberCheck: recorded } : {}),
    ...(country ? { country, countrySource } : {}),
  };
  const notices: TaxNotice[] = [];
  const none = (customerType: 'consumer' | 'business'): TaxDecision => ({ kind: 'none', rate: '0', customerType, notices, evidence });
  if (!seller.enabled) return none('consumer');
  if (customer.billingCountry && customer.payerCountry && customer.billingCountry !== customer.payerCountry) notices.push('countryConflict');
  if (!country) {
    notices.push('noCountry');
    return none('consumer');
  }

  const collected = rateOn(rules, country, at);
  // A business: a number that passed its check, of the customer's own country (a number of another country is not
  // evidence of a business established where the customer says they are).
  const business = isValidBusinessNumber(recorded) && recorded!.country === country;
  if (check && !business && collected) {
    if (check === 'unreadable' || check.offline === 'invalid' || check.country !== country) notices.push('vatNumberFailedCheck');
    else if (check.vies?.result === 'invalid') notices.push('vatNumberNotRegistered');
    else if (check.offline === 'unsupported') notices.push('vatNumberUnchecked');
  }
  const customerVatNumber = business ? recorded!.vatNumber : undefined;
  const numbers = { ...(seller.vatNumber ? { sellerVatNumber: seller.vatNumber } : {}), ...(customerVatNumber ? { customerVatNumber } : {}) };

  if (business && country !== seller.country && collected) {
    if (!seller.vatNumber) notices.push('sellerVatNumberMissing');
    return { kind: 'reverse-charge', country, scheme: collected.scheme, rate: '0', customerType: 'business', ...numbers, notices, evidence };
  }
  if (!collected) {
    return { kind: 'outside-scope', country, rate: '0', customerType: business ? 'business' : 'consumer', ...numbers, notices, evidence };
  }
  // A consumer anywhere the seller collects tax, or a business in the seller's own country: that country's VAT.
  return { kind: 'vat', country, scheme: collected.scheme, rate: collected.rate, customerType: business ? 'business' : 'consumer', ...numbers, notices, evidence };
}

function lineOf(decision: TaxDecision, amount: number): TaxLine[] {
  if (decision.kind === 'none' || !decision.country) return [];
  return [{ kind: decision.kind, country: decision.country, rate: decision.rate, amount }];
}

function checkCents(value: number, what: string): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${what} must be a non-negative integer number of cents (got ${value})`);
}

/**
 * The tax of a net amount (catalogue prices are net): one tax line per document, the tax half-up to the cent, total =
 * net + tax. The one call the integration makes for an order, a renewal, an upgrade's balance, a wallet charge.
 */
export function taxFor(input: TaxInput & { netCents: number }): TaxQuote {
  checkCents(input.netCents, 'netCents');
  const decision = taxDecision(input);
  const tax = decision.kind === 'vat' ? taxOfNet(input.netCents, decision.rate) : 0;
  return { amount: input.netCents, taxLines: lineOf(decision, tax), tax, total: input.netCents + tax, decision };
}

/**
 * The VAT inside a gross already paid (PayPal's payer country shows an EU consumer after a purchase made without a
 * country, and the seller bears the VAT; a subscription that keeps the gross it paid before tax existed): VAT =
 * gross × rate / (1 + rate), half-up to the cent; net = gross − VAT; total = gross, unchanged.
 */
export function taxIncludedIn(input: TaxInput & { grossCents: number }): TaxQuote {
  checkCents(input.grossCents, 'grossCents');
  const decision = taxDecision(input);
  const tax = decision.kind === 'vat' ? taxInGross(input.grossCents, decision.rate) : 0;
  return { amount: input.grossCents - tax, taxLines: lineOf(decision, tax), tax, total: input.grossCents, decision };
}

/** The customer of a stored billing details document (country, VAT number and its recorded check). */
export function taxCustomerOf(details: { country?: CountryCode; vatNumber?: string; vatNumberCheck?: VatNumberCheck } | null | undefined, payerCountry?: CountryCode): TaxCustomer {
  return {
    ...(details?.country ? { billingCountry: details.country } : {}),
    ...(details?.vatNumber ? { vatNumber: compactVatNumber(details.vatNumber) } : {}),
    ...(details?.vatNumberCheck ? { vatNumberCheck: details.vatNumberCheck } : {}),
    ...(payerCountry ? { payerCountry } : {}),
  };
}
