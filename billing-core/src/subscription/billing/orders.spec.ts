import { expect } from 'chai';
import { ConflictError, ForbiddenError, InvalidTransitionError, NotFoundError, PaymentInProgressError, ValidationError, type SubscriptionEvent } from '@relaycast/contracts';
import { given } from '../../../test/given.js';
import {
  APR_1, as, BALANCE_PAID, CANCELLED, CANCELLED_WITH_CREDIT, CAPTURING, CHARGING, CREATED, FEB_28, FOUR_STREAMS, FREE_PLAN, JAN31_LIVE, KEY, LIVE, MAR_1, MAR_10, MAR_16_1205, MAR_16_NOON, MAR_2,
  MAR_20, MAR_31, MAR_8, MAY_1, ORDERED, PENDING_RISE, TRIAL, TWO_STREAMS, WITH_CREDIT,
} from '../../../test/subscription-fixtures.js';
import { subscriptionDecider, type SubscriptionCommand } from '../index.js';

type OrderData = Extract<SubscriptionCommand, { type: 'OrderPayment' }>['data'];
type CaptureData = Extract<SubscriptionCommand, { type: 'CaptureOrder' }>['data'];

const order = (now: string, extra: Partial<OrderData> = {}, metadata = as.customer(now)): SubscriptionCommand => ({
  type: 'OrderPayment',
  data: { paypalOrderID: 'ORDER-1', paypalSubscriptionID: 'RCS-1', amount: 1000, currency: 'USD', purpose: 'period', ...extra },
  metadata,
});
const capture = (now: string, extra: Partial<CaptureData> = {}, metadata = as.customer(now)): SubscriptionCommand => ({
  type: 'CaptureOrder',
  data: { paypalOrderID: 'ORDER-1', paypalSubscriptionID: 'RCS-1', captureId: 'CAPTURE-1', quantity: 2, amount: 1000, currency: 'USD', providerStatus: 'COMPLETED', licenceKey: KEY, ...extra },
  metadata,
});
const startCapture = (now: string, requestId: string, paypalOrderID = 'ORDER-1'): SubscriptionCommand => ({ type: 'StartCapture', data: { paypalOrderID, requestId }, metadata: as.customer(now) });

describe('OrderPayment (billing/orders.ts)', () => {
  it('the first order: for March (1000 cents, Mar 1 → Apr 1), Creating → Wait payment', () => {
    given(subscriptionDecider, CREATED).when(order(MAR_1)).then(ORDERED.slice(CREATED.length));
  });

  it('a renewal paid early (Mar 20) is for the period after the paid one, Apr 1 → May 1; Live stays Live', () => {
    given(subscriptionDecider, LIVE)
      .when(order(MAR_20, { paypalOrderID: 'ORDER-2' }))
      .then([{ type: 'PaymentOrdered', data: { paypalOrderID: 'ORDER-2', paypalSubscriptionID: 'RCS-1', amount: 1000, currency: 'USD', purpose: 'period', configuration: TWO_STREAMS, periodStart: APR_1, periodEnd: MAY_1 } }]);
  });

  it('a pending rise’s balance (500 cents) is what is due while its paid time runs', () => {
    given(subscriptionDecider, PENDING_RISE.slice(0, -1))
      .when(order(MAR_16_NOON, { paypalOrderID: 'ORDER-B', amount: 500, purpose: 'balance' }))
      .then([PENDING_RISE[PENDING_RISE.length - 1]!]);
  });

  it('one open order at a time: a repeat, or a second order, records nothing (the caller pays the open one)', () => {
    given(subscriptionDecider, ORDERED).when(order(MAR_1)).then([]);
    given(subscriptionDecider, ORDERED).when(order(MAR_1, { paypalOrderID: 'ORDER-2' })).then([]);
    // The capturing order is the open one: no second order is recorded while it is in flight.
    given(subscriptionDecider, CAPTURING).when(order('2026-03-01T00:06:00.000Z', { paypalOrderID: 'ORDER-2' })).then([]);
  });

  describe('refusals', () => {
    it('while the saved wallet is being charged (PAYMENT_IN_PROGRESS)', () => {
      given(subscriptionDecider, CHARGING).when(order(APR_1, { paypalOrderID: 'ORDER-2' })).thenThrowsCode(PaymentInProgressError, 'PAYMENT_IN_PROGRESS');
    });
    it('an amount other than the one due: what is due changed meanwhile (CONFLICT)', () => {
      given(subscriptionDecider, CREATED).when(order(MAR_1, { amount: 900 })).thenThrowsCode(ConflictError, 'CONFLICT', /changed while the order was being created/);
      given(subscriptionDecider, CREATED).when(order(MAR_1, { purpose: 'balance' })).thenThrowsCode(ConflictError, 'CONFLICT');
    });
    it('another currency (VALIDATION_FAILED on currency), another billing reference (VALIDATION_FAILED on paypalSubscriptionID)', () => {
      const currency = given(subscriptionDecider, CREATED).when(order(MAR_1, { currency: 'EUR' })).thenThrowsCode(ValidationError, 'VALIDATION_FAILED');
      expect(currency.problems.map((p) => p.field)).to.deep.equal(['currency']);
      const reference = given(subscriptionDecider, LIVE).when(order(MAR_20, { paypalOrderID: 'ORDER-2', paypalSubscriptionID: 'RCS-9' })).thenThrowsCode(ValidationError, 'VALIDATION_FAILED');
      expect(reference.problems.map((p) => p.field)).to.deep.equal(['paypalSubscriptionID']);
    });
    it('cancelled: takes no payments (INVALID_TRANSITION)', () => {
      given(subscriptionDecider, CANCELLED).when(order(MAR_20, { paypalOrderID: 'ORDER-2' })).thenThrowsCode(InvalidTransitionError, 'INVALID_TRANSITION');
    });
    it('nothing due on a free plan (CONFLICT)', () => {
      given(subscriptionDecider, FREE_PLAN).when(order(MAR_1, { paypalSubscriptionID: 'RCS-F', amount: 0 })).thenThrowsCode(ConflictError, 'CONFLICT', /Nothing is due/);
    });
  });
});

describe('StartCapture (billing/orders.ts)', () => {
  it('records the capture in flight before PayPal is asked', () => {
    given(subscriptionDecider, ORDERED).when(startCapture('2026-03-01T00:05:00.000Z', 'capture-ORDER-1-0')).then(CAPTURING.slice(ORDERED.length));
  });

  it('the same request again records nothing', () => {
    given(subscriptionDecider, CAPTURING).when(startCapture('2026-03-01T00:06:00.000Z', 'capture-ORDER-1-0')).then([]);
  });

  describe('refusals', () => {
    it('another capture while one is in flight (PAYMENT_IN_PROGRESS)', () => {
      given(subscriptionDecider, CAPTURING).when(startCapture('2026-03-01T00:06:00.000Z', 'capture-ORDER-1-1')).thenThrowsCode(PaymentInProgressError, 'PAYMENT_IN_PROGRESS');
    });
    it('an order this subscription never made (VALIDATION_FAILED on paypalOrderID)', () => {
      const error = given(subscriptionDecider, ORDERED).when(startCapture(MAR_1, 'capture-ORDER-9-0', 'ORDER-9')).thenThrowsCode(ValidationError, 'VALIDATION_FAILED');
      expect(error.problems.map((p) => p.field)).to.deep.equal(['paypalOrderID']);
    });
    it('an order made stale (CONFLICT)', () => {
      given(subscriptionDecider, [...ORDERED, { type: 'PaymentOrderSuperseded', data: { paypalOrderID: 'ORDER-1', reason: 'CONFIGURATION_CHANGED' } }])
        .when(startCapture(MAR_1, 'capture-ORDER-1-0'))
        .thenThrowsCode(ConflictError, 'CONFLICT');
    });
  });
});

describe('RecordCaptureFailure (billing/orders.ts)', () => {
  const failed = (now: string, requestId = 'capture-ORDER-1-0', metadata = as.customer(now)): SubscriptionCommand => ({
    type: 'RecordCaptureFailure',
    data: { paypalOrderID: 'ORDER-1', requestId, reason: 'DECLINED' },
    metadata,
  });
  const FAILED: SubscriptionEvent = { type: 'PaymentCaptureFailed', data: { paypalOrderID: 'ORDER-1', requestId: 'capture-ORDER-1-0', reason: 'DECLINED' } };

  it('PayPal declined: the attempt ends, nothing moved, the order stays open', () => {
    given(subscriptionDecider, CAPTURING).when(failed('2026-03-01T00:06:00.000Z')).then([FAILED]);
  });

  it('after it, another attempt (a new PayPal request) may start', () => {
    given(subscriptionDecider, [...CAPTURING, FAILED])
      .when(startCapture('2026-03-01T00:07:00.000Z', 'capture-ORDER-1-1'))
      .then([{ type: 'PaymentCaptureStarted', data: { paypalOrderID: 'ORDER-1', requestId: 'capture-ORDER-1-1', startedAt: '2026-03-01T00:07:00.000Z' } }]);
  });

  it('a failure of another attempt than the one in flight records nothing', () => {
    given(subscriptionDecider, CAPTURING).when(failed('2026-03-01T00:06:00.000Z', 'capture-ORDER-1-7')).then([]);
  });

  it('refused to a stranger (FORBIDDEN) and without a subscription (NOT_FOUND)', () => {
    given(subscriptionDecider, CAPTURING).when(failed(MAR_1, 'capture-ORDER-1-0', as.stranger(MAR_1))).thenThrowsCode(ForbiddenError, 'FORBIDDEN');
    given(subscriptionDecider, []).when(failed(MAR_1)).thenThrowsCode(NotFoundError, 'NOT_FOUND');
  });
});

describe('CaptureOrder (billing/orders.ts)', () => {
  it('the first payment: March paid (Mar 1 → Apr 1), a licence key, Live, licence 1 to Apr 1', () => {
    given(subscriptionDecider, ORDERED).when(capture(MAR_1)).then(LIVE.slice(ORDERED.length));
  });

  it('a renewal anchored on Jan 31: Feb 28 → Mar 31 (clamped, then back to the 31st); the licence runs on to Mar 31', () => {
    const ordered: SubscriptionEvent[] = [
      ...JAN31_LIVE,
      { type: 'PaymentOrdered', data: { paypalOrderID: 'ORDER-2', paypalSubscriptionID: 'RCS-1', amount: 1000, currency: 'USD', purpose: 'period', configuration: TWO_STREAMS, periodStart: FEB_28, periodEnd: MAR_31 } },
    ];
    const FEB_20 = '2026-02-20T00:00:00.000Z';
    given(subscriptionDecider, ordered)
      .when(capture(FEB_20, { paypalOrderID: 'ORDER-2', captureId: 'CAPTURE-2', licenceKey: 'LIC-UNUSED-0002' }))
      .then([
        {
          type: 'OrderCaptured',
          data: {
            paypalOrderID: 'ORDER-2', paypalSubscriptionID: 'RCS-1', captureId: 'CAPTURE-2', amount: 1000, currency: 'USD', quantity: 2, capturedAt: FEB_20,
            purpose: 'period', configuration: TWO_STREAMS, periodStart: FEB_28, periodEnd: MAR_31,
          },
        },
        { type: 'LicenceIssued', data: { licenceKey: KEY, serial: 2, modules: [{ name: 'streams', limit: 2 }], quantity: 2, issuedAt: FEB_20, validUntil: MAR_31, basis: 'PAID' } },
      ]);
  });

  it('paid during the trial: the period starts when the trial ends (Mar 8 → Apr 8), the licence runs on to Apr 8', () => {
    const ordered: SubscriptionEvent[] = [
      ...TRIAL,
      { type: 'PaymentOrdered', data: { paypalOrderID: 'ORDER-1', paypalSubscriptionID: 'RCS-1', amount: 1000, currency: 'USD', purpose: 'period', configuration: TWO_STREAMS, periodStart: MAR_8, periodEnd: '2026-04-08T00:00:00.000Z' } },
    ];
    given(subscriptionDecider, ordered)
      .when(capture(MAR_2))
      .then([
        {
          type: 'OrderCaptured',
          data: {
            paypalOrderID: 'ORDER-1', paypalSubscriptionID: 'RCS-1', captureId: 'CAPTURE-1', amount: 1000, currency: 'USD', quantity: 2, capturedAt: MAR_2,
            purpose: 'period', configuration: TWO_STREAMS, periodStart: MAR_8, periodEnd: '2026-04-08T00:00:00.000Z',
          },
        },
        // Still the trial now (basis TRIAL), valid on through the paid period at the same limits.
        { type: 'LicenceIssued', data: { licenceKey: KEY, serial: 2, modules: [{ name: 'streams', limit: 2 }], quantity: 2, issuedAt: MAR_2, validUntil: '2026-04-08T00:00:00.000Z', basis: 'TRIAL' } },
      ]);
  });

  it('a balance captured puts the pending change in force from now (BALANCE_PAID): licence 2 for 4 streams, to Apr 1', () => {
    const at = MAR_16_1205;
    // Exactly the events of the BALANCE_PAID fixture.
    given(subscriptionDecider, PENDING_RISE)
      .when(capture(at, { paypalOrderID: 'ORDER-B', captureId: 'CAP-B', amount: 500 }, as.clock(at)))
      .then(BALANCE_PAID.slice(PENDING_RISE.length));
    given(subscriptionDecider, PENDING_RISE)
      .when(capture(at, { paypalOrderID: 'ORDER-B', captureId: 'CAP-B', amount: 500 }, as.clock(at)))
      .then([
        { type: 'OrderCaptured', data: { paypalOrderID: 'ORDER-B', paypalSubscriptionID: 'RCS-1', captureId: 'CAP-B', amount: 500, currency: 'USD', quantity: 2, capturedAt: at, purpose: 'balance', configuration: FOUR_STREAMS } },
        { type: 'SubscriptionRevised', data: { paypalSubscriptionID: 'RCS-1', ...FOUR_STREAMS, previousQuantity: 2, previousAmount: 1000, proration: 500, effectiveAt: at, reason: 'BALANCE_PAID' } },
        { type: 'LicenceIssued', data: { licenceKey: KEY, serial: 2, modules: [{ name: 'streams', limit: 4 }], quantity: 4, issuedAt: at, validUntil: APR_1, basis: 'PAID' } },
      ]);
  });

  it('an order made stale but captured anyway is account credit and grants nothing', () => {
    given(subscriptionDecider, WITH_CREDIT.slice(0, -1))
      .when(capture('2026-03-01T00:30:00.000Z', {}, as.clock('2026-03-01T00:30:00.000Z')))
      .then(WITH_CREDIT.slice(-1));
  });

  it('a late capture on a cancelled subscription is account credit, without reviving it', () => {
    given(subscriptionDecider, CANCELLED_WITH_CREDIT.slice(0, -1)).when(capture(MAR_10, {}, as.clock(MAR_10))).then(CANCELLED_WITH_CREDIT.slice(-1));
  });

  it('PENDING at PayPal is remembered and grants nothing; a second PENDING changes nothing; a captured order records nothing more', () => {
    const pending: SubscriptionEvent = { type: 'PaymentPending', data: { paypalOrderID: 'ORDER-1', captureId: 'CAPTURE-1', amount: 1000, currency: 'USD' } };
    given(subscriptionDecider, ORDERED).when(capture(MAR_1, { providerStatus: 'PENDING' })).then([pending]);
    given(subscriptionDecider, [...ORDERED, pending]).when(capture(MAR_2, { providerStatus: 'PENDING' })).then([]);
    given(subscriptionDecider, LIVE).when(capture(MAR_2)).then([]);
  });

  it('a capture of another amount, currency or status is recorded as rejected', () => {
    const rejected = (reason: string, receivedAmount: number, currency: string, providerStatus: string): SubscriptionEvent =>
      ({ type: 'PaymentRejected', data: { paypalOrderID: 'ORDER-1', reason, expectedAmount: 1000, receivedAmount, currency, providerStatus } }) as SubscriptionEvent;
    given(subscriptionDecider, ORDERED).when(capture(MAR_1, { amount: 900 })).then([rejected('AMOUNT_MISMATCH', 900, 'USD', 'COMPLETED')]);
    given(subscriptionDecider, ORDERED).when(capture(MAR_1, { currency: 'EUR' })).then([rejected('CURRENCY_MISMATCH', 1000, 'EUR', 'COMPLETED')]);
    given(subscriptionDecider, ORDERED).when(capture(MAR_1, { providerStatus: 'DECLINED' })).then([rejected('NOT_COMPLETED', 1000, 'USD', 'DECLINED')]);
  });

  describe('refusals', () => {
    it('an order this subscription never made (VALIDATION_FAILED on paypalOrderID)', () => {
      const error = given(subscriptionDecider, CREATED).when(capture(MAR_1)).thenThrowsCode(ValidationError, 'VALIDATION_FAILED');
      expect(error.problems.map((p) => p.field)).to.deep.equal(['paypalOrderID']);
    });
    it('a stranger (FORBIDDEN), no subscription (NOT_FOUND)', () => {
      given(subscriptionDecider, ORDERED).when(capture(MAR_1, {}, as.stranger(MAR_1))).thenThrowsCode(ForbiddenError, 'FORBIDDEN');
      given(subscriptionDecider, []).when(capture(MAR_1)).thenThrowsCode(NotFoundError, 'NOT_FOUND');
    });
  });
});

describe('PayFromCredit (billing/orders.ts)', () => {
  const payFromCredit = (now: string): SubscriptionCommand => ({ type: 'PayFromCredit', data: { licenceKey: KEY }, metadata: as.customer(now) });

  it('1000 cents of credit pay March from now (Mar 2 → Apr 2) without PayPal: order CREDIT-2, Live, licence 1', () => {
    given(subscriptionDecider, WITH_CREDIT)
      .when(payFromCredit(MAR_2))
      .then([
        {
          type: 'PaymentOrdered',
          data: { paypalOrderID: 'CREDIT-2', paypalSubscriptionID: 'RCS-1', amount: 0, currency: 'USD', purpose: 'period', configuration: TWO_STREAMS, credit: 1000, periodStart: MAR_2, periodEnd: '2026-04-02T00:00:00.000Z' },
        },
        {
          type: 'OrderCaptured',
          data: {
            paypalOrderID: 'CREDIT-2', paypalSubscriptionID: 'RCS-1', captureId: 'CREDIT-2', amount: 0, currency: 'USD', quantity: 2, capturedAt: MAR_2, purpose: 'period',
            credit: 1000, configuration: TWO_STREAMS, periodStart: MAR_2, periodEnd: '2026-04-02T00:00:00.000Z', licence_key: KEY,
          },
        },
        { type: 'SubscriptionStatusChanged', data: { from: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', to: 'SUBSCRIPTION_STATUS_ACTIVE', cause: 'PAID', at: MAR_2, reason: 'payment captured' } },
        { type: 'LicenceIssued', data: { licenceKey: KEY, serial: 1, modules: [{ name: 'streams', limit: 2 }], quantity: 2, issuedAt: MAR_2, validUntil: '2026-04-02T00:00:00.000Z', basis: 'PAID' } },
      ]);
  });

  it('refused when the credit does not cover what is due (CONFLICT)', () => {
    given(subscriptionDecider, ORDERED).when(payFromCredit(MAR_2)).thenThrowsCode(ConflictError, 'CONFLICT');
  });

  it('refused while the saved wallet is being charged (PAYMENT_IN_PROGRESS)', () => {
    // The wallet charge replaced the customer's checkout, which PayPal captured anyway: credit arrives mid-charge.
    const charging: SubscriptionEvent[] = [
      ...ORDERED,
      { type: 'PaymentMethodVaulted', data: { vaultId: 'VAULT-1', source: 'SETUP_TOKEN' } },
      { type: 'PaymentOrderSuperseded', data: { paypalOrderID: 'ORDER-1', reason: 'RENEWAL' } },
      { type: 'SavedWalletChargeStarted', data: { requestId: 'renewal-sub-1-c1', purpose: 'period', amount: 1000, startedAt: '2026-03-01T00:20:00.000Z' } },
      { ...WITH_CREDIT[WITH_CREDIT.length - 1]! },
    ];
    given(subscriptionDecider, charging).when(payFromCredit('2026-03-01T00:31:00.000Z')).thenThrowsCode(PaymentInProgressError, 'PAYMENT_IN_PROGRESS');
  });
});

describe('CloseOrder (billing/orders.ts)', () => {
  const close = (metadata = as.clock(MAR_2), paypalOrderID = 'ORDER-1'): SubscriptionCommand => ({ type: 'CloseOrder', data: { paypalOrderID, reason: 'EXPIRED' }, metadata });

  it('an open order PayPal no longer holds is closed', () => {
    given(subscriptionDecider, ORDERED).when(close()).then([{ type: 'PaymentOrderSuperseded', data: { paypalOrderID: 'ORDER-1', reason: 'EXPIRED' } }]);
  });

  it('an order not open records nothing', () => {
    given(subscriptionDecider, LIVE).when(close()).then([]);
  });

  it('refused to the customer (FORBIDDEN)', () => {
    given(subscriptionDecider, ORDERED).when(close(as.customer(MAR_2))).thenThrowsCode(ForbiddenError, 'FORBIDDEN');
  });
});

describe('ChangePaymentMethod (billing/orders.ts)', () => {
  const change = (quantity = 2, now = MAR_10): SubscriptionCommand => ({ type: 'ChangePaymentMethod', data: { paypalOrderID: 'ORDER-9', paypalSubscriptionID: 'RCS-9', quantity }, metadata: as.customer(now) });

  it('records the new PayPal ids and the one they replace', () => {
    given(subscriptionDecider, LIVE)
      .when(change())
      .then([{ type: 'PaymentMethodChanged', data: { payment_method: 'PAYPAL', paypalOrderID: 'ORDER-9', paypalSubscriptionID: 'RCS-9', previousPaypalSubscriptionID: 'RCS-1' } }]);
  });

  it('refused with another quantity (VALIDATION_FAILED on quantity), and once cancelled (CONFLICT)', () => {
    const error = given(subscriptionDecider, LIVE).when(change(3)).thenThrowsCode(ValidationError, 'VALIDATION_FAILED');
    expect(error.problems.map((p) => p.field)).to.deep.equal(['quantity']);
    given(subscriptionDecider, CANCELLED).when(change(2, MAR_16_NOON)).thenThrowsCode(ConflictError, 'CONFLICT');
  });
});
