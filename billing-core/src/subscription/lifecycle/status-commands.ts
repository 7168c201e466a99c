import { ConflictError, InvalidTransitionError, ValidationError, type CommandMetadata } from '@relaycast/contracts';
import { actsAsAdministrator, requireAdmin } from '../../decider.js';
import type { SubscriptionEvent } from '../events.js';
import { notCancelled, requireClock, supersedeOpenOrders, visibleTo, type Cmd } from '../rules.js';
import { coveredUntil, type ExistingSubscription, type SubscriptionState } from '../state.js';
import { checkMove, checkTransition, transition, type TransitionText } from '../status.js';
import { grantEvents } from './grants.js';
import { unusedPaidTime } from '../billing/refunds.js';

/**
 * The lifecycle commands: cancel (now, or at the end of the paid time), remove, pause and resume, and an
 * administrator's explicit status change — each a move of the status machine through `transition`.
 */

const coveredAt = (sub: ExistingSubscription, now: string) => (coveredUntil(sub) ?? '') > now;

/** Cancelled now: open orders made unpayable (a capture still arriving becomes credit, which is refunded). */
export function cancellation(sub: ExistingSubscription, now: string, text: TransitionText): SubscriptionEvent[] {
  if (sub.status === 'SUBSCRIPTION_STATUS_CANCEL') return [];
  return [...supersedeOpenOrders(sub, 'SUBSCRIPTION_CANCELLED'), transition(sub, 'SUBSCRIPTION_STATUS_CANCEL', 'CANCELLED', now, text)];
}

/**
 * Cancelled now, by the customer or an administrator. An administrator may refund the unused paid time with it:
 * the cancellation records what is owed back per capture (the books' unused share of each period and raise, to
 * the millisecond), and the refund workflow pays exactly that — a retry, or the billing clock after a crash, pays
 * what is still owed and never more.
 */
export function cancel(command: Cmd<'CancelSubscription'>, state: SubscriptionState): SubscriptionEvent[] {
  const { metadata, data } = command;
  const sub = visibleTo(state, metadata);
  if (data.refund) requireAdmin(metadata, 'refund while cancelling');
  // A customer's reason is theirs to read; an administrator's is a note for administrators.
  const events = cancellation(sub, metadata.now, metadata.actorRole === 'ROLE_ADMIN' ? (data.reason ? { note: data.reason } : {}) : data.reason ? { reason: data.reason } : {});
  if (!data.refund) return events;
  const refunds = unusedPaidTime(sub, metadata.now).map(({ captureId, amount }) => ({ captureId, amount }));
  return refunds.length === 0 ? events : events.map((e) => (e.type === 'SubscriptionCancelled' ? { ...e, data: { ...e.data, refunds } } : e));
}

export function remove(command: Cmd<'RemoveSubscription'>, state: SubscriptionState): SubscriptionEvent[] {
  visibleTo(state, command.metadata);
  requireAdmin(command.metadata, 'remove subscriptions');
  return [{ type: 'SubscriptionRemoved', data: command.data.reason ? { note: command.data.reason } : {} }];
}

/**
 * The checks of each lifecycle move an administrator (or a customer) may ask for, on the subscription alone: the
 * deciders below run them, and `lifecycleActions` (actions.ts) asks them what the admin area may offer.
 */
export const lifecycleChecks = {
  /** A cancellation at the end of the covered time: Live with covered time running. Answers that end. */
  scheduleCancellation(sub: ExistingSubscription, now: string): string {
    notCancelled(sub, 'be cancelled');
    const covered = coveredUntil(sub);
    if (sub.status !== 'SUBSCRIPTION_STATUS_ACTIVE' || !covered || covered <= now) throw new ConflictError(`Subscription ${sub.id} has no paid time running to cancel at the end of; cancel it now instead`);
    return covered;
  },
  /** An administrator's pause: the status machine's ADMIN_PAUSE. */
  pause(sub: ExistingSubscription): void {
    checkTransition(sub.status, 'SUBSCRIPTION_STATUS_PAUSE', 'ADMIN_PAUSE');
  },
  /** An administrator's resume: paused (the status machine's RESUMED from anything else does not exist). */
  resume(sub: ExistingSubscription, now: string): void {
    if (sub.status !== 'SUBSCRIPTION_STATUS_PAUSE') checkTransition(sub.status, coveredAt(sub, now) ? 'SUBSCRIPTION_STATUS_ACTIVE' : 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', 'RESUMED', 'only a paused subscription is resumed');
  },
  /** A cancellation now: anything not cancelled yet (the status machine's CANCELLED). */
  cancel(sub: ExistingSubscription): void {
    checkTransition(sub.status, 'SUBSCRIPTION_STATUS_CANCEL', 'CANCELLED');
  },
};

/** Cancel when the covered time ends (or undo that). Nothing covered is running: cancel it now instead. */
export function scheduleCancellation(command: Cmd<'ScheduleCancellation'>, state: SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = visibleTo(state, metadata);
  notCancelled(sub, 'be cancelled');
  if (data.undo) return sub.cancelAt ? [{ type: 'CancellationWithdrawn', data: { cancelAt: sub.cancelAt } }] : [];
  const covered = lifecycleChecks.scheduleCancellation(sub, metadata.now);
  if (sub.cancelAt === covered) return [];
  return [...supersedeOpenOrders(sub, 'SUBSCRIPTION_CANCELLED'), { type: 'CancellationScheduled', data: { cancelAt: covered, by: actsAsAdministrator(metadata) ? 'ADMIN' : 'CUSTOMER' } }];
}

export function cancelAtPeriodEnd(command: Cmd<'CancelAtPeriodEnd'>, state: SubscriptionState): SubscriptionEvent[] {
  const sub = visibleTo(state, command.metadata);
  requireClock(command.metadata, 'carry out a cancellation');
  if (!sub.cancelAt || sub.cancelAt > command.metadata.now) return [];
  return cancellation(sub, command.metadata.now, { reason: 'cancelled at the end of the paid period' });
}

function pauseEvents(sub: ExistingSubscription, now: string, resumeAt: string | undefined, note?: string): SubscriptionEvent[] {
  lifecycleChecks.pause(sub);
  if (resumeAt && resumeAt <= now) throw ValidationError.field('resumeAt', 'must be in the future');
  return [
    ...supersedeOpenOrders(sub, 'STATUS_CHANGED'),
    { type: 'SubscriptionPaused', data: { reason: 'ADMIN', ...(resumeAt ? { resumeAt } : {}) } },
    transition(sub, 'SUBSCRIPTION_STATUS_PAUSE', 'ADMIN_PAUSE', now, note ? { note } : {}),
  ];
}

export function pause(command: Cmd<'PauseSubscription'>, state: SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = visibleTo(state, metadata);
  requireAdmin(metadata, 'pause subscriptions');
  return pauseEvents(sub, metadata.now, data.resumeAt);
}

/**
 * Resumed: Live while covered time runs, otherwise waiting for payment — and then dunning starts again from now
 * (the billing clock's `renewal` item), with its grace: a licence is never issued already expired.
 */
function resumeEvents(sub: ExistingSubscription, metadata: CommandMetadata, byClock: boolean, note?: string): SubscriptionEvent[] {
  const to = coveredAt(sub, metadata.now) ? 'SUBSCRIPTION_STATUS_ACTIVE' : 'SUBSCRIPTION_STATUS_WAIT_PAYMENT';
  return [
    { type: 'SubscriptionResumed', data: { reason: byClock ? 'RESUME_DATE' : 'ADMIN' } },
    transition(sub, to, 'RESUMED', metadata.now, { ...(byClock ? { reason: 'resume date reached' } : {}), ...(note ? { note } : {}) }),
  ];
}

/**
 * Resumed by an administrator, or by the clock on the resume date. The clock finds nothing to do on a subscription
 * that is not paused (any more); an administrator is told the move does not exist (the status machine's RESUMED).
 */
export function resume(command: Cmd<'ResumeSubscription'>, state: SubscriptionState): SubscriptionEvent[] {
  const { metadata } = command;
  const sub = visibleTo(state, metadata);
  requireClock(metadata, 'resume subscriptions');
  const byClock = metadata.actorRole === 'SYSTEM';
  if (sub.status !== 'SUBSCRIPTION_STATUS_PAUSE') {
    if (byClock) return [];
    lifecycleChecks.resume(sub, metadata.now);
  }
  if (byClock && (!sub.pause?.resumeAt || sub.pause.resumeAt > metadata.now)) return [];
  return resumeEvents(sub, metadata, byClock);
}

/**
 * An administrator's explicit status change, through the machine: Cancelled cancels; Paused pauses; from Paused,
 * Live or Wait payment resume (whichever the covered time says); Live without covered time is a complimentary grant
 * and needs its reason. Nothing else: Live is never reached by a bare status change.
 */
export function setStatus(command: Cmd<'SetSubscriptionStatus'>, state: SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = visibleTo(state, metadata);
  requireAdmin(metadata, 'set a subscription status');
  if (data.status === sub.status) return [];
  const note = data.reason;
  switch (data.status) {
    case 'SUBSCRIPTION_STATUS_CANCEL':
      checkTransition(sub.status, data.status, 'CANCELLED');
      return cancellation(sub, metadata.now, note ? { note } : {});
    case 'SUBSCRIPTION_STATUS_PAUSE':
      return pauseEvents(sub, metadata.now, undefined, note);
    case 'SUBSCRIPTION_STATUS_ACTIVE':
      if (sub.status === 'SUBSCRIPTION_STATUS_PAUSE' && coveredAt(sub, metadata.now)) return resumeEvents(sub, metadata, false, note);
      checkTransition(sub.status, data.status, 'COMPLIMENTARY');
      return grantEvents(sub, data, metadata.now);
    case 'SUBSCRIPTION_STATUS_WAIT_PAYMENT':
      if (sub.status === 'SUBSCRIPTION_STATUS_PAUSE' && !coveredAt(sub, metadata.now)) return resumeEvents(sub, metadata, false, note);
      if (sub.status === 'SUBSCRIPTION_STATUS_PAUSE') throw new InvalidTransitionError(sub.status, data.status, 'it has covered time running: resuming makes it Live');
      checkTransition(sub.status, data.status, 'RESUMED', 'a subscription waits for payment by itself when a payment falls due');
      return [];
    default:
      checkMove(sub.status, data.status, 'a subscription never returns to Creating');
      return [];
  }
}
