import { OrderTax } from '../schemas/tax.js';
import { Type, type Static } from '@sinclair/typebox';
import { INFRASTRUCTURE_TYPES, PLAN_IDS, SUBSCRIPTION_STATUSES, SUBSCRIPTION_TYPES } from '../constants/subscription.js';
import { Cents, Id, IsoDateTime, Name, Quantity, ShortText, StringEnum } from '../schemas/common.js';
import { InfrastructureDetails, ModuleSelections } from '../schemas/subscription.js';
import { BillingPolicy } from '../events/policy.js';
import { REMINDER_KINDS } from '../events/subscription.js';
import type { Command } from './metadata.js';

const LicenceKey = Type.String({ minLength: 8, maxLength: 512 });
/** An administrator's complimentary grant: why (required), and until when (default: one billing period). */
const Complimentary = Type.Object({ reason: Type.String({ minLength: 1, maxLength: 2000 }), until: Type.Optional(IsoDateTime) }, { additionalProperties: false });

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
  /** A licence key the server issued (and claimed) for a plan that is live at creation: the free plan, a complimentary grant. */
  issuedLicenceKey: Type.Optional(LicenceKey),
  /** Administrators only: Live at once without payment, explicitly, with a reason. */
  complimentary: Type.Optional(Complimentary),
}, { additionalProperties: false });

/** Descriptive fields only: price-bearing changes go through ReviseSubscription, status through SetSubscriptionStatus. */
export const UpdateSubscriptionData = Type.Object({
  name: Type.Optional(Name),
  infrastructure_details: Type.Optional(InfrastructureDetails),
  licence_key: Type.Optional(Type.String({ maxLength: 512 })),
  hardware_key: Type.Optional(Type.String({ maxLength: 512 })),
  startDate: Type.Optional(IsoDateTime),
  endDate: Type.Optional(IsoDateTime),
}, { additionalProperties: false });

export const ReviseSubscriptionData = Type.Object({
  paypalSubscriptionID: Id,
  quantity: Quantity,
  modules: Type.Optional(ModuleSelections),
  amount: Type.Optional(Cents),
}, { additionalProperties: false });

/** Ask PayPal for the amount due: the decider says how much and why; the route has created the order for it. */
export const OrderPaymentData = Type.Object({
  paypalOrderID: Id,
  paypalSubscriptionID: Id,
  /** The amount the order was created for, which must be the amount due now. */
  amount: Cents,
  currency: Type.String({ minLength: 3, maxLength: 3 }),
  /** What the order was created for; the decider checks it is still what is due. */
  purpose: Type.Optional(StringEnum(['period', 'balance'] as const)),
  /** The tax of what is due, decided by the server (the seller's rules, the customer's billing details): the amount includes it. */
  tax: Type.Optional(OrderTax),
}, { additionalProperties: false });

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
  licenceKey: LicenceKey,
  /**
   * The tax as the capture records it, when PayPal's payer country was known (the payment workflow decides it): the
   * order's, with the payer country in its evidence; or — the order was made with no country known — the VAT of the
   * payer's country carved out of the same money (`included`). Absent: the order's tax as it was recorded.
   */
  tax: Type.Optional(OrderTax),
}, { additionalProperties: false });

/** When what is due is covered by account credit: the period or balance is paid from it, without PayPal. */
export const PayFromCreditData = Type.Object({ licenceKey: LicenceKey, tax: Type.Optional(OrderTax) }, { additionalProperties: false });

/** We are about to ask PayPal to capture an approved order of ours (PayPal-Request-Id `requestId`). */
export const StartCaptureData = Type.Object({ paypalOrderID: Id, requestId: Type.String({ minLength: 1, maxLength: 128 }) }, { additionalProperties: false });
/** PayPal refused the capture `requestId` of an order: nothing moved, the order stays open for another attempt. */
export const RecordCaptureFailureData = Type.Object({ paypalOrderID: Id, requestId: Type.String({ minLength: 1, maxLength: 128 }), reason: StringEnum(['DECLINED', 'REFUSED'] as const) }, { additionalProperties: false });
/** We are about to charge the saved wallet for what is due now (PayPal-Request-Id `requestId`). */
export const StartSavedWalletChargeData = Type.Object({ requestId: Type.String({ minLength: 1, maxLength: 128 }), tax: Type.Optional(OrderTax) }, { additionalProperties: false });
/** PayPal declined the saved-wallet charge `requestId`. */
export const RecordSavedWalletDeclineData = Type.Object({ requestId: Type.String({ minLength: 1, maxLength: 128 }), reason: Type.Optional(Type.String({ maxLength: 128 })) }, { additionalProperties: false });
/** The billing clock: a licence boundary came (the next paid period starts at another configuration). */
export const RefreshLicenceData = Type.Object({}, { additionalProperties: false });
/** An administrator grants time without payment: Live until `until` (default one billing period), with a reason. */
export const GrantComplimentaryData = Type.Object({ reason: Type.String({ minLength: 1, maxLength: 2000 }), until: Type.Optional(IsoDateTime), licenceKey: LicenceKey }, { additionalProperties: false });

/** An open order PayPal no longer holds open (expired, voided): closed, so a new one can be made. */
export const CloseOrderData = Type.Object({ paypalOrderID: Id, reason: StringEnum(['EXPIRED', 'RENEWAL', 'TAX_CHANGED'] as const) }, { additionalProperties: false });

/** A scheduled downgrade whose date has come takes effect (the billing clock's command). */
export const ApplyScheduledChangeData = Type.Object({}, { additionalProperties: false });

export const RecordDisputeData = Type.Object({
  disputeId: Id,
  stage: StringEnum(['CREATED', 'UPDATED', 'RESOLVED'] as const),
  status: Type.String({ minLength: 1, maxLength: 64 }),
  captureId: Type.Optional(Id),
  reason: Type.Optional(Type.String({ maxLength: 128 })),
  outcome: Type.Optional(Type.String({ maxLength: 128 })),
  amount: Type.Optional(Cents),
  currency: Type.Optional(Type.String({ minLength: 3, maxLength: 3 })),
}, { additionalProperties: false });

export const ChangePaymentMethodData = Type.Object({
  paypalOrderID: Id,
  paypalSubscriptionID: Id,
  quantity: Quantity,
}, { additionalProperties: false });

/**
 * An administrator's explicit status move, through the status machine. Live without paid time running is a
 * complimentary grant: it needs `reason` (and a licence key the workflow issues).
 */
export const SetSubscriptionStatusData = Type.Object({ status: Status, reason: Type.Optional(ShortText), licenceKey: Type.Optional(LicenceKey), until: Type.Optional(IsoDateTime) }, { additionalProperties: false });
export const CancelSubscriptionData = Type.Object(
  {
    reason: Type.Optional(ShortText),
    /** Administrators: refund the unused share of every payment (owed back, then refunded through PayPal). */
    refund: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export const RemoveSubscriptionData = Type.Object({ reason: Type.Optional(ShortText) }, { additionalProperties: false });
export const StartTrialData = Type.Object({ trialPeriod: Type.Optional(Type.Integer({ minimum: 1, maximum: 31_536_000 })), licenceKey: Type.Optional(LicenceKey) }, { additionalProperties: false });
export const RecordRefundData = Type.Object({
  captureId: Id,
  refundId: Id,
  amount: Cents,
  currency: Type.String({ minLength: 3, maxLength: 3 }),
  /** PayPal reversed the capture (PAYMENT.CAPTURE.REVERSED) rather than us refunding it. */
  reversal: Type.Optional(Type.Boolean()),
}, { additionalProperties: false });

/** The billing clock: a payment that fell due (paid time or trial ended) was not made; `attempt` 0 at the due date. */
export const RecordRenewalFailureData = Type.Object({
  dueAt: IsoDateTime,
  attempt: Type.Integer({ minimum: 0, maximum: 20 }),
  reason: StringEnum(['NO_PAYMENT_METHOD', 'DECLINED'] as const),
  providerReason: Type.Optional(Type.String({ maxLength: 128 })),
  /** The billing policy, as the event log holds it: the first failure records its dunning timeline from it. */
  policy: BillingPolicy,
}, { additionalProperties: false });
/** The billing clock: still unpaid at the end of the grace period (pause), or at the end of dunning (cancel). */
/**
 * The billing clock ends what is unpaid: SUSPEND at the end of the grace, CANCEL at the end of dunning, TAKEN_BACK a
 * subscription left waiting for payment after a refund (streams from before refunds ended subscriptions).
 */
export const EndUnpaidData = Type.Object({ step: StringEnum(['SUSPEND', 'CANCEL', 'TAKEN_BACK'] as const) }, { additionalProperties: false });
export const RecordVaultedPaymentMethodData = Type.Object({
  vaultId: Type.String({ minLength: 1, maxLength: 128 }),
  payerEmail: Type.Optional(Type.String({ maxLength: 320 })),
  source: StringEnum(['PURCHASE', 'SETUP_TOKEN', 'PAYMENT_METHOD_CHANGE'] as const),
}, { additionalProperties: false });
/**
 * A merchant-initiated payment with the saved wallet, which PayPal captured when it created the order: recorded in
 * one step, always (the money moved). It pays what is due when it still matches; otherwise it becomes account credit.
 */
export const RecordSavedWalletPaymentData = Type.Object({
  paypalOrderID: Id,
  paypalSubscriptionID: Id,
  /** What the order was created for (the amount due when charged). */
  amount: Cents,
  currency: Type.String({ minLength: 3, maxLength: 3 }),
  purpose: StringEnum(['period', 'balance'] as const),
  captureId: Id,
  /** PayPal's capture status (COMPLETED, PENDING) and what it captured. */
  providerStatus: Type.String({ maxLength: 64 }),
  capturedAmount: Cents,
  licenceKey: LicenceKey,
  /** The PayPal-Request-Id of the charge (the one its SavedWalletChargeStarted recorded). */
  requestId: Type.String({ minLength: 1, maxLength: 128 }),
}, { additionalProperties: false });

/** Cancel when the paid time ends (`undo: true` withdraws it); the billing clock's `AT_PERIOD_END` carries it out. */
export const ScheduleCancellationData = Type.Object({ undo: Type.Optional(Type.Boolean()) }, { additionalProperties: false });
export const CancelAtPeriodEndData = Type.Object({}, { additionalProperties: false });
export const PauseSubscriptionData = Type.Object({ resumeAt: Type.Optional(IsoDateTime) }, { additionalProperties: false });
export const ResumeSubscriptionData = Type.Object({}, { additionalProperties: false });

/** The billing clock: a reminder's time came (the due item names which, and what it is about). */
export const RecordReminderData = Type.Object({ reminder: StringEnum(REMINDER_KINDS), dueAt: IsoDateTime }, { additionalProperties: false });

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
  PayFromCredit: PayFromCreditData,
  CloseOrder: CloseOrderData,
  ApplyScheduledChange: ApplyScheduledChangeData,
  RecordDispute: RecordDisputeData,
  RecordRenewalFailure: RecordRenewalFailureData,
  EndUnpaid: EndUnpaidData,
  RecordVaultedPaymentMethod: RecordVaultedPaymentMethodData,
  RecordSavedWalletPayment: RecordSavedWalletPaymentData,
  ScheduleCancellation: ScheduleCancellationData,
  CancelAtPeriodEnd: CancelAtPeriodEndData,
  PauseSubscription: PauseSubscriptionData,
  ResumeSubscription: ResumeSubscriptionData,
  StartCapture: StartCaptureData,
  RecordCaptureFailure: RecordCaptureFailureData,
  StartSavedWalletCharge: StartSavedWalletChargeData,
  RecordSavedWalletDecline: RecordSavedWalletDeclineData,
  RefreshLicence: RefreshLicenceData,
  GrantComplimentary: GrantComplimentaryData,
  RecordReminder: RecordReminderData,
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
  | Command<'RecordRefund', Static<typeof RecordRefundData>>
  | Command<'PayFromCredit', Static<typeof PayFromCreditData>>
  | Command<'CloseOrder', Static<typeof CloseOrderData>>
  | Command<'ApplyScheduledChange', Static<typeof ApplyScheduledChangeData>>
  | Command<'RecordDispute', Static<typeof RecordDisputeData>>
  | Command<'RecordRenewalFailure', Static<typeof RecordRenewalFailureData>>
  | Command<'EndUnpaid', Static<typeof EndUnpaidData>>
  | Command<'RecordVaultedPaymentMethod', Static<typeof RecordVaultedPaymentMethodData>>
  | Command<'RecordSavedWalletPayment', Static<typeof RecordSavedWalletPaymentData>>
  | Command<'ScheduleCancellation', Static<typeof ScheduleCancellationData>>
  | Command<'CancelAtPeriodEnd', Static<typeof CancelAtPeriodEndData>>
  | Command<'PauseSubscription', Static<typeof PauseSubscriptionData>>
  | Command<'ResumeSubscription', Static<typeof ResumeSubscriptionData>>
  | Command<'StartCapture', Static<typeof StartCaptureData>>
  | Command<'RecordCaptureFailure', Static<typeof RecordCaptureFailureData>>
  | Command<'StartSavedWalletCharge', Static<typeof StartSavedWalletChargeData>>
  | Command<'RecordSavedWalletDecline', Static<typeof RecordSavedWalletDeclineData>>
  | Command<'RefreshLicence', Static<typeof RefreshLicenceData>>
  | Command<'GrantComplimentary', Static<typeof GrantComplimentaryData>>
  | Command<'RecordReminder', Static<typeof RecordReminderData>>;

export const SetBillingPolicyData = Type.Object({
  policy: BillingPolicy,
  source: StringEnum(['DEFAULT', 'ENVIRONMENT', 'ADMIN'] as const),
  reason: Type.Optional(Type.String({ maxLength: 2000 })),
}, { additionalProperties: false });
export const PolicyCommandSchemas = { SetBillingPolicy: SetBillingPolicyData } as const;
export type PolicyCommand = Command<'SetBillingPolicy', Static<typeof SetBillingPolicyData>>;

export const ClaimIdentifierData = Type.Object({
  subscriptionId: Id,
  /** Take the identifier over from a holder that no longer uses it (a cancelled subscription's free plan). */
  takeoverFrom: Type.Optional(Id),
}, { additionalProperties: false });
export const ReleaseIdentifierData = Type.Object({ subscriptionId: Id }, { additionalProperties: false });
export const ClaimCommandSchemas = { ClaimIdentifier: ClaimIdentifierData, ReleaseIdentifier: ReleaseIdentifierData } as const;
export type ClaimCommand =
  | Command<'ClaimIdentifier', Static<typeof ClaimIdentifierData>>
  | Command<'ReleaseIdentifier', Static<typeof ReleaseIdentifierData>>;
