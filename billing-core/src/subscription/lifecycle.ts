import type { DunningTimeline } from '@relaycast/contracts';
import { coveredUntil } from './payments.js';
import type { ExistingSubscription } from './state.js';

/**
 * Time in a subscription's life: the billing policy, the anchored billing periods, and the due items the billing
 * clock acts on. Pure functions of state and a time; the clock itself lives with the scheduler.
 */

export interface BillingPolicy {
  /** Days after the due date on which a failed payment is tried again (DUNNING_SCHEDULE). */
  retryDays: number[];
  /** Days after the due date the licence stays valid unpaid; paused (licence suspended) then (LICENCE_GRACE_DAYS). */
  graceDays: number;
  /** Days after the suspension a still unpaid subscription is cancelled (DUNNING_CANCEL_AFTER_DAYS). */
  cancelAfterDays: number;
}

export const DEFAULT_BILLING_POLICY: BillingPolicy = { retryDays: [1, 3, 5, 7], graceDays: 7, cancelAfterDays: 14 };

function days(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || value > 3650) throw new Error(`${name} must be a number of days between 0 and 3650, got "${raw}"`);
  return value;
}

/** The policy from the environment (read on every decision, so a test or an operator may change it; each run records its own). */
export function billingPolicy(env: Record<string, string | undefined> = process.env): BillingPolicy {
  const schedule = env.DUNNING_SCHEDULE;
  const retryDays =
    schedule === undefined || schedule.trim() === ''
      ? DEFAULT_BILLING_POLICY.retryDays
      : schedule.split(',').map((part) => days('DUNNING_SCHEDULE', part.trim().replace(/^\+/, ''), 0));
  if (retryDays.length > 20 || retryDays.some((d, i) => i > 0 && d < retryDays[i - 1]!)) throw new Error('DUNNING_SCHEDULE must list at most 20 increasing day offsets, e.g. "1,3,5,7"');
  const graceDays = days('LICENCE_GRACE_DAYS', env.LICENCE_GRACE_DAYS, retryDays.length ? retryDays[retryDays.length - 1]! : DEFAULT_BILLING_POLICY.graceDays);
  return { retryDays, graceDays, cancelAfterDays: days('DUNNING_CANCEL_AFTER_DAYS', env.DUNNING_CANCEL_AFTER_DAYS, DEFAULT_BILLING_POLICY.cancelAfterDays) };
}

const DAY_MS = 86_400_000;
export const plusDays = (at: string, n: number): string => new Date(Date.parse(at) + Math.round(n * DAY_MS)).toISOString();

/** What dunning will do for a payment due at `dueAt`: retries, the grace period, the suspension and the cancellation. */
export function dunningTimeline(dueAt: string, policy: BillingPolicy): DunningTimeline {
  const suspendAt = plusDays(dueAt, policy.graceDays);
  return {
    dueAt,
    retries: policy.retryDays.map((d) => plusDays(dueAt, d)).filter((at) => at <= suspendAt),
    graceUntil: suspendAt,
    suspendAt,
    cancelAt: plusDays(suspendAt, policy.cancelAfterDays),
  };
}

export type DueKind = 'scheduled-change' | 'cancel-at-period-end' | 'renewal' | 'dunning-retry' | 'suspend' | 'cancel-unpaid' | 'resume';

/** Something the billing clock does to a subscription when `at` has come; `key` makes doing it idempotent. */
export interface DueItem {
  kind: DueKind;
  at: string;
  key: string;
}

/** Same instant: a change of plan first (the renewal charges the new price), a cancellation before a renewal. */
const ORDER: DueKind[] = ['scheduled-change', 'cancel-at-period-end', 'renewal', 'dunning-retry', 'suspend', 'cancel-unpaid', 'resume'];

/** When a failed payment is tried next (the first failure was attempt 0, at the due date), if a retry is left. */
export function nextRetryOf(dunning: { timeline: { retries: string[] }; attempts: number }): string | undefined {
  return dunning.timeline.retries[dunning.attempts - 1];
}

/** Everything timed that is waiting on this subscription, the earliest first. */
export function dueItemsOf(s: ExistingSubscription): DueItem[] {
  if (s.removed || s.status === 'SUBSCRIPTION_STATUS_CANCEL') return [];
  const items: DueItem[] = [];
  const add = (kind: DueKind, at: string, key: string) => items.push({ kind, at, key: `${key}-${s.id}-${at}` });
  if (s.status === 'SUBSCRIPTION_STATUS_PAUSE') {
    if (s.pause?.reason === 'NON_PAYMENT' && s.dunning) add('cancel-unpaid', s.dunning.timeline.cancelAt, 'cancel-unpaid');
    if (s.pause?.resumeAt) add('resume', s.pause.resumeAt, 'resume');
  } else {
    if (s.scheduledChange) add('scheduled-change', s.scheduledChange.effectiveAt, 'scheduled-change');
    if (s.cancelAt) add('cancel-at-period-end', s.cancelAt, 'cancel');
    const covered = coveredUntil(s);
    const billed = s.plan.billingMonths > 0 && (s.amount > 0 || (s.scheduledChange?.amount ?? 0) > 0);
    if (s.status === 'SUBSCRIPTION_STATUS_ACTIVE' && billed && covered && !s.cancelAt) add('renewal', covered, 'renewal');
    if (s.status === 'SUBSCRIPTION_STATUS_WAIT_PAYMENT' && s.dunning) {
      const { timeline, attempts } = s.dunning;
      const retry = nextRetryOf(s.dunning);
      if (retry !== undefined && retry <= timeline.suspendAt) items.push({ kind: 'dunning-retry', at: retry, key: `renewal-${s.id}-${timeline.dueAt}-retry-${attempts}` });
      add('suspend', timeline.suspendAt, 'suspend');
    }
  }
  return items.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind)));
}

/** The next thing the clock will do, or null. */
export function nextDueItem(s: ExistingSubscription): DueItem | null {
  return dueItemsOf(s)[0] ?? null;
}

/** The licence's end for what is covered: the paid time plus the grace period, the trial's end, or no end (free and lifetime plans). */
export const NO_END = '9999-12-31T23:59:59.000Z';
