import { ValidationError, type BillingPolicy, type Configuration, type DunningTimeline, type RenewalFailed } from '@relaycast/contracts';
import type { SubscriptionEvent } from './events.js';
import { dueOf } from './money.js';
import { plusDays } from '../calendar/index.js';
import { cancellation } from './lifecycle/status-commands.js';
import { noPaymentInFlight, requireClock, supersedeOpenOrders, visibleTo, type Cmd } from './rules.js';
import { configurationOf, coveredUntil, everCovered, pausedForNonPayment, type ExistingSubscription, type SubscriptionState } from './state.js';
import { transition } from './status.js';

/**
 * Dunning: a payment that fell due and was not made. Its first failure records the timeline — retries, the grace
 * (the grace licence runs to its end), the suspension, the cancellation — computed from the billing policy the
 * workflow read from the event log, so that every process decides alike and a later policy change does not rewrite
 * a running dunning. Each failed retry is counted; unpaid at the end of the grace it is paused, unpaid at the end of
 * dunning it is cancelled.
 */

/** What dunning will do for a payment of `configuration` due at `dueAt`. */
export function dunningTimeline(dueAt: string, policy: BillingPolicy, configuration?: Configuration): DunningTimeline {
  const suspendAt = plusDays(dueAt, policy.graceDays);
  return {
    dueAt,
    retries: policy.retryDays.map((d) => plusDays(dueAt, d)).filter((at) => at <= suspendAt),
    graceUntil: suspendAt,
    suspendAt,
    cancelAt: plusDays(suspendAt, policy.cancelAfterDays),
    ...(configuration ? { configuration } : {}),
  };
}

/** When a failed payment is tried next (the first failure was attempt 0, at the due date), if a retry is left. */
export function nextRetryOf(dunning: { timeline: { retries: string[] }; attempts: number }): string | undefined {
  return dunning.timeline.retries[dunning.attempts - 1];
}

/**
 * A payment that fell due was not made (no saved wallet, or PayPal declined it). The first failure at a due date
 * starts dunning: Live → Wait payment at the end of the covered time, or — already waiting (resumed, or a refund
 * took the paid time back) — from when it started waiting. Each retry that fails is counted. Recorded once per due
 * date and attempt.
 */
export function recordRenewalFailure(command: Cmd<'RecordRenewalFailure'>, state: SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = visibleTo(state, metadata);
  requireClock(metadata, 'record a failed renewal');
  if (metadata.now < data.dueAt) throw ValidationError.field('dueAt', 'is still to come');
  // Nothing is owed after a refund: no dunning (older streams left such subscriptions waiting).
  if (waitsAfterTakenBack(sub)) return [];
  // One money movement at a time: a payment in flight (a capture, a wallet charge) may be this one.
  noPaymentInFlight(sub);
  const failed: RenewalFailed = { dueAt: data.dueAt, attempt: data.attempt, reason: data.reason, ...(data.providerReason ? { providerReason: data.providerReason } : {}) };
  if (sub.dunning) {
    if (sub.dunning.timeline.dueAt !== data.dueAt || data.attempt < sub.dunning.attempts || sub.status !== 'SUBSCRIPTION_STATUS_WAIT_PAYMENT') return [];
    return [{ type: 'RenewalFailed', data: failed }];
  }
  if (data.attempt !== 0) return [];
  const timeline = dunningTimeline(data.dueAt, data.policy, dueOf(sub, metadata.now)?.configuration ?? configurationOf(sub));
  if (sub.status === 'SUBSCRIPTION_STATUS_ACTIVE' && coveredUntil(sub) === data.dueAt) {
    const trialEnded = sub.trialEndDate === data.dueAt && !sub.paid.some((p) => p.end === data.dueAt);
    return [
      { type: 'RenewalFailed', data: { ...failed, timeline } },
      transition(sub, 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', 'PAYMENT_DUE', metadata.now, trialEnded ? { reason: 'trial ended: payment due' } : {}),
    ];
  }
  if (owesWithoutDunning(sub) && waitingSinceOf(sub) === data.dueAt) return [{ type: 'RenewalFailed', data: { ...failed, timeline } }];
  return [];
}

/**
 * Waiting for a payment with no dunning running, after having been covered (an administrator resumed it unpaid, a
 * refund took back the paid time): the billing clock starts dunning from when it started waiting.
 */
export function owesWithoutDunning(s: ExistingSubscription): boolean {
  return s.status === 'SUBSCRIPTION_STATUS_WAIT_PAYMENT' && !s.dunning && everCovered(s) && s.plan.billingMonths > 0 && !s.removed && !waitsAfterTakenBack(s);
}

/**
 * Left waiting for payment because a refund or reversal took its money back (streams from before a refund ended the
 * subscription): nothing is owed, so nothing is charged, no dunning runs, no grace is licensed; the clock ends it.
 */
export function waitsAfterTakenBack(s: ExistingSubscription): boolean {
  return s.waitingCause === 'PAYMENT_TAKEN_BACK' && (s.status === 'SUBSCRIPTION_STATUS_WAIT_PAYMENT' || pausedForNonPayment(s));
}

/** When it started waiting for payment (streams from before this was recorded: when the covered time ended). */
export const waitingSinceOf = (s: ExistingSubscription): string | undefined => s.waitingSince ?? coveredUntil(s);

/** Dunning's end: still unpaid when the grace period ends (paused, licence suspended), or when dunning ends (cancelled). */
export function endUnpaid(command: Cmd<'EndUnpaid'>, state: SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = visibleTo(state, metadata);
  requireClock(metadata, 'end an unpaid subscription');
  if (data.step === 'TAKEN_BACK') {
    if (!waitsAfterTakenBack(sub)) return [];
    noPaymentInFlight(sub);
    return [...supersedeOpenOrders(sub, 'SUBSCRIPTION_CANCELLED'), transition(sub, 'SUBSCRIPTION_STATUS_CANCEL', 'PAYMENT_TAKEN_BACK', metadata.now, { reason: 'payment refunded' })];
  }
  const timeline = sub.dunning?.timeline;
  if (!timeline) return [];
  if (data.step === 'SUSPEND') {
    if (sub.status !== 'SUBSCRIPTION_STATUS_WAIT_PAYMENT' || metadata.now < timeline.suspendAt) return [];
    noPaymentInFlight(sub);
    return [
      { type: 'SubscriptionPaused', data: { reason: 'NON_PAYMENT' } },
      transition(sub, 'SUBSCRIPTION_STATUS_PAUSE', 'UNPAID_AFTER_GRACE', metadata.now),
    ];
  }
  if (!pausedForNonPayment(sub) || metadata.now < timeline.cancelAt) return [];
  return cancellation(sub, metadata.now, { reason: 'unpaid: dunning ended' });
}

export const dunningEvolvers = {
  RenewalFailed: (s: ExistingSubscription, d: RenewalFailed): ExistingSubscription => {
    const dunning = d.timeline ? { timeline: d.timeline, attempts: 1 } : s.dunning ? { ...s.dunning, attempts: s.dunning.attempts + 1 } : undefined;
    return dunning ? { ...s, dunning } : s;
  },
};
