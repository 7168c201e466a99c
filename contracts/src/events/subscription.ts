import { Type, type Static } from '@sinclair/typebox';
import {
  INFRASTRUCTURE_TYPES,
  PAYMENT_METHODS,
  PLAN_IDS,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TYPES,
} from '../constants/subscription.js';
import { UNLIMITED_PERIODS } from '../constants/pricing.js';
import { Cents, Id, IsoDateTime, Name, StringEnum } from '../schemas/common.js';
import { InfrastructureDetails, PricedModule } from '../schemas/subscription.js';

const Status = StringEnum(SUBSCRIPTION_STATUSES);
const OptionalText = Type.Optional(Type.String({ maxLength: 2000 }));

/** What was bought: the plan, its period and the priced modules. Amounts are cents for one billing period. */
export const PlanSnapshot = Type.Object({
  plan_id: StringEnum(PLAN_IDS),
  period: Type.Optional(StringEnum(UNLIMITED_PERIODS)),
  billingMonths: Type.Integer({ minimum: 0 }),
});
export type PlanSnapshot = Static<typeof PlanSnapshot>;

export const SubscriptionCreated = Type.Object({
  subscriptionId: Id,
  user_id: Id,
  name: Name,
  infrastructure_type: StringEnum(INFRASTRUCTURE_TYPES),
  subscription_type: StringEnum(SUBSCRIPTION_TYPES),
  status: Status,
  plan: PlanSnapshot,
  modules: Type.Array(PricedModule),
  quantity: Type.Integer({ minimum: 1 }),
  amount: Cents,
  currency: Type.String(),
  payment_details: Type.Object({
    payment_method: StringEnum(PAYMENT_METHODS),
    plan_id: StringEnum(PLAN_IDS),
    amount: Cents,
    unitQuantity: Type.Integer({ minimum: 1 }),
    privacy_policy_confirm: Type.Boolean(),
    client_id: Type.Optional(Type.String()),
  }),
  infrastructure_details: InfrastructureDetails,
  licence_key: Type.Optional(Type.String()),
  hardware_key: Type.Optional(Type.String()),
  startDate: Type.Optional(IsoDateTime),
  endDate: Type.Optional(IsoDateTime),
});
export type SubscriptionCreated = Static<typeof SubscriptionCreated>;

/** Descriptive fields changed; `previous` holds their old values so history can show what changed. */
export const SubscriptionUpdated = Type.Object({
  changes: Type.Record(Type.String(), Type.Unknown()),
  previous: Type.Record(Type.String(), Type.Unknown()),
});
export type SubscriptionUpdated = Static<typeof SubscriptionUpdated>;

/** Quantity or modules changed, and with them the amount. */
export const SubscriptionRevised = Type.Object({
  paypalSubscriptionID: Id,
  quantity: Type.Integer({ minimum: 1 }),
  previousQuantity: Type.Integer({ minimum: 1 }),
  modules: Type.Array(PricedModule),
  amount: Cents,
  previousAmount: Cents,
  /** Charge (positive) or credit (negative) for the rest of the current period, in cents. */
  proration: Type.Integer(),
  effectiveAt: IsoDateTime,
});
export type SubscriptionRevised = Static<typeof SubscriptionRevised>;

/** Why money is asked for: the next billing period, or the balance a revision left owing. */
export const PaymentPurpose = StringEnum(['period', 'balance'] as const);

/** We asked PayPal for a payment: an order for the amount due, created by the server from the catalogue. */
export const PaymentOrdered = Type.Object({
  paypalOrderID: Id,
  paypalSubscriptionID: Id,
  amount: Cents,
  currency: Type.String(),
  purpose: PaymentPurpose,
});
export type PaymentOrdered = Static<typeof PaymentOrdered>;

export const OrderCaptured = Type.Object({
  paypalOrderID: Id,
  paypalSubscriptionID: Id,
  captureId: Id,
  amount: Cents,
  currency: Type.String(),
  quantity: Type.Integer({ minimum: 1 }),
  capturedAt: IsoDateTime,
  purpose: PaymentPurpose,
  /** For a period payment: the period it pays for. */
  periodStart: Type.Optional(IsoDateTime),
  periodEnd: Type.Optional(IsoDateTime),
  licence_key: Type.Optional(Type.String()),
});
export type OrderCaptured = Static<typeof OrderCaptured>;

/** PayPal reported a payment the catalogue price does not match, or one not completed: kept for the audit trail. */
export const PaymentRejected = Type.Object({
  paypalOrderID: Id,
  reason: StringEnum(['AMOUNT_MISMATCH', 'CURRENCY_MISMATCH', 'NOT_COMPLETED'] as const),
  expectedAmount: Cents,
  receivedAmount: Cents,
  currency: Type.String(),
  providerStatus: Type.Optional(Type.String()),
});
export type PaymentRejected = Static<typeof PaymentRejected>;

export const PaymentRefunded = Type.Object({
  captureId: Id,
  refundId: Id,
  amount: Cents,
  currency: Type.String(),
  refundedAt: IsoDateTime,
});
export type PaymentRefunded = Static<typeof PaymentRefunded>;

export const PaymentMethodChanged = Type.Object({
  payment_method: StringEnum(PAYMENT_METHODS),
  paypalOrderID: Id,
  paypalSubscriptionID: Id,
  previousPaypalSubscriptionID: Type.Optional(Type.String()),
});
export type PaymentMethodChanged = Static<typeof PaymentMethodChanged>;

export const SubscriptionStatusChanged = Type.Object({ from: Status, to: Status, reason: OptionalText });
export type SubscriptionStatusChanged = Static<typeof SubscriptionStatusChanged>;

export const TrialStarted = Type.Object({
  trialStartDate: IsoDateTime,
  trialEndDate: IsoDateTime,
  trialPeriod: Type.Integer({ minimum: 1 }),
});
export type TrialStarted = Static<typeof TrialStarted>;

export const SubscriptionCancelled = Type.Object({ from: Status, reason: OptionalText });
export type SubscriptionCancelled = Static<typeof SubscriptionCancelled>;

export const SubscriptionRemoved = Type.Object({ reason: OptionalText });
export type SubscriptionRemoved = Static<typeof SubscriptionRemoved>;

export const SubscriptionEventSchemas = {
  SubscriptionCreated,
  SubscriptionUpdated,
  SubscriptionRevised,
  PaymentOrdered,
  OrderCaptured,
  PaymentRejected,
  PaymentRefunded,
  PaymentMethodChanged,
  SubscriptionStatusChanged,
  TrialStarted,
  SubscriptionCancelled,
  SubscriptionRemoved,
} as const;

export type SubscriptionEvent =
  | { type: 'SubscriptionCreated'; data: SubscriptionCreated }
  | { type: 'SubscriptionUpdated'; data: SubscriptionUpdated }
  | { type: 'SubscriptionRevised'; data: SubscriptionRevised }
  | { type: 'PaymentOrdered'; data: PaymentOrdered }
  | { type: 'OrderCaptured'; data: OrderCaptured }
  | { type: 'PaymentRejected'; data: PaymentRejected }
  | { type: 'PaymentRefunded'; data: PaymentRefunded }
  | { type: 'PaymentMethodChanged'; data: PaymentMethodChanged }
  | { type: 'SubscriptionStatusChanged'; data: SubscriptionStatusChanged }
  | { type: 'TrialStarted'; data: TrialStarted }
  | { type: 'SubscriptionCancelled'; data: SubscriptionCancelled }
  | { type: 'SubscriptionRemoved'; data: SubscriptionRemoved };
