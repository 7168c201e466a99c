import type { Configuration } from '@relaycast/contracts';
import { dayOf, daysBetween } from './calendar.js';
import { allocation, remainingFrom, respread, serviceEnd, type Allocation } from './recognition.js';

/**
 * The books of one subscription: every payment (a capture, or a payment from account credit) as an item saying what
 * it paid for — to the millisecond, for refunds — and how its money is recognised as revenue, day by day (for
 * finance). Part of the subscription decider's state, evolved from the same events, so that every rule that asks
 * "what did this payment pay for, and what of it is unused" (refunds, cancel-now, dunning, grace, finance) reads one
 * answer. The postings these items make are in `postings.ts`; the accounts in `accounts.ts`.
 */

/**
 * A stretch of service one payment bought, and the money it holds for it, spread evenly over its time (in cents,
 * fractional: a partial refund lowers what the time still to come holds).
 */
export interface ServiceSpan {
  /**
   * The paid period it runs in (that period's capture id): where the period moves, the span moves. Or the granted
   * time a raise paid for (`trial`, `complimentary-<n>`), which never moves.
   */
  period: string;
  start: string;
  end: string;
  amount: number;
}

export type ItemKind =
  /** A billing period: its own paid period. */
  | 'period'
  /**
   * A raise of the configuration paid (a balance): the rest of the paid periods running when it was captured, and of
   * the trial or complimentary time running then.
   */
  | 'raise'
  /** Kept as account credit (the order was no longer current): bought nothing by itself. */
  | 'credit'
  /** A balance captured when no paid time ran any more: nothing left to serve (recognised at once). */
  | 'served';

export interface BookItem {
  captureId: string;
  capturedAt: string;
  kind: ItemKind;
  /** Money PayPal captured (0 for a payment from account credit alone). */
  cash: number;
  /** Account credit it used besides. */
  creditUsed: number;
  /** Money given back to the buyer: refunds and reversals of this capture. */
  refunded: number;
  /** Money that stopped paying for anything here and became account credit (a raise taken back under it). */
  toCredit: number;
  /** Money owed back for time it will not serve (a cancellation with a refund), not yet refunded. */
  due: number;
  /** Money that paid for it as account credit and went back to the buyer through the capture that made the credit. */
  takenBack: number;
  /** Of the money given back (refunded, owed back, taken back), what came out of revenue already recognised. */
  fromRevenue: number;
  /** Of its money that became account credit (`toCredit`), what went back to the buyer since. */
  creditRefunded?: number;
  /**
   * The tax inside its money (a tax authority's, never revenue): the account it is payable to, how much, and how much
   * of it went back with money given back (refunds, what is owed back, what moved to credit), in proportion.
   */
  tax?: { account: string; amount: number; back: number };
  /** What it paid for, to the millisecond (none for credit). */
  spans: ServiceSpan[];
  /** A raise: the configuration before it and the one it paid for (what taking it back returns to). */
  raise?: { from: Configuration; to: Configuration; endedAt?: string };
  /** How its money is recognised as revenue, day by day (UTC): see recognition.ts. */
  allocs: Allocation[];
}

export interface Books {
  items: BookItem[];
  /** Open disputes: cents PayPal holds from us for each, and the capture it is about. */
  disputes: Record<string, { captureId?: string; held: number }>;
}

export const emptyBooks = (): Books => ({ items: [], disputes: {} });

/** The money an item holds for what it paid for (what it still pays for, refunded money and credit moved out). */
export const moneyHeld = (item: BookItem): number =>
  // What went back of the part that became credit is already out of it with `toCredit`: counted once. Net of tax.
  item.kind === 'credit' ? 0 : item.cash + item.creditUsed - (item.tax?.amount ?? 0) - (grossOut(item) - (item.tax?.back ?? 0));

/** What of an item's money (tax included) went back or moved out: refunded, owed back, moved to credit, taken back. */
export const grossOut = (item: BookItem): number => item.refunded - (item.creditRefunded ?? 0) + item.due + item.toCredit + item.takenBack;

/** An item's money net of the tax inside it. */
export const netOf = (item: BookItem): number => item.cash + item.creditUsed - (item.tax?.amount ?? 0);

/**
 * The tax that goes back with `gross` more of an item's money (in proportion, half-up; all that is left of it with the
 * last of the money): credit notes reverse tax in proportion, never more than was invoiced.
 */
export function taxShareOf(item: BookItem, gross: number): number {
  const tax = item.tax;
  if (!tax || tax.amount === 0 || gross <= 0) return 0;
  const total = item.cash + item.creditUsed;
  const out = Math.min(total, grossOut(item) + gross);
  const target = out >= total ? tax.amount : Math.min(tax.amount, Math.floor((tax.amount * out * 2 + total) / (2 * total)));
  return Math.max(0, target - tax.back);
}

/** `gross` of an item's money goes back: its tax share recorded; answers the item and the net part (for the service). */
export function withTaxBack(item: BookItem, gross: number): { item: BookItem; net: number } {
  const share = taxShareOf(item, gross);
  return { item: share && item.tax ? { ...item, tax: { ...item.tax, back: item.tax.back + share } } : item, net: gross - share };
}

/** Net unused value in the money the customer paid for it: with its tax, as a gross amount (rounded down). */
const grossOfNet = (item: BookItem, net: number): number => {
  const n = netOf(item);
  return n > 0 ? (net * (item.cash + item.creditUsed)) / n : net;
};

const ms = (iso: string) => Date.parse(iso);

/** A paid period as the books see it (the decider's PaidTime, or any slot of one). */
export interface PeriodSlot {
  captureId: string;
  start: string;
  end: string;
}

/**
 * What a raise is prorated over: a paid period at what it was paid for, or one billing period's share of granted time
 * (the trial, a grant: `captureId` its key) at what it covers, with that billing period's whole length (ms).
 */
export interface RaiseSlot extends PeriodSlot {
  amount: number;
  /** The billing period's length, when the slot is a share of it (granted time); else the slot's own. */
  length?: number;
}

/** What a span holds for its time after `at` (all of it when it starts later, none when it has ended). */
function futureOf(span: ServiceSpan, at: number): number {
  const start = ms(span.start);
  const end = ms(span.end);
  if (end <= at) return 0;
  if (start >= at) return span.amount;
  return (span.amount * (end - at)) / (end - start);
}

/**
 * The value of what an item paid for that is still to come at `now`, in fractional cents: each span's money times
 * its share not yet run. Time already run is used, whatever the status was meanwhile.
 */
export function unusedValue(item: BookItem, now: string): number {
  const at = ms(now);
  return item.spans.reduce((sum, s) => sum + futureOf(s, at), 0);
}

/**
 * `amount` cents given back at `at` out of the time still to come (a partial refund, credit taken back): each span
 * splits there, and what its time after `at` holds shrinks in proportion (never below nothing). Time already run
 * keeps its money: it was used.
 */
export function lessFuture(spans: readonly ServiceSpan[], at: string, amount: number): ServiceSpan[] {
  const t = ms(at);
  const future = spans.reduce((sum, s) => sum + futureOf(s, t), 0);
  if (future <= 0 || amount <= 0) return [...spans];
  const keep = Math.max(0, future - amount) / future;
  return spans.flatMap((s) => {
    const start = ms(s.start);
    const end = ms(s.end);
    if (end <= t) return [s];
    if (start >= t) return [{ ...s, amount: s.amount * keep }];
    const later = futureOf(s, t);
    return [
      { ...s, end: at, amount: s.amount - later },
      { ...s, start: at, amount: later * keep },
    ];
  });
}

/** What a refund at `now` gives back for an item's unused time: rounded down to the cent, never above its cash left. */
export function refundableUnused(item: BookItem, now: string): number {
  // The unused time's value is net; what goes back is the money paid for it, its tax included (in proportion) — and
  // never more of its net than the time unused: the tax's share is rounded half-up, so a cent may have to stay.
  return grossFor(item, unusedValue(item, now), item.cash - item.refunded - item.due);
}

/** The unused value of an item as money the customer paid (tax included), rounded down: what moves to credit. */
export const unusedGross = (item: BookItem, now: string): number => grossFor(item, unusedValue(item, now), Infinity);

/** The most money (tax included, whole cents, at most `cap`) whose net part — after the tax's share — is within `net`. */
function grossFor(item: BookItem, net: number, cap: number): number {
  let gross = Math.max(0, Math.min(Math.floor(grossOfNet(item, net) + 1e-9), cap));
  while (gross > 0 && gross - taxShareOf(item, gross) > net + 1e-9) gross--;
  return gross;
}

/**
 * What of an item's money is account credit now and may go back as such: all of a capture kept as credit (less what
 * was refunded of it), and what a raise taken back under it moved to credit (less what went back of that).
 */
export const creditPartOf = (item: BookItem): number =>
  item.kind === 'credit' ? item.cash - item.refunded : Math.max(0, Math.min(item.toCredit - (item.creditRefunded ?? 0), item.cash - item.refunded - item.due));

/** Cents of an item still deferred on `day` (recognised on that day or later). */
export const deferredOn = (item: BookItem, day: string): number => remainingFrom(item.allocs, day);

// ── Evolving the items ─────────────────────────────────────────────────────────────────────────────────────────

function periodSpan(p: PeriodSlot, amount: number): ServiceSpan {
  return { period: p.captureId, start: p.start, end: p.end, amount };
}

/**
 * How a raise's money splits over the paid periods (and the granted time) it pays for: each running slot's share is
 * what the raise costs over its time still to run (the price difference times that time over its billing period's
 * length, as the proration charged it; a slot already paid for or granted as much gets none), the last taking the
 * remainder so the shares add up to the money.
 */
export function raiseSpans(paid: readonly RaiseSlot[], toAmount: number, at: string, money: number): ServiceSpan[] {
  const now = ms(at);
  const weights = paid
    .filter((p) => ms(p.end) > now)
    .map((p) => {
      const start = Math.max(now, ms(p.start));
      const length = p.length ?? ms(p.end) - ms(p.start);
      const weight = length > 0 ? (Math.max(0, toAmount - p.amount) * (ms(p.end) - start)) / length : 0;
      return { p, start, weight };
    })
    .filter((w) => w.weight > 0);
  const total = weights.reduce((sum, w) => sum + w.weight, 0);
  let left = money;
  return weights.map((w, i) => {
    const amount = i === weights.length - 1 ? left : Math.floor((money * w.weight) / total);
    left -= amount;
    const start = new Date(w.start).toISOString();
    return { period: w.p.captureId, start, end: w.p.end, amount };
  });
}

/** The revenue allocation of a new item: its money spread over the days its spans serve, from the day it was known. */
function allocationsOf(spans: readonly ServiceSpan[], money: number, known: string): Allocation[] {
  if (money === 0) return [];
  if (spans.length === 0) return [allocation(known, 1, money, known)];
  let left = money;
  return spans.map((s, i) => {
    const amount = i === spans.length - 1 ? left : s.amount;
    left -= amount;
    const first = dayOf(s.start);
    return allocation(first, daysBetween(first, dayOf(s.end)), amount, known);
  });
}

/** A capture recorded: a period it pays for, a raise over the running periods, or money kept as credit. */
export function capturedItem(input: {
  captureId: string;
  capturedAt: string;
  cash: number;
  creditUsed: number;
  credited: boolean;
  period?: PeriodSlot;
  /** A balance: the periods (and granted time) it raises, as they stood, and the configurations before and after. */
  raise?: { paid: readonly RaiseSlot[]; from: Configuration; to: Configuration };
  /** The tax inside the money, and the account it is payable to. */
  tax?: { account: string; amount: number };
}): BookItem {
  const taxed = input.credited || !input.tax || input.tax.amount === 0 ? {} : { tax: { account: input.tax.account, amount: input.tax.amount, back: 0 } };
  const base = { captureId: input.captureId, capturedAt: input.capturedAt, cash: input.cash, creditUsed: input.creditUsed, refunded: 0, toCredit: 0, due: 0, takenBack: 0, fromRevenue: 0, ...taxed };
  const known = dayOf(input.capturedAt);
  // What pays for the service (and is revenue, day by day): the money less the tax inside it.
  const money = input.cash + input.creditUsed - (taxed.tax?.amount ?? 0);
  if (input.credited) return { ...base, kind: 'credit', spans: [], allocs: [] };
  if (input.period) {
    const spans = [periodSpan(input.period, money)];
    return { ...base, kind: 'period', spans, allocs: allocationsOf(spans, money, known) };
  }
  const spans = input.raise ? raiseSpans(input.raise.paid, input.raise.to.amount, input.capturedAt, money) : [];
  if (spans.length === 0) return { ...base, kind: 'served', spans, allocs: allocationsOf([], money, known) };
  return { ...base, kind: 'raise', spans, raise: { from: input.raise!.from, to: input.raise!.to }, allocs: allocationsOf(spans, money, known) };
}

/** The item's service ends on `day`: what it still defers is recognised that day. */
export function endService(item: BookItem, day: string): BookItem {
  const remaining = remainingFrom(item.allocs, day);
  if (remaining === 0) return item;
  return { ...item, allocs: respread(item.allocs, day, remaining, 1, day).allocs };
}

/** The item's service now runs over [start, end): what it still defers is spread over those days from `day` on. */
function moveService(item: BookItem, day: string, start: string, end: string): BookItem {
  const from = dayOf(start) > day ? dayOf(start) : day;
  const remaining = remainingFrom(item.allocs, day);
  return { ...item, allocs: respread(item.allocs, day, remaining, daysBetween(from, dayOf(end)), day, from).allocs };
}

/**
 * Money given back from an item on `day`: it comes out of what the item still defers (the days it has still to
 * serve are spread again over what is left), and beyond that out of revenue already recognised (contra-revenue).
 * Returns the item and the cents taken from recognised revenue.
 */
export function refundFrom(item: BookItem, amount: number, day: string): { item: BookItem; fromRevenue: number } {
  const remaining = remainingFrom(item.allocs, day);
  const fromDeferred = Math.min(amount, remaining);
  const left = remaining - fromDeferred;
  const end = serviceEnd(item.allocs);
  const days = left > 0 && end && end > day ? daysBetween(day, end) : 1;
  const fromRevenue = amount - fromDeferred;
  return { item: { ...item, allocs: respread(item.allocs, day, left, days, day).allocs, fromRevenue: item.fromRevenue + fromRevenue }, fromRevenue };
}

/**
 * `amount` of an item's money is owed back (a cancellation with a refund of the unused time): taken out of what it
 * defers (beyond that, out of recognised revenue), held as owed to the customer until PayPal refunds it.
 */
export function oweBack(item: BookItem, amount: number, day: string): { item: BookItem; fromRevenue: number } {
  const { item: taxed, net } = withTaxBack(item, amount);
  const { item: cut, fromRevenue } = refundFrom(taxed, net, day);
  return { item: { ...cut, due: cut.due + amount }, fromRevenue };
}

/**
 * The paid periods changed under the items (a refund ended or took out one, and the ones after moved back): each
 * span follows its period — cut where the period now ends, moved with it into its new slot, gone with it — and the
 * revenue of a period that ended or went is recognised on `day`, the revenue of one that moved is spread over its
 * new days (as finance recognises it: a day already recognised never changes).
 */
export function periodsChanged(items: readonly BookItem[], before: readonly PeriodSlot[], after: readonly PeriodSlot[], endedCapture: string, day: string): BookItem[] {
  const was = new Map(before.map((p) => [p.captureId, p]));
  const now = new Map(after.map((p) => [p.captureId, p]));
  return items.map((item) => {
    if (item.kind === 'credit') return item;
    const spans = item.spans.flatMap((s) => {
      const old = was.get(s.period);
      const cur = now.get(s.period);
      // Granted time (a raise of the trial or a grant) is no paid period: it never moves.
      if (!old && !cur) return [s];
      if (!old || !cur) return cur ? [s] : [];
      if (old.start === cur.start && old.end === cur.end) return [s];
      const delta = ms(cur.start) - ms(old.start);
      const start = new Date(Math.max(ms(cur.start), ms(s.start) + delta)).toISOString();
      const end = s.end >= old.end ? cur.end : new Date(Math.min(ms(cur.end), ms(s.end) + delta)).toISOString();
      return end > start ? [{ ...s, start, end }] : [];
    });
    const changed = { ...item, spans };
    const own = was.get(item.captureId);
    const ownNow = now.get(item.captureId);
    if (item.kind !== 'period') return changed;
    if (item.captureId === endedCapture || (own && !ownNow)) return endService(changed, day);
    if (own && ownNow && (own.start !== ownNow.start || own.end !== ownNow.end)) return moveService(changed, day, ownNow.start, ownNow.end);
    return changed;
  });
}
