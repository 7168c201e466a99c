import type { Configuration } from '@relaycast/contracts';
import { addMonths } from '../pricing/proration.js';
import { configurationOf, paidThrough, type ExistingSubscription } from './state.js';

/**
 * The payment rules that both the decider and the read model need: what is due now, and for what. Pure functions
 * of a subscription's state and the time (which comes from the command's metadata, never from a clock here).
 */

/** What the next payment is: its purpose, what it buys, the credit it uses and the money asked from PayPal. */
export interface Due {
  purpose: 'period' | 'balance';
  configuration: Configuration;
  /** What it costs: a billing period of `configuration`, or the pending change's balance. */
  gross: number;
  /** Account credit used towards it. */
  credit: number;
  /** What PayPal is asked for: gross less credit. */
  amount: number;
  /** The period a `period` payment buys, as it would be if paid at `now`. */
  periodStart?: string;
  periodEnd?: string;
}

export { paidThrough } from './state.js';

/** Paid time still running at `now` (the current period, and any period paid ahead). */
export function hasPaidTimeRunning(s: Pick<ExistingSubscription, 'paid'>, now: string): boolean {
  return s.paid.some((p) => p.end > now);
}

/** The end of the time the customer may use now without paying: paid periods, or the trial. */
export function coveredUntil(s: Pick<ExistingSubscription, 'paid' | 'trialEndDate'>): string | undefined {
  const paid = paidThrough(s);
  if (paid === undefined) return s.trialEndDate;
  return s.trialEndDate !== undefined && s.trialEndDate > paid ? s.trialEndDate : paid;
}

/**
 * Does the next paid period continue the covered time without a gap? Yes while Live (a renewal processed late still
 * starts where the paid time ended) and while dunning has not suspended the subscription: the grace period was used.
 * Not after the configuration changed since: the overdue time was used at the old one, which this payment does not buy.
 */
export function continuesCoveredTime(s: ExistingSubscription, now: string): boolean {
  const covered = coveredUntil(s);
  if (covered !== undefined && s.revisedAt !== undefined && s.revisedAt > covered) return false;
  if (s.status === 'SUBSCRIPTION_STATUS_ACTIVE') return true;
  return s.status === 'SUBSCRIPTION_STATUS_WAIT_PAYMENT' && s.dunning !== undefined && now < s.dunning.timeline.suspendAt;
}

/** Where a period paid at `now` starts: where the covered time ends (paid ahead, a trial, a renewal), or now after a gap. */
export function nextPeriodStart(s: ExistingSubscription, now: string): string {
  const covered = coveredUntil(s);
  return covered !== undefined && (covered > now || continuesCoveredTime(s, now)) ? covered : now;
}

/**
 * The end of the billing period that starts at `start`, anchored to the subscription's first paid date: periods end
 * on the anchor's day of the month, clamped to the month's end (Jan 31 → Feb 28/29 → Mar 31), in UTC. A period that
 * starts after a gap (or the first) anchors the ones after it.
 */
export function periodEndFrom(s: ExistingSubscription, start: string): string {
  const anchor = s.anchor !== undefined && paidThrough(s) === start ? s.anchor : start;
  for (let k = 1; ; k++) {
    const end = addMonths(anchor, k * s.plan.billingMonths);
    if (end > start) return end;
  }
}

/** Paused for non-payment: the customer may still pay, and paying resumes it. */
export const pausedForNonPayment = (s: ExistingSubscription): boolean => s.status === 'SUBSCRIPTION_STATUS_PAUSE' && s.pause?.reason === 'NON_PAYMENT';

/** Orders that PayPal may still be asked to capture (open, or held as pending by PayPal). */
export function openOrders(s: ExistingSubscription): string[] {
  return Object.entries(s.orders)
    .filter(([, o]) => o.status === 'open' || o.status === 'pending')
    .map(([id]) => id);
}

/**
 * What is due now, or null when nothing is. A pending change's balance comes first while the paid time it
 * prorates over still runs; otherwise the next billing period of the configuration that will be in force then
 * (a scheduled downgrade, a lapsed pending change, or the one in force).
 */
export function dueOf(s: ExistingSubscription, now: string): Due | null {
  if (s.removed || s.status === 'SUBSCRIPTION_STATUS_CANCEL' || (s.status === 'SUBSCRIPTION_STATUS_PAUSE' && !pausedForNonPayment(s))) return null;
  if (s.plan.billingMonths === 0) return null;
  const withCredit = (d: Omit<Due, 'credit' | 'amount'>): Due => {
    const credit = Math.min(s.credit, d.gross);
    return { ...d, credit, amount: d.gross - credit };
  };
  if (s.pendingChange && s.status === 'SUBSCRIPTION_STATUS_ACTIVE' && hasPaidTimeRunning(s, now)) {
    const { balance, requestedAt: _at, ...configuration } = s.pendingChange;
    return withCredit({ purpose: 'balance', configuration, gross: balance });
  }
  const change = s.scheduledChange ?? s.pendingChange;
  const configuration = change ? { modules: change.modules, quantity: change.quantity, amount: change.amount } : configurationOf(s);
  if (configuration.amount === 0) return null;
  const periodStart = nextPeriodStart(s, now);
  return withCredit({ purpose: 'period', configuration, gross: configuration.amount, periodStart, periodEnd: periodEndFrom(s, periodStart) });
}

/** What the subscription view shows as owing now: the pending balance, or the next period (0 when nothing is due). */
export function amountDue(s: ExistingSubscription, now: string): { amount: number; purpose: 'period' | 'balance' } {
  const due = dueOf(s, now);
  return due ? { amount: due.amount, purpose: due.purpose } : { amount: 0, purpose: 'period' };
}

/**
 * The balance of moving to a configuration priced `targetAmount` per billing period, for the paid time still to run
 * after `now`: each running paid period contributes what the target costs beyond what that period was paid for,
 * times its share still to run, rounded up to the cent (never a fraction of a cent of service unpaid). Priced per
 * period, so a period paid ahead at a lower price (a scheduled downgrade) is charged its own difference.
 */
export function prorateRise(s: Pick<ExistingSubscription, 'paid'>, targetAmount: number, now: string): number {
  const at = Date.parse(now);
  let balance = 0;
  for (const p of s.paid) {
    const start = Date.parse(p.start);
    const end = Date.parse(p.end);
    const difference = targetAmount - p.amount;
    if (!(end > start) || end <= at || difference <= 0) continue;
    balance += Math.ceil((difference * (end - Math.max(at, start))) / (end - start));
  }
  return balance;
}

/**
 * When a downgrade takes effect: at the end of the paid time, or earlier, at the start of a period paid ahead for
 * less than the configuration now in force (it was bought for an earlier downgrade), which must not run at the
 * higher configuration.
 */
export function downgradeDate(s: Pick<ExistingSubscription, 'paid'>, inForceAmount: number, now: string): string | undefined {
  const cheaperAhead = s.paid.filter((p) => p.start > now && p.amount < inForceAmount).map((p) => p.start).sort()[0];
  return cheaperAhead ?? paidThrough(s);
}

export function sameConfiguration(a: Configuration, b: Configuration | undefined): boolean {
  if (!b) return false;
  return a.quantity === b.quantity && a.amount === b.amount && JSON.stringify(a.modules) === JSON.stringify(b.modules);
}
