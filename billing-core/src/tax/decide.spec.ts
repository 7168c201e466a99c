import { expect } from 'chai';
import { TaxBreakdown, TaxDecision, validate } from '@relaycast/contracts';
import { createTaxRules } from './rules.js';
import { taxCustomerOf, taxDecision, taxFor, taxIncludedIn } from './decide.js';
import type { SellerTaxIdentity } from './seller.js';

/*
 * Hand-worked: the seller is in Estonia (EE101234568, check digit 8 worked in vat-number.spec.ts); a month of the
 * plan is $79.00 net. DE136695976 and EE100931558 are valid numbers, DE136695977 a bad check digit.
 */
const seller: SellerTaxIdentity = { country: 'EE', vatNumber: 'EE101234568', enabled: true };
const AT = '2026-11-29T10:00:00.000Z';
const net = 7900;

describe('who owes what: the tax of $79.00', () => {
  it('a German consumer: 19 % VAT, $15.01, total $94.01', () => {
    const quote = taxFor({ seller, customer: { billingCountry: 'DE' }, netCents: net, at: AT });
    expect(quote).to.deep.include({ amount: 7900, tax: 1501, total: 9401, taxLines: [{ kind: 'vat', country: 'DE', rate: '0.19', amount: 1501 }] });
    expect(quote.decision).to.include({ kind: 'vat', customerType: 'consumer', scheme: 'EU' });
    expect(quote.decision.notices).to.deep.equal([]);
  });

  it('a French consumer: 20 %, $15.80, total $94.80', () => {
    const quote = taxFor({ seller, customer: { billingCountry: 'FR' }, netCents: net, at: AT });
    expect(quote).to.deep.include({ amount: 7900, tax: 1580, total: 9480, taxLines: [{ kind: 'vat', country: 'FR', rate: '0.2', amount: 1580 }] });
  });

  it('a consumer in the seller\'s country (Estonia): the rate of the date, 24 % from 2025-07-01: $18.96, total $97.96', () => {
    const quote = taxFor({ seller, customer: { billingCountry: 'EE' }, netCents: net, at: '2025-07-01T09:00:00.000Z' });
    expect(quote).to.deep.include({ amount: 7900, tax: 1896, total: 9796, taxLines: [{ kind: 'vat', country: 'EE', rate: '0.24', amount: 1896 }] });
  });

  it('a rate change between two renewals: Estonia on 2025-06-30 at 22 % ($17.38), on 2025-07-01 at 24 % ($18.96)', () => {
    const before = taxFor({ seller, customer: { billingCountry: 'EE' }, netCents: net, at: '2025-06-30T09:00:00.000Z' });
    const after = taxFor({ seller, customer: { billingCountry: 'EE' }, netCents: net, at: '2025-07-01T09:00:00.000Z' });
    expect(before).to.deep.include({ tax: 1738, total: 9638, taxLines: [{ kind: 'vat', country: 'EE', rate: '0.22', amount: 1738 }] });
    expect(after).to.deep.include({ tax: 1896, total: 9796 });
  });

  it('a German business with a valid VAT number: reverse charge, $79.00, no VAT, both VAT numbers', () => {
    const quote = taxFor({ seller, customer: { billingCountry: 'DE', vatNumber: 'DE136695976' }, netCents: net, at: AT });
    expect(quote).to.deep.include({ amount: 7900, tax: 0, total: 7900, taxLines: [{ kind: 'reverse-charge', country: 'DE', rate: '0', amount: 0 }] });
    expect(quote.decision).to.include({ kind: 'reverse-charge', customerType: 'business', sellerVatNumber: 'EE101234568', customerVatNumber: 'DE136695976' });
    expect(quote.decision.evidence.vatNumberCheck).to.deep.equal({ vatNumber: 'DE136695976', country: 'DE', offline: 'valid', checkedAt: AT });
  });

  it('a business in the seller\'s country (Estonia, valid number): VAT charged, 24 %, $18.96', () => {
    const quote = taxFor({ seller, customer: { billingCountry: 'EE', vatNumber: 'EE100931558' }, netCents: net, at: AT });
    expect(quote).to.deep.include({ tax: 1896, total: 9796, taxLines: [{ kind: 'vat', country: 'EE', rate: '0.24', amount: 1896 }] });
    expect(quote.decision).to.include({ customerType: 'business', customerVatNumber: 'EE100931558' });
  });

  it('a US customer: outside the scope, no VAT', () => {
    const quote = taxFor({ seller, customer: { billingCountry: 'US' }, netCents: net, at: AT });
    expect(quote).to.deep.include({ amount: 7900, tax: 0, total: 7900, taxLines: [{ kind: 'outside-scope', country: 'US', rate: '0', amount: 0 }] });
    expect(quote.decision.notices).to.deep.equal([]);
  });

  it('a US business with its EIN: outside the scope too, no notice about the number', () => {
    const quote = taxFor({ seller, customer: { billingCountry: 'US', vatNumber: '123456789' }, netCents: net, at: AT });
    expect(quote).to.deep.include({ tax: 0, total: 7900 });
    expect(quote.decision).to.include({ kind: 'outside-scope' });
    expect(quote.decision.notices).to.deep.equal([]);
  });

  it('a German VAT number that fails its check: consumer treatment (19 %) and a notice, never a refusal', () => {
    const quote = taxFor({ seller, customer: { billingCountry: 'DE', vatNumber: 'DE136695977' }, netCents: net, at: AT });
    expect(quote).to.deep.include({ tax: 1501, total: 9401 });
    expect(quote.decision).to.include({ kind: 'vat', customerType: 'consumer' });
    expect(quote.decision.notices).to.deep.equal(['vatNumberFailedCheck']);
  });

  it('a stored number that cannot even be read (set before checks existed): consumer treatment and a notice', () => {
    const quote = taxFor({ seller, customer: { billingCountry: 'DE', vatNumber: 'FR64443061841' }, netCents: net, at: AT });
    expect(quote).to.deep.include({ tax: 1501 });
    expect(quote.decision.notices).to.deep.equal(['vatNumberFailedCheck']);
  });

  it('VIES says the number is not registered: consumer treatment and its notice', () => {
    const vatNumberCheck = { vatNumber: 'DE136695976', country: 'DE' as const, offline: 'valid' as const, checkedAt: AT, vies: { result: 'invalid' as const, checkedAt: AT } };
    const quote = taxFor({ seller, customer: { billingCountry: 'DE', vatNumber: 'DE136695976', vatNumberCheck }, netCents: net, at: AT });
    expect(quote).to.deep.include({ tax: 1501 });
    expect(quote.decision.notices).to.deep.equal(['vatNumberNotRegistered']);
    expect(quote.decision.evidence.vatNumberCheck).to.deep.equal(vatNumberCheck);
  });

  it('no country known: no VAT added (a purchase through the API never requires one), with a notice', () => {
    const quote = taxFor({ seller, customer: {}, netCents: net, at: AT });
    expect(quote).to.deep.include({ amount: 7900, taxLines: [], tax: 0, total: 7900 });
    expect(quote.decision).to.include({ kind: 'none' });
    expect(quote.decision.notices).to.deep.equal(['noCountry']);
  });

  it('a VAT number without a billing country: its prefix gives the country (a business: reverse charge)', () => {
    const quote = taxFor({ seller, customer: { vatNumber: 'DE136695976' }, netCents: net, at: AT });
    expect(quote.taxLines).to.deep.equal([{ kind: 'reverse-charge', country: 'DE', rate: '0', amount: 0 }]);
    expect(quote.decision.evidence).to.include({ country: 'DE', countrySource: 'vatNumber' });
  });

  it('only PayPal\'s payer country known: it decides (a French consumer)', () => {
    const quote = taxFor({ seller, customer: { payerCountry: 'FR' }, netCents: net, at: AT });
    expect(quote).to.deep.include({ tax: 1580, total: 9480 });
    expect(quote.decision.evidence).to.include({ country: 'FR', countrySource: 'payer', payerCountry: 'FR' });
  });

  it('billing country and payer country disagree: reported so the web asks; the billing country decides meanwhile', () => {
    const quote = taxFor({ seller, customer: { billingCountry: 'DE', payerCountry: 'FR' }, netCents: net, at: AT });
    expect(quote).to.deep.include({ tax: 1501 });
    expect(quote.decision.notices).to.deep.equal(['countryConflict']);
    expect(quote.decision.evidence).to.deep.equal({ at: AT, sellerCountry: 'EE', sellerVatNumber: 'EE101234568', billingCountry: 'DE', payerCountry: 'FR', country: 'DE', countrySource: 'billing' });
  });

  it('TAX=off: nothing is computed, no lines', () => {
    const quote = taxFor({ seller: { ...seller, enabled: false }, customer: { billingCountry: 'DE' }, netCents: net, at: AT });
    expect(quote).to.deep.include({ amount: 7900, taxLines: [], tax: 0, total: 7900 });
    expect(quote.decision.notices).to.deep.equal([]);
  });

  it('a reverse charge without the seller\'s VAT number is flagged (set SELLER_VAT_NUMBER)', () => {
    const quote = taxFor({ seller: { country: 'EE', enabled: true }, customer: { billingCountry: 'DE', vatNumber: 'DE136695976' }, netCents: net, at: AT });
    expect(quote.decision.notices).to.deep.equal(['sellerVatNumberMissing']);
  });

  it('a seller outside the EU (US): an EU consumer still pays their member state\'s VAT; a US customer none', () => {
    const us: SellerTaxIdentity = { country: 'US', vatNumber: 'EU372000041', enabled: true };
    expect(taxFor({ seller: us, customer: { billingCountry: 'DE' }, netCents: net, at: AT })).to.deep.include({ tax: 1501 });
    expect(taxFor({ seller: us, customer: { billingCountry: 'US', vatNumber: '123456789' }, netCents: net, at: AT }).taxLines).to.deep.equal([{ kind: 'outside-scope', country: 'US', rate: '0', amount: 0 }]);
  });

  it('another country\'s tax, once collected (a UK rule): UK consumers pay 20 %, UK businesses are reverse-charged', () => {
    const rules = createTaxRules({ own: [{ country: 'GB', scheme: 'UK VAT', collect: true, changes: [{ from: null, rate: '0.2' }] }] });
    expect(taxFor({ seller, customer: { billingCountry: 'GB' }, netCents: net, at: AT, rules })).to.deep.include({ tax: 1580, total: 9480 });
    // GB980780684: the UK's mod-97 check — weights 8…2 over 9,8,0,7,8,0,6 sum to 207; 207 + 84 = 291 = 3 × 97.
    const business = taxFor({ seller, customer: { billingCountry: 'GB', vatNumber: 'GB980780684' }, netCents: net, at: AT, rules });
    expect(business.taxLines).to.deep.equal([{ kind: 'reverse-charge', country: 'GB', rate: '0', amount: 0 }]);
  });

  it('refuses a net amount that is not a whole number of cents', () => {
    expect(() => taxFor({ seller, customer: { billingCountry: 'DE' }, netCents: 79.5, at: AT })).to.throw(RangeError, /netCents/);
    expect(() => taxFor({ seller, customer: { billingCountry: 'DE' }, netCents: -1, at: AT })).to.throw(RangeError, /netCents/);
  });
});

describe('decisions and breakdowns are what the contracts say (events and answers carry them)', () => {
  const customers = [{}, { billingCountry: 'DE' }, { billingCountry: 'DE', vatNumber: 'DE136695976' }, { billingCountry: 'DE', vatNumber: 'DE136695977' }, { billingCountry: 'US', vatNumber: '123456789' }, { billingCountry: 'FR', payerCountry: 'DE' }, { vatNumber: 'FR64443061841' }] as const;
  for (const customer of customers) {
    it(JSON.stringify(customer), () => {
      const quote = taxFor({ seller, customer: { ...customer }, netCents: net, at: AT });
      const { decision, ...breakdown } = quote;
      expect(validate(TaxDecision, decision)).to.deep.equal(decision);
      expect(validate(TaxBreakdown, breakdown)).to.deep.equal(breakdown);
    });
  }
});

describe('VAT carved out of a gross already paid', () => {
  it('a German consumer\'s $79.00 paid without a country: VAT $12.61 carved out, net $66.39, total unchanged', () => {
    const quote = taxIncludedIn({ seller, customer: { payerCountry: 'DE' }, grossCents: 7900, at: AT });
    expect(quote).to.deep.include({ amount: 6639, tax: 1261, total: 7900, taxLines: [{ kind: 'vat', country: 'DE', rate: '0.19', amount: 1261 }] });
  });
  it('an Estonian subscription keeping its $79.00 gross at 24 %: VAT $15.29, net $63.71', () => {
    expect(taxIncludedIn({ seller, customer: { billingCountry: 'EE' }, grossCents: 7900, at: AT })).to.deep.include({ amount: 6371, tax: 1529, total: 7900 });
  });
  it('a reverse charge or outside the scope: nothing carved, net = gross', () => {
    expect(taxIncludedIn({ seller, customer: { billingCountry: 'DE', vatNumber: 'DE136695976' }, grossCents: 7900, at: AT })).to.deep.include({ amount: 7900, tax: 0, total: 7900 });
    expect(taxIncludedIn({ seller, customer: { billingCountry: 'US' }, grossCents: 7900, at: AT })).to.deep.include({ amount: 7900, tax: 0, total: 7900 });
  });
});

describe('the customer from stored billing details', () => {
  it('country, compact VAT number and its recorded check', () => {
    const vatNumberCheck = { vatNumber: 'DE136695976', country: 'DE' as const, offline: 'valid' as const, checkedAt: AT };
    expect(taxCustomerOf({ country: 'DE', vatNumber: 'DE 136695976', vatNumberCheck }, 'FR')).to.deep.equal({ billingCountry: 'DE', vatNumber: 'DE136695976', vatNumberCheck, payerCountry: 'FR' });
    expect(taxCustomerOf(null)).to.deep.equal({});
  });
  it('the decision alone, without an amount', () => {
    expect(taxDecision({ seller, customer: { billingCountry: 'FR' }, at: AT })).to.include({ kind: 'vat', country: 'FR', rate: '0.2' });
  });
});
