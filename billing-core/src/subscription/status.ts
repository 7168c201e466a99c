import { causesOf, InvalidTransitionError, type StatusCause, type SubscriptionStatus } from '@relaycast/contracts';
import type { SubscriptionEvent } from './events.js';
import type { ExistingSubscription } from './state.js';

/**
 * The one transition function: every status change of every handler goes through `transition`, which looks the
 * move up in the status machine of contracts/ (STATUS_MACHINE) and refuses one that is not there, naming both
 * statuses. The machine is stated only there; this module turns a move into its event.
 */

/** What the history says for each cause (everyone reads it; an administrator's own words go in `note`). */
const REASONS: Record<StatusCause, string> = {
  ORDER_CREATED: 'PayPal order created',
  PAID: 'payment captured',
  TRIAL_STARTED: 'trial started',
  FREE_PLAN: 'free plan: no payment needed',
  COMPLIMENTARY: 'complimentary: granted by an administrator without payment',
  PAYMENT_DUE: 'renewal due: payment not made',
  PAYMENT_TAKEN_BACK: 'payment refunded',
  UNPAID_AFTER_GRACE: 'unpaid at the end of the grace period',
  ADMIN_PAUSE: 'paused by an administrator',
  RESUMED: 'resumed by an administrator',
  CANCELLED: 'cancelled',
};

export interface TransitionText {
  /** Overrides the cause's standard wording (e.g. "trial ended: payment due"). */
  reason?: string;
  /** An administrator's note (administrators read it, customers do not). */
  note?: string;
}

/** The move `from → to` for `cause`, or an InvalidTransitionError naming both statuses (and `why`, when given). */
export function checkTransition(from: SubscriptionStatus, to: SubscriptionStatus, cause: StatusCause, why?: string): void {
  if (!causesOf(from, to).includes(cause)) {
    throw new InvalidTransitionError(from, to, why ?? `not a move of the status machine for ${cause.toLowerCase().replace(/_/g, ' ')}`);
  }
}

/** Some move `from → to` exists (for any cause), or an InvalidTransitionError naming both statuses and `why`. */
export function checkMove(from: SubscriptionStatus, to: SubscriptionStatus, why: string): void {
  if (causesOf(from, to).length === 0) throw new InvalidTransitionError(from, to, why);
}

/** The event that moves `sub` to `to` for `cause` at `now`: a status change, or the cancellation (terminal). */
export function transition(sub: Pick<ExistingSubscription, 'status'>, to: SubscriptionStatus, cause: StatusCause, now: string, text: TransitionText = {}): SubscriptionEvent {
  checkTransition(sub.status, to, cause);
  if (to === 'SUBSCRIPTION_STATUS_CANCEL') {
    const data = { from: sub.status, at: now, ...(text.reason ? { reason: text.reason } : {}), ...(text.note ? { note: text.note } : {}) };
    // The machine lets only CANCELLED or PAYMENT_TAKEN_BACK end a subscription (checked above).
    return { type: 'SubscriptionCancelled', data: cause === 'CANCELLED' ? data : { ...data, cause: cause as 'PAYMENT_TAKEN_BACK' } };
  }
  return {
    type: 'SubscriptionStatusChanged',
    data: { from: sub.status, to, cause, at: now, reason: text.reason ?? REASONS[cause], ...(text.note ? { note: text.note } : {}) },
  };
}
