import { expect } from 'chai';
import { centsToDecimal, decimalToCents, formatCents, formatMoney, formatNumber } from './money.js';

const NBSP = '\u00a0';

describe('money: one module for cents as text', () => {
  it('cents → "12.34" (CSV cells, PayPal amounts): two decimals, the sign in front, no grouping', () => {
    expect([0, 5, 100, 1234, 123456789, -5, -1234].map(centsToDecimal)).to.deep.equal(['0.00', '0.05', '1.00', '12.34', '1234567.89', '-0.05', '-12.34']);
  });

  it('"15.00" / "15.0" / "15" → 1500, exactly; anything else refused', () => {
    expect(['15.00', '15.0', '15', '0.01', ' 7.5 '].map(decimalToCents)).to.deep.equal([1500, 1500, 1500, 1, 750]);
    for (const bad of ['-1.00', '1.001', '1,00', 'abc', '']) expect(() => decimalToCents(bad), bad).to.throw(/not a money amount/);
  });

  it('amounts people read: en $1,234.50 / $79, ru 1 234,50 $ / 79 $ (non-breaking spaces)', () => {
    expect(formatMoney(123450, 'en')).to.equal('$1,234.50');
    expect(formatMoney(7900, 'en')).to.equal('$79');
    expect(formatMoney(7900, 'en', { cents: true })).to.equal('$79.00');
    expect(formatMoney(-500, 'en')).to.equal('-$5');
    expect(formatMoney(123450, 'ru')).to.equal(`1${NBSP}234,50${NBSP}$`);
    expect(formatMoney(7900, 'ru')).to.equal(`79${NBSP}$`);
    expect(formatMoney(100_000_000, 'ru')).to.equal(`1${NBSP}000${NBSP}000${NBSP}$`);
  });

  it('"$12.34" in histories, errors and invoices; another currency by its code', () => {
    expect([formatCents(1234), formatCents(-5), formatCents(123456), formatCents(1234, 'EUR')]).to.deep.equal(['$12.34', '-$0.05', '$1234.56', 'EUR 12.34']);
  });

  it('numbers with the language’s grouping: 1,234.5 / 1 234,5', () => {
    expect([formatNumber(1234.5, 'en'), formatNumber(1234.5, 'ru'), formatNumber(12, 'en')]).to.deep.equal(['1,234.5', `1${NBSP}234,5`, '12']);
  });
});
