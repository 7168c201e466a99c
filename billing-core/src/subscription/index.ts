import { streamIds } from '@relaycast/contracts';
import type { Decider } from '../decider.js';
import { SubscriptionCommandSchemas, type SubscriptionCommand } from './commands.js';
import { decide } from './decide.js';
import type { SubscriptionEvent } from './events.js';
import { evolve, initialState, type SubscriptionState } from './state.js';

export const subscriptionDecider: Decider<SubscriptionState, SubscriptionCommand, SubscriptionEvent> = {
  streamId: streamIds.subscription,
  initialState,
  evolve,
  decide,
  commandSchemas: SubscriptionCommandSchemas,
};
export { decide, canSetStatus } from './decide.js';
export { evolve, initialState, exists, configurationOf } from './state.js';
export { amountDue, dueOf, paidThrough, hasPaidTimeRunning, openOrders, type Due } from './payments.js';
export { billingPolicy, dueItemsOf, dunningTimeline, nextDueItem, nextRetryOf, DEFAULT_BILLING_POLICY, NO_END, type BillingPolicy, type DueItem, type DueKind } from './lifecycle.js';
export { coveredUntil, pausedForNonPayment } from './payments.js';
export type { SubscriptionState, ExistingSubscription } from './state.js';
export type { SubscriptionCommand } from './commands.js';
export type { SubscriptionEvent } from './events.js';
