import type { PriceTier } from '@relaycast/contracts/constants';

/**
 * The price of the unit with this 1-based ordinal: the tier whose [from, to] range contains it, or the last
 * tier's price beyond the table (seed §9).
 */
export function unitPriceAt(ordinal: number, tiers: readonly PriceTier[]): number {
  if (!Number.isInteger(ordinal) || ordinal < 1) throw new RangeError(`unit ordinal must be a positive integer, got ${ordinal}`);
  const last = tiers[tiers.length - 1];
  if (!last) throw new RangeError('price table is empty');
  return (tiers.find((t) => ordinal >= t.from && ordinal <= t.to) ?? last).priceCents;
}

/**
 * The total for units numbered firstOrdinal … firstOrdinal + count − 1, each at its own tier's price
 * (graduated pricing). Computed per tier, not per unit, so a million units cost three multiplications.
 */
export function priceForUnitRange(firstOrdinal: number, count: number, tiers: readonly PriceTier[]): number {
  if (!Number.isInteger(count) || count < 0) throw new RangeError(`unit count must be a non-negative integer, got ${count}`);
  if (count === 0) return 0;
  const lastPrice = unitPriceAt(firstOrdinal, tiers.slice(-1));
  const lastOrdinal = firstOrdinal + count - 1;
  let total = 0;
  let next = firstOrdinal;
  // Tiers are sorted by `from`; ordinals no tier covers (a gap, or beyond the table) take the last tier's price.
  for (const tier of tiers) {
    if (next > lastOrdinal) break;
    if (tier.to < next) continue;
    if (tier.from > next) {
      const gapEnd = Math.min(tier.from - 1, lastOrdinal);
      total += (gapEnd - next + 1) * lastPrice;
      next = gapEnd + 1;
      if (next > lastOrdinal) break;
    }
    const end = Math.min(tier.to, lastOrdinal);
    total += (end - next + 1) * tier.priceCents;
    next = end + 1;
  }
  if (next <= lastOrdinal) total += (lastOrdinal - next + 1) * lastPrice;
  return total;
}

/** The total for `units` units numbered from 1. */
export function priceForUnits(units: number, tiers: readonly PriceTier[]): number {
  return priceForUnitRange(1, units, tiers);
}
