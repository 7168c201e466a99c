import { expect } from 'chai';
import { ForbiddenError, NotFoundError, ValidationError, type SubscriptionEvent } from '@relaycast/contracts';
import { given } from '../../../test/given.js';
import {
  APR_1, APR_2, as, BALANCE_PAID, CANCELLED_WITH_CREDIT, DUNNING, FOUR_STREAMS, KEY, LIVE, LIVE_AHEAD, MAR_10, MAR_20, MAR_25, MAY_1, REFUNDED, TWO_STREAMS,
} from '../../../test/subscription-fixtures.js';
import { creditToRefund, subscriptionDecider, type ExistingSubscription, type SubscriptionCommand } from '../index.js';

type RefundData = Extract<SubscriptionCommand, { type: 'RecordRefund' }>['data'];
const refund = (now: string, extra: Partial<RefundData> = {}, metadata = as.admin(now)): SubscriptionCommand => ({
  type: 'RecordRefund',
  data: { captureId: 'CAPTURE-1', refundId: 'REFUND-1', amount: 1000, currency: 'USD', ...extra },
  metadata,
});
const licence3ToApr1: SubscriptionEvent = {
  type: 'LicenceIssued',
  data: { licenceKey: KEY, serial: 3, modules: [{ name: 'streams', limit: 2 }], quantity: 2, issuedAt: MAR_25, validUntil: APR_1, basis: 'PAID' },
};

describe('RecordRefund (billing/refunds.ts)', () => {
  it('a full refund of the running period ends it now (Mar 10); nothing covered is left: the subscription ends (cancelled: payment refunded), licence revoked — no Wait payment, nothing charged', () => {
    given(subscriptionDecider, LIVE).when(refund(MAR_10)).then(REFUNDED.slice(LIVE.length));
  });

  it('a full refund of the running period with April paid ahead: April moves back into March’s slot (paid time ends Apr 1, not May 1)', () => {
    given(subscriptionDecider, LIVE_AHEAD)
      .when(refund(MAR_25))
      .then([
        { type: 'PaymentRefunded', data: { captureId: 'CAPTURE-1', refundId: 'REFUND-1', amount: 1000, currency: 'USD', refundedAt: MAR_25 } },
        { type: 'PaidTimeEnded', data: { captureId: 'CAPTURE-1', reason: 'REFUNDED', endedAt: MAR_25, paidThroughBefore: MAY_1, paidThroughAfter: APR_1 } },
        licence3ToApr1,
      ]);
  });

  it('a full refund of the period paid ahead takes April out: the paid time ends Apr 1, still Live', () => {
    given(subscriptionDecider, LIVE_AHEAD)
      .when(refund(MAR_25, { captureId: 'CAPTURE-2', refundId: 'REFUND-2' }))
      .then([
        { type: 'PaymentRefunded', data: { captureId: 'CAPTURE-2', refundId: 'REFUND-2', amount: 1000, currency: 'USD', refundedAt: MAR_25 } },
        { type: 'PaidTimeEnded', data: { captureId: 'CAPTURE-2', reason: 'REFUNDED', endedAt: MAR_25, paidThroughBefore: MAY_1, paidThroughAfter: APR_1 } },
        licence3ToApr1,
      ]);
  });

  it('a partial refund is a credit note: no entitlement changes', () => {
    given(subscriptionDecider, LIVE)
      .when(refund(MAR_10, { amount: 300 }))
      .then([{ type: 'PaymentRefunded', data: { captureId: 'CAPTURE-1', refundId: 'REFUND-1', amount: 300, currency: 'USD', refundedAt: MAR_10 } }]);
  });

  it('a reversal by PayPal says so', () => {
    given(subscriptionDecider, LIVE)
      .when(refund(MAR_10, { refundId: 'REV-1', reversal: true }, as.clock(MAR_10)))
      .then([
        { type: 'PaymentRefunded', data: { captureId: 'CAPTURE-1', refundId: 'REV-1', amount: 1000, currency: 'USD', refundedAt: MAR_10, reversal: true } },
        { type: 'PaidTimeEnded', data: { captureId: 'CAPTURE-1', reason: 'REVERSED', endedAt: MAR_10, paidThroughBefore: APR_1, paidThroughAfter: MAR_10 } },
        { type: 'SubscriptionCancelled', data: { from: 'SUBSCRIPTION_STATUS_ACTIVE', at: MAR_10, reason: 'payment reversed by PayPal', cause: 'PAYMENT_TAKEN_BACK' } },
        { type: 'LicenceRevoked', data: { serial: 1, reason: 'REFUNDED' } },
      ]);
  });

  it('a refunded balance takes back the raise only (Mar 20): 2 streams again to Apr 1, as paid before it; still Live', () => {
    given(subscriptionDecider, BALANCE_PAID)
      .when(refund(MAR_20, { captureId: 'CAP-B', refundId: 'REFUND-B', amount: 500 }))
      .then([
        { type: 'PaymentRefunded', data: { captureId: 'CAP-B', refundId: 'REFUND-B', amount: 500, currency: 'USD', refundedAt: MAR_20 } },
        { type: 'PaidChangeTakenBack', data: { captureId: 'CAP-B', reason: 'REFUNDED', endedAt: MAR_20, configuration: TWO_STREAMS, previous: FOUR_STREAMS } },
        { type: 'LicenceIssued', data: { licenceKey: KEY, serial: 3, modules: [{ name: 'streams', limit: 2 }], quantity: 2, issuedAt: MAR_20, validUntil: APR_1, basis: 'PAID' } },
      ]);
    const after = given(subscriptionDecider, [...BALANCE_PAID, { type: 'PaymentRefunded', data: { captureId: 'CAP-B', refundId: 'REFUND-B', amount: 500, currency: 'USD', refundedAt: MAR_20 } }, { type: 'PaidChangeTakenBack', data: { captureId: 'CAP-B', reason: 'REFUNDED', endedAt: MAR_20, configuration: TWO_STREAMS, previous: FOUR_STREAMS } }]).state as ExistingSubscription;
    expect([after.quantity, after.amount, after.status]).to.deep.equal([2, 1000, 'SUBSCRIPTION_STATUS_ACTIVE']);
  });

  it('a partial refund of a balance changes no time (a credit note)', () => {
    given(subscriptionDecider, BALANCE_PAID)
      .when(refund(MAR_20, { captureId: 'CAP-B', refundId: 'REFUND-B', amount: 200 }))
      .then([{ type: 'PaymentRefunded', data: { captureId: 'CAP-B', refundId: 'REFUND-B', amount: 200, currency: 'USD', refundedAt: MAR_20 } }]);
  });

  it('set to cancel at the end of the paid time, then refunded in full (Mar 10): cancelled at once, never chased', () => {
    const scheduled: SubscriptionEvent[] = [...LIVE, { type: 'CancellationScheduled', data: { cancelAt: APR_1, by: 'CUSTOMER' } }];
    given(subscriptionDecider, scheduled)
      .when(refund(MAR_10))
      .then(REFUNDED.slice(LIVE.length));
  });

  it('credit left on a cancelled subscription is refunded from the capture that made it (1000 cents of CAPTURE-1)', () => {
    const state = given(subscriptionDecider, CANCELLED_WITH_CREDIT).state as ExistingSubscription;
    expect(creditToRefund(state)).to.deep.equal([{ captureId: 'CAPTURE-1', amount: 1000 }]);
    given(subscriptionDecider, CANCELLED_WITH_CREDIT)
      .when(refund(MAR_10, {}, as.clock(MAR_10)))
      .then([{ type: 'PaymentRefunded', data: { captureId: 'CAPTURE-1', refundId: 'REFUND-1', amount: 1000, currency: 'USD', refundedAt: MAR_10 } }]);
  });

  it('the same refund again records nothing', () => {
    given(subscriptionDecider, REFUNDED).when(refund(MAR_20)).then([]);
  });

  describe('refusals', () => {
    it('by the customer (FORBIDDEN)', () => {
      given(subscriptionDecider, LIVE).when(refund(MAR_10, {}, as.customer(MAR_10))).thenThrowsCode(ForbiddenError, 'FORBIDDEN');
    });
    it('a capture this subscription does not have (NOT_FOUND)', () => {
      given(subscriptionDecider, LIVE).when(refund(MAR_10, { captureId: 'CAPTURE-9' })).thenThrowsCode(NotFoundError, 'NOT_FOUND');
    });
    it('more than remains refundable: 300 refunded, 1000 more asked of 1000 (VALIDATION_FAILED on amount)', () => {
      const partly: SubscriptionEvent[] = [...LIVE, { type: 'PaymentRefunded', data: { captureId: 'CAPTURE-1', refundId: 'REFUND-1', amount: 300, currency: 'USD', refundedAt: MAR_10 } }];
      const error = given(subscriptionDecider, partly).when(refund(MAR_20, { refundId: 'REFUND-2' })).thenThrowsCode(ValidationError, 'VALIDATION_FAILED');
      expect(error.problems.map((p) => p.field)).to.deep.equal(['amount']);
    });
  });
});

describe('RecordDispute (billing/refunds.ts)', () => {
  const dispute = (metadata = as.clock(MAR_10), status = 'OPEN'): SubscriptionCommand => ({
    type: 'RecordDispute',
    data: { disputeId: 'PP-D-1', stage: 'CREATED', status, captureId: 'CAPTURE-1', reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED' },
    metadata,
  });
  const OPENED: SubscriptionEvent = {
    type: 'PaymentDisputed',
    data: { disputeId: 'PP-D-1', stage: 'CREATED', status: 'OPEN', captureId: 'CAPTURE-1', reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED' },
  };

  it('recorded for administrators and finance; the licence is untouched', () => {
    given(subscriptionDecider, LIVE).when(dispute()).then([OPENED]);
  });

  it('once per stage and status', () => {
    given(subscriptionDecider, [...LIVE, OPENED]).when(dispute()).then([]);
    given(subscriptionDecider, [...LIVE, OPENED]).when(dispute(as.clock(MAR_20), 'WAITING_FOR_SELLER_RESPONSE')).then([{ ...OPENED, data: { ...OPENED.data, status: 'WAITING_FOR_SELLER_RESPONSE' } } as SubscriptionEvent]);
  });

  it('refused to the customer (FORBIDDEN)', () => {
    given(subscriptionDecider, LIVE).when(dispute(as.customer(MAR_10))).thenThrowsCode(ForbiddenError, 'FORBIDDEN');
  });
});

describe('RecordRefund in dunning (billing/refunds.ts)', () => {
  it('the last period paid reversed while its renewal is dunned (Apr 2): the subscription ends, the grace licence goes', () => {
    given(subscriptionDecider, DUNNING)
      .when({ type: 'RecordRefund', data: { captureId: 'CAPTURE-1', refundId: 'REV-1', amount: 1000, currency: 'USD', reversal: true }, metadata: as.clock(APR_2) })
      .then([
        { type: 'PaymentRefunded', data: { captureId: 'CAPTURE-1', refundId: 'REV-1', amount: 1000, currency: 'USD', refundedAt: APR_2, reversal: true } },
        { type: 'SubscriptionCancelled', data: { from: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', at: APR_2, reason: 'payment reversed by PayPal', cause: 'PAYMENT_TAKEN_BACK' } },
        { type: 'LicenceRevoked', data: { serial: 2, reason: 'REFUNDED' } },
      ]);
  });
});
