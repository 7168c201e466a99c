import { Type, type Static } from '@sinclair/typebox';
import { INFRASTRUCTURE_TYPES, PLAN_IDS, SUBSCRIPTION_STATUSES, SUBSCRIPTION_TYPES } from '../constants/subscription.js';
import { Cents, Id, IsoDateTime, Name, Quantity, ShortText, StringEnum } from '../schemas/common.js';
import { InfrastructureDetails, ModuleSelections } from '../schemas/subscription.js';
import type { Command } from './metadata.js';

const Status = StringEnum(SUBSCRIPTION_STATUSES);

export const CreateSubscriptionData = Type.Object({
  subscriptionId: Id,
  user_id: Id,
  subscription_type: StringEnum(SUBSCRIPTION_TYPES),
  status: Status,
  name: Type.Optional(Name),
  infrastructure_type: Type.Optional(StringEnum(INFRASTRUCTURE_TYPES)),
  plan_id: Type.Optional(StringEnum(PLAN_IDS)),
  modules: Type.Optional(ModuleSelections),
  quantity: Type.Optional(Quantity),
  /** The browser's figure, checked against the catalogue. */
  amount: Type.Optional(Cents),
  unitQuantity: Type.Optional(Quantity),
  privacy_policy_confirm: Type.Optional(Type.Boolean()),
  client_id: Type.Optional(Type.String({ maxLength: 256 })),
  infrastructure_details: Type.Optional(InfrastructureDetails),
  licence_key: Type.Optional(Type.String({ maxLength: 512 })),
  hardware_key: Type.Optional(Type.String({ maxLength: 512 })),
  startDate: Type.Optional(IsoDateTime),
  endDate: Type.Optional(IsoDateTime),
});

/** Descriptive fields only: price-bearing changes go through ReviseSubscription, status through SetSubscriptionStatus. */
export const UpdateSubscriptionData = Type.Object({
  name: Type.Optional(Name),
  infrastructure_details: Type.Optional(InfrastructureDetails),
  licence_key: Type.Optional(Type.String({ maxLength: 512 })),
  hardware_key: Type.Optional(Type.String({ maxLength: 512 })),
  startDate: Type.Optional(IsoDateTime),
  endDate: Type.Optional(IsoDateTime),
});

export const ReviseSubscriptionData = Type.Object({
  paypalSubscriptionID: Id,
  quantity: Quantity,
  modules: Type.Optional(ModuleSelections),
  amount: Type.Optional(Cents),
});

/** Ask PayPal for the amount due: the decider says how much and why; the route has created the order for it. */
export const OrderPaymentData = Type.Object({
  paypalOrderID: Id,
  paypalSubscriptionID: Id,
  /** The amount the order was created for, which must be the amount due now. */
  amount: Cents,
  currency: Type.String({ minLength: 3, maxLength: 3 }),
});

export const CaptureOrderData = Type.Object({
  paypalOrderID: Id,
  paypalSubscriptionID: Id,
  /** PayPal's capture id for the captured amount. */
  captureId: Id,
  quantity: Quantity,
  /** What PayPal reports as captured, in cents, and its currency. */
  amount: Cents,
  currency: Type.String({ minLength: 3, maxLength: 3 }),
  /** PayPal's status of the capture; anything but COMPLETED is recorded as rejected. */
  providerStatus: Type.String({ maxLength: 64 }),
  /** A fresh licence key, used when the subscription has none yet (decide stays free of randomness). */
  licenceKey: Type.String({ minLength: 8, maxLength: 512 }),
});

export const ChangePaymentMethodData = Type.Object({
  paypalOrderID: Id,
  paypalSubscriptionID: Id,
  quantity: Quantity,
});

export const SetSubscriptionStatusData = Type.Object({ status: Status, reason: Type.Optional(ShortText) });
export const CancelSubscriptionData = Type.Object({ reason: Type.Optional(ShortText) });
export const RemoveSubscriptionData = Type.Object({ reason: Type.Optional(ShortText) });
export const StartTrialData = Type.Object({ trialPeriod: Type.Optional(Type.Integer({ minimum: 1, maximum: 31_536_000 })) });
export const RecordRefundData = Type.Object({
  captureId: Id,
  refundId: Id,
  amount: Cents,
  currency: Type.String({ minLength: 3, maxLength: 3 }),
});

export const SubscriptionCommandSchemas = {
  CreateSubscription: CreateSubscriptionData,
  UpdateSubscription: UpdateSubscriptionData,
  ReviseSubscription: ReviseSubscriptionData,
  OrderPayment: OrderPaymentData,
  CaptureOrder: CaptureOrderData,
  ChangePaymentMethod: ChangePaymentMethodData,
  SetSubscriptionStatus: SetSubscriptionStatusData,
  CancelSubscription: CancelSubscriptionData,
  RemoveSubscription: RemoveSubscriptionData,
  StartTrial: StartTrialData,
  RecordRefund: RecordRefundData,
} as const;

export type SubscriptionCommand =
  | Command<'CreateSubscription', Static<typeof CreateSubscriptionData>>
  | Command<'UpdateSubscription', Static<typeof UpdateSubscriptionData>>
  | Command<'ReviseSubscription', Static<typeof ReviseSubscriptionData>>
  | Command<'OrderPayment', Static<typeof OrderPaymentData>>
  | Command<'CaptureOrder', Static<typeof CaptureOrderData>>
  | Command<'ChangePaymentMethod', Static<typeof ChangePaymentMethodData>>
  | Command<'SetSubscriptionStatus', Static<typeof SetSubscriptionStatusData>>
  | Command<'CancelSubscription', Static<typeof CancelSubscriptionData>>
  | Command<'RemoveSubscription', Static<typeof RemoveSubscriptionData>>
  | Command<'StartTrial', Static<typeof StartTrialData>>
  | Command<'RecordRefund', Static<typeof RecordRefundData>>;
