import { streamIds } from '@relaycast/contracts';
import type { Decider } from '../decider.js';
import { SubscriptionCommandSchemas, type SubscriptionCommand } from './commands.js';
import { decide } from './decide.js';
import type { SubscriptionEvent } from './events.js';
import { evolve } from './evolve.js';
import { initialState, type SubscriptionState } from './state.js';

export const subscriptionDecider: Decider<SubscriptionState, SubscriptionCommand, SubscriptionEvent> = {
  streamId: streamIds.subscription,
  initialState,
  evolve,
  decide,
  commandSchemas: SubscriptionCommandSchemas,
};
export { decide, decideRevision, creditToRefund, refundsOwed, unusedPaidTime } from './decide.js';
export type { RevisionDecision } from './plan-change.js';
export { evolve } from './evolve.js';
export {
  initialState,
  exists,
  configurationOf,
  coveredUntil,
  paidThrough,
  hasPaidTimeRunning,
  openOrders,
  capturingOrder,
  paymentInFlight,
  pausedForNonPayment,
  takesPayments,
  sameConfiguration,
  type SubscriptionState,
  type ExistingSubscription,
} from './state.js';
export { amountDue, dueOf, priced, type Due } from './money.js';
export { addMonths, plusDays } from '../calendar/index.js';
export { dueItemsOf, nextDueItem, nextBillingItem, PAYMENT_CHECK_AFTER_MS, type DueItem, type DueKind } from './due-items.js';
export { pendingReminders, REMINDER_LEAD_DAYS, type PendingReminder } from './reminders.js';
export { dunningTimeline, nextRetryOf } from './dunning.js';
export { coverageOf, licenceTermsAt, paidConfigurationAt, NO_END, type Coverage, type LicenceTerms } from './entitlement.js';
export { transition } from './status.js';
export { ABANDONED_CHECKOUT_MS, abandonedCheckoutsBefore } from './lifecycle/create.js';
export { lifecycleActions, type LifecycleActions } from './lifecycle/actions.js';
export { quote as priceSubscription } from './rules.js';
export { requireTakesPayments } from './rules.js';
export { nextWalletRequestId } from './billing/wallet.js';
export { paidTimeWithout, type PaidSlot } from './billing/evolve.js';
export type { SubscriptionCommand } from './commands.js';
export type { SubscriptionEvent } from './events.js';
