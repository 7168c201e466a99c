import { dayOf, monthOfDay, monthStartMs, nextMonth } from '@relaycast/billing-core';

/**
 * A subscription's MRR over time: the points where it changes, [epoch ms, cents a month], in time order. Before the
 * first point it is 0; after the last it stays.
 */
export type MrrPoints = [at: number, value: number][];

export const MOVEMENTS = ['new', 'expansion', 'contraction', 'churn', 'reactivation'] as const;
export type Movement = (typeof MOVEMENTS)[number];

/** The value at `at` (the last point at or before it). */
export function valueAt(points: MrrPoints, at: number): number {
  let value = 0;
  for (const [t, v] of points) {
    if (t > at) break;
    value = v;
  }
  return value;
}

/**
 * How a subscription's MRR moved over one month, from `start` (its MRR at the end of the month before) to `end`,
 * as Stripe classifies it: from 0, new (first time) or reactivation; to 0, churn; otherwise expansion or
 * contraction. The one movement always equals end − start, so a month's movements add up to its change in MRR.
 */
export function movementOf(start: number, end: number, everBefore: boolean): { kind: Movement; amount: number } | null {
  if (start === end) return null;
  if (start === 0) return { kind: everBefore ? 'reactivation' : 'new', amount: end };
  if (end === 0) return { kind: 'churn', amount: -start };
  return { kind: end > start ? 'expansion' : 'contraction', amount: end - start };
}

/**
 * Where a subscription's points begin once the older ones are dropped (they can no longer change any figure): the
 * first point is the value at `at` (a month's start), and `everPositive` says whether the MRR was positive at the end
 * of a month before it.
 */
export interface MrrBase {
  at: number;
  everPositive: boolean;
}

/** Drops the points before `cut` (a month's start), keeping the value there and whether any month ended positive. */
export function prunePoints(points: MrrPoints, base: MrrBase | undefined, cut: number): { points: MrrPoints; base: MrrBase | undefined } {
  if (points.length === 0 || points[0]![0] >= cut) return { points, base };
  let everPositive = base?.everPositive ?? false;
  const cutMonth = monthOfDay(dayOf(cut));
  for (let m = monthOfDay(dayOf(points[0]![0])); m < cutMonth && !everPositive; m = nextMonth(m)) {
    if (valueAt(points, monthStartMs(nextMonth(m)) - 1) > 0) everPositive = true;
  }
  const kept = points.filter(([t]) => t > cut);
  return { points: [[cut, valueAt(points, cut)], ...kept], base: { at: cut, everPositive } };
}

/** Day-keyed deltas: day → metric key → amount. */
export type DayDeltas = Map<string, Map<string, number>>;

export function addDelta(deltas: DayDeltas, day: string, key: string, amount: number): void {
  if (amount === 0) return;
  let keys = deltas.get(day);
  if (!keys) deltas.set(day, (keys = new Map()));
  keys.set(key, (keys.get(key) ?? 0) + amount);
}

export interface MrrKeys {
  plan: string;
  currency: string;
}

/**
 * The day deltas a subscription's MRR makes from the start of `fromMonth` on: `mrr|plan|currency` (its change),
 * `paying|plan` (±1 as it starts or stops paying), `churned|plan` (+1 each time it stops), and the month's movement
 * as it stands after each change, as deltas of `mv|kind|currency`: summed over a month's days up to any day, they
 * give that month's movement as of that day. Two versions of a subscription's points that agree before some time
 * give deltas that agree before that day, so the difference of the two is what a new event changes.
 */
export function mrrDeltas(points: MrrPoints, fromMonth: string, keys: MrrKeys, base?: MrrBase): DayDeltas {
  const deltas: DayDeltas = new Map();
  if (points.length === 0) return deltas;
  const lastMonth = monthOfDay(dayOf(points[points.length - 1]![0]));
  const firstMonth = monthOfDay(dayOf(points[0]![0]));
  // Was the MRR positive at the end of some month before `fromMonth`?
  let everBefore = base?.everPositive ?? false;
  for (let m = firstMonth; m < fromMonth && !everBefore; m = nextMonth(m)) {
    if (valueAt(points, monthStartMs(nextMonth(m)) - 1) > 0) {
      everBefore = true;
      break;
    }
  }
  for (let month = fromMonth > firstMonth ? fromMonth : firstMonth; month <= lastMonth; month = nextMonth(month)) {
    const from = monthStartMs(month);
    const to = monthStartMs(nextMonth(month));
    const start = valueAt(points, from - 1);
    let current = start;
    for (const [at, value] of points) {
      if (at < from) continue;
      if (at >= to) break;
      if (value === current) continue;
      const day = dayOf(at);
      addDelta(deltas, day, `mrr|${keys.plan}|${keys.currency}`, value - current);
      addDelta(deltas, day, `paying|${keys.plan}`, (value > 0 ? 1 : 0) - (current > 0 ? 1 : 0));
      if (current > 0 && value === 0) addDelta(deltas, day, `churned|${keys.plan}`, 1);
      const before = movementOf(start, current, everBefore);
      const after = movementOf(start, value, everBefore);
      if (before) addDelta(deltas, day, `mv|${before.kind}|${keys.currency}`, -before.amount);
      if (after) addDelta(deltas, day, `mv|${after.kind}|${keys.currency}`, after.amount);
      current = value;
    }
    if (current > 0) everBefore = true;
  }
  return deltas;
}

/** new − old, day by day and key by key (zeros dropped). */
export function diffDeltas(oldDeltas: DayDeltas, newDeltas: DayDeltas): DayDeltas {
  const out: DayDeltas = new Map();
  for (const [day, keys] of newDeltas) for (const [key, amount] of keys) addDelta(out, day, key, amount);
  for (const [day, keys] of oldDeltas) for (const [key, amount] of keys) addDelta(out, day, key, -amount);
  for (const [day, keys] of out) {
    for (const [key, amount] of keys) if (amount === 0) keys.delete(key);
    if (keys.size === 0) out.delete(day);
  }
  return out;
}
