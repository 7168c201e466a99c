import { SubscriptionEventSchemas, type AnyEvent, type EventEnvelope } from '@relaycast/contracts';
import {
  dayOf,
  forEachEntry,
  exists,
  monthOfDay,
  monthStartMs,
  moneyHeld,
  paidConfigurationAt,
  paidThrough,
  previousMonth,
  subscriptionDecider,
  type BookItem,
  type ExistingSubscription,
  type RecognitionEntry,
  type SubscriptionEvent,
} from '@relaycast/billing-core';
import { prunePoints, type MrrBase, type MrrPoints } from './mrr.js';

/**
 * What finance keeps of one subscription: the subscription itself as its decider folds it — its books included
 * (billing-core/src/books: what each payment paid for and how its money is recognised) — and finance's own
 * figures over it: the MRR points, the trial's month and the dunning episode. Finance keeps no copy of the
 * decider's state of its own: money and time are read from the books, MRR from the paid periods (the events that
 * change neither are not read: FINANCE_EVENTS).
 */
export type Book = 'real' | 'demo';

export interface SubscriptionFinance {
  book: Book;
  state: ExistingSubscription;
  /** The trial: the month it started in (trials started), and whether it converted (paid). */
  trial?: { month: string; converted: boolean };
  /** A renewal of paid time failed and is not paid yet (paused for it included): the month it failed. */
  episode?: { month: string };
  /** Waiting for payment in dunning after paid time: what it counts for in MRR (Stripe counts past-due subscriptions). */
  pastDue?: { monthly: number };
  points: MrrPoints;
  /** Where `points` begin, once older ones were dropped. */
  base?: MrrBase;
}

/** What one event changed: flows on its day, and revenue recognised or taken back (all known on that day). */
export interface FinanceStep {
  state: SubscriptionFinance;
  /** metric key → amount, on the event's day. */
  flows: Map<string, number>;
  /** Recognition entries to add (or take back), by the month the money was billed in. */
  recognition: { billMonth: string; entries: RecognitionEntry[] }[];
}

const normalised = (s: ExistingSubscription, amount: number) => (s.plan.billingMonths > 0 ? Math.round(amount / s.plan.billingMonths) : 0);

type Paid = ExistingSubscription['paid'][number];
const monthlyAt = (s: ExistingSubscription, p: Paid, at: string) => normalised(s, paidConfigurationAt(p, at).amount);
/** What a period ran at last (its configuration just before its end). */
const lastMonthly = (s: ExistingSubscription, p: Paid) => normalised(s, paidConfigurationAt(p, new Date(Date.parse(p.end) - 1).toISOString()).amount);

/** Was the last time covered before `at` paid for (not a trial, not complimentary)? */
function lastCoverageWasPaid(s: ExistingSubscription, at: string): boolean {
  const paidEnd = paidThrough(s);
  if (paidEnd === undefined) return false;
  const others = [s.trialEndDate, ...s.complimentary.map((c) => c.end)].filter((e): e is string => e !== undefined && e <= at);
  return others.every((e) => e <= paidEnd);
}

/**
 * MRR at `at` as the state stands (statuses change only by events; periods, complimentary time and the trial by
 * the clock). Stripe's definitions: Live subscriptions in paid time and those in dunning after a failed renewal
 * count their configuration's price normalised to a month; trials, free plans, complimentary time, subscriptions
 * waiting for a first payment, paused or cancelled ones count 0. After its last covered time a Live subscription
 * keeps its value until an event says what became of the renewal (the scheduler writes one at once).
 */
export function mrrAt(f: SubscriptionFinance, at: string): number {
  const s = f.state;
  if (s.removed || s.plan.billingMonths <= 0) return 0;
  if (s.status === 'SUBSCRIPTION_STATUS_WAIT_PAYMENT') return f.pastDue?.monthly ?? 0;
  if (s.status !== 'SUBSCRIPTION_STATUS_ACTIVE') return 0;
  const running = s.paid.find((p) => p.start <= at && at < p.end);
  if (running) return monthlyAt(s, running, at);
  if (s.complimentary.some((c) => c.start <= at && at < c.end)) return 0;
  if (s.trialStartDate && s.trialEndDate && s.trialStartDate <= at && at < s.trialEndDate) return 0;
  // After every covered time: what the last covered time was.
  let lastEnd = '';
  let last: Paid | undefined;
  for (const p of s.paid) {
    if (p.end <= at && p.end > lastEnd && p.end > p.start) {
      lastEnd = p.end;
      last = p;
    }
  }
  // What it ran at is read once, for the last period only (every event reads this: the paid periods only grow).
  let value = last ? lastMonthly(s, last) : 0;
  for (const c of s.complimentary) if (c.end <= at && c.end >= lastEnd) [lastEnd, value] = [c.end, 0];
  if (s.trialEndDate && s.trialEndDate <= at && s.trialEndDate >= lastEnd) value = 0;
  return value;
}

/** The points of MRR from `at` on, as the state stands (the times where periods, grants and the trial begin or end). */
export function forwardPoints(f: SubscriptionFinance, at: string): MrrPoints {
  const s = f.state;
  const times: string[] = [at];
  const later = (t: string | undefined) => {
    if (t !== undefined && t > at) times.push(t);
  };
  for (const p of s.paid) {
    if (p.end <= at) continue;
    later(p.start);
    later(p.end);
    for (const u of p.upgrades ?? []) {
      later(u.at);
      later(u.until);
    }
  }
  for (const c of s.complimentary) {
    if (c.end <= at) continue;
    later(c.start);
    later(c.end);
  }
  if (s.trialEndDate && s.trialEndDate > at) {
    later(s.trialStartDate);
    later(s.trialEndDate);
  }
  if (times.length > 2) times.sort();
  const points: MrrPoints = [];
  for (const t of times) {
    const value = mrrAt(f, t);
    if (points.length === 0 || points[points.length - 1]![1] !== value) points.push([Date.parse(t), value]);
  }
  return points;
}

/** The subscription's MRR points after an event at `at`: those before it kept, the rest as the new state says. */
export function pointsAfter(previous: MrrPoints, f: SubscriptionFinance, at: string): MrrPoints {
  const ms = Date.parse(at);
  let cut = previous.length;
  while (cut > 0 && previous[cut - 1]![0] >= ms) cut--;
  const forward = forwardPoints(f, at);
  const lastKept = cut > 0 ? previous[cut - 1]![1] : 0;
  const added = forward.length && forward[0]![1] === lastKept ? forward.slice(1) : forward;
  // Unchanged (most events): the same array, so nothing downstream recomputes.
  if (added.length === previous.length - cut && added.every(([t, v], i) => previous[cut + i]![0] === t && previous[cut + i]![1] === v)) return previous;
  return [...previous.slice(0, cut), ...added];
}

function add(flows: Map<string, number>, key: string, amount: number) {
  if (amount !== 0) flows.set(key, (flows.get(key) ?? 0) + amount);
}

/** A new subscription's finance: its first event folded, in its book (demo payments keep their own). */
export function createdFinance(raw: EventEnvelope): SubscriptionFinance | null {
  const state = subscriptionDecider.evolve(subscriptionDecider.initialState(), { type: raw.type, data: raw.data } as SubscriptionEvent);
  return exists(state) ? { book: raw.metadata.demo === true ? 'demo' : 'real', state, points: [] } : null;
}

const entriesByDay = (item: BookItem | undefined) => {
  const days = new Map<string, number>();
  const add = (day: string, amount: number) => days.set(day, (days.get(day) ?? 0) + amount);
  for (const a of item?.allocs ?? []) forEachEntry(a, add);
  return days;
};

/**
 * The revenue an event recognises or takes back, from the books: each item whose allocation changed, the days it
 * now holds less what it held (a day already recognised never changes, so these are days from the event's on), and
 * the money given back out of revenue already recognised, taken back on the day. By the month the money was billed.
 */
function recognitionOf(before: ExistingSubscription, after: ExistingSubscription, today: string): FinanceStep['recognition'] {
  if (before.books === after.books) return [];
  // Items an evolve did not replace are the same objects in the same places: only the others are looked up.
  const out: FinanceStep['recognition'] = [];
  const was = before.books.items;
  const items = after.books.items;
  let byId: Map<string, BookItem> | undefined;
  for (let k = 0; k < items.length; k++) {
    const item = items[k]!;
    if (was[k] === item) continue;
    // By id (a Map compares ids by their hash first: cheaper than comparing strings one by one).
    byId ??= new Map(was.map((i) => [i.captureId, i]));
    const old = byId.get(item.captureId);
    if (old === item || (old && old.allocs === item.allocs && old.fromRevenue === item.fromRevenue)) continue;
    const days = entriesByDay(item);
    for (const [day, amount] of entriesByDay(old)) days.set(day, (days.get(day) ?? 0) - amount);
    const takenBack = item.fromRevenue - (old?.fromRevenue ?? 0);
    if (takenBack !== 0) days.set(today, (days.get(today) ?? 0) - takenBack);
    const entries: RecognitionEntry[] = [];
    for (const [day, amount] of days) if (amount !== 0) entries.push({ day, amount });
    if (entries.length) out.push({ billMonth: monthOfDay(dayOf(item.capturedAt)), entries });
  }
  return out;
}

/** Did an event move money: the books or the account credit changed (every other event leaves both as they were)? */
export const moneyMoved = (before: ExistingSubscription, after: ExistingSubscription): boolean => before.books !== after.books || before.credit !== after.credit;

/**
 * The book items an event replaced, as [before, after] (undefined where there was none): an evolve keeps every other
 * item as the same object in its place, so sums over the items change only by these — an event costs its own items,
 * not the subscription's whole history.
 */
function replacedItems(before: ExistingSubscription, after: ExistingSubscription): [BookItem | undefined, BookItem | undefined][] {
  const was = before.books.items;
  const now = after.books.items;
  const out: [BookItem | undefined, BookItem | undefined][] = [];
  if (was === now) return out;
  for (let k = 0; k < Math.max(was.length, now.length); k++) if (was[k] !== now[k]) out.push([was[k], now[k]]);
  return out;
}
/** How a sum over the items changed: the sum after less the sum before, whatever the items' order. */
function itemsDelta(replaced: readonly [BookItem | undefined, BookItem | undefined][], of: (i: BookItem) => number): number {
  let delta = 0;
  for (const [a, b] of replaced) {
    if (b) delta += of(b);
    if (a) delta -= of(a);
  }
  return delta;
}
type Replaced = ReturnType<typeof replacedItems>;
/** What is owed to the customer: account credit and refunds a cancellation owes (a liability, never revenue). */
const owedChange = (before: ExistingSubscription, after: ExistingSubscription, r: Replaced) => after.credit - before.credit + itemsDelta(r, (i) => i.due);
/** Money kept for service (billed revenue): what every payment still holds for what it paid for. */
const billedChange = (r: Replaced) => itemsDelta(r, moneyHeld);
/** Tax charged with the payments (a tax authority's money, never revenue), and what of it went back with money given back. */
const taxChargedChange = (r: Replaced) => itemsDelta(r, (i) => i.tax?.amount ?? 0);
const taxReturnedChange = (r: Replaced) => itemsDelta(r, (i) => i.tax?.back ?? 0);

/**
 * One event's effect on a subscription's finance: its new state (MRR points included), the day's flows and the
 * revenue recognised or taken back. Pure.
 */
export function stepFinance(prev: SubscriptionFinance, raw: EventEnvelope): FinanceStep {
  const event = raw as AnyEvent;
  const at = raw.occurredAt;
  const today = dayOf(at);
  const flows = new Map<string, number>();
  const before = prev.state;
  const next = subscriptionDecider.evolve(before, { type: raw.type, data: raw.data } as SubscriptionEvent);
  const after = exists(next) ? next : before;
  const f: SubscriptionFinance = { ...prev, state: after };
  const plan = before.plan.plan_id;
  const cur = before.currency;

  switch (event.type) {
    case 'SubscriptionStatusChanged':
      if (event.data.to !== 'SUBSCRIPTION_STATUS_WAIT_PAYMENT' || event.data.cause === 'PAYMENT_TAKEN_BACK') delete f.pastDue;
      break;
    case 'SubscriptionCancelled':
      delete f.pastDue;
      delete f.episode;
      break;
    case 'TrialStarted': {
      const month = monthOfDay(dayOf(event.data.trialStartDate));
      f.trial = { month, converted: false };
      add(flows, `trialStarted|${month}`, 1);
      break;
    }
    case 'RenewalFailed': {
      const d = event.data;
      add(flows, `renewalFailed|${plan}`, 1);
      // A renewal of paid time that failed (Live until now): dunning, counted in MRR until it ends. Owing after an
      // unpaid resume is not a failed renewal.
      if (d.timeline && before.status === 'SUBSCRIPTION_STATUS_ACTIVE' && lastCoverageWasPaid(before, d.dueAt)) {
        const last = before.paid.reduce<Paid | undefined>((l, p) => (!l || p.end > l.end ? p : l), undefined);
        const monthly = d.timeline.configuration ? normalised(before, d.timeline.configuration.amount) : last ? lastMonthly(before, last) : normalised(before, before.amount);
        const month = monthOfDay(today);
        f.episode = { month };
        f.pastDue = { monthly };
        add(flows, `dunningStarted|${month}`, 1);
      }
      break;
    }
    case 'OrderCaptured': {
      const d = event.data;
      add(flows, `captured|${plan}|${cur}`, d.amount);
      add(flows, `captures|${plan}`, 1);
      if (!d.credited && f.trial && !f.trial.converted && d.purpose === 'period') {
        add(flows, `trialConverted|${f.trial.month}`, 1);
        f.trial = { ...f.trial, converted: true };
      }
      if (!d.credited && f.episode) {
        add(flows, `dunningRecovered|${f.episode.month}`, 1);
        delete f.episode;
        delete f.pastDue;
      }
      break;
    }
    case 'PaymentRefunded': {
      const d = event.data;
      add(flows, `${d.reversal ? 'reversed' : 'refunded'}|${plan}|${cur}`, d.amount);
      add(flows, `${d.reversal ? 'reversals' : 'refunds'}|${plan}`, 1);
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
  // Money, from the books: what it pays for service (revenue billed) and what is owed to the customer (credit).
  if (moneyMoved(before, after)) {
    const replaced = replacedItems(before, after);
    add(flows, `revenue|${plan}|${cur}`, billedChange(replaced));
    add(flows, `credit|${cur}`, owedChange(before, after, replaced));
    add(flows, `tax|${cur}`, taxChargedChange(replaced));
    add(flows, `taxBack|${cur}`, taxReturnedChange(replaced));
  }
  // Most events (an order, a licence, a reminder) change nothing MRR reads: the points stand as they are.
  const mrrMoved = before.status !== after.status || before.removed !== after.removed || before.paid !== after.paid || before.complimentary !== after.complimentary ||
    before.trialEndDate !== after.trialEndDate || prev.pastDue !== f.pastDue;
  f.points = mrrMoved ? pointsAfter(prev.points, f, at) : prev.points;
  // Compacted once a payment is recorded (monthly, or so): MRR points no figure can change any more are dropped.
  return { state: event.type === 'OrderCaptured' ? compacted(f, at) : f, flows, recognition: recognitionOf(before, after, today) };
}

/** MRR points before the month before an event's month can no longer change a figure: dropped, their base kept. */
function compacted(f: SubscriptionFinance, at: string): SubscriptionFinance {
  const cut = monthStartMs(previousMonth(monthOfDay(dayOf(at))));
  if (!f.points.length || f.points[0]![0] >= cut) return f;
  const { points, base } = prunePoints(f.points, f.base, cut);
  return { ...f, points, ...(base ? { base } : {}) };
}

/**
 * Subscription events that change nothing finance reads — neither money (the books, the account credit, the paid
 * periods) nor what MRR reads (status, the trial, complimentary time, removal) — and that no event it reads depends
 * on for those: orders and their attempts, saved wallets, licences, reminders, descriptive details, a cancellation
 * asked for the end of the paid time. Finance folds every other event with the decider's own evolve; these it does
 * not read at all (a rebuild reads about half the log).
 */
const NOT_READ_BY_FINANCE: ReadonlySet<string> = new Set([
  'PaymentOrdered', 'PaymentOrderSuperseded', 'PaymentPending', 'PaymentRejected', 'PaymentCaptureStarted', 'PaymentCaptureFailed',
  'SavedWalletChargeStarted', 'SavedWalletChargeDeclined', 'PaymentMethodVaulted', 'PaymentMethodChanged',
  'SubscriptionUpdated', 'LicenceIssued', 'LicenceRevoked', 'ReminderFellDue', 'CancellationScheduled', 'CancellationWithdrawn',
]);

/** The event types finance reads. */
export const FINANCE_EVENTS: ReadonlySet<string> = new Set(Object.keys(SubscriptionEventSchemas).filter((type) => !NOT_READ_BY_FINANCE.has(type)));
