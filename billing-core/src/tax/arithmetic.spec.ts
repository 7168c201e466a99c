import { expect } from 'chai';
import { decimalFraction, decimalString, divideHalfUp, taxInGross, taxOfNet, toEuroCents } from './arithmetic.js';

describe('tax arithmetic: half-up to the cent, exactly', () => {
  it('the tax of a net amount: $79.00 at 19 % is $15.01', () => expect(taxOfNet(7900, '0.19')).to.equal(1501));
  it('$79.00 at 20 % is $15.80; at 24 % $18.96; at 25.5 % $20.15 (20.145 rounds up)', () => {
    expect(taxOfNet(7900, '0.2')).to.equal(1580);
    expect(taxOfNet(7900, '0.24')).to.equal(1896);
    expect(taxOfNet(7900, '0.255')).to.equal(2015);
  });
  it('a half cent rounds up: $79.50 at 19 % is 1510.5 → 1511; $0.50 at 19 % is 9.5 → 10', () => {
    expect(taxOfNet(7950, '0.19')).to.equal(1511);
    expect(taxOfNet(50, '0.19')).to.equal(10);
  });
  it('just under a half rounds down: $0.49 at 19 % is 9.31 → 9; $0.02 at 24 % is 0.48 → 0', () => {
    expect(taxOfNet(49, '0.19')).to.equal(9);
    expect(taxOfNet(2, '0.24')).to.equal(0);
  });
  it('away from zero for a negative amount, so a credit mirrors its invoice: −50 at 19 % is −10', () => expect(taxOfNet(-50, '0.19')).to.equal(-10));
  it('no binary fractions: $1,000,000.07 at 19 % is 19,000,001.33 → 19000001 cents', () => expect(taxOfNet(100_000_007, '0.19')).to.equal(19_000_001));

  it('VAT carved out of a gross: $79.00 gross at 19 % holds $12.61 (1261.34), net $66.39', () => {
    expect(taxInGross(7900, '0.19')).to.equal(1261);
    expect(7900 - taxInGross(7900, '0.19')).to.equal(6639);
  });
  it('carved at 24 %: $79.00 holds $15.29 (1529.03); at 20 %, 9 cents hold 1.5 → 2', () => {
    expect(taxInGross(7900, '0.24')).to.equal(1529);
    expect(taxInGross(9, '0.2')).to.equal(2);
  });
  it('carving at rate 0 leaves the gross as net', () => expect(taxInGross(7900, '0')).to.equal(0));

  it('to euro cents at an ECB rate (dollars for one euro): $15.01 at 1.0956 is €13.70 (1370.03)', () => expect(toEuroCents(1501, '1.0956')).to.equal(1370));
  it('to euro cents: $15.01 at 1.1787 is €12.73 (1273.44); $1.00 at 0.8 is €1.25', () => {
    expect(toEuroCents(1501, '1.1787')).to.equal(1273);
    expect(toEuroCents(100, '0.8')).to.equal(125);
  });

  it('decimal strings are exact fractions; data-file numbers get one spelling', () => {
    expect(decimalFraction('0.255')).to.deep.equal({ numerator: 255n, denominator: 1000n });
    expect(decimalFraction('1.0956')).to.deep.equal({ numerator: 10956n, denominator: 10000n });
    expect(decimalString(0.2)).to.equal('0.2');
    expect(decimalString(0.255)).to.equal('0.255');
    expect(decimalString(0)).to.equal('0');
    expect(() => decimalFraction('-0.2')).to.throw(RangeError);
    expect(() => decimalFraction('1e-3')).to.throw(RangeError);
    expect(() => decimalString(1.5)).to.throw(RangeError);
  });
  it('divideHalfUp: 5/2 → 3, 7/2 → 4, −5/2 → −3, 4/3 → 1', () => {
    expect(divideHalfUp(5n, 2n)).to.equal(3n);
    expect(divideHalfUp(7n, 2n)).to.equal(4n);
    expect(divideHalfUp(-5n, 2n)).to.equal(-3n);
    expect(divideHalfUp(4n, 3n)).to.equal(1n);
  });
  it('cents must be safe integers', () => {
    expect(() => taxOfNet(79.5, '0.19')).to.throw(RangeError, /integer number of cents/);
    expect(() => taxInGross(Number.MAX_SAFE_INTEGER + 2, '0.19')).to.throw(RangeError);
  });
});
