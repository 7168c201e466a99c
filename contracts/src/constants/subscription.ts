/** Subscription statuses (seed §4) with the labels users see. */
export const SUBSCRIPTION_STATUSES = [
  'SUBSCRIPTION_STATUS_INITIAL',
  'SUBSCRIPTION_STATUS_WAIT_PAYMENT',
  'SUBSCRIPTION_STATUS_ACTIVE',
  'SUBSCRIPTION_STATUS_PAUSE',
  'SUBSCRIPTION_STATUS_CANCEL',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];
export const DEFAULT_SUBSCRIPTION_STATUS: SubscriptionStatus = 'SUBSCRIPTION_STATUS_INITIAL';
export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  SUBSCRIPTION_STATUS_INITIAL: 'Creating',
  SUBSCRIPTION_STATUS_WAIT_PAYMENT: 'Wait payment',
  SUBSCRIPTION_STATUS_ACTIVE: 'Live',
  SUBSCRIPTION_STATUS_PAUSE: 'Paused',
  SUBSCRIPTION_STATUS_CANCEL: 'Cancelled',
};
export const TERMINAL_STATUSES: readonly SubscriptionStatus[] = ['SUBSCRIPTION_STATUS_CANCEL'];

/**
 * Why a status changes. Every status change names one; the machine below says which causes may move a subscription
 * from which status to which.
 */
export const STATUS_CAUSES = [
  /** The first PayPal order was created: the purchase waits for its payment. */
  'ORDER_CREATED',
  /** A payment was captured (or paid from account credit). */
  'PAID',
  /** The one free trial started, before the first payment. */
  'TRIAL_STARTED',
  /** A free plan: nothing to pay. */
  'FREE_PLAN',
  /** An administrator granted time without payment, with a reason (shown as such in the history and in finance). */
  'COMPLIMENTARY',
  /** A payment fell due (renewal, trial or complimentary end) and was not made: dunning starts. */
  'PAYMENT_DUE',
  /**
   * A refund or reversal took back the money of the paid time running and nothing else covers it: the subscription
   * ends (older streams: it waited for payment). Nothing is owed, nothing is charged.
   */
  'PAYMENT_TAKEN_BACK',
  /** Still unpaid at the end of the grace: paused, licence suspended. */
  'UNPAID_AFTER_GRACE',
  /** An administrator paused it (until a resume date, or until resumed). */
  'ADMIN_PAUSE',
  /** Resumed (by an administrator, or on the resume date): Live while time is covered, otherwise waiting for payment. */
  'RESUMED',
  /** Cancelled: by the customer, an administrator, at the end of the paid time, or at the end of dunning. */
  'CANCELLED',
] as const;
export type StatusCause = (typeof STATUS_CAUSES)[number];

/**
 * The status machine: the only statement of which moves exist, and why each may happen. Every handler moves a
 * subscription through one transition function (billing-core/src/subscription/status.ts) that looks its move up
 * here; docs/billing-lifecycle.md draws it.
 *
 * Creating → Wait payment → Live ⇄ Paused, any non-terminal → Cancelled. Live is reached only by money (PAID), the
 * trial, a free plan or an administrator's explicit, reasoned complimentary grant: never by a bare status change.
 */
export const STATUS_MACHINE: Record<SubscriptionStatus, Partial<Record<SubscriptionStatus, readonly StatusCause[]>>> = {
  SUBSCRIPTION_STATUS_INITIAL: {
    SUBSCRIPTION_STATUS_WAIT_PAYMENT: ['ORDER_CREATED'],
    SUBSCRIPTION_STATUS_ACTIVE: ['PAID', 'TRIAL_STARTED', 'FREE_PLAN', 'COMPLIMENTARY'],
    SUBSCRIPTION_STATUS_CANCEL: ['CANCELLED'],
  },
  SUBSCRIPTION_STATUS_WAIT_PAYMENT: {
    SUBSCRIPTION_STATUS_ACTIVE: ['PAID', 'TRIAL_STARTED', 'COMPLIMENTARY'],
    SUBSCRIPTION_STATUS_PAUSE: ['UNPAID_AFTER_GRACE', 'ADMIN_PAUSE'],
    SUBSCRIPTION_STATUS_CANCEL: ['CANCELLED', 'PAYMENT_TAKEN_BACK'],
  },
  SUBSCRIPTION_STATUS_ACTIVE: {
    SUBSCRIPTION_STATUS_WAIT_PAYMENT: ['PAYMENT_DUE'],
    SUBSCRIPTION_STATUS_PAUSE: ['ADMIN_PAUSE'],
    SUBSCRIPTION_STATUS_CANCEL: ['CANCELLED', 'PAYMENT_TAKEN_BACK'],
  },
  SUBSCRIPTION_STATUS_PAUSE: {
    SUBSCRIPTION_STATUS_ACTIVE: ['RESUMED', 'PAID', 'COMPLIMENTARY'],
    SUBSCRIPTION_STATUS_WAIT_PAYMENT: ['RESUMED'],
    SUBSCRIPTION_STATUS_CANCEL: ['CANCELLED', 'PAYMENT_TAKEN_BACK'],
  },
  SUBSCRIPTION_STATUS_CANCEL: {},
};

/** The causes that may move a subscription from `from` to `to` (none: the move does not exist). */
export function causesOf(from: SubscriptionStatus, to: SubscriptionStatus): readonly StatusCause[] {
  return STATUS_MACHINE[from][to] ?? [];
}

/** Statuses a captured payment or a started trial activates (the first payment). */
export const PAYABLE_STATUSES: readonly SubscriptionStatus[] = [
  'SUBSCRIPTION_STATUS_INITIAL',
  'SUBSCRIPTION_STATUS_WAIT_PAYMENT',
];

/** Subscription types (seed §4): monthly is the default; the selector also offers a free choice. */
export const SUBSCRIPTION_TYPES = [
  'SUBSCRIPTION_PAY_AS_YOU_GO',
  'SUBSCRIPTION_MONTH',
  'SUBSCRIPTION_YEAR',
  'SUBSCRIPTION_PERPETUAL',
  'SUBSCRIPTION_FREE',
] as const;
export type SubscriptionType = (typeof SUBSCRIPTION_TYPES)[number];
export const DEFAULT_SUBSCRIPTION_TYPE: SubscriptionType = 'SUBSCRIPTION_MONTH';
export const SUBSCRIPTION_TYPE_LABELS: Record<SubscriptionType, string> = {
  SUBSCRIPTION_PAY_AS_YOU_GO: 'Pay as you go',
  SUBSCRIPTION_MONTH: 'Monthly',
  SUBSCRIPTION_YEAR: 'Annual',
  SUBSCRIPTION_PERPETUAL: 'Perpetual',
  SUBSCRIPTION_FREE: 'Free',
};

export const INFRASTRUCTURE_TYPES = ['saas', 'self-hosted'] as const;
export type InfrastructureType = (typeof INFRASTRUCTURE_TYPES)[number];

/** Plans a purchase can name in payment_details.plan_id (seed §2: plan=constructor or plan=unlimited). */
export const PLAN_IDS = ['constructor', 'unlimited'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

/** Purchase-button query values (seed §2). The seed spells monthly "mounthly"; both spellings are accepted. */
export const SIGN_IN_INFRASTRUCTURES = ['selfhosted', 'saas'] as const;
export const SIGN_IN_PERIODS = ['free', 'mounthly', 'monthly', 'annual'] as const;
export type SignInPeriod = (typeof SIGN_IN_PERIODS)[number];
export const PERIOD_TO_SUBSCRIPTION_TYPE: Record<SignInPeriod, SubscriptionType> = {
  free: 'SUBSCRIPTION_FREE',
  mounthly: 'SUBSCRIPTION_MONTH',
  monthly: 'SUBSCRIPTION_MONTH',
  annual: 'SUBSCRIPTION_YEAR',
};

export const PAYMENT_METHODS = ['PAYPAL'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const CURRENCY = 'USD';

/** Default trial period in seconds (seed §9: 604800 s, 7 days). */
export const DEFAULT_TRIAL_PERIOD_SECONDS = 604_800;
/**
 * The largest configuration a free trial may be of, in licence units: the first price tier (self-hosted units 1–20,
 * SELF_HOSTED_TIERS). A larger one is paid for from the start; a raise during a trial waits for its balance.
 */
export const TRIAL_MAX_UNITS = 20;
/** Minimum unit quantity (seed §9). */
export const MIN_UNIT_QUANTITY = 1;
export const MAX_UNIT_QUANTITY = 1_000_000;
/** Subscription name prefix (seed §3: "prefix Subscription plus date"). */
export const SUBSCRIPTION_NAME_PREFIX = 'Subscription';
