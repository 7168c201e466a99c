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
 * The status machine (design.md): INITIAL → WAIT_PAYMENT → ACTIVE ⇄ PAUSE, any non-terminal → CANCEL.
 * These are the moves a customer or the system may make with an explicit status change; ACTIVE from
 * INITIAL/WAIT_PAYMENT is reached only by a captured payment (or a started trial), never by a bare status change.
 * Administrators may move between any two non-terminal statuses.
 */
export const STATUS_TRANSITIONS: Record<SubscriptionStatus, readonly SubscriptionStatus[]> = {
  SUBSCRIPTION_STATUS_INITIAL: ['SUBSCRIPTION_STATUS_WAIT_PAYMENT', 'SUBSCRIPTION_STATUS_CANCEL'],
  SUBSCRIPTION_STATUS_WAIT_PAYMENT: ['SUBSCRIPTION_STATUS_CANCEL'],
  SUBSCRIPTION_STATUS_ACTIVE: ['SUBSCRIPTION_STATUS_PAUSE', 'SUBSCRIPTION_STATUS_CANCEL'],
  SUBSCRIPTION_STATUS_PAUSE: ['SUBSCRIPTION_STATUS_ACTIVE', 'SUBSCRIPTION_STATUS_CANCEL'],
  SUBSCRIPTION_STATUS_CANCEL: [],
};
/** Statuses a captured payment (captureOrder) or a started trial activates. */
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
/** Minimum unit quantity (seed §9). */
export const MIN_UNIT_QUANTITY = 1;
export const MAX_UNIT_QUANTITY = 1_000_000;
/** Subscription name prefix (seed §3: "prefix Subscription plus date"). */
export const SUBSCRIPTION_NAME_PREFIX = 'Subscription';
