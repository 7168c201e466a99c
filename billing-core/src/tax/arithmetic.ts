/**
 * Exact tax arithmetic on integer cents and decimal-string rates (no binary fractions anywhere): the tax of a net
 * amount, VAT carved out of a gross, and a conversion at an exchange rate. One rounding rule for all of it, per
 * document and per tax line: half-up to the cent, "up" meaning away from zero, so a credit note's tax mirrors its
 * invoice's (docs/tax.md, "Rounding").
 */

/** A decimal string as an exact fraction: "0.19" → 19/100, "1.1787" → 11787/10000. */
export interface Fraction {
  numerator: bigint;
  denominator: bigint;
}

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** Parses a non-negative decimal string ("0.19", "1.1787"); anything else throws (the data or a caller is wrong). */
export function decimalFraction(value: string): Fraction {
  const match = DECIMAL.exec(value);
  if (!match) throw new RangeError(`not a non-negative decimal: "${value}"`);
  const decimals = match[2] ?? '';
  return { numerator: BigInt(match[1]! + decimals), denominator: 10n ** BigInt(decimals.length) };
}

/** The canonical spelling of a rate held as a JavaScript number in a data file (0.2 → "0.2", 0.255 → "0.255"). */
export function decimalString(rate: number): string {
  if (!Number.isFinite(rate) || rate < 0 || rate >= 1) throw new RangeError(`not a tax rate: ${rate}`);
  // Rates in data files have at most a few decimals; toFixed(6) then trimming recovers them exactly.
  const fixed = rate.toFixed(6).replace(/0+$/, '').replace(/\.$/, '');
  if (Math.abs(Number(fixed) - rate) > 1e-12) throw new RangeError(`a tax rate with more than six decimals: ${rate}`);
  return fixed;
}

/** numerator / denominator rounded half-up (half away from zero) to an integer. */
export function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new RangeError('denominator must be positive');
  const negative = numerator < 0n;
  const n = negative ? -numerator : numerator;
  const rounded = (2n * n + denominator) / (2n * denominator);
  return negative ? -rounded : rounded;
}

function cents(value: number, what: string): bigint {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be an integer number of cents (got ${value})`);
  return BigInt(value);
}

/** The tax of a net amount at a rate, half-up to the cent: 7900 at "0.19" → 1501 (15.01). */
export function taxOfNet(netCents: number, rate: string): number {
  const r = decimalFraction(rate);
  return Number(divideHalfUp(cents(netCents, 'the net amount') * r.numerator, r.denominator));
}

/**
 * The VAT inside a gross amount at a rate, half-up to the cent: gross × rate / (1 + rate). The net is then the gross
 * less that VAT, so net + VAT = gross exactly, always: 7900 at "0.19" → VAT 1261, net 6639.
 */
export function taxInGross(grossCents: number, rate: string): number {
  const r = decimalFraction(rate);
  return Number(divideHalfUp(cents(grossCents, 'the gross amount') * r.numerator, r.denominator + r.numerator));
}

/**
 * An amount in a currency converted to euros at an ECB reference rate (units of the currency per euro, as the ECB
 * publishes them: "1.1787" US dollars for one euro), half-up to the cent: 1501 US cents at "1.1787" → 1273 euro cents.
 */
export function toEuroCents(amountCents: number, unitsPerEuro: string): number {
  const r = decimalFraction(unitsPerEuro);
  if (r.numerator === 0n) throw new RangeError('an exchange rate of zero');
  return Number(divideHalfUp(cents(amountCents, 'the amount') * r.denominator, r.numerator));
}
