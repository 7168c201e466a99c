import type { AnyEvent, EventEnvelope, SubscriptionStatus } from '@relaycast/contracts';
import { paidTimeWithout } from '@relaycast/billing-core';
import { DAY_MS, daysBetween, dayOf, dayStartMs, monthOfDay, monthStartMs, previousMonth } from '@relaycast/billing-core';
import { prunePoints, type MrrBase, type MrrPoints } from './mrr.js';
import { allocation, remainingFrom, respread, serviceEnd, type Allocation, type RecognitionEntry } from '@relaycast/billing-core';

/**
 * What finance keeps of one subscription: enough to say its MRR from now on and to recognise its money. A small
 * copy of the decider's state (billing-core/src/subscription/state.ts) — paid periods, complimentary time, the trial,
 * dunning — evolved from the same events, the slot shift of a refund by the decider's own function.
 */
export interface PaidPeriod {
  captureId: string;
  start: string;
  end: string;
  /** Cents a month of the configuration it paid for. */
  monthly: number;
  /** Paid-for changes inside the period (a balance paid, a change at no extra cost). */
  upgrades?: { at: string; monthly: number }[];
}

/** Money captured for one PayPal order, and how its revenue is recognised. */
export interface RevenueItem {
  captureId: string;
  /** The month it was billed (captured): the waterfall's row. */
  billMonth: string;
  amount: number;
  /** Kept as account credit: a liability, never revenue by itself. */
  credited: boolean;
  /** Account credit this payment used (revenue from then on). */
  creditUsed?: number;
  /** Revenue allocations (none for credit). */
  allocs: Allocation[];
}

export type Book = 'real' | 'demo';

export interface SubscriptionFinance {
  id: string;
  book: Book;
  userId: string;
  planId: string;
  currency: string;
  /** Months one billing period lasts (0: free, no recurring revenue). */
  billingMonths: number;
  status: SubscriptionStatus;
  removed: boolean;
  /** Cents a billing period of the configuration in force (what a capture without its configuration paid for). */
  amount: number;
  paid: PaidPeriod[];
  complimentary: { start: string; end: string }[];
  trial?: { start: string; end: string; month: string; converted: boolean };
  /** Waiting for payment in dunning after a paid period: what it counts for in MRR (Stripe counts past-due subscriptions). */
  dunning?: { monthly: number };
  /** A failed renewal after paid time, not yet paid (paused for it included): the month it failed. */
  episode?: { month: string };
  credit: number;
  points: MrrPoints;
  /** Where `points` begin, once older ones were dropped. */
  base?: MrrBase;
  items: RevenueItem[];
}

/** What one event changed: flows on its day, and revenue recognition entries (all known on that day). */
export interface FinanceStep {
  state: SubscriptionFinance;
  /** metric key → amount, on the event's day. */
  flows: Map<string, number>;
  /** [bill month, entry] pairs. */
  /** Entries to add (or take back), or a new allocation's days (a payment: most of them, kept without entries). */
  recognition: ({ billMonth: string; entries: RecognitionEntry[] } | { billMonth: string; allocation: Allocation })[];
}

const normalised = (s: Pick<SubscriptionFinance, 'billingMonths'>, amount: number) => (s.billingMonths > 0 ? Math.round(amount / s.billingMonths) : 0);

const monthlyAt = (p: PaidPeriod, at: string): number => {
  let monthly = p.monthly;
  for (const u of p.upgrades ?? []) if (u.at <= at) monthly = u.monthly;
  return monthly;
};
const lastMonthly = (p: PaidPeriod): number => p.upgrades?.length ? p.upgrades[p.upgrades.length - 1]!.monthly : p.monthly;

const paidThrough = (s: SubscriptionFinance) => s.paid.reduce<string | undefined>((end, p) => (end === undefined || p.end > end ? p.end : end), undefined);

/** Was the last time covered before `at` paid for (not a trial, not complimentary)? */
function lastCoverageWasPaid(s: SubscriptionFinance, at: string): boolean {
  const paidEnd = paidThrough(s);
  if (paidEnd === undefined) return false;
  const others = [s.trial?.end, ...s.complimentary.map((c) => c.end)].filter((e): e is string => e !== undefined && e <= at);
  return others.every((e) => e <= paidEnd);
}

/**
 * MRR at `at` as the state stands (statuses change only by events; periods, complimentary time and the trial by
 * the clock). Stripe's definitions: Live subscriptions in paid time and those in dunning after a failed renewal
 * count their configuration's price normalised to a month; trials, free plans, complimentary time, subscriptions
 * waiting for a first payment, paused or cancelled ones count 0. After its last covered time a Live subscription
 * keeps its value until an event says what became of the renewal (the scheduler writes one at once).
 */
export function mrrAt(s: SubscriptionFinance, at: string): number {
  if (s.removed || s.billingMonths <= 0) return 0;
  if (s.status === 'SUBSCRIPTION_STATUS_WAIT_PAYMENT') return s.dunning?.monthly ?? 0;
  if (s.status !== 'SUBSCRIPTION_STATUS_ACTIVE') return 0;
  const running = s.paid.find((p) => p.start <= at && at < p.end);
  if (running) return monthlyAt(running, at);
  if (s.complimentary.some((c) => c.start <= at && at < c.end)) return 0;
  if (s.trial && s.trial.start <= at && at < s.trial.end) return 0;
  // After every covered time: what the last covered time was.
  let lastEnd = '';
  let value = 0;
  for (const p of s.paid) {
    if (p.end <= at && p.end > lastEnd) {
      lastEnd = p.end;
      value = lastMonthly(p);
    }
  }
  for (const c of s.complimentary) if (c.end <= at && c.end >= lastEnd) [lastEnd, value] = [c.end, 0];
  if (s.trial && s.trial.end <= at && s.trial.end >= lastEnd) value = 0;
  return value;
}

/** The points of MRR from `at` on, as the state stands (the times where periods, grants and the trial begin or end). */
export function forwardPoints(s: SubscriptionFinance, at: string): MrrPoints {
  const times: string[] = [at];
  const later = (t: string) => {
    if (t > at) times.push(t);
  };
  for (const p of s.paid) {
    if (p.end <= at) continue;
    later(p.start);
    later(p.end);
    for (const u of p.upgrades ?? []) later(u.at);
  }
  for (const c of s.complimentary) {
    if (c.end <= at) continue;
    later(c.start);
    later(c.end);
  }
  if (s.trial && s.trial.end > at) {
    later(s.trial.start);
    later(s.trial.end);
  }
  if (times.length > 2) times.sort();
  const points: MrrPoints = [];
  for (const t of times) {
    const value = mrrAt(s, t);
    if (points.length === 0 || points[points.length - 1]![1] !== value) points.push([Date.parse(t), value]);
  }
  return points;
}

/** The subscription's MRR points after an event at `at`: those before it kept, the rest as the new state says. */
export function pointsAfter(previous: MrrPoints, s: SubscriptionFinance, at: string): MrrPoints {
  const ms = Date.parse(at);
  let cut = previous.length;
  while (cut > 0 && previous[cut - 1]![0] >= ms) cut--;
  const forward = forwardPoints(s, at);
  const lastKept = cut > 0 ? previous[cut - 1]![1] : 0;
  const added = forward.length && forward[0]![1] === lastKept ? forward.slice(1) : forward;
  // Unchanged (most events): the same array, so nothing downstream recomputes.
  if (added.length === previous.length - cut && added.every(([t, v], i) => previous[cut + i]![0] === t && previous[cut + i]![1] === v)) return previous;
  return [...previous.slice(0, cut), ...added];
}

function add(flows: Map<string, number>, key: string, amount: number) {
  if (amount !== 0) flows.set(key, (flows.get(key) ?? 0) + amount);
}

export function createdFinance(e: Extract<AnyEvent, { type: 'SubscriptionCreated' }>, demo: boolean): SubscriptionFinance {
  const d = e.data;
  return {
    id: d.subscriptionId,
    book: demo ? 'demo' : 'real',
    userId: d.user_id,
    planId: d.plan.plan_id,
    currency: d.currency,
    billingMonths: d.plan.billingMonths,
    status: d.status,
    removed: false,
    amount: d.amount,
    paid: [],
    complimentary: [],
    credit: 0,
    points: [],
    items: [],
  };
}


/** The item's service ends today: what it still holds is recognised today. */
function endService(item: RevenueItem, today: string): { item: RevenueItem; entries: RecognitionEntry[] } | null {
  const remaining = remainingFrom(item.allocs, today);
  if (remaining === 0) return null;
  const cut = respread(item.allocs, today, remaining, 1, today);
  return { item: { ...item, allocs: cut.allocs }, entries: cut.entries };
}

/** The item's service now runs over [start, end): what it still holds is spread over the days from today on. */
function moveService(item: RevenueItem, today: string, start: string, end: string): { item: RevenueItem; entries: RecognitionEntry[] } {
  const from = dayOf(start) > today ? dayOf(start) : today;
  const remaining = remainingFrom(item.allocs, today);
  const cut = respread(item.allocs, today, remaining, daysBetween(from, dayOf(end)), today, from);
  return { item: { ...item, allocs: cut.allocs }, entries: cut.entries };
}

/**
 * One event's effect on a subscription's finance: its new state (MRR points included), the day's flows and the
 * revenue recognised or taken back. Pure.
 */
export function stepFinance(prev: SubscriptionFinance, raw: EventEnvelope): FinanceStep {
  const event = raw as AnyEvent;
  const at = raw.occurredAt;
  const today = dayOf(at);
  const flows = new Map<string, number>();
  const recognition: FinanceStep['recognition'] = [];
  // One copy, changed field by field: `prev`'s arrays are replaced, never changed in place (its points are read after).
  const s: SubscriptionFinance = { ...prev };
  const plan = prev.planId;
  const cur = prev.currency;

  const recognise = (change: { item: RevenueItem; entries: RecognitionEntry[] } | null) => {
    if (!change) return;
    if (change.entries.length) recognition.push({ billMonth: change.item.billMonth, entries: change.entries });
    s.items = s.items.map((i) => (i.captureId === change.item.captureId ? change.item : i));
  };

  switch (event.type) {
    case 'SubscriptionStatusChanged': {
      const to = event.data.to;
      s.status = to;
      if (to !== 'SUBSCRIPTION_STATUS_WAIT_PAYMENT' || event.data.cause === 'PAYMENT_TAKEN_BACK') s.dunning = undefined;
      break;
    }
    case 'SubscriptionCancelled': {
      s.dunning = undefined;
      s.episode = undefined;
      s.status = 'SUBSCRIPTION_STATUS_CANCEL';
      // No service after a cancellation: what was kept and not yet recognised is recognised now.
      for (const item of s.items) if (!item.credited) recognise(endService(item, today));
      break;
    }
    case 'SubscriptionRemoved':
      s.removed = true;
      break;
    case 'TrialStarted': {
      const d = event.data;
      const month = monthOfDay(dayOf(d.trialStartDate));
      s.trial = { start: d.trialStartDate, end: d.trialEndDate, month, converted: false };
      add(flows, `trialStarted|${month}`, 1);
      break;
    }
    case 'ComplimentaryGranted':
      s.complimentary = [...s.complimentary, { start: event.data.start, end: event.data.end }];
      break;
    case 'SubscriptionRevised': {
      const d = event.data;
      s.amount = d.amount;
      if (d.reason === 'BALANCE_PAID' || d.reason === 'COVERED') {
        const monthly = normalised(s, d.amount);
        s.paid = s.paid.map((p) => (p.end <= d.effectiveAt ? p : { ...p, upgrades: [...(p.upgrades ?? []), { at: d.effectiveAt > p.start ? d.effectiveAt : p.start, monthly }] }));
      }
      break;
    }
    case 'RenewalFailed': {
      const d = event.data;
      add(flows, `renewalFailed|${plan}`, 1);
      // A renewal of paid time that failed (Live until now): dunning, counted in MRR until it ends. Owing after a
      // refund or an unpaid resume is not a failed renewal.
      if (d.timeline && s.status === 'SUBSCRIPTION_STATUS_ACTIVE' && lastCoverageWasPaid(s, d.dueAt)) {
        const last = s.paid.reduce<PaidPeriod | undefined>((l, p) => (!l || p.end > l.end ? p : l), undefined);
        const monthly = d.timeline.configuration ? normalised(s, d.timeline.configuration.amount) : last ? lastMonthly(last) : normalised(s, s.amount);
        const month = monthOfDay(today);
        s.dunning = { monthly };
        s.episode = { month };
        add(flows, `dunningStarted|${month}`, 1);
      }
      break;
    }
    case 'OrderCaptured': {
      const d = event.data;
      add(flows, `captured|${plan}|${cur}`, d.amount);
      add(flows, `captures|${plan}`, 1);
      const billMonth = monthOfDay(today);
      if (d.credited) {
        s.credit += d.amount;
        s.items = [...s.items, { captureId: d.captureId, billMonth, amount: d.amount, credited: true, allocs: [] }];
        add(flows, `credit|${cur}`, d.amount);
        break;
      }
      const creditUsed = d.credit ?? 0;
      const revenue = d.amount + creditUsed;
      s.credit -= creditUsed;
      add(flows, `credit|${cur}`, -creditUsed);
      add(flows, `revenue|${plan}|${cur}`, revenue);
      let start = d.capturedAt;
      let end: string | undefined;
      if (d.purpose === 'period' && d.periodStart && d.periodEnd) {
        start = d.periodStart;
        end = d.periodEnd;
        s.paid = [...s.paid, { captureId: d.captureId, start: d.periodStart, end: d.periodEnd, monthly: normalised(s, d.configuration?.amount ?? s.amount) }];
      } else {
        // A balance pays the rest of the period running (at the higher price) — or, with no period running, nothing
        // still to serve: recognised at once.
        end = s.paid.find((p) => p.start <= d.capturedAt && d.capturedAt < p.end)?.end;
      }
      const first = dayOf(start);
      const alloc = allocation(first, end ? daysBetween(first, dayOf(end)) : 1, revenue, today);
      const item: RevenueItem = { captureId: d.captureId, billMonth, amount: d.amount, credited: false, ...(creditUsed ? { creditUsed } : {}), allocs: [alloc] };
      s.items = [...s.items, item];
      if (alloc.amount !== 0) recognition.push({ billMonth, allocation: alloc });
      if (s.trial && !s.trial.converted && d.purpose === 'period') {
        add(flows, `trialConverted|${s.trial.month}`, 1);
        s.trial = { ...s.trial, converted: true };
      }
      if (s.episode) {
        add(flows, `dunningRecovered|${s.episode.month}`, 1);
        s.dunning = undefined;
        s.episode = undefined;
      }
      break;
    }
    case 'PaymentRefunded': {
      const d = event.data;
      const kind = d.reversal ? 'reversed' : 'refunded';
      add(flows, `${kind}|${plan}|${cur}`, d.amount);
      add(flows, `${d.reversal ? 'reversals' : 'refunds'}|${plan}`, 1);
      // A payment older than finance keeps (KEPT_AFTER_END_MS): its money still comes out of revenue, today.
      let item = s.items.find((i) => i.captureId === d.captureId);
      if (!item) {
        item = { captureId: d.captureId, billMonth: monthOfDay(today), amount: d.amount, credited: false, allocs: [] };
        s.items = [...s.items, item];
      }
      let fromRevenue = d.amount;
      let target = item;
      if (item.credited) {
        // As the decider: refunding money that was account credit uses that credit up. What the credit no longer
        // holds was spent on paid time: it comes out of the revenue of the last payment that used credit.
        const credit = Math.max(0, s.credit - d.amount);
        add(flows, `credit|${cur}`, credit - s.credit);
        fromRevenue = d.amount - (s.credit - credit);
        s.credit = credit;
        if (fromRevenue === 0) break;
        target = [...s.items].reverse().find((i) => !i.credited && (i.creditUsed ?? 0) > 0) ?? item;
      }
      add(flows, `revenue|${plan}|${cur}`, -fromRevenue);
      // The refund comes out of what the capture still holds from today on, spread over the days it still runs;
      // beyond that, it takes back revenue today.
      const remaining = remainingFrom(target.allocs, today) - fromRevenue;
      const end = serviceEnd(target.allocs);
      const days = remaining > 0 && end && end > today ? daysBetween(today, end) : 1;
      const cut = respread(target.allocs, today, remaining, days, today);
      recognise({ item: { ...target, allocs: cut.allocs }, entries: cut.entries });
      break;
    }
    case 'PaidTimeEnded': {
      const d = event.data;
      const before = new Map(s.paid.map((p) => [p.captureId, p]));
      s.paid = paidTimeWithout(s.paid, d.captureId, d.endedAt);
      const after = new Map(s.paid.map((p) => [p.captureId, p]));
      for (const item of s.items) {
        if (item.credited) continue;
        const was = before.get(item.captureId);
        const now = after.get(item.captureId);
        // A cancelled subscription serves no more: nothing moves back into the future.
        if (item.captureId === d.captureId || (was && !now) || s.status === 'SUBSCRIPTION_STATUS_CANCEL') recognise(endService(item, today));
        else if (was && now && (was.start !== now.start || was.end !== now.end)) recognise(moveService(item, today, now.start, now.end));
      }
      break;
    }
    case 'PaymentDisputed': {
      const d = event.data;
      if (d.stage === 'CREATED') {
        add(flows, `disputes|${plan}`, 1);
        if (d.amount !== undefined) add(flows, `disputed|${plan}|${d.currency ?? cur}`, d.amount);
      }
      break;
    }
    default:
      break;
  }
  s.points = pointsAfter(prev.points, s, at);
  // Compacted once a payment is recorded (monthly, or so): enough to keep the document small.
  return { state: event.type === 'OrderCaptured' ? compacted(s, at) : s, flows, recognition };
}

/**
 * How long finance keeps a paid period, complimentary time or a payment's record after it ended: a later refund's
 * slot shift reads them (PayPal refunds a capture up to 180 days after it).
 */
const KEPT_AFTER_END_MS = 200 * DAY_MS;

/**
 * What can no longer change a figure is dropped, so a subscription's document stays small over years: MRR points
 * before the month before this one, the allocations of payments whose service is over (their record stays, for a
 * refund), periods and grants ended long ago (the last period stays).
 */
/** For a day: where MRR points may start, and what ended too long ago to keep (both the same all day). */
const cutsOfDay = new Map<string, { points: number; oldDay: string; oldMonth: string }>();
function cutsOf(today: string) {
  let cuts = cutsOfDay.get(today);
  if (!cuts) {
    const oldDay = dayOf(dayStartMs(today) - KEPT_AFTER_END_MS);
    cuts = { points: monthStartMs(previousMonth(monthOfDay(today))), oldDay, oldMonth: monthOfDay(oldDay) };
    if (cutsOfDay.size > 10_000) cutsOfDay.clear();
    cutsOfDay.set(today, cuts);
  }
  return cuts;
}

function compacted(s: SubscriptionFinance, at: string): SubscriptionFinance {
  const today = dayOf(at);
  const cuts = cutsOf(today);
  let out = s;
  if (s.points.length && s.points[0]![0] < cuts.points) {
    const { points, base } = prunePoints(s.points, s.base, cuts.points);
    out = { ...out, points, ...(base ? { base } : {}) };
  }
  let items = s.items;
  for (const i of s.items) {
    if (i.allocs.length === 0 ? i.billMonth < cuts.oldMonth : (serviceEnd(i.allocs) ?? today) <= today) {
      // Served (its allocations can no longer change a figure) or long forgotten: kept small, or dropped.
      items = s.items.filter((x) => x.allocs.length > 0 || x.billMonth >= cuts.oldMonth).map((x) => (x.allocs.length && (serviceEnd(x.allocs) ?? today) <= today ? { ...x, allocs: [] } : x));
      break;
    }
  }
  if (items !== s.items) out = { ...out, items };
  if (s.paid.length > 1 && s.paid[0]!.end < cuts.oldDay) {
    const last = s.paid[s.paid.length - 1];
    out = { ...out, paid: s.paid.filter((p) => p === last || p.end >= cuts.oldDay) };
  }
  if (s.complimentary.some((c) => c.end < cuts.oldDay)) out = { ...out, complimentary: s.complimentary.filter((c) => c.end >= cuts.oldDay) };
  return out;
}

/** The event types finance reads. */
export const FINANCE_EVENTS: ReadonlySet<string> = new Set([
  'SubscriptionCreated',
  'SubscriptionStatusChanged',
  'SubscriptionCancelled',
  'SubscriptionRemoved',
  'TrialStarted',
  'ComplimentaryGranted',
  'SubscriptionRevised',
  'RenewalFailed',
  'OrderCaptured',
  'PaymentRefunded',
  'PaidTimeEnded',
  'PaymentDisputed',
]);
