import { expect } from 'chai';
import { ConflictError, type SubscriptionEvent } from '@relaycast/contracts';
import { given, meta } from '../../test/given.js';
import { subscriptionDecider, type SubscriptionCommand } from './index.js';

/**
 * The payment rules as given / when / then, with every given event written out (none produced by `decide`).
 * Prices from the seed's catalogue: self-hosted units $5 each up to 20 a month.
 */

const customer = meta({ actorId: 'user-1', actorRole: 'ROLE_CUSTOMER', now: '2026-03-01T00:00:00.000Z' });
const at = (now: string, role: 'ROLE_CUSTOMER' | 'ROLE_ADMIN' | 'SYSTEM' = 'ROLE_CUSTOMER') => meta({ actorId: role === 'ROLE_CUSTOMER' ? 'user-1' : 'admin-1', actorRole: role, now });
const labels = { en: 'Publishing streams', ru: 'Публикуемые потоки' };
const streams = (units: number) => ({ modules: [{ name: 'streams' as const, limit: units, units, free: false, amount: 500 * units, labels }], quantity: units, amount: 500 * units });

const CREATED: SubscriptionEvent = {
  type: 'SubscriptionCreated',
  data: {
    subscriptionId: 'sub-1',
    user_id: 'user-1',
    name: 'Subscription 2026-03-01',
    infrastructure_type: 'self-hosted',
    subscription_type: 'SUBSCRIPTION_MONTH',
    status: 'SUBSCRIPTION_STATUS_INITIAL',
    plan: { plan_id: 'constructor', billingMonths: 1 },
    ...streams(1),
    currency: 'USD',
    payment_details: { payment_method: 'PAYPAL', plan_id: 'constructor', amount: 500, unitQuantity: 1, privacy_policy_confirm: true },
    infrastructure_details: {},
  },
};
const ORDERED: SubscriptionEvent[] = [
  {
    type: 'PaymentOrdered',
    data: { paypalOrderID: 'ORDER-1', paypalSubscriptionID: 'RCS-1', amount: 500, currency: 'USD', purpose: 'period', configuration: streams(1), periodStart: '2026-03-01T00:00:00.000Z', periodEnd: '2026-04-01T00:00:00.000Z' },
  },
  { type: 'SubscriptionStatusChanged', data: { from: 'SUBSCRIPTION_STATUS_INITIAL', to: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', reason: 'PayPal order created' } },
];
/** Live for March: 1 unit paid by CAPTURE-1. */
const LIVE: SubscriptionEvent[] = [
  CREATED,
  ...ORDERED,
  {
    type: 'OrderCaptured',
    data: {
      paypalOrderID: 'ORDER-1',
      paypalSubscriptionID: 'RCS-1',
      captureId: 'CAPTURE-1',
      amount: 500,
      currency: 'USD',
      quantity: 1,
      capturedAt: '2026-03-01T00:00:00.000Z',
      purpose: 'period',
      periodStart: '2026-03-01T00:00:00.000Z',
      periodEnd: '2026-04-01T00:00:00.000Z',
      licence_key: 'KEY-1',
      configuration: streams(1),
    },
  },
  { type: 'SubscriptionStatusChanged', data: { from: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', to: 'SUBSCRIPTION_STATUS_ACTIVE', reason: 'payment captured' } },
];

const revise = (quantity: number, now = '2026-03-16T12:00:00.000Z'): SubscriptionCommand => ({ type: 'ReviseSubscription', data: { paypalSubscriptionID: 'RCS-1', quantity }, metadata: at(now) });
const capture = (paypalOrderID: string, amount: number, now: string, providerStatus = 'COMPLETED'): SubscriptionCommand => ({
  type: 'CaptureOrder',
  data: { paypalOrderID, paypalSubscriptionID: 'RCS-1', captureId: `CAP-${paypalOrderID}`, quantity: 1, amount, currency: 'USD', providerStatus, licenceKey: 'KEY-NEW' },
  metadata: at(now, 'SYSTEM'),
});

describe('payment rules (given / when / then)', () => {
  it('a rise inside paid time is pending: its balance is the difference for the half of March left, rounded up', () => {
    given(subscriptionDecider, LIVE)
      .when(revise(3))
      .then([
        {
          type: 'SubscriptionChangePending',
          data: { ...streams(3), previousAmount: 500, balance: 500, requestedAt: '2026-03-16T12:00:00.000Z' },
        },
      ]);
  });

  it('the balance order pays for the pending change; its capture puts the change in force, nothing more', () => {
    const pending: SubscriptionEvent[] = [
      ...LIVE,
      { type: 'SubscriptionChangePending', data: { ...streams(3), previousAmount: 500, balance: 500, requestedAt: '2026-03-16T12:00:00.000Z' } },
      { type: 'PaymentOrdered', data: { paypalOrderID: 'ORDER-B', paypalSubscriptionID: 'RCS-1', amount: 500, currency: 'USD', purpose: 'balance', configuration: streams(3) } },
    ];
    given(subscriptionDecider, pending)
      .when(capture('ORDER-B', 500, '2026-03-16T12:05:00.000Z'))
      .then([
        {
          type: 'OrderCaptured',
          data: { paypalOrderID: 'ORDER-B', paypalSubscriptionID: 'RCS-1', captureId: 'CAP-ORDER-B', amount: 500, currency: 'USD', quantity: 1, capturedAt: '2026-03-16T12:05:00.000Z', purpose: 'balance', configuration: streams(3) },
        },
        {
          type: 'SubscriptionRevised',
          data: { paypalSubscriptionID: 'RCS-1', ...streams(3), previousQuantity: 1, previousAmount: 500, proration: 500, effectiveAt: '2026-03-16T12:05:00.000Z', reason: 'BALANCE_PAID' },
        },
        // The licence now allows 3 streams, to the paid period's end (Apr 1) plus 7 days' grace.
        {
          type: 'LicenceIssued',
          data: { licenceKey: 'KEY-1', serial: 1, modules: [{ name: 'streams', limit: 3 }], quantity: 3, issuedAt: '2026-03-16T12:05:00.000Z', validUntil: '2026-04-08T00:00:00.000Z' },
        },
      ]);
  });

  it('a fall inside paid time is scheduled for the end of the paid period', () => {
    const three = [
      ...LIVE.slice(0, 3),
      { ...LIVE[3]!, data: { ...(LIVE[3]!.data as object), amount: 1500, quantity: 3, configuration: streams(3) } } as SubscriptionEvent,
      LIVE[4]!,
    ];
    const threeUnits: SubscriptionEvent[] = [{ type: 'SubscriptionCreated', data: { ...(CREATED.data as object), ...streams(3) } } as SubscriptionEvent, ...three.slice(1)];
    given(subscriptionDecider, threeUnits)
      .when(revise(1))
      .then([{ type: 'SubscriptionChangeScheduled', data: { ...streams(1), previousAmount: 1500, effectiveAt: '2026-04-01T00:00:00.000Z' } }]);
  });

  it('before any payment a revision applies at once and the open order becomes stale', () => {
    given(subscriptionDecider, [CREATED, ...ORDERED])
      .when(revise(40, '2026-03-01T00:10:00.000Z'))
      .then([
        { type: 'PaymentOrderSuperseded', data: { paypalOrderID: 'ORDER-1', reason: 'CONFIGURATION_CHANGED' } },
        {
          type: 'SubscriptionRevised',
          data: {
            paypalSubscriptionID: 'RCS-1',
            modules: [{ name: 'streams', limit: 40, units: 40, free: false, amount: 18_000, labels }],
            quantity: 40,
            amount: 18_000,
            previousQuantity: 1,
            previousAmount: 500,
            proration: 0,
            effectiveAt: '2026-03-01T00:10:00.000Z',
            reason: 'IMMEDIATE',
          },
        },
      ]);
  });

  it('a stale order captured anyway (PayPal was already capturing it) is account credit, granting nothing', () => {
    const stale: SubscriptionEvent[] = [CREATED, ...ORDERED, { type: 'PaymentOrderSuperseded', data: { paypalOrderID: 'ORDER-1', reason: 'CONFIGURATION_CHANGED' } }];
    given(subscriptionDecider, stale)
      .when(capture('ORDER-1', 500, '2026-03-01T00:11:00.000Z'))
      .then([
        {
          type: 'OrderCaptured',
          data: { paypalOrderID: 'ORDER-1', paypalSubscriptionID: 'RCS-1', captureId: 'CAP-ORDER-1', amount: 500, currency: 'USD', quantity: 1, capturedAt: '2026-03-01T00:11:00.000Z', purpose: 'period', credited: true },
        },
      ]);
  });

  it('PENDING at PayPal is remembered, grants nothing, and a second PENDING report changes nothing', () => {
    const events = given(subscriptionDecider, [CREATED, ...ORDERED]).when(capture('ORDER-1', 500, '2026-03-01T00:01:00.000Z', 'PENDING')).thenEvents();
    expect(events).to.deep.equal([{ type: 'PaymentPending', data: { paypalOrderID: 'ORDER-1', captureId: 'CAP-ORDER-1', amount: 500, currency: 'USD' } }]);
    given(subscriptionDecider, [CREATED, ...ORDERED, ...events]).when(capture('ORDER-1', 500, '2026-03-02T00:00:00.000Z', 'PENDING')).then([]);
  });

  it('an early renewal is a period after the paid one; an upgrade then pays for both (item 9)', () => {
    const renewed: SubscriptionEvent[] = [
      ...LIVE,
      { type: 'PaymentOrdered', data: { paypalOrderID: 'ORDER-2', paypalSubscriptionID: 'RCS-1', amount: 500, currency: 'USD', purpose: 'period', configuration: streams(1), periodStart: '2026-04-01T00:00:00.000Z', periodEnd: '2026-05-01T00:00:00.000Z' } },
      {
        type: 'OrderCaptured',
        data: { paypalOrderID: 'ORDER-2', paypalSubscriptionID: 'RCS-1', captureId: 'CAPTURE-2', amount: 500, currency: 'USD', quantity: 1, capturedAt: '2026-03-16T12:00:00.000Z', purpose: 'period', periodStart: '2026-04-01T00:00:00.000Z', periodEnd: '2026-05-01T00:00:00.000Z', configuration: streams(1) },
      },
    ];
    // 1 → 2 units ($5 more a month) on March 16, noon: half of March ($2.50) plus all of April ($5).
    given(subscriptionDecider, renewed)
      .when(revise(2))
      .then([{ type: 'SubscriptionChangePending', data: { ...streams(2), previousAmount: 500, balance: 750, requestedAt: '2026-03-16T12:00:00.000Z' } }]);
  });

  it('a full refund of the running period ends the paid time now and waits for payment; a partial one changes no entitlement', () => {
    const refund = (amount: number, refundId: string): SubscriptionCommand => ({ type: 'RecordRefund', data: { captureId: 'CAPTURE-1', refundId, amount, currency: 'USD' }, metadata: at('2026-03-10T00:00:00.000Z', 'ROLE_ADMIN') });
    given(subscriptionDecider, LIVE)
      .when(refund(500, 'REFUND-1'))
      .then([
        { type: 'PaymentRefunded', data: { captureId: 'CAPTURE-1', refundId: 'REFUND-1', amount: 500, currency: 'USD', refundedAt: '2026-03-10T00:00:00.000Z' } },
        { type: 'PaidTimeEnded', data: { captureId: 'CAPTURE-1', reason: 'REFUNDED', endedAt: '2026-03-10T00:00:00.000Z' } },
        { type: 'SubscriptionStatusChanged', data: { from: 'SUBSCRIPTION_STATUS_ACTIVE', to: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', reason: 'payment refunded' } },
      ]);
    given(subscriptionDecider, LIVE)
      .when(refund(100, 'REFUND-2'))
      .then([{ type: 'PaymentRefunded', data: { captureId: 'CAPTURE-1', refundId: 'REFUND-2', amount: 100, currency: 'USD', refundedAt: '2026-03-10T00:00:00.000Z' } }]);
  });

  it('a reversal says so; a dispute is recorded once per stage and status', () => {
    given(subscriptionDecider, LIVE)
      .when({ type: 'RecordRefund', data: { captureId: 'CAPTURE-1', refundId: 'REV-1', amount: 500, currency: 'USD', reversal: true }, metadata: at('2026-03-10T00:00:00.000Z', 'SYSTEM') })
      .then([
        { type: 'PaymentRefunded', data: { captureId: 'CAPTURE-1', refundId: 'REV-1', amount: 500, currency: 'USD', refundedAt: '2026-03-10T00:00:00.000Z', reversal: true } },
        { type: 'PaidTimeEnded', data: { captureId: 'CAPTURE-1', reason: 'REVERSED', endedAt: '2026-03-10T00:00:00.000Z' } },
        { type: 'SubscriptionStatusChanged', data: { from: 'SUBSCRIPTION_STATUS_ACTIVE', to: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', reason: 'payment reversed by PayPal' } },
      ]);
    const dispute: SubscriptionCommand = { type: 'RecordDispute', data: { disputeId: 'PP-D-1', stage: 'CREATED', status: 'OPEN', captureId: 'CAPTURE-1' }, metadata: at('2026-03-10T00:00:00.000Z', 'SYSTEM') };
    given(subscriptionDecider, LIVE).when(dispute).then([{ type: 'PaymentDisputed', data: { disputeId: 'PP-D-1', stage: 'CREATED', status: 'OPEN', captureId: 'CAPTURE-1' } }]);
    given(subscriptionDecider, [...LIVE, { type: 'PaymentDisputed', data: { disputeId: 'PP-D-1', stage: 'CREATED', status: 'OPEN', captureId: 'CAPTURE-1' } }]).when(dispute).then([]);
  });

  it('one open order at a time, and an order for another amount than is due is refused', () => {
    const order = (paypalOrderID: string, amount: number): SubscriptionCommand => ({ type: 'OrderPayment', data: { paypalOrderID, paypalSubscriptionID: 'RCS-1', amount, currency: 'USD' }, metadata: customer });
    given(subscriptionDecider, [CREATED, ...ORDERED]).when(order('ORDER-2', 500)).then([]);
    given(subscriptionDecider, [CREATED]).when(order('ORDER-2', 400)).thenThrows(ConflictError, /changed while the order was being created/);
  });

  describe('a saved-wallet payment PayPal already captured', () => {
    const wallet = (amount: number, purpose: 'period' | 'balance'): SubscriptionCommand => ({
      type: 'RecordSavedWalletPayment',
      data: { paypalOrderID: 'MIT-1', paypalSubscriptionID: 'RCS-1', amount, currency: 'USD', purpose, captureId: 'CAP-MIT-1', providerStatus: 'COMPLETED', capturedAmount: amount, licenceKey: 'KEY-NEW-0001' },
      metadata: at('2026-04-01T00:00:00.000Z', 'SYSTEM'),
    });

    it('pays the renewal that is due, continuing the paid time (Apr 1 → May 1)', () => {
      given(subscriptionDecider, LIVE)
        .when(wallet(500, 'period'))
        .then([
          {
            type: 'PaymentOrdered',
            data: { paypalOrderID: 'MIT-1', paypalSubscriptionID: 'RCS-1', amount: 500, currency: 'USD', purpose: 'period', configuration: streams(1), periodStart: '2026-04-01T00:00:00.000Z', periodEnd: '2026-05-01T00:00:00.000Z' },
          },
          {
            type: 'OrderCaptured',
            data: {
              paypalOrderID: 'MIT-1', paypalSubscriptionID: 'RCS-1', captureId: 'CAP-MIT-1', amount: 500, currency: 'USD', quantity: 1, capturedAt: '2026-04-01T00:00:00.000Z',
              purpose: 'period', configuration: streams(1), periodStart: '2026-04-01T00:00:00.000Z', periodEnd: '2026-05-01T00:00:00.000Z',
            },
          },
          {
            type: 'LicenceIssued',
            data: { licenceKey: 'KEY-1', serial: 1, modules: [{ name: 'streams', limit: 1 }], quantity: 1, issuedAt: '2026-04-01T00:00:00.000Z', validUntil: '2026-05-08T00:00:00.000Z' },
          },
        ]);
    });

    it('keeps the money as credit when what is due changed while PayPal was charging (never lost, grants nothing)', () => {
      // The customer asked for 3 units meanwhile: what is due is no longer the $5 period the wallet paid.
      const changed: SubscriptionEvent[] = [...LIVE, { type: 'SubscriptionRevised', data: { paypalSubscriptionID: 'RCS-1', ...streams(3), previousQuantity: 1, previousAmount: 500, proration: 0, effectiveAt: '2026-04-01T00:00:00.000Z', reason: 'IMMEDIATE' } }];
      given(subscriptionDecider, changed)
        .when(wallet(500, 'period'))
        .then([
          { type: 'PaymentOrdered', data: { paypalOrderID: 'MIT-1', paypalSubscriptionID: 'RCS-1', amount: 500, currency: 'USD', purpose: 'period' } },
          { type: 'PaymentOrderSuperseded', data: { paypalOrderID: 'MIT-1', reason: 'CONFIGURATION_CHANGED' } },
          {
            type: 'OrderCaptured',
            data: { paypalOrderID: 'MIT-1', paypalSubscriptionID: 'RCS-1', captureId: 'CAP-MIT-1', amount: 500, currency: 'USD', quantity: 3, capturedAt: '2026-04-01T00:00:00.000Z', purpose: 'period', credited: true },
          },
        ]);
    });

    it('is recorded once: the same PayPal order again changes nothing', () => {
      const paid = given(subscriptionDecider, LIVE).when(wallet(500, 'period')).thenEvents();
      given(subscriptionDecider, [...LIVE, ...paid]).when(wallet(500, 'period')).then([]);
    });
  });
});
