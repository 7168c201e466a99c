import { expect } from 'chai';
import { checkVatNumber, compactVatNumber, countryOfVatNumber, isValidBusinessNumber, TaxInputError, viesUnavailable } from './vat-number.js';
import { sellerTaxIdentity } from './seller.js';

const AT = '2026-11-29T10:00:00.000Z';

/*
 * Numbers worked by hand:
 * - DE136695976: ISO 7064 MOD 11,10 over 1,3,6,6,9,5,9,7 ends with product 5, check 11 − 5 = 6.
 * - EE100931558: weights 3,7,1,3,7,1,3,7 over 1,0,0,9,3,1,5,5 sum to 102, check (10 − 2) = 8.
 * - EE101234568: the same over 1,0,1,2,3,4,5,6 sum to 92, check 8.
 * - FR64443061841: key (12 + 3 × (443061841 mod 97 = 82)) mod 97 = 64.
 * - EL094259216: 0·256 + 9·128 + 4·64 + 2·32 + 5·16 + 9·8 + 2·4 + 1·2 = 1634, mod 11 = 6.
 * - 123456785MVA (Norway): weights 3,2,7,6,5,4,3,2 over 1–8 sum to 138, 11 − (138 mod 11 = 6) = 5.
 * - 7707083893 (a Russian INN): weights 2,4,10,3,5,9,4,6,8 over the first nine sum to 267, mod 11 = 3; 7701234567:
 *   176, mod 11 = 0, not 7.
 */
const invalid = (fn: () => unknown, field: string, reason: RegExp) => {
  try {
    fn();
  } catch (error) {
    expect(error).to.be.instanceOf(TaxInputError);
    expect((error as TaxInputError).field).to.equal(field);
    expect((error as TaxInputError).reason).to.match(reason);
    return;
  }
  expect.fail('expected a TaxInputError');
};

describe('VAT numbers: the offline check (jsvat-next)', () => {
  it('a valid German number', () => {
    expect(checkVatNumber('DE136695976', { country: 'DE', at: AT })).to.deep.equal({ vatNumber: 'DE136695976', country: 'DE', offline: 'valid', checkedAt: AT });
  });
  it('written with spaces, dots and hyphens, kept compact', () => {
    expect(checkVatNumber('DE 136.695-976', { country: 'DE', at: AT }).vatNumber).to.equal('DE136695976');
    expect(compactVatNumber('ee 100 931 558')).to.equal('EE100931558');
  });
  it('a bad check digit is kept as invalid, not refused (consumer treatment follows, never a refusal)', () => {
    expect(checkVatNumber('DE136695977', { country: 'DE', at: AT })).to.deep.equal({ vatNumber: 'DE136695977', country: 'DE', offline: 'invalid', checkedAt: AT });
    expect(checkVatNumber('EE100931559', { country: 'EE', at: AT }).offline).to.equal('invalid');
  });
  it('valid numbers of Estonia, France, Greece (EL) and Norway', () => {
    expect(checkVatNumber('EE100931558', { country: 'EE', at: AT }).offline).to.equal('valid');
    expect(checkVatNumber('FR64443061841', { country: 'FR', at: AT }).offline).to.equal('valid');
    expect(checkVatNumber('EL094259216', { country: 'GR', at: AT })).to.include({ country: 'GR', offline: 'valid' });
    expect(checkVatNumber('123456785MVA', { country: 'NO', at: AT })).to.include({ country: 'NO', offline: 'valid' });
  });
  it('without a country, the prefix names it: FR → FR, EL → GR', () => {
    expect(checkVatNumber('FR64443061841', { at: AT }).country).to.equal('FR');
    expect(checkVatNumber('EL094259216', { at: AT }).country).to.equal('GR');
    expect(countryOfVatNumber('EL094259216')).to.equal('GR');
    expect(countryOfVatNumber('ZZ123')).to.equal(null);
  });
  it('wrong prefix: a French number for a customer in Germany is refused, naming vatNumber', () => {
    invalid(() => checkVatNumber('FR64443061841', { country: 'DE', at: AT }), 'vatNumber', /must start with DE for a customer in DE/);
  });
  it('wrong prefix: Greece\'s numbers start with EL, not GR', () => {
    invalid(() => checkVatNumber('GR094259216', { country: 'GR', at: AT }), 'vatNumber', /must start with EL/);
  });
  it('no prefix: refused, with or without a country', () => {
    invalid(() => checkVatNumber('136695976', { country: 'DE', at: AT }), 'vatNumber', /must start with DE/);
    invalid(() => checkVatNumber('136695976', { at: AT }), 'vatNumber', /must start with its country prefix/);
  });
  it('malformed: too short for Germany, or not letters and digits', () => {
    invalid(() => checkVatNumber('DE12345', { country: 'DE', at: AT }), 'vatNumber', /format of DE/);
    invalid(() => checkVatNumber('DE13669597_', { country: 'DE', at: AT }), 'vatNumber', /letters and digits/);
  });
  it('each refusal names its rule (and what the web words it with), so the browser says it in the reader\'s language', () => {
    const ruleOf = (fn: () => unknown) => {
      try {
        fn();
      } catch (error) {
        return { rule: (error as TaxInputError).rule, params: (error as TaxInputError).params };
      }
      return expect.fail('expected a TaxInputError');
    };
    expect(ruleOf(() => checkVatNumber('FR64443061841', { country: 'DE', at: AT }))).to.deep.equal({ rule: 'vatPrefix', params: { prefix: 'DE', country: 'DE' } });
    expect(ruleOf(() => checkVatNumber('136695976', { at: AT }))).to.deep.equal({ rule: 'vatPrefixMissing', params: undefined });
    expect(ruleOf(() => checkVatNumber('DE12345', { country: 'DE', at: AT }))).to.deep.equal({ rule: 'vatFormat', params: { country: 'DE' } });
    expect(ruleOf(() => checkVatNumber('DE13669597_', { country: 'DE', at: AT }))).to.deep.equal({ rule: 'vatChars', params: undefined });
  });
  it('outside the EU a number may be written without its prefix (a Russian INN), checked as if it had it, kept as written', () => {
    expect(checkVatNumber('7707083893', { country: 'RU', at: AT })).to.deep.equal({ vatNumber: '7707083893', country: 'RU', offline: 'valid', checkedAt: AT });
    expect(checkVatNumber('7701234567', { country: 'RU', at: AT }).offline).to.equal('invalid');
    expect(checkVatNumber('RU7707083893', { country: 'RU', at: AT }).offline).to.equal('valid');
    invalid(() => checkVatNumber('DE136695976', { country: 'RU', at: AT }), 'vatNumber', /must start with RU/);
    invalid(() => checkVatNumber('77070838', { country: 'RU', at: AT }), 'vatNumber', /format of RU/);
  });
  it('a country without a checker (the United States): kept as given, marked unsupported', () => {
    expect(checkVatNumber('12-3456789', { country: 'US', at: AT })).to.deep.equal({ vatNumber: '123456789', country: 'US', offline: 'unsupported', checkedAt: AT });
  });
  it('a business number: valid offline and not called unregistered by VIES', () => {
    const valid = checkVatNumber('DE136695976', { country: 'DE', at: AT });
    expect(isValidBusinessNumber(valid)).to.equal(true);
    expect(isValidBusinessNumber({ ...valid, vies: { result: 'unavailable', checkedAt: AT } })).to.equal(true);
    expect(isValidBusinessNumber({ ...valid, vies: { result: 'invalid', checkedAt: AT } })).to.equal(false);
    expect(isValidBusinessNumber({ ...valid, offline: 'invalid' })).to.equal(false);
    expect(isValidBusinessNumber({ ...valid, offline: 'unsupported' })).to.equal(false);
    expect(isValidBusinessNumber(undefined)).to.equal(false);
  });
  it('the default VIES port answers unavailable, dated', async () => {
    expect(await viesUnavailable.check({ vatNumber: 'DE136695976', country: 'DE', now: AT })).to.deep.equal({ result: 'unavailable', checkedAt: AT });
  });
});

describe('the seller\'s tax identity (SELLER_COUNTRY, SELLER_VAT_NUMBER, TAX)', () => {
  it('unset: Estonia, VAT computed', () => expect(sellerTaxIdentity({}, AT)).to.deep.equal({ country: 'EE', enabled: true }));
  it('TAX=off: not enabled', () => expect(sellerTaxIdentity({ enabled: false }, AT)).to.deep.equal({ country: 'EE', enabled: false }));
  it('an Estonian VAT number, kept compact', () => expect(sellerTaxIdentity({ country: 'EE', vatNumber: 'EE 101 234 568' }, AT)).to.deep.equal({ country: 'EE', vatNumber: 'EE101234568', enabled: true }));
  it('a country that is not an ISO code is refused, naming country', () => invalid(() => sellerTaxIdentity({ country: 'XX' }, AT), 'country', /ISO 3166-1 alpha-2/));
  it('lower case is not a country code', () => invalid(() => sellerTaxIdentity({ country: 'ee' }, AT), 'country', /ISO 3166-1/));
  it('a number that fails its check digits is refused', () => invalid(() => sellerTaxIdentity({ country: 'EE', vatNumber: 'EE101234567' }, AT), 'vatNumber', /check digits/));
  it('a number whose prefix is not the country\'s is refused', () => invalid(() => sellerTaxIdentity({ country: 'EE', vatNumber: 'DE136695976' }, AT), 'vatNumber', /must start with EE/));
  it('a seller outside the EU may give its non-Union One Stop Shop number (EU + 9 digits)', () => {
    expect(sellerTaxIdentity({ country: 'US', vatNumber: 'EU372000041' }, AT)).to.deep.equal({ country: 'US', vatNumber: 'EU372000041', enabled: true });
    invalid(() => sellerTaxIdentity({ country: 'US', vatNumber: 'EU37200004' }, AT), 'vatNumber', /One Stop Shop/);
  });
});
