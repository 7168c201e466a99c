import { expect } from 'chai';
import { ForbiddenError, PaymentInProgressError, ValidationError, type SubscriptionEvent } from '@relaycast/contracts';
import { given } from '../../test/given.js';
import {
  APR_1, APR_2, APR_22, APR_4, APR_6, APR_8, as, CHARGING, DUNNING, KEY, LIVE, MAR_10, MAR_20, MAR_8, MAY_1, POLICY, REFUNDED_BEFORE_BOOKS, SUSPENDED, TRIAL, TWO_STREAMS,
} from '../../test/subscription-fixtures.js';
import { dunningTimeline, nextRetryOf } from './dunning.js';
import { subscriptionDecider, type SubscriptionCommand } from './index.js';

type FailureData = Extract<SubscriptionCommand, { type: 'RecordRenewalFailure' }>['data'];
const failure = (now: string, extra: Partial<FailureData> = {}, metadata = as.clock(now)): SubscriptionCommand => ({
  type: 'RecordRenewalFailure',
  data: { dueAt: APR_1, attempt: 0, reason: 'NO_PAYMENT_METHOD', policy: POLICY, ...extra },
  metadata,
});
const endUnpaid = (step: 'SUSPEND' | 'CANCEL' | 'TAKEN_BACK', metadata: ReturnType<typeof as.clock>): SubscriptionCommand => ({ type: 'EndUnpaid', data: { step }, metadata });

/** DUNNING, and the customer paying April at Apr 7: ORDER-2 approved, its capture in flight. */
const DUNNING_CAPTURING: SubscriptionEvent[] = [
  ...DUNNING,
  { type: 'PaymentOrdered', data: { paypalOrderID: 'ORDER-2', paypalSubscriptionID: 'RCS-1', amount: 1000, currency: 'USD', purpose: 'period', configuration: TWO_STREAMS, periodStart: APR_1, periodEnd: MAY_1 } },
  { type: 'PaymentCaptureStarted', data: { paypalOrderID: 'ORDER-2', requestId: 'capture-ORDER-2-0', startedAt: '2026-04-07T23:59:00.000Z' } },
];

describe('dunning timeline (dunning.ts)', () => {
  it('from Apr 1 by the default policy: retries Apr 2, 4, 6, 8 (+1, 3, 5, 7 days), grace and suspension Apr 8 (+7), cancellation Apr 22 (+14 more)', () => {
    expect(dunningTimeline(APR_1, POLICY, TWO_STREAMS)).to.deep.equal({ dueAt: APR_1, retries: [APR_2, APR_4, APR_6, APR_8], graceUntil: APR_8, suspendAt: APR_8, cancelAt: APR_22, configuration: TWO_STREAMS });
  });

  it('retries after the suspension are dropped (grace 3 days: only +1 and +3)', () => {
    expect(dunningTimeline(APR_1, { retryDays: [1, 3, 5], graceDays: 3, cancelAfterDays: 0 }).retries).to.deep.equal([APR_2, APR_4]);
  });

  it('the next retry follows the failed attempts (the first, attempt 0, at the due date)', () => {
    const timeline = dunningTimeline(APR_1, POLICY);
    expect(nextRetryOf({ timeline, attempts: 1 })).to.equal(APR_2);
    expect(nextRetryOf({ timeline, attempts: 4 })).to.equal(APR_8);
    expect(nextRetryOf({ timeline, attempts: 5 })).to.equal(undefined);
  });
});

describe('RecordRenewalFailure (dunning.ts)', () => {
  it('the first failure at the end of the paid time (Apr 1): the timeline, Live → Wait payment (PAYMENT_DUE), the grace licence to Apr 8', () => {
    given(subscriptionDecider, LIVE).when(failure(APR_1)).then(DUNNING.slice(LIVE.length));
  });

  it('at the end of the trial (Mar 8): dunning from Mar 8 (grace to Mar 15, cancelled Mar 29), the history says the trial ended', () => {
    const MAR_9 = '2026-03-09T00:00:00.000Z';
    const MAR_15 = '2026-03-15T00:00:00.000Z';
    given(subscriptionDecider, TRIAL)
      .when(failure(MAR_8, { dueAt: MAR_8 }))
      .then([
        {
          type: 'RenewalFailed',
          data: {
            dueAt: MAR_8, attempt: 0, reason: 'NO_PAYMENT_METHOD',
            timeline: { dueAt: MAR_8, retries: [MAR_9, '2026-03-11T00:00:00.000Z', '2026-03-13T00:00:00.000Z', MAR_15], graceUntil: MAR_15, suspendAt: MAR_15, cancelAt: '2026-03-29T00:00:00.000Z', configuration: TWO_STREAMS },
          },
        },
        { type: 'SubscriptionStatusChanged', data: { from: 'SUBSCRIPTION_STATUS_ACTIVE', to: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', cause: 'PAYMENT_DUE', at: MAR_8, reason: 'trial ended: payment due' } },
        { type: 'LicenceIssued', data: { licenceKey: KEY, serial: 2, modules: [{ name: 'streams', limit: 2 }], quantity: 2, issuedAt: MAR_8, validUntil: MAR_15, basis: 'GRACE' } },
      ]);
  });

  it('a failed retry is counted; the grace licence does not change', () => {
    given(subscriptionDecider, DUNNING)
      .when(failure(APR_2, { attempt: 1, reason: 'DECLINED', providerReason: 'INSTRUMENT_DECLINED' }))
      .then([{ type: 'RenewalFailed', data: { dueAt: APR_1, attempt: 1, reason: 'DECLINED', providerReason: 'INSTRUMENT_DECLINED' } }]);
  });

  it('never after money was taken back: a stream left waiting by a refund (before refunds ended subscriptions) starts no dunning and gets no grace', () => {
    given(subscriptionDecider, REFUNDED_BEFORE_BOOKS).when(failure(MAR_10, { dueAt: MAR_10 })).then([]);
  });

  it('recorded once per due date and attempt; nothing before paid time ends', () => {
    given(subscriptionDecider, DUNNING).when(failure(APR_2)).then([]);
    given(subscriptionDecider, LIVE).when(failure(MAR_20, { dueAt: MAR_20 })).then([]);
  });

  describe('refusals', () => {
    it('while the saved wallet is being charged (PAYMENT_IN_PROGRESS)', () => {
      given(subscriptionDecider, CHARGING).when(failure('2026-04-01T00:01:00.000Z')).thenThrowsCode(PaymentInProgressError, 'PAYMENT_IN_PROGRESS');
    });

    // The code checks only a saved-wallet charge (sub.charge), not a capture in flight: here it records the failure
    // and moves Live → Wait payment while the customer's own capture of the renewal is running.
    it('while a capture is in flight (PAYMENT_IN_PROGRESS)', () => {
      // LIVE, and the customer paying April themselves a minute before it falls due: ORDER-2's capture in flight.
      const capturing: SubscriptionEvent[] = [
        ...LIVE,
        { type: 'PaymentOrdered', data: { paypalOrderID: 'ORDER-2', paypalSubscriptionID: 'RCS-1', amount: 1000, currency: 'USD', purpose: 'period', configuration: TWO_STREAMS, periodStart: APR_1, periodEnd: MAY_1 } },
        { type: 'PaymentCaptureStarted', data: { paypalOrderID: 'ORDER-2', requestId: 'capture-ORDER-2-0', startedAt: '2026-03-31T23:59:00.000Z' } },
      ];
      given(subscriptionDecider, capturing).when(failure(APR_1)).thenThrowsCode(PaymentInProgressError, 'PAYMENT_IN_PROGRESS');
    });

    it('a due date still to come (VALIDATION_FAILED on dueAt)', () => {
      const error = given(subscriptionDecider, LIVE).when(failure(MAR_20)).thenThrowsCode(ValidationError, 'VALIDATION_FAILED');
      expect(error.problems.map((p) => p.field)).to.deep.equal(['dueAt']);
    });

    it('by the customer (FORBIDDEN)', () => {
      given(subscriptionDecider, LIVE).when(failure(APR_1, {}, as.customer(APR_1))).thenThrowsCode(ForbiddenError, 'FORBIDDEN');
    });
  });
});

describe('EndUnpaid (dunning.ts)', () => {
  it('SUSPEND: still unpaid when the grace ends (Apr 8): paused for non-payment, the grace licence revoked', () => {
    given(subscriptionDecider, DUNNING).when(endUnpaid('SUSPEND', as.clock(APR_8))).then(SUSPENDED.slice(DUNNING.length));
  });

  it('CANCEL: still unpaid when dunning ends (Apr 22): cancelled', () => {
    given(subscriptionDecider, SUSPENDED)
      .when(endUnpaid('CANCEL', as.clock(APR_22)))
      .then([{ type: 'SubscriptionCancelled', data: { from: 'SUBSCRIPTION_STATUS_PAUSE', at: APR_22, reason: 'unpaid: dunning ended' } }]);
  });

  it('TAKEN_BACK: a stream left waiting for payment by a refund (Mar 10) ends: cancelled, payment refunded — nothing charged', () => {
    given(subscriptionDecider, REFUNDED_BEFORE_BOOKS)
      .when(endUnpaid('TAKEN_BACK', as.clock(MAR_10)))
      .then([{ type: 'SubscriptionCancelled', data: { from: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', at: MAR_10, reason: 'payment refunded', cause: 'PAYMENT_TAKEN_BACK' } }]);
    given(subscriptionDecider, DUNNING).when(endUnpaid('TAKEN_BACK', as.clock(APR_8))).then([]);
  });

  it('nothing before its date, nor without dunning', () => {
    given(subscriptionDecider, DUNNING).when(endUnpaid('SUSPEND', as.clock(APR_6))).then([]);
    given(subscriptionDecider, SUSPENDED).when(endUnpaid('CANCEL', as.clock('2026-04-21T00:00:00.000Z'))).then([]);
    given(subscriptionDecider, LIVE).when(endUnpaid('SUSPEND', as.clock(APR_8))).then([]);
  });

  describe('refusals', () => {
    it('SUSPEND while the saved wallet is being charged for the last retry (PAYMENT_IN_PROGRESS)', () => {
      const charging: SubscriptionEvent[] = [...DUNNING, { type: 'SavedWalletChargeStarted', data: { requestId: 'renewal-sub-1-c1', purpose: 'period', amount: 1000, startedAt: APR_8 } }];
      given(subscriptionDecider, charging).when(endUnpaid('SUSPEND', as.clock(APR_8))).thenThrowsCode(PaymentInProgressError, 'PAYMENT_IN_PROGRESS');
    });

    // As above: only sub.charge is checked, so the customer's capture in flight does not hold the suspension back.
    it('SUSPEND while a capture is in flight (PAYMENT_IN_PROGRESS)', () => {
      given(subscriptionDecider, DUNNING_CAPTURING).when(endUnpaid('SUSPEND', as.clock(APR_8))).thenThrowsCode(PaymentInProgressError, 'PAYMENT_IN_PROGRESS');
    });

    it('by the customer (FORBIDDEN)', () => {
      given(subscriptionDecider, DUNNING).when(endUnpaid('SUSPEND', as.customer(APR_8))).thenThrowsCode(ForbiddenError, 'FORBIDDEN');
    });
  });
});
