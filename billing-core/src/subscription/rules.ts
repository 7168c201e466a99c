import {
  ConflictError,
  ForbiddenError,
  InvalidTransitionError,
  NotFoundError,
  PaymentInProgressError,
  PriceMismatchError,
  ValidationError,
  type CommandMetadata,
  type Configuration,
  type PaymentOrderSuperseded,
  type SubscriptionCommand,
} from '@relaycast/contracts';
import { QuoteError, quoteSubscription, type Quote, type QuoteInput } from '../pricing/quote.js';
import { requireOwnerOrAdmin } from '../decider.js';
import type { SubscriptionEvent } from './events.js';
import { exists, openOrders, paymentInFlight, takesPayments, type ExistingSubscription, type SubscriptionState } from './state.js';

/** The small rules every module of the subscription decider shares: who may act, the catalogue's price, stale orders. */

export type Cmd<T extends SubscriptionCommand['type']> = Extract<SubscriptionCommand, { type: T }>;

/** The catalogue's answer, with its complaints turned into validation errors naming the field. */
export function quote(input: QuoteInput): Quote {
  try {
    return quoteSubscription(input);
  } catch (error) {
    if (error instanceof QuoteError) throw ValidationError.field(error.field, error.reason);
    throw error;
  }
}

export function checkClientAmount(quoted: Quote, clientAmount: number | undefined, field: string): void {
  if (clientAmount !== undefined && clientAmount !== quoted.amount) throw new PriceMismatchError(quoted.amount, clientAmount, field);
}

/** A builder configuration that costs nothing cannot be bought (it would wait for a payment for ever). */
export function requirePaidModule(quoted: Pick<Quote, 'amount' | 'billingMonths'>): void {
  if (quoted.amount === 0 && quoted.billingMonths > 0) {
    throw ValidationError.field('modules', 'must include at least one paid module: a configuration that costs nothing cannot be bought', 'paidModule');
  }
}

export const configurationFrom = (q: Pick<Quote, 'modules' | 'quantity' | 'amount'>): Configuration => ({ modules: q.modules, quantity: q.quantity, amount: q.amount });

/** The subscription, loaded and not removed, for an actor who may see it (customers: their own only). */
export function visibleTo(state: SubscriptionState, metadata: CommandMetadata): ExistingSubscription {
  if (!exists(state) || state.removed) throw new NotFoundError('Subscription not found');
  requireOwnerOrAdmin(metadata, state.user_id, ['ROLE_CUSTOMER'], 'this subscription');
  return state;
}

/** The billing clock (SYSTEM) or an administrator. */
export function requireClock(metadata: CommandMetadata, what: string): void {
  if (metadata.actorRole !== 'SYSTEM' && metadata.actorRole !== 'ROLE_ADMIN') throw new ForbiddenError(`Only the billing clock or an administrator may ${what}`);
}

/** The payment workflows (SYSTEM) only: a record of what PayPal did is never a customer's word. */
export function requireSystem(metadata: CommandMetadata, what: string): void {
  if (metadata.actorRole !== 'SYSTEM') throw new ForbiddenError(`Only the payment workflows may ${what}`);
}

export function notCancelled(sub: ExistingSubscription, action: string): void {
  if (sub.status === 'SUBSCRIPTION_STATUS_CANCEL') throw new ConflictError(`Subscription ${sub.id} is cancelled and cannot ${action}`);
}

/**
 * The one refusal of a payment (an order, a capture, a saved-wallet charge) to a subscription that takes none
 * (`takesPayments`: cancelled, removed, or paused by an administrator), named as the move to Live it would be.
 */
export function requireTakesPayments(sub: ExistingSubscription): void {
  if (!takesPayments(sub)) throw new InvalidTransitionError(sub.status, 'SUBSCRIPTION_STATUS_ACTIVE', 'a cancelled or paused subscription takes no payments');
}

/** One money movement at a time: refused while a capture or a saved-wallet charge is in flight. */
export function noPaymentInFlight(sub: ExistingSubscription): void {
  if (paymentInFlight(sub)) throw new PaymentInProgressError();
}

/** The events that make open orders unpayable: they no longer match what is due. */
export function supersedeOpenOrders(sub: ExistingSubscription, reason: PaymentOrderSuperseded['reason']): SubscriptionEvent[] {
  return openOrders(sub).map((paypalOrderID) => ({ type: 'PaymentOrderSuperseded', data: { paypalOrderID, reason } }));
}
