import { Type, type Static } from '@sinclair/typebox';
import {
  INFRASTRUCTURE_TYPES,
  PAYMENT_METHODS,
  PLAN_IDS,
  STATUS_CAUSES,
  SUBSCRIPTION_STATUSES,
  SUBSCRIPTION_TYPES,
} from '../constants/subscription.js';
import { UNLIMITED_PERIODS } from '../constants/pricing.js';
import { Cents, Id, IsoDateTime, Name, StringEnum } from '../schemas/common.js';
import { InfrastructureDetails, PricedModule } from '../schemas/subscription.js';
import { OrderTax } from '../schemas/tax.js';

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
  /**
   * `net`: its prices are net and tax is added on top (every subscription created since taxes). Absent: bought before
   * taxes — it keeps the gross it pays, the VAT carved out of it, until its plan changes.
   */
  taxPricing: Type.Optional(StringEnum(['net'] as const)),
});
export type SubscriptionCreated = Static<typeof SubscriptionCreated>;

/** Descriptive fields changed; `previous` holds their old values so history can show what changed. */
export const SubscriptionUpdated = Type.Object({
  changes: Type.Record(Type.String(), Type.Unknown()),
  previous: Type.Record(Type.String(), Type.Unknown()),
});
export type SubscriptionUpdated = Static<typeof SubscriptionUpdated>;

/** What a configuration is, priced by the catalogue: modules, licence units, and one billing period's amount. */
export const Configuration = Type.Object({
  modules: Type.Array(PricedModule),
  quantity: Type.Integer({ minimum: 1 }),
  amount: Cents,
});
export type Configuration = Static<typeof Configuration>;

/**
 * Quantity or modules changed, and with them the amount: at once when nothing paid is running (before the first
 * payment, during a trial, at an equal price), when the balance of a pending change was captured, or when a
 * scheduled downgrade reached its date (`reason` says which).
 */
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
  /**
   * IMMEDIATE: nothing paid was running, so it changes what is due (never what is licensed); COVERED: inside paid
   * time at no extra cost (the running periods were paid for as much), so the paid time runs at it from now;
   * BALANCE_PAID: its prorated balance was captured; SCHEDULED: the paid period it waited for ended.
   */
  reason: Type.Optional(StringEnum(['IMMEDIATE', 'COVERED', 'BALANCE_PAID', 'SCHEDULED'] as const)),
});
export type SubscriptionRevised = Static<typeof SubscriptionRevised>;

/**
 * A price-raising revision inside a paid period: it takes effect only when its prorated balance is captured
 * (Stripe's pending updates). A later revision replaces it.
 */
export const SubscriptionChangePending = Type.Object({
  modules: Type.Array(PricedModule),
  quantity: Type.Integer({ minimum: 1 }),
  amount: Cents,
  previousAmount: Cents,
  /** The prorated difference for the paid time still to run, rounded up to the cent. */
  balance: Cents,
  requestedAt: IsoDateTime,
});
export type SubscriptionChangePending = Static<typeof SubscriptionChangePending>;

/** A price-lowering revision inside a paid period: it takes effect when the paid time ends (the next period). */
export const SubscriptionChangeScheduled = Type.Object({
  modules: Type.Array(PricedModule),
  quantity: Type.Integer({ minimum: 1 }),
  amount: Cents,
  previousAmount: Cents,
  effectiveAt: IsoDateTime,
});
export type SubscriptionChangeScheduled = Static<typeof SubscriptionChangeScheduled>;

/** A pending or scheduled change was dropped: the customer went back to the configuration in force. */
export const SubscriptionChangeWithdrawn = Type.Object({
  kind: StringEnum(['PENDING', 'SCHEDULED'] as const),
  /** Why, when not the customer's choice: the paid time it waited for is gone (a refund ended it). */
  reason: Type.Optional(StringEnum(['PAID_TIME_ENDED'] as const)),
});
export type SubscriptionChangeWithdrawn = Static<typeof SubscriptionChangeWithdrawn>;

/** Why money is asked for: a billing period, or the balance that makes a pending change take effect. */
export const PaymentPurpose = StringEnum(['period', 'balance'] as const);

/**
 * We asked PayPal for a payment: an order for the amount due, created by the server from the catalogue. It records
 * what it pays for (configuration, purpose, the period as planned) and the account credit it uses; a capture applies
 * exactly that. (The optional fields are absent on orders recorded before pending updates existed.)
 */
export const PaymentOrdered = Type.Object({
  paypalOrderID: Id,
  paypalSubscriptionID: Id,
  amount: Cents,
  currency: Type.String(),
  purpose: PaymentPurpose,
  configuration: Type.Optional(Configuration),
  /** Account credit this payment uses besides the money asked from PayPal. */
  credit: Type.Optional(Cents),
  periodStart: Type.Optional(IsoDateTime),
  periodEnd: Type.Optional(IsoDateTime),
  /** The PayPal-Request-Id of a saved-wallet charge this order records (it ends that charge's attempt). */
  requestId: Type.Optional(Type.String({ maxLength: 128 })),
  /** Its tax (absent: no tax was decided — before taxes, or TAX=off): `amount` is `tax.total` less the credit used. */
  tax: Type.Optional(OrderTax),
});
export type PaymentOrdered = Static<typeof PaymentOrdered>;

/**
 * An open order no longer matches what is due (the configuration changed, the subscription ended, or — TAX_CHANGED —
 * the customer's billing details now make another tax): never captured by us.
 */
export const PaymentOrderSuperseded = Type.Object({
  paypalOrderID: Id,
  reason: StringEnum(['CONFIGURATION_CHANGED', 'SUBSCRIPTION_CANCELLED', 'STATUS_CHANGED', 'CREDIT_CHANGED', 'EXPIRED', 'RENEWAL', 'TAX_CHANGED'] as const),
});
export type PaymentOrderSuperseded = Static<typeof PaymentOrderSuperseded>;

/** PayPal holds a capture for review (eCheck, risk): PAYMENT.CAPTURE.COMPLETED or .DENIED follows. Nothing is granted yet. */
export const PaymentPending = Type.Object({ paypalOrderID: Id, captureId: Id, amount: Cents, currency: Type.String() });
export type PaymentPending = Static<typeof PaymentPending>;

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
  /** The configuration this capture paid for (the order's). */
  configuration: Type.Optional(Configuration),
  /** Account credit used together with the captured money. */
  credit: Type.Optional(Cents),
  /**
   * true: the order was no longer current when PayPal captured it (superseded while the capture was in flight, or
   * the subscription was cancelled): the money is kept as account credit and grants nothing by itself.
   */
  credited: Type.Optional(Type.Boolean()),
  /** The tax inside the money (the order's): tax payable, never revenue. Absent on a capture kept as credit. */
  tax: Type.Optional(OrderTax),
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
  /** true: PayPal reversed the capture (a chargeback), rather than us refunding it. */
  reversal: Type.Optional(Type.Boolean()),
});
export type PaymentRefunded = Static<typeof PaymentRefunded>;

/**
 * A full refund or reversal took back the money of a period still running or paid ahead: that period (only) ends.
 * A running period ends now; one paid ahead is taken out, and the periods paid after it move back one period, so
 * the paid time stays continuous and ends one period sooner. A refunded balance ends the running paid time now.
 */
export const PaidTimeEnded = Type.Object({
  captureId: Id,
  reason: StringEnum(['REFUNDED', 'REVERSED'] as const),
  endedAt: IsoDateTime,
  /** The paid time's end before and after. */
  paidThroughBefore: Type.Optional(IsoDateTime),
  paidThroughAfter: Type.Optional(IsoDateTime),
});
export type PaidTimeEnded = Static<typeof PaidTimeEnded>;

/**
 * A full refund or reversal took back the balance that paid for a raise of the configuration: the raise ends at
 * `endedAt` — the paid periods run at the configuration paid before it (`configuration`) from then on, periods paid
 * ahead included, and that configuration is in force again. Raises paid after it end with it (their unused money
 * becomes account credit: `credited`, per capture).
 */
export const PaidChangeTakenBack = Type.Object({
  captureId: Id,
  reason: StringEnum(['REFUNDED', 'REVERSED'] as const),
  endedAt: IsoDateTime,
  /** The configuration in force again (the one paid before the raise). */
  configuration: Configuration,
  /** The configuration the raise paid for. */
  previous: Configuration,
  credited: Type.Optional(Type.Array(Type.Object({ captureId: Id, amount: Cents }), { maxItems: 500 })),
});
export type PaidChangeTakenBack = Static<typeof PaidChangeTakenBack>;

/** A buyer disputed a payment at PayPal (opened, updated, resolved): shown to administrators and in finance. */
export const PaymentDisputed = Type.Object({
  disputeId: Id,
  stage: StringEnum(['CREATED', 'UPDATED', 'RESOLVED'] as const),
  status: Type.String({ maxLength: 64 }),
  captureId: Type.Optional(Id),
  reason: Type.Optional(Type.String({ maxLength: 128 })),
  outcome: Type.Optional(Type.String({ maxLength: 128 })),
  amount: Type.Optional(Cents),
  currency: Type.Optional(Type.String()),
});
export type PaymentDisputed = Static<typeof PaymentDisputed>;

export const PaymentMethodChanged = Type.Object({
  payment_method: StringEnum(PAYMENT_METHODS),
  paypalOrderID: Id,
  paypalSubscriptionID: Id,
  previousPaypalSubscriptionID: Type.Optional(Type.String()),
});
export type PaymentMethodChanged = Static<typeof PaymentMethodChanged>;

/**
 * `cause`: which move of the status machine (contracts/src/constants/subscription.ts); `reason`: why, as the system
 * says it (shown to everyone); `note`: what an administrator wrote (administrators only); `at`: when.
 */
export const SubscriptionStatusChanged = Type.Object({
  from: Status,
  to: Status,
  cause: Type.Optional(StringEnum(STATUS_CAUSES)),
  at: Type.Optional(IsoDateTime),
  reason: OptionalText,
  note: OptionalText,
});
export type SubscriptionStatusChanged = Static<typeof SubscriptionStatusChanged>;

export const TrialStarted = Type.Object({
  trialStartDate: IsoDateTime,
  trialEndDate: IsoDateTime,
  trialPeriod: Type.Integer({ minimum: 1 }),
  /** What the trial lets the customer use (the configuration when it started; later revisions change what is due). */
  configuration: Type.Optional(Configuration),
  licence_key: Type.Optional(Type.String()),
});

/**
 * An administrator granted time without payment: explicitly, with a reason, shown as such in the history and in
 * finance (it earns nothing). The subscription is covered from `start` to `end` at `configuration`.
 */
export const ComplimentaryGranted = Type.Object({
  /** The administrator's reason (administrators and finance read it; customers see the grant, not the words). */
  note: Type.String({ minLength: 1, maxLength: 2000 }),
  start: IsoDateTime,
  end: IsoDateTime,
  configuration: Configuration,
  licence_key: Type.Optional(Type.String()),
});
export type ComplimentaryGranted = Static<typeof ComplimentaryGranted>;

/**
 * The billing clock (or a revision's balance) is about to charge the saved PayPal wallet: one money movement at a
 * time. Until the charge is recorded (PaymentOrdered with this request id) or declined, no other payment starts
 * and the plan cannot change; a crashed run finds it and asks PayPal again with the same PayPal-Request-Id.
 */
export const SavedWalletChargeStarted = Type.Object({
  requestId: Type.String({ minLength: 1, maxLength: 128 }),
  purpose: PaymentPurpose,
  amount: Cents,
  startedAt: IsoDateTime,
  /** The tax of the charge (its amount includes it). */
  tax: Type.Optional(OrderTax),
});
export type SavedWalletChargeStarted = Static<typeof SavedWalletChargeStarted>;
export const SavedWalletChargeDeclined = Type.Object({
  requestId: Type.String({ minLength: 1, maxLength: 128 }),
  reason: Type.Optional(Type.String({ maxLength: 128 })),
});
export type SavedWalletChargeDeclined = Static<typeof SavedWalletChargeDeclined>;

/** We are asking PayPal to capture one of our orders (the buyer approved it): no other money movement starts meanwhile. */
export const PaymentCaptureStarted = Type.Object({ paypalOrderID: Id, requestId: Type.String({ minLength: 1, maxLength: 128 }), startedAt: IsoDateTime });
export type PaymentCaptureStarted = Static<typeof PaymentCaptureStarted>;
/**
 * PayPal refused that capture (the buyer's funding source declined, the order not capturable): nothing moved. The
 * order stays open for another attempt (the buyer may choose another funding source), with a new request id.
 */
export const PaymentCaptureFailed = Type.Object({
  paypalOrderID: Id,
  requestId: Type.String({ minLength: 1, maxLength: 128 }),
  reason: StringEnum(['DECLINED', 'REFUSED'] as const),
});
export type PaymentCaptureFailed = Static<typeof PaymentCaptureFailed>;
export type TrialStarted = Static<typeof TrialStarted>;

/** Money owed back to the customer at a cancellation: the unused share of one capture, refunded through PayPal next. */
export const RefundOwed = Type.Object({ captureId: Id, amount: Cents });
export type RefundOwed = Static<typeof RefundOwed>;

/**
 * Cancelled (terminal). `cause`: by someone (CANCELLED, absent on older events), or because a refund or reversal took
 * back the money of the paid time running (PAYMENT_TAKEN_BACK: nothing is owed, nothing is charged). `refunds`: an
 * administrator's cancellation with a refund of the unused paid time: what is owed back, per capture (the books
 * hold it as owed to the customer until each refund is recorded).
 */
export const SubscriptionCancelled = Type.Object({
  from: Status,
  reason: OptionalText,
  note: OptionalText,
  at: Type.Optional(IsoDateTime),
  cause: Type.Optional(StringEnum(['CANCELLED', 'PAYMENT_TAKEN_BACK'] as const)),
  refunds: Type.Optional(Type.Array(RefundOwed, { maxItems: 500 })),
});
export type SubscriptionCancelled = Static<typeof SubscriptionCancelled>;

export const SubscriptionRemoved = Type.Object({ reason: OptionalText, note: OptionalText });
export type SubscriptionRemoved = Static<typeof SubscriptionRemoved>;

/** The billing policy a dunning run follows, recorded when it starts so that later configuration changes do not rewrite it. */
export const DunningTimeline = Type.Object({
  /** When the payment fell due (the paid time's or the trial's end). */
  dueAt: IsoDateTime,
  /** When the payment is tried again (DUNNING_SCHEDULE). */
  retries: Type.Array(IsoDateTime, { maxItems: 20 }),
  /** The licence stays valid until then (LICENCE_GRACE_DAYS). */
  graceUntil: IsoDateTime,
  /** Paused (licence suspended) when still unpaid then. */
  suspendAt: IsoDateTime,
  /** Cancelled when still unpaid then (DUNNING_CANCEL_AFTER_DAYS after the suspension). */
  cancelAt: IsoDateTime,
  /** What the payment charges: the grace licence is for this configuration, until `graceUntil`. */
  configuration: Type.Optional(Configuration),
});
export type DunningTimeline = Static<typeof DunningTimeline>;

/**
 * A payment that fell due was not made: no saved payment method (the customer pays from the account page), or
 * PayPal declined the saved one. The first failure starts dunning with its timeline; later ones count the retries.
 */
export const RenewalFailed = Type.Object({
  dueAt: IsoDateTime,
  /** 0 at the due date, then 1, 2, … for each retry of the schedule. */
  attempt: Type.Integer({ minimum: 0, maximum: 20 }),
  reason: StringEnum(['NO_PAYMENT_METHOD', 'DECLINED'] as const),
  timeline: Type.Optional(DunningTimeline),
  /** PayPal's reason for a decline (INSTRUMENT_DECLINED, …). */
  providerReason: Type.Optional(Type.String({ maxLength: 128 })),
});
export type RenewalFailed = Static<typeof RenewalFailed>;

/** A PayPal wallet saved for merchant-initiated payments (Orders v2 vault, or a vault setup token): renewals charge it. */
export const PaymentMethodVaulted = Type.Object({
  vaultId: Type.String({ minLength: 1, maxLength: 128 }),
  payerEmail: Type.Optional(Type.String({ maxLength: 320 })),
  source: StringEnum(['PURCHASE', 'SETUP_TOKEN', 'PAYMENT_METHOD_CHANGE'] as const),
  /** The wallet it replaced, if any. */
  previousVaultId: Type.Optional(Type.String({ maxLength: 128 })),
});
export type PaymentMethodVaulted = Static<typeof PaymentMethodVaulted>;

/** The customer (or an administrator) asked to cancel when the paid time ends; it may be undone until then. */
export const CancellationScheduled = Type.Object({ cancelAt: IsoDateTime, by: StringEnum(['CUSTOMER', 'ADMIN'] as const) });
export type CancellationScheduled = Static<typeof CancellationScheduled>;
export const CancellationWithdrawn = Type.Object({ cancelAt: IsoDateTime });
export type CancellationWithdrawn = Static<typeof CancellationWithdrawn>;

/** Paused: by an administrator (until a resume date, or until resumed), or for non-payment at the end of the grace period. */
export const SubscriptionPaused = Type.Object({
  reason: StringEnum(['ADMIN', 'NON_PAYMENT'] as const),
  resumeAt: Type.Optional(IsoDateTime),
});
export type SubscriptionPaused = Static<typeof SubscriptionPaused>;
export const SubscriptionResumed = Type.Object({ reason: StringEnum(['ADMIN', 'RESUME_DATE', 'PAID'] as const) });
export type SubscriptionResumed = Static<typeof SubscriptionResumed>;

/**
 * What the self-hosted engine may use until when: issued on every paid period and change (free plans included) and
 * signed when downloaded (Ed25519 signatures are deterministic: the same licence always gives the same file).
 */
export const LicenceIssued = Type.Object({
  licenceKey: Type.String({ minLength: 1, maxLength: 512 }),
  serial: Type.Integer({ minimum: 1 }),
  modules: Type.Array(Type.Object({ name: Type.String(), limit: Type.Integer({ minimum: 0 }) })),
  quantity: Type.Integer({ minimum: 1 }),
  issuedAt: IsoDateTime,
  validUntil: IsoDateTime,
  /** What covers it: paid time, the trial, a complimentary grant, the grace after a lapsed renewal, or a free plan. */
  basis: Type.Optional(StringEnum(['PAID', 'TRIAL', 'COMPLIMENTARY', 'GRACE', 'FREE'] as const)),
});
export type LicenceIssued = Static<typeof LicenceIssued>;
export const LicenceRevoked = Type.Object({
  serial: Type.Integer({ minimum: 1 }),
  reason: StringEnum(['CANCELLED', 'REFUNDED', 'PAUSED', 'UNPAID'] as const),
});
export type LicenceRevoked = Static<typeof LicenceRevoked>;

/** The reminders the billing clock sends before something happens to a subscription (and how many days before). */
export const REMINDER_KINDS = ['TRIAL_ENDING', 'ANNUAL_RENEWAL', 'LICENCE_EXPIRING'] as const;
export type ReminderKind = (typeof REMINDER_KINDS)[number];

/**
 * A reminder's time came (a due item the billing clock ran): the trial ends at `dueAt`, the annual renewal falls due
 * at `dueAt`, or the licence expires at `dueAt` (the subscription cancels then). The notifier e-mails it to the
 * customer unless they turned reminders off. Recorded once per reminder and `dueAt`.
 */
export const ReminderFellDue = Type.Object({
  reminder: StringEnum(REMINDER_KINDS),
  dueAt: IsoDateTime,
});
export type ReminderFellDue = Static<typeof ReminderFellDue>;

export const SubscriptionEventSchemas = {
  SubscriptionCreated,
  SubscriptionUpdated,
  SubscriptionRevised,
  SubscriptionChangePending,
  SubscriptionChangeScheduled,
  SubscriptionChangeWithdrawn,
  PaymentOrdered,
  PaymentOrderSuperseded,
  PaymentPending,
  OrderCaptured,
  PaymentRejected,
  PaymentRefunded,
  PaidTimeEnded,
  PaidChangeTakenBack,
  PaymentDisputed,
  PaymentMethodChanged,
  SubscriptionStatusChanged,
  TrialStarted,
  ComplimentaryGranted,
  SavedWalletChargeStarted,
  SavedWalletChargeDeclined,
  PaymentCaptureStarted,
  PaymentCaptureFailed,
  SubscriptionCancelled,
  SubscriptionRemoved,
  RenewalFailed,
  PaymentMethodVaulted,
  CancellationScheduled,
  CancellationWithdrawn,
  SubscriptionPaused,
  SubscriptionResumed,
  LicenceIssued,
  LicenceRevoked,
  ReminderFellDue,
} as const;

export type SubscriptionEvent =
  | { type: 'SubscriptionCreated'; data: SubscriptionCreated }
  | { type: 'SubscriptionUpdated'; data: SubscriptionUpdated }
  | { type: 'SubscriptionRevised'; data: SubscriptionRevised }
  | { type: 'SubscriptionChangePending'; data: SubscriptionChangePending }
  | { type: 'SubscriptionChangeScheduled'; data: SubscriptionChangeScheduled }
  | { type: 'SubscriptionChangeWithdrawn'; data: SubscriptionChangeWithdrawn }
  | { type: 'PaymentOrdered'; data: PaymentOrdered }
  | { type: 'PaymentOrderSuperseded'; data: PaymentOrderSuperseded }
  | { type: 'PaymentPending'; data: PaymentPending }
  | { type: 'OrderCaptured'; data: OrderCaptured }
  | { type: 'PaymentRejected'; data: PaymentRejected }
  | { type: 'PaymentRefunded'; data: PaymentRefunded }
  | { type: 'PaidTimeEnded'; data: PaidTimeEnded }
  | { type: 'PaidChangeTakenBack'; data: PaidChangeTakenBack }
  | { type: 'PaymentDisputed'; data: PaymentDisputed }
  | { type: 'PaymentMethodChanged'; data: PaymentMethodChanged }
  | { type: 'SubscriptionStatusChanged'; data: SubscriptionStatusChanged }
  | { type: 'TrialStarted'; data: TrialStarted }
  | { type: 'ComplimentaryGranted'; data: ComplimentaryGranted }
  | { type: 'SavedWalletChargeStarted'; data: SavedWalletChargeStarted }
  | { type: 'SavedWalletChargeDeclined'; data: SavedWalletChargeDeclined }
  | { type: 'PaymentCaptureStarted'; data: PaymentCaptureStarted }
  | { type: 'PaymentCaptureFailed'; data: PaymentCaptureFailed }
  | { type: 'SubscriptionCancelled'; data: SubscriptionCancelled }
  | { type: 'SubscriptionRemoved'; data: SubscriptionRemoved }
  | { type: 'RenewalFailed'; data: RenewalFailed }
  | { type: 'PaymentMethodVaulted'; data: PaymentMethodVaulted }
  | { type: 'CancellationScheduled'; data: CancellationScheduled }
  | { type: 'CancellationWithdrawn'; data: CancellationWithdrawn }
  | { type: 'SubscriptionPaused'; data: SubscriptionPaused }
  | { type: 'SubscriptionResumed'; data: SubscriptionResumed }
  | { type: 'LicenceIssued'; data: LicenceIssued }
  | { type: 'LicenceRevoked'; data: LicenceRevoked }
  | { type: 'ReminderFellDue'; data: ReminderFellDue };

/**
 * Claims: one stream per unique identifier (a billing reference, a licence key, a customer's free plan), holding
 * which subscription owns it. Two claims of one identifier race on that stream's version, and one loses.
 */
export const IdentifierClaimed = Type.Object({ subscriptionId: Id });
export const IdentifierReleased = Type.Object({ subscriptionId: Id });
export const ClaimEventSchemas = { IdentifierClaimed, IdentifierReleased } as const;
export type ClaimEvent =
  | { type: 'IdentifierClaimed'; data: Static<typeof IdentifierClaimed> }
  | { type: 'IdentifierReleased'; data: Static<typeof IdentifierReleased> };
