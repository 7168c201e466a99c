import { addDays, dayOfEpochDay, daysBetween, epochDayOf } from './calendar.js';

/**
 * Revenue recognition, day by day (UTC), as Stripe Revenue Recognition does it: money kept for a service period is
 * recognised evenly over the days of that period, the rest is deferred. 31 USD billed on 15 January for 15 January
 * – 15 February is 1 USD a day: 17 recognised in January (15–31), 14 in February.
 *
 * An allocation spreads `amount` cents over `n` service days from `start`: day i gets
 * ⌊amount·(i+1)/n⌋ − ⌊amount·i/n⌋, so the days sum to the amount exactly, whatever the rounding. Only days
 * [from, to) of it still count: a refund or the end of the service cuts it, and what remains is spread again by a new
 * allocation, so a day already recognised never changes. Days before `known` (the day the money was recorded: a
 * renewal paid late in dunning) are recognised on `known`: the log never recognises revenue before it knew of it.
 */
export interface Allocation {
  start: string;
  n: number;
  amount: number;
  from: number;
  to: number;
  known: string;
}

/** One day's recognition: cents on a day. */
export interface RecognitionEntry {
  day: string;
  amount: number;
}

/** ⌊|amount|·k/n⌋ with the amount's sign: what the first k days of an allocation hold. */
function upTo(a: Pick<Allocation, 'amount' | 'n'>, k: number): number {
  const sign = a.amount < 0 ? -1 : 1;
  return sign * Math.floor((Math.abs(a.amount) * k) / a.n);
}

export function allocation(start: string, n: number, amount: number, known: string): Allocation {
  const days = Math.max(1, n);
  return { start, n: days, amount, from: 0, to: days, known };
}

/** Calls `fn` with each day of days [from, to) of an allocation that holds cents: the day it is recognised on, its cents. */
export function forEachEntry(a: Allocation, fn: (day: string, amount: number) => void, from = a.from, to = a.to): void {
  // Service days before the day the money was known are all recognised on that day.
  const firstKnown = Math.max(from, Math.min(to, daysBetween(a.start, a.known)));
  let early = 0;
  for (let i = from; i < firstKnown; i++) early += upTo(a, i + 1) - upTo(a, i);
  if (early !== 0) fn(a.known, early);
  const start = epochDayOf(a.start);
  for (let i = firstKnown; i < to; i++) {
    const amount = upTo(a, i + 1) - upTo(a, i);
    if (amount !== 0) fn(dayOfEpochDay(start + i), amount);
  }
}

/** The entries of days [from, to) of an allocation (the day each is recognised on, and its cents). */
export function entriesOf(a: Allocation, from = a.from, to = a.to): RecognitionEntry[] {
  const out: RecognitionEntry[] = [];
  forEachEntry(a, (day, amount) => out.push({ day, amount }), from, to);
  return out;
}

/** What days [from, to) of an allocation hold. */
export const heldBy = (a: Allocation, from = a.from, to = a.to): number => (to > from ? upTo(a, to) - upTo(a, from) : 0);

/** Cents of an item's allocations recognised on or after `day` (its service days from that day on). */
export function remainingFrom(allocs: readonly Allocation[], day: string): number {
  let sum = 0;
  for (const a of allocs) {
    const cut = Math.min(a.to, Math.max(a.from, daysBetween(a.start, day)));
    sum += heldBy(a, cut, a.to);
  }
  return sum;
}

/** The day after an item's last service day (its service end), or undefined when it has none. */
export function serviceEnd(allocs: readonly Allocation[]): string | undefined {
  let end: string | undefined;
  for (const a of allocs) {
    if (a.to <= a.from) continue;
    const e = addDays(a.start, a.to);
    if (end === undefined || e > end) end = e;
  }
  return end;
}

export interface Recut {
  allocs: Allocation[];
  /** The change to recognition: the days taken back (negative) and the days added. */
  entries: RecognitionEntry[];
}

/**
 * Takes every service day from `day` on out of the allocations and spreads `amount` again: over `days` days from
 * `start` (`day` unless later; at least one day), recorded on `known`. The cut days' entries come back negated, the
 * new ones as they are.
 */
export function respread(allocs: readonly Allocation[], day: string, amount: number, days: number, known: string, start = day): Recut {
  const entries: RecognitionEntry[] = [];
  const kept: Allocation[] = [];
  for (const a of allocs) {
    const cut = Math.min(a.to, Math.max(a.from, daysBetween(a.start, day)));
    if (cut < a.to) for (const e of entriesOf(a, cut, a.to)) entries.push({ day: e.day, amount: -e.amount });
    if (cut > a.from) kept.push({ ...a, to: cut });
  }
  if (amount !== 0) {
    const added = allocation(start > day ? start : day, days, amount, known);
    kept.push(added);
    entries.push(...entriesOf(added));
  }
  return { allocs: kept, entries };
}

/** Nets entries by day (and drops the days that net to zero). */
export function netEntries(entries: readonly RecognitionEntry[]): RecognitionEntry[] {
  const byDay = new Map<string, number>();
  for (const e of entries) byDay.set(e.day, (byDay.get(e.day) ?? 0) + e.amount);
  return [...byDay].filter(([, amount]) => amount !== 0).map(([day, amount]) => ({ day, amount }));
}
