import { ValidationError, type Configuration, type OrderTax } from '@relaycast/contracts';
import { addMonths } from '../calendar/index.js';
import { configurationAt, configurationOf, coveredUntil, grantedTime, paidThrough, pausedForNonPayment, type ExistingSubscription, type GrantedTime } from './state.js';

/**
 * The billing policy's arithmetic that the decider, the workflows and the read model share: what is due now and
 * for what, where a period starts and ends, prorations. Pure functions of a subscription's state and a time (which
 * comes from the command's metadata, never from a clock here).
 */

/** What the next payment is: its purpose, what it buys, the credit it uses and the money asked from PayPal. */
export interface Due {
  purpose: 'period' | 'balance';
  configuration: Configuration;
  /** What it costs: a billing period of `configuration`, or the pending change's balance — with its tax once priced. */
  gross: number;
  /** Account credit used towards it. */
  credit: number;
  /** What PayPal is asked for: gross less credit. */
  amount: number;
  /** Its tax, once `priced` (the catalogue's price is net; a subscription bought before taxes has it inside). */
  tax?: OrderTax;
  /** The period a `period` payment buys, as it would be if paid at `now`. */
  periodStart?: string;
  periodEnd?: string;
}

/**
 * Where a period paid at `now` starts. Live: where the covered time ends (paid ahead, a trial, a renewal processed
 * late). In dunning, before the suspension: at the due date (the grace was used), unless the configuration changed
 * since (the overdue time was used at the old one, which this payment does not buy). Otherwise: now (a new anchor).
 */
export function nextPeriodStart(s: ExistingSubscription, now: string): string {
  const covered = coveredUntil(s);
  const revisedAfter = (at: string) => s.revisedAt !== undefined && s.revisedAt > at;
  if (covered !== undefined && covered > now) return covered;
  if (s.status === 'SUBSCRIPTION_STATUS_ACTIVE' && covered !== undefined && !revisedAfter(covered)) return covered;
  const dunning = s.dunning?.timeline;
  if (s.status === 'SUBSCRIPTION_STATUS_WAIT_PAYMENT' && dunning && now < dunning.suspendAt && !revisedAfter(dunning.dueAt)) return dunning.dueAt;
  return now;
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

/**
 * What is due now, or null when nothing is. A pending change's balance comes first while the covered time it
 * prorates over still runs (paid periods, the trial, a complimentary grant); otherwise the next billing period of the
 * configuration that will be in force then (a scheduled downgrade, a lapsed pending change, or the one in force).
 */
export function dueOf(s: ExistingSubscription, now: string): Due | null {
  if (s.removed || s.status === 'SUBSCRIPTION_STATUS_CANCEL' || (s.status === 'SUBSCRIPTION_STATUS_PAUSE' && !pausedForNonPayment(s))) return null;
  if (s.plan.billingMonths === 0) return null;
  const withCredit = (d: Omit<Due, 'credit' | 'amount'>): Due => {
    const credit = Math.min(s.credit, d.gross);
    return { ...d, credit, amount: d.gross - credit };
  };
  if (s.pendingChange && s.status === 'SUBSCRIPTION_STATUS_ACTIVE' && (coveredUntil(s) ?? '') > now) {
    const { balance: _requested, requestedAt: _at, ...configuration } = s.pendingChange;
    // Prorated when it is paid, over the covered time as it stands then (Stripe prorates at invoice time): time that
    // ran meanwhile is not charged, and covered time added since (a complimentary grant) is charged with the rest —
    // the raise applies to all covered time from its payment on.
    const balance = prorateRise(s, configuration.amount, now) + prorateGrantedRise(s, configuration.amount, now);
    if (balance > 0) return withCredit({ purpose: 'balance', configuration, gross: balance });
  }
  const change = s.scheduledChange ?? s.pendingChange;
  const configuration = change ? { modules: change.modules, quantity: change.quantity, amount: change.amount } : configurationOf(s);
  if (configuration.amount === 0) return null;
  const periodStart = nextPeriodStart(s, now);
  return withCredit({ purpose: 'period', configuration, gross: configuration.amount, periodStart, periodEnd: periodEndFrom(s, periodStart) });
}

/**
 * What is due with its tax (decided by the payment workflows from the seller's rules and the customer's billing details,
 * docs/tax.md): the catalogue's price is net and the tax is added on top — or, for a subscription bought before taxes
 * (`taxPricing` absent, until its plan changes), the tax is inside the price it kept. The tax must be of that price;
 * credit is spent on the total. Without a tax: what is due as it is.
 */
export function priced(due: Due | null, tax: OrderTax | undefined, s: Pick<ExistingSubscription, 'credit' | 'taxPricing'>): Due | null {
  if (!due || !tax) return due;
  const included = s.taxPricing !== 'net';
  const price = included ? tax.total : tax.amount;
  if (price !== due.gross || tax.amount + tax.tax !== tax.total || (tax.included === true) !== included) {
    throw ValidationError.field('tax', `is not the tax of what is due (${due.gross} cents ${included ? 'tax included' : 'before tax'})`);
  }
  const credit = Math.min(s.credit, tax.total);
  return { ...due, gross: tax.total, credit, amount: tax.total - credit, tax };
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

/** A billing period's share of a stretch of granted time: [start, end) inside it, and the whole period's length. */
export interface GrantedSlot {
  start: string;
  end: string;
  /** The billing period's length in ms, from its start (a 7-day trial is 7 days of a month, not a month). */
  length: number;
}

/**
 * The billing periods a stretch of granted time (a trial, a complimentary grant) spans, counted from its start as
 * if it were paid (monthly: Mar 1 → Apr 1 → May 1…; the last cut at the stretch's end), each with its full length.
 */
export function grantedSlots(billingMonths: number, g: Pick<GrantedTime, 'start' | 'end'>): GrantedSlot[] {
  const out: GrantedSlot[] = [];
  if (billingMonths <= 0 || !(g.end > g.start)) return out;
  for (let k = 0; ; k++) {
    const from = addMonths(g.start, k * billingMonths);
    if (from >= g.end) break;
    const to = addMonths(g.start, (k + 1) * billingMonths);
    out.push({ start: from, end: to < g.end ? to : g.end, length: Date.parse(to) - Date.parse(from) });
  }
  return out;
}

/**
 * The balance of raising the trial and complimentary time still to run after `now` to a configuration priced
 * `targetAmount` per billing period: for each billing period of each stretch, what the target costs beyond the
 * configuration that stretch covers now, times the part of that period still to run over the period's whole length,
 * rounded up to the cent (a 7-day trial with 4 days left costs 4/31 of a month's difference in March, never a
 * month). Granted time never paid for a raise: its raise is paid like a paid period's.
 */
export function prorateGrantedRise(s: ExistingSubscription, targetAmount: number, now: string): number {
  const at = Date.parse(now);
  let balance = 0;
  for (const g of grantedTime(s)) {
    if (g.end <= now) continue;
    const difference = targetAmount - configurationAt(g, g.start > now ? g.start : now).amount;
    if (difference <= 0) continue;
    for (const slot of grantedSlots(s.plan.billingMonths, g)) {
      const end = Date.parse(slot.end);
      if (end <= at || !(slot.length > 0)) continue;
      balance += Math.ceil((difference * (end - Math.max(at, Date.parse(slot.start)))) / slot.length);
    }
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
