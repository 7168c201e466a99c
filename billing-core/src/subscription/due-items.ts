import { nextRetryOf, owesWithoutDunning, waitingSinceOf, waitsAfterTakenBack } from './dunning.js';
import { coverageOf, NO_END } from './entitlement.js';
import { pendingReminders } from './reminders.js';
import { capturingOrder, coveredUntil, type ExistingSubscription } from './state.js';
import type { ReminderKind } from '@relaycast/contracts';

/**
 * Due items: what the billing clock will do to a subscription, and when — a pure function of its state, kept by
 * the subscriptions read model as an index by time, run by the scheduler with the item's key as idempotency key.
 * Every subscription that owes something has one (a renewal, a retry, the suspension, the cancellation); so does
 * every money movement left in flight (checked with PayPal), every licence boundary, and credit on an ended one.
 */

export type DueKind =
  | 'scheduled-change'
  | 'cancel-at-period-end'
  | 'renewal'
  | 'dunning-retry'
  | 'suspend'
  | 'cancel-unpaid'
  | 'resume'
  | 'licence'
  | 'payment-check'
  | 'refund-credit'
  | 'end-taken-back'
  | 'reminder';

/** Something the billing clock does to a subscription when `at` has come; `key` makes doing it idempotent. */
export interface DueItem {
  kind: DueKind;
  at: string;
  key: string;
  /** A reminder's kind and what it is about (the trial's end, the renewal's due date, the licence's end). */
  reminder?: { kind: ReminderKind; dueAt: string };
}

/** How long a capture or a saved-wallet charge may stay in flight before the clock asks PayPal how it ended. */
export const PAYMENT_CHECK_AFTER_MS = 10 * 60 * 1000;

/** Same instant: a change of plan first (the renewal charges the new price), a cancellation before a renewal. */
const ORDER: DueKind[] = ['payment-check', 'end-taken-back', 'scheduled-change', 'cancel-at-period-end', 'licence', 'renewal', 'dunning-retry', 'suspend', 'cancel-unpaid', 'resume', 'refund-credit', 'reminder'];

const later = (at: string, ms: number) => new Date(Date.parse(at) + ms).toISOString();

/** Everything timed that is waiting on this subscription, the earliest first. */
export function dueItemsOf(s: ExistingSubscription): DueItem[] {
  if (s.removed) return [];
  const items: DueItem[] = [];
  const add = (kind: DueKind, at: string, key: string) => items.push({ kind, at, key: `${key}-${s.id}-${at}` });
  // A money movement left in flight is settled with PayPal, whatever became of the subscription meanwhile.
  const inFlight = s.charge ?? (capturingOrder(s) ? s.orders[capturingOrder(s)!]!.capturing : undefined);
  if (inFlight) items.push({ kind: 'payment-check', at: later(inFlight.startedAt, PAYMENT_CHECK_AFTER_MS), key: `payment-check-${s.id}-${inFlight.requestId}` });
  // Money that moved must end as paid time or go back: credit left on a cancelled subscription is refunded, and so
  // are refunds a cancellation owes that were not made (an administrator's request that crashed half-way).
  if (s.status === 'SUBSCRIPTION_STATUS_CANCEL') {
    const owed = s.credit + s.books.items.reduce((sum, i) => sum + i.due, 0);
    if (owed > 0) add('refund-credit', s.cancelledAt ?? s.periodEnd ?? s.startDate ?? '2000-01-01T00:00:00.000Z', `refund-credit-${owed}`);
    return sorted(items);
  }
  // Waiting after a refund took the money back (older streams): nothing is owed; the clock ends it, nothing else.
  if (waitsAfterTakenBack(s)) {
    add('end-taken-back', s.waitingSince ?? s.periodEnd ?? s.startDate ?? '2000-01-01T00:00:00.000Z', 'end-taken-back');
    return sorted(items);
  }
  if (s.status === 'SUBSCRIPTION_STATUS_PAUSE') {
    if (s.pause?.reason === 'NON_PAYMENT' && s.dunning) add('cancel-unpaid', s.dunning.timeline.cancelAt, 'cancel-unpaid');
    if (s.pause?.resumeAt) add('resume', s.pause.resumeAt, 'resume');
    return sorted(items);
  }
  if (s.scheduledChange) add('scheduled-change', s.scheduledChange.effectiveAt, 'scheduled-change');
  if (s.cancelAt) add('cancel-at-period-end', s.cancelAt, 'cancel');
  // The next covered time is at other limits: its licence is issued when it starts.
  const licence = s.licence;
  if (licence && !licence.revoked && licence.validUntil !== NO_END) {
    const next = coverageOf(s).find((c) => c.start <= licence.validUntil && licence.validUntil < c.end);
    if (next) add('licence', licence.validUntil, 'licence');
  }
  const covered = coveredUntil(s);
  const billed = s.plan.billingMonths > 0 && (s.amount > 0 || (s.scheduledChange?.amount ?? 0) > 0);
  if (s.status === 'SUBSCRIPTION_STATUS_ACTIVE' && billed && covered && !s.cancelAt) add('renewal', covered, 'renewal');
  if (s.status === 'SUBSCRIPTION_STATUS_WAIT_PAYMENT' && s.dunning) {
    const { timeline, attempts } = s.dunning;
    const retry = nextRetryOf(s.dunning);
    if (retry !== undefined && retry <= timeline.suspendAt) items.push({ kind: 'dunning-retry', at: retry, key: `renewal-${s.id}-${timeline.dueAt}-retry-${attempts}` });
    add('suspend', timeline.suspendAt, 'suspend');
  }
  // Waiting for payment after having been covered, with no dunning (resumed unpaid, paid time taken back): it starts.
  const waiting = owesWithoutDunning(s) ? waitingSinceOf(s) : undefined;
  if (waiting && billed) add('renewal', waiting, 'renewal');
  // Reminders ahead of the trial's end, an annual renewal, a licence that ends with the subscription (reminders.ts).
  for (const r of pendingReminders(s)) {
    items.push({ kind: 'reminder', at: r.at, key: `reminder-${r.reminder.toLowerCase().replace('_', '-')}-${s.id}-${r.dueAt}`, reminder: { kind: r.reminder, dueAt: r.dueAt } });
  }
  return sorted(items);
}

/** The next thing the clock will do to the subscription itself (what account pages show: reminders left out). */
export function nextBillingItem(s: ExistingSubscription): DueItem | null {
  return dueItemsOf(s).find((item) => item.kind !== 'reminder') ?? null;
}

function sorted(items: DueItem[]): DueItem[] {
  return items.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind)));
}

/** The next thing the clock will do, or null. */
export function nextDueItem(s: ExistingSubscription): DueItem | null {
  return dueItemsOf(s)[0] ?? null;
}
