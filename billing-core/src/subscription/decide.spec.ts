import { expect } from 'chai';
import {
  ConflictError,
  ForbiddenError,
  InvalidTransitionError,
  NotFoundError,
  PriceMismatchError,
  STATUS_TRANSITIONS,
  SUBSCRIPTION_STATUSES,
  ValidationError,
  type SubscriptionStatus,
} from '@relaycast/contracts';
import { given, meta, NOW } from '../../test/given.js';
import { subscriptionDecider, type SubscriptionCommand, type SubscriptionEvent } from './index.js';

const customer = meta({ actorId: 'user-1', actorRole: 'ROLE_CUSTOMER' });
const otherCustomer = meta({ actorId: 'user-2', actorRole: 'ROLE_CUSTOMER' });
const admin = meta();
const system = meta({ actorId: 'paypal-webhook', actorRole: 'SYSTEM' });

/** The configuration of sub-1 as priced by the catalogue (seed §9: 3 self-hosted units at $5). */
const THREE_STREAMS = {
  modules: [{ name: 'streams' as const, limit: 3, units: 3, free: false, amount: 1500, labels: { en: 'Publishing streams', ru: 'Публикуемые потоки' } }],
  quantity: 3,
  amount: 1500,
};

function createCommand(overrides: Partial<Extract<SubscriptionCommand, { type: 'CreateSubscription' }>['data']> = {}, metadata = customer): SubscriptionCommand {
  return {
    type: 'CreateSubscription',
    data: {
      subscriptionId: 'sub-1',
      user_id: 'user-1',
      subscription_type: 'SUBSCRIPTION_MONTH',
      status: 'SUBSCRIPTION_STATUS_INITIAL',
      plan_id: 'constructor',
      infrastructure_type: 'self-hosted',
      modules: [{ name: 'streams', limit: 3 }],
      privacy_policy_confirm: true,
      ...overrides,
    },
    metadata,
  };
}

/**
 * The history of sub-1, written out (not produced by `decide`): user-1's 3-stream self-hosted constructor at $15 a
 * month (seed §9: one stream per unit, $5 a unit), created at NOW.
 */
const CREATED: SubscriptionEvent[] = [
  {
    type: 'SubscriptionCreated',
    data: {
      subscriptionId: 'sub-1',
      user_id: 'user-1',
      name: 'Subscription 2026-11-23',
      infrastructure_type: 'self-hosted',
      subscription_type: 'SUBSCRIPTION_MONTH',
      status: 'SUBSCRIPTION_STATUS_INITIAL',
      plan: { plan_id: 'constructor', billingMonths: 1 },
      ...THREE_STREAMS,
      currency: 'USD',
      payment_details: { payment_method: 'PAYPAL', plan_id: 'constructor', amount: 1500, unitQuantity: 3, privacy_policy_confirm: true },
      infrastructure_details: {},
    },
  },
];
const created = (): SubscriptionEvent[] => structuredClone(CREATED);

/** …then a PayPal order ORDER-1 for its first month, NOW to a month later. */
const ORDERED: SubscriptionEvent[] = [
  ...CREATED,
  {
    type: 'PaymentOrdered',
    data: {
      paypalOrderID: 'ORDER-1',
      paypalSubscriptionID: 'PAYPAL-SUB-1',
      amount: 1500,
      currency: 'USD',
      purpose: 'period',
      configuration: THREE_STREAMS,
      periodStart: NOW,
      periodEnd: '2026-12-23T10:00:00.000Z',
    },
  },
  { type: 'SubscriptionStatusChanged', data: { from: 'SUBSCRIPTION_STATUS_INITIAL', to: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', reason: 'PayPal order created' } },
];
const ordered = (): SubscriptionEvent[] => structuredClone(ORDERED);

/** …then ORDER-1 captured (CAPTURE-1, $15): Live to 2026-12-23, licence LIC-0000-1111-2222 valid 7 days' grace beyond. */
const PAID: SubscriptionEvent[] = [
  ...ORDERED,
  {
    type: 'OrderCaptured',
    data: {
      paypalOrderID: 'ORDER-1',
      paypalSubscriptionID: 'PAYPAL-SUB-1',
      captureId: 'CAPTURE-1',
      amount: 1500,
      currency: 'USD',
      quantity: 3,
      capturedAt: NOW,
      purpose: 'period',
      configuration: THREE_STREAMS,
      periodStart: NOW,
      periodEnd: '2026-12-23T10:00:00.000Z',
      licence_key: 'LIC-0000-1111-2222',
    },
  },
  { type: 'SubscriptionStatusChanged', data: { from: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', to: 'SUBSCRIPTION_STATUS_ACTIVE', reason: 'payment captured' } },
  {
    type: 'LicenceIssued',
    data: { licenceKey: 'LIC-0000-1111-2222', serial: 1, modules: [{ name: 'streams', limit: 3 }], quantity: 3, validUntil: '2026-12-30T10:00:00.000Z', issuedAt: NOW },
  },
];
const paid = (): SubscriptionEvent[] => structuredClone(PAID);

/** user-1's free unlimited plan (seed: one unit of each module free, 50 VOD viewers, 5 PPV viewers, 5 rooms), Live at once. */
const FREE_PLAN: SubscriptionEvent[] = [
  {
    type: 'SubscriptionCreated',
    data: {
      subscriptionId: 'sub-1',
      user_id: 'user-1',
      name: 'Subscription 2026-11-23',
      infrastructure_type: 'self-hosted',
      subscription_type: 'SUBSCRIPTION_FREE',
      status: 'SUBSCRIPTION_STATUS_INITIAL',
      plan: { plan_id: 'unlimited', period: 'free', billingMonths: 0 },
      modules: [
        { name: 'streams', limit: 1, units: 0, free: true, amount: 0, labels: { en: 'Publishing streams', ru: 'Публикуемые потоки' } },
        { name: 'restream', limit: 1, units: 0, free: true, amount: 0, labels: { en: 'Re-streams', ru: 'Ретрансляции' } },
        { name: 'recordings', limit: 1, units: 0, free: true, amount: 0, labels: { en: 'Recordings', ru: 'Записи' } },
        { name: 'vodViewers', limit: 50, units: 0, free: true, amount: 0, labels: { en: 'VOD viewers', ru: 'Зрители VOD' } },
        { name: 'ppvViewers', limit: 5, units: 0, free: true, amount: 0, labels: { en: 'Pay-per-view viewers', ru: 'Зрители pay-per-view' } },
        { name: 'conferenceRooms', limit: 5, units: 0, free: true, amount: 0, labels: { en: 'Conference rooms', ru: 'Конференц-комнаты' } },
      ],
      quantity: 1,
      amount: 0,
      currency: 'USD',
      payment_details: { payment_method: 'PAYPAL', plan_id: 'unlimited', amount: 0, unitQuantity: 1, privacy_policy_confirm: true },
      infrastructure_details: {},
    },
  },
  { type: 'SubscriptionStatusChanged', data: { from: 'SUBSCRIPTION_STATUS_INITIAL', to: 'SUBSCRIPTION_STATUS_ACTIVE', reason: 'free plan: no payment needed' } },
];

function inStatus(status: SubscriptionStatus): SubscriptionEvent[] {
  const history = created();
  if (status === 'SUBSCRIPTION_STATUS_INITIAL') return history;
  if (status === 'SUBSCRIPTION_STATUS_CANCEL') return [...history, { type: 'SubscriptionCancelled', data: { from: 'SUBSCRIPTION_STATUS_INITIAL' } }];
  return [...history, { type: 'SubscriptionStatusChanged', data: { from: 'SUBSCRIPTION_STATUS_INITIAL', to: status } }];
}

const order = (paypalOrderID = 'ORDER-1', amount = 1500, metadata = customer): SubscriptionCommand => ({
  type: 'OrderPayment',
  data: { paypalOrderID, paypalSubscriptionID: 'PAYPAL-SUB-1', amount, currency: 'USD' },
  metadata,
});

const capture = (overrides: Partial<Extract<SubscriptionCommand, { type: 'CaptureOrder' }>['data']> = {}, metadata = customer): SubscriptionCommand => ({
  type: 'CaptureOrder',
  data: {
    paypalOrderID: 'ORDER-1',
    paypalSubscriptionID: 'PAYPAL-SUB-1',
    captureId: 'CAPTURE-1',
    quantity: 3,
    amount: 1500,
    currency: 'USD',
    providerStatus: 'COMPLETED',
    licenceKey: 'LIC-0000-1111-2222',
    ...overrides,
  },
  metadata,
});

describe('subscription decider', () => {
  describe('CreateSubscription', () => {
    it('records the catalogue price, not the browser’s, with the seed’s name and defaults', () => {
      // The whole event, written out above: catalogue amount and modules, the seed's default name, payment details.
      given(subscriptionDecider).when(createCommand()).then(CREATED);
    });

    it('accepts a browser amount equal to the catalogue and refuses any other with 422', () => {
      given(subscriptionDecider).when(createCommand({ amount: 1500 })).thenEvents();
      given(subscriptionDecider).when(createCommand({ amount: 1499 })).thenThrows(PriceMismatchError, /payment_details\.amount \$14\.99 does not match the catalogue price \$15\.00/);
    });

    it('refuses a unitQuantity that disagrees with the modules, naming the field', () => {
      given(subscriptionDecider).when(createCommand({ unitQuantity: 2 })).thenThrows(ValidationError, /payment_details\.unitQuantity must be 3/);
    });

    it('activates a free unlimited plan at once, saying why', () => {
      given(subscriptionDecider).when(createCommand({ plan_id: 'unlimited', subscription_type: 'SUBSCRIPTION_FREE', modules: undefined })).then(FREE_PLAN);
    });

    it('gives a free plan created with a server-issued key a licence without end at once', () => {
      const events = given(subscriptionDecider)
        .when(createCommand({ plan_id: 'unlimited', subscription_type: 'SUBSCRIPTION_FREE', modules: undefined, issuedLicenceKey: 'FREE-KEY-0001' }))
        .thenEvents();
      expect(events.map((e) => e.type)).to.deep.equal(['SubscriptionCreated', 'SubscriptionStatusChanged', 'LicenceIssued']);
      expect(events[2]?.data).to.deep.include({ licenceKey: 'FREE-KEY-0001', serial: 1, validUntil: '9999-12-31T23:59:59.000Z', issuedAt: NOW });
    });

    it('makes customers accept the privacy policy', () => {
      given(subscriptionDecider).when(createCommand({ privacy_policy_confirm: false })).thenThrows(ValidationError, /privacy_policy_confirm/);
      given(subscriptionDecider).when(createCommand({ privacy_policy_confirm: undefined }, admin)).thenEvents();
    });

    it('lets customers buy for themselves only, and only in Creating status', () => {
      given(subscriptionDecider).when(createCommand({}, otherCustomer)).thenThrows(ForbiddenError);
      given(subscriptionDecider).when(createCommand({ status: 'SUBSCRIPTION_STATUS_ACTIVE' })).thenThrows(ForbiddenError, /ACTIVE/);
      given(subscriptionDecider).when(createCommand({}, meta({ actorId: 'user-1', actorRole: 'ROLE_USER' }))).thenThrows(ForbiddenError);
      given(subscriptionDecider).when(createCommand({ subscription_type: 'SUBSCRIPTION_PERPETUAL' })).thenThrows(ForbiddenError, /PERPETUAL/);
    });

    it('lets administrators create for anyone in any non-terminal status, never cancelled', () => {
      const events = given(subscriptionDecider).when(createCommand({ status: 'SUBSCRIPTION_STATUS_ACTIVE', user_id: 'user-9' }, admin)).thenEvents();
      expect(events[0]?.data).to.include({ status: 'SUBSCRIPTION_STATUS_ACTIVE', user_id: 'user-9' });
      given(subscriptionDecider).when(createCommand({ status: 'SUBSCRIPTION_STATUS_CANCEL' }, admin)).thenThrows(InvalidTransitionError);
    });

    it('refuses to create a subscription twice', () => {
      given(subscriptionDecider, created()).when(createCommand()).thenThrows(ConflictError);
    });

    it('turns catalogue refusals into validation errors naming the field', () => {
      given(subscriptionDecider).when(createCommand({ modules: [{ name: 'playerViewers', limit: 10 }] })).thenThrows(ValidationError, /modules\[0\]\.name/);
      given(subscriptionDecider).when(createCommand({ quantity: 1 })).thenThrows(ValidationError, /quantity must be at least 3/);
    });
  });

  describe('status transitions (design.md status machine)', () => {
    const setStatus = (to: SubscriptionStatus, metadata = admin): SubscriptionCommand => ({ type: 'SetSubscriptionStatus', data: { status: to }, metadata });

    for (const from of SUBSCRIPTION_STATUSES) {
      for (const to of SUBSCRIPTION_STATUSES) {
        const machineAllows = STATUS_TRANSITIONS[from].includes(to);
        const adminAllows = from !== 'SUBSCRIPTION_STATUS_CANCEL';

        it(`system: ${from} → ${to} is ${from === to ? 'a no-op' : machineAllows ? 'allowed' : 'refused'}`, () => {
          const when = given(subscriptionDecider, inStatus(from)).when(setStatus(to, system));
          if (from === to) return when.then([]);
          if (!machineAllows) return when.thenThrows(InvalidTransitionError, new RegExp(`from ${from} to ${to}`));
          const [event] = when.thenEvents();
          if (to === 'SUBSCRIPTION_STATUS_CANCEL') expect(event).to.deep.equal({ type: 'SubscriptionCancelled', data: { from } });
          else expect(event).to.deep.equal({ type: 'SubscriptionStatusChanged', data: { from, to } });
        });

        it(`admin: ${from} → ${to} is ${from === to ? 'a no-op' : adminAllows ? 'allowed' : 'refused'}`, () => {
          const when = given(subscriptionDecider, inStatus(from)).when(setStatus(to));
          if (from === to) return when.then([]);
          if (!adminAllows) return when.thenThrows(InvalidTransitionError);
          expect(when.thenEvents()).to.have.length(1);
        });
      }
    }

    it('customers cannot set statuses at all', () => {
      given(subscriptionDecider, inStatus('SUBSCRIPTION_STATUS_ACTIVE')).when(setStatus('SUBSCRIPTION_STATUS_PAUSE', customer)).thenThrows(ForbiddenError);
    });

    it('the status machine never lets a bare status change activate an unpaid subscription', () => {
      for (const from of ['SUBSCRIPTION_STATUS_INITIAL', 'SUBSCRIPTION_STATUS_WAIT_PAYMENT'] as const) {
        given(subscriptionDecider, inStatus(from)).when(setStatus('SUBSCRIPTION_STATUS_ACTIVE', system)).thenThrows(InvalidTransitionError);
      }
    });

    it('evolve follows every change', () => {
      const g = given(subscriptionDecider, [...inStatus('SUBSCRIPTION_STATUS_ACTIVE'), { type: 'SubscriptionStatusChanged', data: { from: 'SUBSCRIPTION_STATUS_ACTIVE', to: 'SUBSCRIPTION_STATUS_PAUSE' } }]);
      expect(g.state.status).to.equal('SUBSCRIPTION_STATUS_PAUSE');
    });
  });

  describe('CancelSubscription', () => {
    for (const from of SUBSCRIPTION_STATUSES.filter((s) => s !== 'SUBSCRIPTION_STATUS_CANCEL')) {
      it(`a customer cancels their own ${from} subscription`, () => {
        given(subscriptionDecider, inStatus(from)).when({ type: 'CancelSubscription', data: { reason: 'moving on' }, metadata: customer }).then([
          { type: 'SubscriptionCancelled', data: { from, reason: 'moving on' } },
        ]);
      });
    }
    it('cancelling a cancelled subscription changes nothing', () => {
      given(subscriptionDecider, inStatus('SUBSCRIPTION_STATUS_CANCEL')).when({ type: 'CancelSubscription', data: {}, metadata: customer }).then([]);
    });
    it('another customer cannot cancel it', () => {
      given(subscriptionDecider, created()).when({ type: 'CancelSubscription', data: {}, metadata: otherCustomer }).thenThrows(ForbiddenError);
    });
  });

  describe('OrderPayment', () => {
    it('records the order for the amount due and moves Creating to Wait payment', () => {
      // Exactly the order events written out in ORDERED above.
      given(subscriptionDecider, created()).when(order()).then(ORDERED.slice(CREATED.length));
    });
    it('refuses an order for another amount than the one due (the price changed meanwhile), and repeats of the same order change nothing', () => {
      given(subscriptionDecider, created()).when(order('ORDER-1', 1000)).thenThrows(ConflictError, /amount due .* changed/);
      given(subscriptionDecider, ordered()).when(order()).then([]);
    });
    it('records no second order while one is open (two tabs): the caller pays the open one', () => {
      given(subscriptionDecider, ordered()).when(order('ORDER-2')).then([]);
    });
    it('refuses orders on cancelled or paused subscriptions, and when nothing is due', () => {
      given(subscriptionDecider, inStatus('SUBSCRIPTION_STATUS_CANCEL')).when(order()).thenThrows(InvalidTransitionError);
      given(subscriptionDecider, inStatus('SUBSCRIPTION_STATUS_PAUSE')).when(order()).thenThrows(InvalidTransitionError);
      given(subscriptionDecider, FREE_PLAN).when(order('ORDER-F', 0)).thenThrows(ConflictError, /Nothing is due/);
    });
    it('keeps one PayPal billing reference per subscription', () => {
      given(subscriptionDecider, ordered())
        .when({ type: 'OrderPayment', data: { paypalOrderID: 'ORDER-2', paypalSubscriptionID: 'OTHER', amount: 1500, currency: 'USD' }, metadata: customer })
        .thenThrows(ValidationError, /paypalSubscriptionID/);
    });
  });

  describe('CaptureOrder', () => {
    it('records the payment, issues a licence key and goes Live', () => {
      // Exactly the events written out in PAID above: the capture, Live, and the licence valid to the period's end
      // plus the default grace of 7 days.
      given(subscriptionDecider, ordered()).when(capture()).then(PAID.slice(ORDERED.length));
    });

    it('records nothing for an order already captured', () => {
      given(subscriptionDecider, paid()).when(capture()).then([]);
    });

    it('refuses a capture of an order this subscription never made', () => {
      given(subscriptionDecider, created()).when(capture()).thenThrows(ValidationError, /paypalOrderID is not a payment order/);
    });

    it('a renewal while Live extends the period and keeps the first licence key', () => {
      const renewalOrdered: SubscriptionEvent[] = [
        ...paid(),
        {
          type: 'PaymentOrdered',
          data: {
            paypalOrderID: 'ORDER-2',
            paypalSubscriptionID: 'PAYPAL-SUB-1',
            amount: 1500,
            currency: 'USD',
            purpose: 'period',
            configuration: THREE_STREAMS,
            periodStart: '2026-12-23T10:00:00.000Z',
            periodEnd: '2027-01-23T10:00:00.000Z',
          },
        },
      ];
      const [renewal, ...rest] = given(subscriptionDecider, renewalOrdered)
        .when(capture({ paypalOrderID: 'ORDER-2', captureId: 'CAPTURE-2', licenceKey: 'LIC-NEW-NEW-NEW' }))
        .thenEvents();
      // A new licence, valid to the new period's end plus 7 days' grace, under the same key.
      expect(rest).to.deep.equal([
        {
          type: 'LicenceIssued',
          data: { licenceKey: 'LIC-0000-1111-2222', serial: 2, modules: [{ name: 'streams', limit: 3 }], quantity: 3, issuedAt: NOW, validUntil: '2027-01-30T10:00:00.000Z' },
        },
      ]);
      expect(renewal?.data).to.include({ purpose: 'period', periodStart: '2026-12-23T10:00:00.000Z', periodEnd: '2027-01-23T10:00:00.000Z' });
      expect(renewal?.data).to.not.have.property('licence_key');
    });

    it('records a rejected payment when the amount, currency or status is wrong', () => {
      const cases: [Partial<Extract<SubscriptionCommand, { type: 'CaptureOrder' }>['data']>, string][] = [
        [{ amount: 1400 }, 'AMOUNT_MISMATCH'],
        [{ currency: 'EUR' }, 'CURRENCY_MISMATCH'],
        [{ providerStatus: 'DECLINED' }, 'NOT_COMPLETED'],
      ];
      for (const [overrides, reason] of cases) {
        const events = given(subscriptionDecider, ordered()).when(capture(overrides)).thenEvents();
        expect(events.map((e) => e.type)).to.deep.equal(['PaymentRejected']);
        expect(events[0]?.data).to.include({ reason, expectedAmount: 1500 });
      }
    });

    it('records a late capture on a cancelled subscription (money moved) as account credit, without reviving it', () => {
      const cancelled = [...ordered(), { type: 'SubscriptionCancelled' as const, data: { from: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT' as const } }];
      const events = given(subscriptionDecider, cancelled).when(capture({}, system)).thenEvents();
      expect(events.map((e) => e.type)).to.deep.equal(['OrderCaptured']);
      expect(events[0]?.data).to.include({ credited: true, amount: 1500 });
    });

    it('refuses a capture for another user’s subscription, and for one that does not exist', () => {
      given(subscriptionDecider, ordered()).when(capture({}, otherCustomer)).thenThrows(ForbiddenError);
      given(subscriptionDecider).when(capture()).thenThrows(NotFoundError);
    });
  });

  describe('ReviseSubscription', () => {
    const revise = (quantity: number, extra: Record<string, unknown> = {}, metadata = customer): SubscriptionCommand => ({
      type: 'ReviseSubscription',
      data: { paypalSubscriptionID: 'PAYPAL-SUB-1', quantity, ...extra },
      metadata,
    });

    it('a rise inside the paid period is pending: the rest of the period prorated, in force once paid', () => {
      const later = { ...customer, now: '2026-12-08T10:00:00.000Z' };
      const [event] = given(subscriptionDecider, paid()).when(revise(5, {}, later)).thenEvents();
      expect(event?.type).to.equal('SubscriptionChangePending');
      // 15 of the period's 30 days remain: half of the $10 difference.
      expect(event?.data).to.include({ quantity: 5, amount: 2500, previousAmount: 1500, balance: 500 });
      const revised = given(subscriptionDecider, [...paid(), event!]);
      expect(revised.state).to.include({ quantity: 3, amount: 1500 });
      const [ordered2] = revised.when(order('ORDER-B', 500, later)).thenEvents();
      expect(ordered2?.data).to.include({ amount: 500, purpose: 'balance' });
    });

    it('a quantity-only revision can go up and come back down: the streams follow the units', () => {
      const up = given(subscriptionDecider, paid()).when(revise(6)).thenEvents();
      expect(up[0]?.data).to.include({ quantity: 6, amount: 3000 });
      const down = given(subscriptionDecider, [...paid(), ...up]).when(revise(2)).thenEvents();
      expect(down[0]?.data).to.include({ quantity: 2, amount: 1000 });
      const streams = (down[0]?.data as { modules: { name: string; limit: number }[] }).modules.find((m) => m.name === 'streams');
      expect(streams?.limit).to.equal(2);
    });

    it('a quantity-only revision keeps the other modules, and cannot go below what they need', () => {
      // 2 streams (2 units) and 200 VOD viewers (seed: 50 a unit beyond the 50 free: 3 units), $25 a month.
      const withViewers: SubscriptionEvent[] = [
        ...created(),
        {
          type: 'SubscriptionRevised',
          data: {
            paypalSubscriptionID: 'PAYPAL-SUB-1',
            quantity: 5,
            previousQuantity: 3,
            modules: [
              { name: 'streams', limit: 2, units: 2, free: false, amount: 1000, labels: { en: 'Publishing streams', ru: 'Публикуемые потоки' } },
              { name: 'vodViewers', limit: 200, units: 3, free: false, amount: 1500, labels: { en: 'VOD viewers', ru: 'Зрители VOD' } },
            ],
            amount: 2500,
            previousAmount: 1500,
            proration: 0,
            effectiveAt: NOW,
            reason: 'IMMEDIATE',
          },
        },
      ];
      const [event] = given(subscriptionDecider, withViewers).when(revise(4)).thenEvents();
      expect((event?.data as { modules: { name: string; limit: number }[] }).modules.map((m) => [m.name, m.limit])).to.deep.equal([['streams', 1], ['vodViewers', 200]]);
      given(subscriptionDecider, withViewers).when(revise(2)).thenThrows(ValidationError, /quantity must be at least 3/);
    });

    it('accepts the browser’s figure only when it matches', () => {
      given(subscriptionDecider, paid()).when(revise(5, { amount: 2500 })).thenEvents();
      given(subscriptionDecider, paid()).when(revise(5, { amount: 2000 })).thenThrows(PriceMismatchError);
    });

    it('changes nothing when nothing changes', () => {
      given(subscriptionDecider, paid()).when(revise(3)).then([]);
    });

    it('refuses another PayPal subscription id, a cancelled subscription and a stranger', () => {
      given(subscriptionDecider, paid()).when(revise(5, { paypalSubscriptionID: 'OTHER' })).thenThrows(ValidationError, /paypalSubscriptionID/);
      given(subscriptionDecider, inStatus('SUBSCRIPTION_STATUS_CANCEL')).when(revise(5)).thenThrows(ConflictError, /cancelled/);
      given(subscriptionDecider, paid()).when(revise(5, {}, otherCustomer)).thenThrows(ForbiddenError);
    });
  });

  describe('other commands', () => {
    it('ChangePaymentMethod records the new PayPal ids', () => {
      const events = given(subscriptionDecider, created())
        .when({ type: 'ChangePaymentMethod', data: { paypalOrderID: 'ORDER-9', paypalSubscriptionID: 'PAYPAL-SUB-9', quantity: 3 }, metadata: customer })
        .thenEvents();
      expect(events).to.deep.equal([{ type: 'PaymentMethodChanged', data: { payment_method: 'PAYPAL', paypalOrderID: 'ORDER-9', paypalSubscriptionID: 'PAYPAL-SUB-9' } }]);
    });

    it('UpdateSubscription records what changed and what it was; customers may rename only', () => {
      given(subscriptionDecider, created()).when({ type: 'UpdateSubscription', data: { name: 'Studio' }, metadata: customer }).then([
        { type: 'SubscriptionUpdated', data: { changes: { name: 'Studio' }, previous: { name: 'Subscription 2026-11-23' } } },
      ]);
      given(subscriptionDecider, created()).when({ type: 'UpdateSubscription', data: { name: 'Subscription 2026-11-23' }, metadata: customer }).then([]);
      given(subscriptionDecider, created()).when({ type: 'UpdateSubscription', data: { licence_key: 'X-1234567' }, metadata: customer }).thenThrows(ForbiddenError, /licence_key/);
    });

    it('a payment during a trial pays for the period that starts when the trial ends', () => {
      const trial: SubscriptionEvent[] = [
        { type: 'TrialStarted', data: { trialStartDate: NOW, trialEndDate: '2026-11-30T10:00:00.000Z', trialPeriod: 604800 } },
        { type: 'SubscriptionStatusChanged', data: { from: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', to: 'SUBSCRIPTION_STATUS_ACTIVE', reason: 'trial started' } },
      ];
      const [captured] = given(subscriptionDecider, [...ordered(), ...trial]).when(capture()).thenEvents();
      expect(captured?.data).to.include({ periodStart: '2026-11-30T10:00:00.000Z', periodEnd: '2026-12-30T10:00:00.000Z' });
    });

    it('StartTrial runs seven days by default and only once', () => {
      const trial: SubscriptionEvent[] = [
        { type: 'TrialStarted', data: { trialStartDate: NOW, trialEndDate: '2026-11-30T10:00:00.000Z', trialPeriod: 604800 } },
        { type: 'SubscriptionStatusChanged', data: { from: 'SUBSCRIPTION_STATUS_INITIAL', to: 'SUBSCRIPTION_STATUS_ACTIVE', reason: 'trial started' } },
      ];
      given(subscriptionDecider, created()).when({ type: 'StartTrial', data: {}, metadata: customer }).then(trial);
      given(subscriptionDecider, [...created(), ...trial]).when({ type: 'StartTrial', data: {}, metadata: customer }).thenThrows(ConflictError);
    });

    it('RemoveSubscription is for administrators, and a removed subscription is gone', () => {
      given(subscriptionDecider, created()).when({ type: 'RemoveSubscription', data: {}, metadata: customer }).thenThrows(ForbiddenError);
      given(subscriptionDecider, created()).when({ type: 'RemoveSubscription', data: {}, metadata: admin }).then([{ type: 'SubscriptionRemoved', data: {} }]);
      given(subscriptionDecider, [...created(), { type: 'SubscriptionRemoved', data: {} }]).when(capture()).thenThrows(NotFoundError);
    });

    it('RecordRefund refunds at most what was captured, once per refund id', () => {
      const refund = (amount: number, refundId = 'REFUND-1'): SubscriptionCommand => ({ type: 'RecordRefund', data: { captureId: 'CAPTURE-1', refundId, amount, currency: 'USD' }, metadata: system });
      const refunded: SubscriptionEvent = { type: 'PaymentRefunded', data: { captureId: 'CAPTURE-1', refundId: 'REFUND-1', amount: 1000, currency: 'USD', refundedAt: NOW } };
      given(subscriptionDecider, paid()).when(refund(1000)).then([refunded]);
      given(subscriptionDecider, [...paid(), refunded]).when(refund(1000)).then([]);
      given(subscriptionDecider, [...paid(), refunded]).when(refund(1000, 'REFUND-2')).thenThrows(ValidationError, /amount exceeds/);
    });
  });
});
