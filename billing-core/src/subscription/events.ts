export type {
  SubscriptionEvent,
  SubscriptionCreated,
  SubscriptionUpdated,
  SubscriptionRevised,
  OrderCaptured,
  PaymentRejected,
  PaymentRefunded,
  PaymentMethodChanged,
  SubscriptionStatusChanged,
  TrialStarted,
  SubscriptionCancelled,
  SubscriptionRemoved,
} from '@relaycast/contracts';
