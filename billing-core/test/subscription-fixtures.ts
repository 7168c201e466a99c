import type { BillingPolicy, CommandMetadata, Configuration, PricedModule, SubscriptionEvent } from '@relaycast/contracts';
import { meta } from './given.js';

/**
 * Subscription histories for the decider's specs, written out event by event (never produced by `decide`).
 *
 * sub-1 is user-1's self-hosted constructor, 2 publishing streams, monthly. Seed §9: self-hosted units cost $5 each
 * (1–20), one stream per unit, so 2 streams = 2 units × 500 = 1000 cents a month. Created on 2026-03-01 00:00 UTC;
 * its first period runs Mar 1 → Apr 1 (anchored on the 1st), the next Apr 1 → May 1.
 */

export const JAN_31 = '2026-01-31T12:00:00.000Z';
export const FEB_28 = '2026-02-28T12:00:00.000Z';
export const MAR_1 = '2026-03-01T00:00:00.000Z';
export const MAR_2 = '2026-03-02T00:00:00.000Z';
export const MAR_4 = '2026-03-04T00:00:00.000Z';
export const MAR_4_NOON = '2026-03-04T12:00:00.000Z';
export const MAR_6 = '2026-03-06T00:00:00.000Z';
export const MAR_8 = '2026-03-08T00:00:00.000Z';
export const MAR_10 = '2026-03-10T00:00:00.000Z';
export const MAR_16_NOON = '2026-03-16T12:00:00.000Z';
export const MAR_16_1205 = '2026-03-16T12:05:00.000Z';
export const MAR_20 = '2026-03-20T00:00:00.000Z';
export const MAR_25 = '2026-03-25T00:00:00.000Z';
export const MAR_31 = '2026-03-31T12:00:00.000Z';
export const APR_1 = '2026-04-01T00:00:00.000Z';
export const APR_2 = '2026-04-02T00:00:00.000Z';
export const APR_4 = '2026-04-04T00:00:00.000Z';
export const APR_6 = '2026-04-06T00:00:00.000Z';
export const APR_8 = '2026-04-08T00:00:00.000Z';
export const APR_22 = '2026-04-22T00:00:00.000Z';
export const MAY_1 = '2026-05-01T00:00:00.000Z';
export const NO_END = '9999-12-31T23:59:59.000Z';

export const KEY = 'LIC-0001-0001';

/** Who acts, and when. */
export const as = {
  customer: (now: string): CommandMetadata => meta({ actorId: 'user-1', actorRole: 'ROLE_CUSTOMER', now }),
  stranger: (now: string): CommandMetadata => meta({ actorId: 'user-2', actorRole: 'ROLE_CUSTOMER', now }),
  admin: (now: string): CommandMetadata => meta({ actorId: 'admin-1', actorRole: 'ROLE_ADMIN', now }),
  clock: (now: string): CommandMetadata => meta({ actorId: 'billing-clock', actorRole: 'SYSTEM', now }),
};

/** The default billing policy (billing-core/src/policy): retries after 1, 3, 5, 7 days, 7 days' grace, cancelled 14 days after the suspension. */
export const POLICY: BillingPolicy = { retryDays: [1, 3, 5, 7], graceDays: 7, cancelAfterDays: 14 };

const STREAMS_LABELS = { en: 'Publishing streams', ru: 'Публикуемые потоки' };
const RESTREAM_LABELS = { en: 'Restreams', ru: 'Ретрансляции' };

/** Configurations as the catalogue prices them (self-hosted: $5 a unit, units 1–20). */
export const ONE_STREAM: Configuration = { modules: [{ name: 'streams', limit: 1, units: 1, free: false, amount: 500, labels: STREAMS_LABELS }], quantity: 1, amount: 500 };
export const TWO_STREAMS: Configuration = { modules: [{ name: 'streams', limit: 2, units: 2, free: false, amount: 1000, labels: STREAMS_LABELS }], quantity: 2, amount: 1000 };
export const THREE_STREAMS: Configuration = { modules: [{ name: 'streams', limit: 3, units: 3, free: false, amount: 1500, labels: STREAMS_LABELS }], quantity: 3, amount: 1500 };
export const FOUR_STREAMS: Configuration = { modules: [{ name: 'streams', limit: 4, units: 4, free: false, amount: 2000, labels: STREAMS_LABELS }], quantity: 4, amount: 2000 };
/** 1 stream (unit 1, $5) and 1 re-stream (unit 2, $5): the same 1000 cents as 2 streams, other modules. */
export const STREAM_AND_RESTREAM: Configuration = {
  modules: [{ name: 'streams', limit: 1, units: 1, free: false, amount: 500, labels: STREAMS_LABELS }, { name: 'restream', limit: 1, units: 1, free: false, amount: 500, labels: RESTREAM_LABELS }],
  quantity: 2,
  amount: 1000,
};

/** The free unlimited plan's modules (UNLIMITED_FREE_LIMITS): all free, no units. */
export const FREE_MODULES: PricedModule[] = [
  { name: 'streams', limit: 1, units: 0, free: true, amount: 0, labels: STREAMS_LABELS },
  { name: 'restream', limit: 1, units: 0, free: true, amount: 0, labels: RESTREAM_LABELS },
  { name: 'recordings', limit: 1, units: 0, free: true, amount: 0, labels: { en: 'Recordings', ru: 'Записи' } },
  { name: 'vodViewers', limit: 50, units: 0, free: true, amount: 0, labels: { en: 'VOD viewers', ru: 'Зрители VOD' } },
  { name: 'ppvViewers', limit: 5, units: 0, free: true, amount: 0, labels: { en: 'Pay-per-view viewers', ru: 'Зрители платного эфира' } },
  { name: 'conferenceRooms', limit: 5, units: 0, free: true, amount: 0, labels: { en: 'Conference rooms', ru: 'Конференц-комнаты' } },
];

/** Created by user-1 on Mar 1: Creating, nothing paid. */
export const CREATED: SubscriptionEvent[] = [
  {
    type: 'SubscriptionCreated',
    data: {
      subscriptionId: 'sub-1',
      user_id: 'user-1',
      name: 'Subscription 2026-03-01',
      infrastructure_type: 'self-hosted',
      subscription_type: 'SUBSCRIPTION_MONTH',
      status: 'SUBSCRIPTION_STATUS_INITIAL',
      plan: { plan_id: 'constructor', billingMonths: 1 },
      modules: TWO_STREAMS.modules,
      quantity: 2,
      amount: 1000,
      currency: 'USD',
      payment_details: { payment_method: 'PAYPAL', plan_id: 'constructor', amount: 1000, unitQuantity: 2, privacy_policy_confirm: true },
      infrastructure_details: {},
      taxPricing: 'net',
    },
  },
];

/** …then PayPal order ORDER-1 for March (1000 cents, Mar 1 → Apr 1): Wait payment. */
export const ORDERED: SubscriptionEvent[] = [
  ...CREATED,
  { type: 'PaymentOrdered', data: { paypalOrderID: 'ORDER-1', paypalSubscriptionID: 'RCS-1', amount: 1000, currency: 'USD', purpose: 'period', configuration: TWO_STREAMS, periodStart: MAR_1, periodEnd: APR_1 } },
  { type: 'SubscriptionStatusChanged', data: { from: 'SUBSCRIPTION_STATUS_INITIAL', to: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', cause: 'ORDER_CREATED', at: MAR_1, reason: 'PayPal order created' } },
];

/** …then we asked PayPal to capture ORDER-1 (Mar 1 00:05) and have not heard back: a money movement in flight. */
export const CAPTURING: SubscriptionEvent[] = [
  ...ORDERED,
  { type: 'PaymentCaptureStarted', data: { paypalOrderID: 'ORDER-1', requestId: 'capture-ORDER-1-0', startedAt: '2026-03-01T00:05:00.000Z' } },
];

/** …or ORDER-1 captured (CAPTURE-1) on Mar 1: Live, licence 1 valid to the paid period's end, Apr 1. */
export const LIVE: SubscriptionEvent[] = [
  ...ORDERED,
  {
    type: 'OrderCaptured',
    data: {
      paypalOrderID: 'ORDER-1', paypalSubscriptionID: 'RCS-1', captureId: 'CAPTURE-1', amount: 1000, currency: 'USD', quantity: 2, capturedAt: MAR_1,
      purpose: 'period', configuration: TWO_STREAMS, periodStart: MAR_1, periodEnd: APR_1, licence_key: KEY,
    },
  },
  { type: 'SubscriptionStatusChanged', data: { from: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', to: 'SUBSCRIPTION_STATUS_ACTIVE', cause: 'PAID', at: MAR_1, reason: 'payment captured' } },
  { type: 'LicenceIssued', data: { licenceKey: KEY, serial: 1, modules: [{ name: 'streams', limit: 2 }], quantity: 2, issuedAt: MAR_1, validUntil: APR_1, basis: 'PAID' } },
];

/** LIVE, and April paid ahead on Mar 20 (ORDER-2, CAPTURE-2): licence 2 valid to May 1. */
export const LIVE_AHEAD: SubscriptionEvent[] = [
  ...LIVE,
  { type: 'PaymentOrdered', data: { paypalOrderID: 'ORDER-2', paypalSubscriptionID: 'RCS-1', amount: 1000, currency: 'USD', purpose: 'period', configuration: TWO_STREAMS, periodStart: APR_1, periodEnd: MAY_1 } },
  {
    type: 'OrderCaptured',
    data: {
      paypalOrderID: 'ORDER-2', paypalSubscriptionID: 'RCS-1', captureId: 'CAPTURE-2', amount: 1000, currency: 'USD', quantity: 2, capturedAt: MAR_20,
      purpose: 'period', configuration: TWO_STREAMS, periodStart: APR_1, periodEnd: MAY_1,
    },
  },
  { type: 'LicenceIssued', data: { licenceKey: KEY, serial: 2, modules: [{ name: 'streams', limit: 2 }], quantity: 2, issuedAt: MAR_20, validUntil: MAY_1, basis: 'PAID' } },
];

/**
 * LIVE, a downgrade to 1 stream scheduled on Mar 10 for Apr 1, and April paid ahead at it on Mar 20 (500 cents):
 * licence 1 (2 streams) still ends Apr 1, where the paid time goes on at other limits.
 */
export const DOWNGRADE_PAID_AHEAD: SubscriptionEvent[] = [
  ...LIVE,
  { type: 'SubscriptionChangeScheduled', data: { ...ONE_STREAM, previousAmount: 1000, effectiveAt: APR_1 } },
  { type: 'PaymentOrdered', data: { paypalOrderID: 'ORDER-2', paypalSubscriptionID: 'RCS-1', amount: 500, currency: 'USD', purpose: 'period', configuration: ONE_STREAM, periodStart: APR_1, periodEnd: MAY_1 } },
  {
    type: 'OrderCaptured',
    data: {
      paypalOrderID: 'ORDER-2', paypalSubscriptionID: 'RCS-1', captureId: 'CAPTURE-2', amount: 500, currency: 'USD', quantity: 2, capturedAt: MAR_20,
      purpose: 'period', configuration: ONE_STREAM, periodStart: APR_1, periodEnd: MAY_1,
    },
  },
];

/** LIVE with a PayPal wallet saved at the purchase. */
export const LIVE_WITH_WALLET: SubscriptionEvent[] = [...LIVE, { type: 'PaymentMethodVaulted', data: { vaultId: 'VAULT-1', payerEmail: 'buyer@example.com', source: 'PURCHASE' } }];

/** …and the billing clock charging the saved wallet for April at Apr 1 (renewal-sub-1-c1): a money movement in flight. */
export const CHARGING: SubscriptionEvent[] = [
  ...LIVE_WITH_WALLET,
  { type: 'SavedWalletChargeStarted', data: { requestId: 'renewal-sub-1-c1', purpose: 'period', amount: 1000, startedAt: APR_1 } },
];

/** CREATED, then the 7-day trial (Mar 1 → Mar 8) at 2 streams: Live, trial licence 1 to Mar 8. */
export const TRIAL: SubscriptionEvent[] = [
  ...CREATED,
  { type: 'TrialStarted', data: { trialStartDate: MAR_1, trialEndDate: MAR_8, trialPeriod: 604_800, configuration: TWO_STREAMS, licence_key: KEY } },
  { type: 'SubscriptionStatusChanged', data: { from: 'SUBSCRIPTION_STATUS_INITIAL', to: 'SUBSCRIPTION_STATUS_ACTIVE', cause: 'TRIAL_STARTED', at: MAR_1, reason: 'trial started' } },
  { type: 'LicenceIssued', data: { licenceKey: KEY, serial: 1, modules: [{ name: 'streams', limit: 2 }], quantity: 2, issuedAt: MAR_1, validUntil: MAR_8, basis: 'TRIAL' } },
];

/**
 * LIVE, and the April renewal not paid at Apr 1 (no saved wallet): dunning by POLICY — retries Apr 2, 4, 6, 8, grace
 * and suspension Apr 8 (+7 days), cancellation Apr 22 (+14) — Wait payment, grace licence 2 to Apr 8.
 */
export const DUNNING: SubscriptionEvent[] = [
  ...LIVE,
  {
    type: 'RenewalFailed',
    data: {
      dueAt: APR_1, attempt: 0, reason: 'NO_PAYMENT_METHOD',
      timeline: { dueAt: APR_1, retries: [APR_2, APR_4, APR_6, APR_8], graceUntil: APR_8, suspendAt: APR_8, cancelAt: APR_22, configuration: TWO_STREAMS },
    },
  },
  { type: 'SubscriptionStatusChanged', data: { from: 'SUBSCRIPTION_STATUS_ACTIVE', to: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', cause: 'PAYMENT_DUE', at: APR_1, reason: 'renewal due: payment not made' } },
  { type: 'LicenceIssued', data: { licenceKey: KEY, serial: 2, modules: [{ name: 'streams', limit: 2 }], quantity: 2, issuedAt: APR_1, validUntil: APR_8, basis: 'GRACE' } },
];

/** …still unpaid at the end of the grace: paused for non-payment on Apr 8, licence 2 revoked. */
export const SUSPENDED: SubscriptionEvent[] = [
  ...DUNNING,
  { type: 'SubscriptionPaused', data: { reason: 'NON_PAYMENT' } },
  { type: 'SubscriptionStatusChanged', data: { from: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', to: 'SUBSCRIPTION_STATUS_PAUSE', cause: 'UNPAID_AFTER_GRACE', at: APR_8, reason: 'unpaid at the end of the grace period' } },
  { type: 'LicenceRevoked', data: { serial: 2, reason: 'PAUSED' } },
];

/** LIVE, paused by an administrator on Mar 10 until Mar 20: licence 1 revoked. */
export const PAUSED: SubscriptionEvent[] = [
  ...LIVE,
  { type: 'SubscriptionPaused', data: { reason: 'ADMIN', resumeAt: MAR_20 } },
  { type: 'SubscriptionStatusChanged', data: { from: 'SUBSCRIPTION_STATUS_ACTIVE', to: 'SUBSCRIPTION_STATUS_PAUSE', cause: 'ADMIN_PAUSE', at: MAR_10, reason: 'paused by an administrator' } },
  { type: 'LicenceRevoked', data: { serial: 1, reason: 'PAUSED' } },
];

/** LIVE, cancelled by the customer on Mar 10: licence 1 revoked. */
export const CANCELLED: SubscriptionEvent[] = [
  ...LIVE,
  { type: 'SubscriptionCancelled', data: { from: 'SUBSCRIPTION_STATUS_ACTIVE', at: MAR_10 } },
  { type: 'LicenceRevoked', data: { serial: 1, reason: 'CANCELLED' } },
];

/**
 * LIVE, and CAPTURE-1 fully refunded on Mar 10: March ends then, nothing covered is left, so the subscription ends
 * (cancelled: payment refunded), licence 1 revoked. Nothing is owed, nothing will be charged.
 */
export const REFUNDED: SubscriptionEvent[] = [
  ...LIVE,
  { type: 'PaymentRefunded', data: { captureId: 'CAPTURE-1', refundId: 'REFUND-1', amount: 1000, currency: 'USD', refundedAt: MAR_10 } },
  { type: 'PaidTimeEnded', data: { captureId: 'CAPTURE-1', reason: 'REFUNDED', endedAt: MAR_10, paidThroughBefore: APR_1, paidThroughAfter: MAR_10 } },
  { type: 'SubscriptionCancelled', data: { from: 'SUBSCRIPTION_STATUS_ACTIVE', at: MAR_10, reason: 'payment refunded', cause: 'PAYMENT_TAKEN_BACK' } },
  { type: 'LicenceRevoked', data: { serial: 1, reason: 'REFUNDED' } },
];

/**
 * The same refund as the decider recorded it before refunds ended subscriptions: Wait payment, no dunning. Stored
 * streams hold such histories; the billing clock now ends them and never charges them.
 */
export const REFUNDED_BEFORE_BOOKS: SubscriptionEvent[] = [
  ...LIVE,
  { type: 'PaymentRefunded', data: { captureId: 'CAPTURE-1', refundId: 'REFUND-1', amount: 1000, currency: 'USD', refundedAt: MAR_10 } },
  { type: 'PaidTimeEnded', data: { captureId: 'CAPTURE-1', reason: 'REFUNDED', endedAt: MAR_10, paidThroughBefore: APR_1, paidThroughAfter: MAR_10 } },
  { type: 'SubscriptionStatusChanged', data: { from: 'SUBSCRIPTION_STATUS_ACTIVE', to: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', cause: 'PAYMENT_TAKEN_BACK', at: MAR_10, reason: 'payment refunded' } },
  { type: 'LicenceRevoked', data: { serial: 1, reason: 'REFUNDED' } },
];

/**
 * ORDERED, ORDER-1 closed as expired at PayPal (Mar 1 00:20), then captured anyway (00:30): the 1000 cents are
 * account credit, granting nothing by themselves. Still Wait payment.
 */
export const WITH_CREDIT: SubscriptionEvent[] = [
  ...ORDERED,
  { type: 'PaymentOrderSuperseded', data: { paypalOrderID: 'ORDER-1', reason: 'EXPIRED' } },
  {
    type: 'OrderCaptured',
    data: { paypalOrderID: 'ORDER-1', paypalSubscriptionID: 'RCS-1', captureId: 'CAPTURE-1', amount: 1000, currency: 'USD', quantity: 2, capturedAt: '2026-03-01T00:30:00.000Z', purpose: 'period', credited: true },
  },
];

/** ORDERED, cancelled on Mar 10 (ORDER-1 made unpayable), and ORDER-1 captured by PayPal anyway: 1000 cents of credit to give back. */
export const CANCELLED_WITH_CREDIT: SubscriptionEvent[] = [
  ...ORDERED,
  { type: 'PaymentOrderSuperseded', data: { paypalOrderID: 'ORDER-1', reason: 'SUBSCRIPTION_CANCELLED' } },
  { type: 'SubscriptionCancelled', data: { from: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', at: MAR_10 } },
  {
    type: 'OrderCaptured',
    data: { paypalOrderID: 'ORDER-1', paypalSubscriptionID: 'RCS-1', captureId: 'CAPTURE-1', amount: 1000, currency: 'USD', quantity: 2, capturedAt: MAR_10, purpose: 'period', credited: true },
  },
];

/** user-1's free unlimited plan, created on Mar 1 with the server-issued key FREE-KEY-0001: Live, licence without end. */
export const FREE_PLAN: SubscriptionEvent[] = [
  {
    type: 'SubscriptionCreated',
    data: {
      subscriptionId: 'sub-1',
      user_id: 'user-1',
      name: 'Subscription 2026-03-01',
      infrastructure_type: 'self-hosted',
      subscription_type: 'SUBSCRIPTION_FREE',
      status: 'SUBSCRIPTION_STATUS_INITIAL',
      plan: { plan_id: 'unlimited', period: 'free', billingMonths: 0 },
      modules: FREE_MODULES,
      quantity: 1,
      amount: 0,
      currency: 'USD',
      payment_details: { payment_method: 'PAYPAL', plan_id: 'unlimited', amount: 0, unitQuantity: 1, privacy_policy_confirm: true },
      infrastructure_details: {},
      licence_key: 'FREE-KEY-0001',
      taxPricing: 'net',
    },
  },
  { type: 'SubscriptionStatusChanged', data: { from: 'SUBSCRIPTION_STATUS_INITIAL', to: 'SUBSCRIPTION_STATUS_ACTIVE', cause: 'FREE_PLAN', at: MAR_1, reason: 'free plan: no payment needed' } },
  {
    type: 'LicenceIssued',
    data: {
      licenceKey: 'FREE-KEY-0001', serial: 1, quantity: 1, issuedAt: MAR_1, validUntil: NO_END, basis: 'FREE',
      modules: [{ name: 'streams', limit: 1 }, { name: 'restream', limit: 1 }, { name: 'recordings', limit: 1 }, { name: 'vodViewers', limit: 50 }, { name: 'ppvViewers', limit: 5 }, { name: 'conferenceRooms', limit: 5 }],
    },
  },
];

/** LIVE, and on Mar 16 noon a rise to 4 streams pending its balance (half of March left × 1000 = 500 cents), ordered as ORDER-B. */
export const PENDING_RISE: SubscriptionEvent[] = [
  ...LIVE,
  { type: 'SubscriptionChangePending', data: { ...FOUR_STREAMS, previousAmount: 1000, balance: 500, requestedAt: MAR_16_NOON } },
  { type: 'PaymentOrdered', data: { paypalOrderID: 'ORDER-B', paypalSubscriptionID: 'RCS-1', amount: 500, currency: 'USD', purpose: 'balance', configuration: FOUR_STREAMS } },
];

/** The same purchase made on Jan 31, noon: periods anchored on the 31st, clamped to the month's end (Jan 31 → Feb 28 → Mar 31). */
export const JAN31_LIVE: SubscriptionEvent[] = [
  { type: 'SubscriptionCreated', data: { ...(CREATED[0]!.data as Extract<SubscriptionEvent, { type: 'SubscriptionCreated' }>['data']), name: 'Subscription 2026-01-31' } },
  { type: 'PaymentOrdered', data: { paypalOrderID: 'ORDER-1', paypalSubscriptionID: 'RCS-1', amount: 1000, currency: 'USD', purpose: 'period', configuration: TWO_STREAMS, periodStart: JAN_31, periodEnd: FEB_28 } },
  { type: 'SubscriptionStatusChanged', data: { from: 'SUBSCRIPTION_STATUS_INITIAL', to: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', cause: 'ORDER_CREATED', at: JAN_31, reason: 'PayPal order created' } },
  {
    type: 'OrderCaptured',
    data: { paypalOrderID: 'ORDER-1', paypalSubscriptionID: 'RCS-1', captureId: 'CAPTURE-1', amount: 1000, currency: 'USD', quantity: 2, capturedAt: JAN_31, purpose: 'period', configuration: TWO_STREAMS, periodStart: JAN_31, periodEnd: FEB_28, licence_key: KEY },
  },
  { type: 'SubscriptionStatusChanged', data: { from: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', to: 'SUBSCRIPTION_STATUS_ACTIVE', cause: 'PAID', at: JAN_31, reason: 'payment captured' } },
  { type: 'LicenceIssued', data: { licenceKey: KEY, serial: 1, modules: [{ name: 'streams', limit: 2 }], quantity: 2, issuedAt: JAN_31, validUntil: FEB_28, basis: 'PAID' } },
];

/** PENDING_RISE, and its balance captured at 12:05 (CAP-B): 4 streams paid from then to Apr 1, licence 2. */
export const BALANCE_PAID: SubscriptionEvent[] = [
  ...PENDING_RISE,
  { type: 'OrderCaptured', data: { paypalOrderID: 'ORDER-B', paypalSubscriptionID: 'RCS-1', captureId: 'CAP-B', amount: 500, currency: 'USD', quantity: 2, capturedAt: MAR_16_1205, purpose: 'balance', configuration: FOUR_STREAMS } },
  { type: 'SubscriptionRevised', data: { paypalSubscriptionID: 'RCS-1', ...FOUR_STREAMS, previousQuantity: 2, previousAmount: 1000, proration: 500, effectiveAt: MAR_16_1205, reason: 'BALANCE_PAID' } },
  { type: 'LicenceIssued', data: { licenceKey: KEY, serial: 2, modules: [{ name: 'streams', limit: 4 }], quantity: 4, issuedAt: MAR_16_1205, validUntil: APR_1, basis: 'PAID' } },
];

/**
 * TRIAL, and on Mar 4 a rise to 4 streams pending its balance — 1000 cents a month more for the 4 trial days left
 * of March's 31 (129.03…), rounded up: 130 cents — ordered as ORDER-B.
 */
export const TRIAL_PENDING_RISE: SubscriptionEvent[] = [
  ...TRIAL,
  { type: 'SubscriptionChangePending', data: { ...FOUR_STREAMS, previousAmount: 1000, balance: 130, requestedAt: MAR_4 } },
  { type: 'PaymentOrdered', data: { paypalOrderID: 'ORDER-B', paypalSubscriptionID: 'RCS-1', amount: 130, currency: 'USD', purpose: 'balance', configuration: FOUR_STREAMS } },
];

/** TRIAL_PENDING_RISE, and its balance captured on Mar 4 at noon (CAP-B): the trial covers 4 streams from then to Mar 8, licence 2. */
export const TRIAL_RAISE_PAID: SubscriptionEvent[] = [
  ...TRIAL_PENDING_RISE,
  { type: 'OrderCaptured', data: { paypalOrderID: 'ORDER-B', paypalSubscriptionID: 'RCS-1', captureId: 'CAP-B', amount: 130, currency: 'USD', quantity: 2, capturedAt: MAR_4_NOON, purpose: 'balance', configuration: FOUR_STREAMS } },
  { type: 'SubscriptionRevised', data: { paypalSubscriptionID: 'RCS-1', ...FOUR_STREAMS, previousQuantity: 2, previousAmount: 1000, proration: 130, effectiveAt: MAR_4_NOON, reason: 'BALANCE_PAID' } },
  { type: 'LicenceIssued', data: { licenceKey: KEY, serial: 2, modules: [{ name: 'streams', limit: 4 }], quantity: 4, issuedAt: MAR_4_NOON, validUntil: MAR_8, basis: 'TRIAL' } },
];

/** CREATED, then an administrator's complimentary month for a partner (Mar 1 → Apr 1, 2 streams): Live, licence 1 to Apr 1. */
export const COMPLIMENTARY: SubscriptionEvent[] = [
  ...CREATED,
  { type: 'ComplimentaryGranted', data: { note: 'partner', start: MAR_1, end: APR_1, configuration: TWO_STREAMS, licence_key: KEY } },
  {
    type: 'SubscriptionStatusChanged',
    data: { from: 'SUBSCRIPTION_STATUS_INITIAL', to: 'SUBSCRIPTION_STATUS_ACTIVE', cause: 'COMPLIMENTARY', at: MAR_1, reason: 'complimentary: granted by an administrator without payment', note: 'partner' },
  },
  { type: 'LicenceIssued', data: { licenceKey: KEY, serial: 1, modules: [{ name: 'streams', limit: 2 }], quantity: 2, issuedAt: MAR_1, validUntil: APR_1, basis: 'COMPLIMENTARY' } },
];

/** `units` publishing streams as the catalogue prices them (units 1–20 at $5, 21–40 at $4, 41 and above at $3). */
export function streams(units: number, amount: number): Configuration {
  return { modules: [{ name: 'streams', limit: units, units, free: false, amount, labels: STREAMS_LABELS }], quantity: units, amount };
}

/** CREATED, but of `configuration` (Creating, nothing paid). */
export function createdWith(configuration: Configuration): SubscriptionEvent[] {
  const created = CREATED[0]!.data as Extract<SubscriptionEvent, { type: 'SubscriptionCreated' }>['data'];
  return [
    {
      type: 'SubscriptionCreated',
      data: { ...created, modules: configuration.modules, quantity: configuration.quantity, amount: configuration.amount, payment_details: { ...created.payment_details, amount: configuration.amount, unitQuantity: configuration.quantity } },
    },
  ];
}
