import { expect } from 'chai';
import { ValidationError, type SubscriptionEvent } from '@relaycast/contracts';
import { given } from '../../../test/given.js';
import {
  APR_1, as, COMPLIMENTARY, createdWith, LIVE, FOUR_STREAMS, KEY, MAR_1, MAR_10, MAR_16_NOON, MAR_2, MAR_4, MAR_4_NOON, MAR_6, MAR_8, MAY_1, ONE_STREAM, STREAM_AND_RESTREAM,
  streams, THREE_STREAMS, TRIAL, TRIAL_PENDING_RISE, TRIAL_RAISE_PAID, TWO_STREAMS,
} from '../../../test/subscription-fixtures.js';
import { foldEvents } from '../../handler.js';
import { coverageOf, licenceTermsAt, subscriptionDecider, type ExistingSubscription, type SubscriptionCommand } from '../index.js';
import { unusedPaidTime } from '../billing/refunds.js';

/**
 * Issue 30, "grace and trials bounded by what was paid": a builder trial is at most 20 units (the first price tier),
 * and a raise during a trial — or during a complimentary grant — waits for payment like any other: its balance is
 * the price difference over the granted time still to run, per billing period (difference × time left in that
 * billing period ÷ the billing period's length), rounded up to the cent; paid, the trial or grant covers the raised
 * configuration from the capture on. Every expected event is written out, every amount worked by hand.
 */

type ReviseData = Extract<SubscriptionCommand, { type: 'ReviseSubscription' }>['data'];
const revise = (quantity: number, now: string, extra: Partial<ReviseData> = {}): SubscriptionCommand => ({
  type: 'ReviseSubscription',
  data: { paypalSubscriptionID: 'RCS-1', quantity, ...extra },
  metadata: as.customer(now),
});
const trial = (now: string): SubscriptionCommand => ({ type: 'StartTrial', data: { licenceKey: KEY }, metadata: as.customer(now) });
const stateOf = (events: SubscriptionEvent[]) => foldEvents(subscriptionDecider, events) as ExistingSubscription;

/** 20 streams: the first price tier, 20 × 500 = 10,000 cents. */
const TWENTY = streams(20, 10_000);
/** 21 streams: 20 × 500 + 1 × 400 = 10,400 cents. */
const TWENTY_ONE = streams(21, 10_400);
/** 500 streams (issue 30 item 6): 20 × 500 + 20 × 400 + 460 × 300 = 156,000 cents. */
const FIVE_HUNDRED = streams(500, 156_000);

describe('granted time bounded by what was paid (issue 30): trials of at most 20 units, raises inside a trial or a grant paid for', () => {
  describe('StartTrial: at most 20 units (the first price tier)', () => {
    it('a trial of 20 units starts (Mar 1 → Mar 8), its licence for 20 streams', () => {
      given(subscriptionDecider, createdWith(TWENTY))
        .when(trial(MAR_1))
        .then([
          { type: 'TrialStarted', data: { trialStartDate: MAR_1, trialEndDate: MAR_8, trialPeriod: 604_800, configuration: TWENTY, licence_key: KEY } },
          { type: 'SubscriptionStatusChanged', data: { from: 'SUBSCRIPTION_STATUS_INITIAL', to: 'SUBSCRIPTION_STATUS_ACTIVE', cause: 'TRIAL_STARTED', at: MAR_1, reason: 'trial started' } },
          { type: 'LicenceIssued', data: { licenceKey: KEY, serial: 1, modules: [{ name: 'streams', limit: 20 }], quantity: 20, issuedAt: MAR_1, validUntil: MAR_8, basis: 'TRIAL' } },
        ]);
    });

    it('21 units: refused, 400 naming `quantity` (rule trialMaxUnits, at most 20)', () => {
      const error = given(subscriptionDecider, createdWith(TWENTY_ONE)).when(trial(MAR_1)).thenThrowsCode(ValidationError, 'VALIDATION_FAILED', /quantity must be at most 20 units/);
      expect(error.problems).to.deep.equal([
        { field: 'quantity', message: 'must be at most 20 units for a free trial (this configuration has 21): pay for it, or revise it to 20 units or fewer first', rule: 'trialMaxUnits', params: { max: 20 } },
      ]);
    });

    it('issue 30 item 6: a 500-unit trial is refused (400 on quantity), so neither it nor its grace is ever licensed', () => {
      const error = given(subscriptionDecider, createdWith(FIVE_HUNDRED)).when(trial(MAR_1)).thenThrowsCode(ValidationError, 'VALIDATION_FAILED');
      expect(error.problems.map((p) => [p.field, p.rule])).to.deep.equal([['quantity', 'trialMaxUnits']]);
    });
  });

  describe('ReviseSubscription during a trial', () => {
    it('a rise waits for its balance: 2 → 4 streams on Mar 4, 1000 cents a month more for 4 days of March’s 31 = 129.03… → 130 cents', () => {
      given(subscriptionDecider, TRIAL)
        .when(revise(4, MAR_4))
        .then([{ type: 'SubscriptionChangePending', data: { ...FOUR_STREAMS, previousAmount: 1000, balance: 130, requestedAt: MAR_4 } }]);
    });

    it('the balance is what is due while the trial runs (130 cents, purpose balance), ordered like any balance', () => {
      given(subscriptionDecider, TRIAL_PENDING_RISE.slice(0, -1))
        .when({ type: 'OrderPayment', data: { paypalOrderID: 'ORDER-B', paypalSubscriptionID: 'RCS-1', amount: 130, currency: 'USD', purpose: 'balance' }, metadata: as.customer(MAR_4) })
        .then(TRIAL_PENDING_RISE.slice(-1));
    });

    it('until it is paid the trial licenses what it started with (2 streams to Mar 8)', () => {
      expect(licenceTermsAt(stateOf(TRIAL_PENDING_RISE), MAR_6)).to.deep.equal({ modules: [{ name: 'streams', limit: 2 }], quantity: 2, validUntil: MAR_8, basis: 'TRIAL' });
    });

    it('paid (Mar 4, noon), the raise is in force and the trial covers 4 streams from the capture to its end: licence 2', () => {
      given(subscriptionDecider, TRIAL_PENDING_RISE)
        .when({
          type: 'CaptureOrder',
          data: { paypalOrderID: 'ORDER-B', paypalSubscriptionID: 'RCS-1', captureId: 'CAP-B', quantity: 2, amount: 130, currency: 'USD', providerStatus: 'COMPLETED', licenceKey: KEY },
          metadata: as.clock(MAR_4_NOON),
        })
        .then([
          { type: 'OrderCaptured', data: { paypalOrderID: 'ORDER-B', paypalSubscriptionID: 'RCS-1', captureId: 'CAP-B', amount: 130, currency: 'USD', quantity: 2, capturedAt: MAR_4_NOON, purpose: 'balance', configuration: FOUR_STREAMS } },
          { type: 'SubscriptionRevised', data: { paypalSubscriptionID: 'RCS-1', ...FOUR_STREAMS, previousQuantity: 2, previousAmount: 1000, proration: 130, effectiveAt: MAR_4_NOON, reason: 'BALANCE_PAID' } },
          { type: 'LicenceIssued', data: { licenceKey: KEY, serial: 2, modules: [{ name: 'streams', limit: 4 }], quantity: 4, issuedAt: MAR_4_NOON, validUntil: MAR_8, basis: 'TRIAL' } },
        ]);
      const s = stateOf(TRIAL_RAISE_PAID);
      expect(coverageOf(s)).to.deep.equal([
        { start: MAR_1, end: MAR_4_NOON, configuration: TWO_STREAMS, basis: 'TRIAL' },
        { start: MAR_4_NOON, end: MAR_8, configuration: FOUR_STREAMS, basis: 'TRIAL' },
      ]);
    });

    it('the books: the balance is a raise over the trial’s rest (Mar 4 noon → Mar 8), 130 cents recognised over those 4 days', () => {
      const [item] = stateOf(TRIAL_RAISE_PAID).books.items;
      expect(item).to.deep.include({ captureId: 'CAP-B', kind: 'raise', cash: 130, refunded: 0 });
      expect(item!.spans).to.deep.equal([{ period: 'trial', start: MAR_4_NOON, end: MAR_8, amount: 130 }]);
      expect(item!.raise).to.deep.equal({ from: TWO_STREAMS, to: FOUR_STREAMS });
      expect(item!.allocs).to.deep.equal([{ start: '2026-03-04', n: 4, amount: 130, from: 0, to: 4, known: '2026-03-04' }]);
    });

    it('cancelled now with a refund on Mar 6, the raise gives back its unused share: 130 × 2 of its 3.5 days = 74.28… → 74 cents', () => {
      expect(unusedPaidTime(stateOf(TRIAL_RAISE_PAID), MAR_6).map(({ captureId, amount }) => ({ captureId, amount }))).to.deep.equal([{ captureId: 'CAP-B', amount: 74 }]);
    });

    it('its balance refunded in full (Mar 6): the raise is taken back, 2 streams in force and licensed again to the trial’s end', () => {
      given(subscriptionDecider, TRIAL_RAISE_PAID)
        .when({ type: 'RecordRefund', data: { captureId: 'CAP-B', refundId: 'REFUND-B', amount: 130, currency: 'USD' }, metadata: as.admin(MAR_6) })
        .then([
          { type: 'PaymentRefunded', data: { captureId: 'CAP-B', refundId: 'REFUND-B', amount: 130, currency: 'USD', refundedAt: MAR_6 } },
          { type: 'PaidChangeTakenBack', data: { captureId: 'CAP-B', reason: 'REFUNDED', endedAt: MAR_6, configuration: TWO_STREAMS, previous: FOUR_STREAMS } },
          { type: 'LicenceIssued', data: { licenceKey: KEY, serial: 3, modules: [{ name: 'streams', limit: 2 }], quantity: 2, issuedAt: MAR_6, validUntil: MAR_8, basis: 'TRIAL' } },
        ]);
    });

    it('a fall applies at once to what the renewal will charge (IMMEDIATE: nothing paid to keep); the trial still licenses 2 streams', () => {
      given(subscriptionDecider, TRIAL)
        .when(revise(1, MAR_2))
        .then([{ type: 'SubscriptionRevised', data: { paypalSubscriptionID: 'RCS-1', ...ONE_STREAM, previousQuantity: 2, previousAmount: 1000, proration: 0, effectiveAt: MAR_2, reason: 'IMMEDIATE' } }]);
    });

    it('a swap at the same price (1 stream + 1 re-stream, 1000 cents) applies at once to what is due; the licence stays the trial’s', () => {
      given(subscriptionDecider, TRIAL)
        .when(revise(2, MAR_2, { modules: [{ name: 'streams', limit: 1 }, { name: 'restream', limit: 1 }] }))
        .then([{ type: 'SubscriptionRevised', data: { paypalSubscriptionID: 'RCS-1', ...STREAM_AND_RESTREAM, previousQuantity: 2, previousAmount: 1000, proration: 0, effectiveAt: MAR_2, reason: 'IMMEDIATE' } }]);
    });

    it('after a fall, back up to no more than the trial covers costs nothing: 1 → 2 streams is IMMEDIATE', () => {
      const fallen: SubscriptionEvent[] = [...TRIAL, { type: 'SubscriptionRevised', data: { paypalSubscriptionID: 'RCS-1', ...ONE_STREAM, previousQuantity: 2, previousAmount: 1000, proration: 0, effectiveAt: MAR_2, reason: 'IMMEDIATE' } }];
      given(subscriptionDecider, fallen)
        .when(revise(2, MAR_4))
        .then([{ type: 'SubscriptionRevised', data: { paypalSubscriptionID: 'RCS-1', ...TWO_STREAMS, previousQuantity: 1, previousAmount: 500, proration: 0, effectiveAt: MAR_4, reason: 'IMMEDIATE' } }]);
      // …and above it the difference to what the trial covers (2 streams), not to what is in force: 3 streams on Mar 4 = 500 × 4/31 = 64.5… → 65.
      given(subscriptionDecider, fallen)
        .when(revise(3, MAR_4))
        .then([{ type: 'SubscriptionChangePending', data: { ...THREE_STREAMS, previousAmount: 500, balance: 65, requestedAt: MAR_4 } }]);
    });

    it('back to the configuration in force withdraws the pending rise, and its balance order goes stale', () => {
      given(subscriptionDecider, TRIAL_PENDING_RISE)
        .when(revise(2, MAR_6))
        .then([
          { type: 'PaymentOrderSuperseded', data: { paypalOrderID: 'ORDER-B', reason: 'CONFIGURATION_CHANGED' } },
          { type: 'SubscriptionChangeWithdrawn', data: { kind: 'PENDING' } },
        ]);
    });

    it('once the trial is over (Mar 10, nothing covered) a revision changes what is due at once, as before any payment', () => {
      given(subscriptionDecider, TRIAL)
        .when(revise(4, MAR_10))
        .then([{ type: 'SubscriptionRevised', data: { paypalSubscriptionID: 'RCS-1', ...FOUR_STREAMS, previousQuantity: 2, previousAmount: 1000, proration: 0, effectiveAt: MAR_10, reason: 'IMMEDIATE' } }]);
    });

    it('with the first period paid ahead (Mar 8 → Apr 8): the trial’s rest (130) and the whole paid period’s difference (1000) = 1130 cents; a fall is scheduled for Apr 8', () => {
      const APR_8 = '2026-04-08T00:00:00.000Z';
      const paidAhead: SubscriptionEvent[] = [
        ...TRIAL,
        { type: 'PaymentOrdered', data: { paypalOrderID: 'ORDER-1', paypalSubscriptionID: 'RCS-1', amount: 1000, currency: 'USD', purpose: 'period', configuration: TWO_STREAMS, periodStart: MAR_8, periodEnd: APR_8 } },
        {
          type: 'OrderCaptured',
          data: {
            paypalOrderID: 'ORDER-1', paypalSubscriptionID: 'RCS-1', captureId: 'CAPTURE-1', amount: 1000, currency: 'USD', quantity: 2, capturedAt: MAR_2,
            purpose: 'period', configuration: TWO_STREAMS, periodStart: MAR_8, periodEnd: APR_8,
          },
        },
        { type: 'LicenceIssued', data: { licenceKey: KEY, serial: 2, modules: [{ name: 'streams', limit: 2 }], quantity: 2, issuedAt: MAR_2, validUntil: APR_8, basis: 'TRIAL' } },
      ];
      given(subscriptionDecider, paidAhead)
        .when(revise(4, MAR_4))
        .then([{ type: 'SubscriptionChangePending', data: { ...FOUR_STREAMS, previousAmount: 1000, balance: 1130, requestedAt: MAR_4 } }]);
      given(subscriptionDecider, paidAhead)
        .when(revise(1, MAR_4))
        .then([{ type: 'SubscriptionChangeScheduled', data: { ...ONE_STREAM, previousAmount: 1000, effectiveAt: APR_8 } }]);
    });
  });

  describe('ReviseSubscription during a complimentary grant', () => {
    it('a rise asks payment for the raise: 2 → 4 streams on Mar 16 noon, 1000 cents × 15.5 of March’s 31 days = 500 cents', () => {
      given(subscriptionDecider, COMPLIMENTARY)
        .when(revise(4, MAR_16_NOON))
        .then([{ type: 'SubscriptionChangePending', data: { ...FOUR_STREAMS, previousAmount: 1000, balance: 500, requestedAt: MAR_16_NOON } }]);
    });

    it('per billing period: a grant to May 1 adds all of April (1000 × 30/30) = 1500; one to Apr 16 adds half of April (1000 × 15/30) = 1000', () => {
      // The same grant, to another end (its licence to that end).
      const until = (end: string): SubscriptionEvent[] =>
        COMPLIMENTARY.map((e) => (e.type === 'ComplimentaryGranted' ? { ...e, data: { ...e.data, end } } : e.type === 'LicenceIssued' ? { ...e, data: { ...e.data, validUntil: end } } : e));
      given(subscriptionDecider, until(MAY_1))
        .when(revise(4, MAR_16_NOON))
        .then([{ type: 'SubscriptionChangePending', data: { ...FOUR_STREAMS, previousAmount: 1000, balance: 1500, requestedAt: MAR_16_NOON } }]);
      given(subscriptionDecider, until('2026-04-16T00:00:00.000Z'))
        .when(revise(4, MAR_16_NOON))
        .then([{ type: 'SubscriptionChangePending', data: { ...FOUR_STREAMS, previousAmount: 1000, balance: 1000, requestedAt: MAR_16_NOON } }]);
    });

    it('a grant after paid time (Apr 1 → May 1) is raised with it: March’s rest (1000 × 15.5/31 = 500) and the grant’s April (1000 × 30/30) = 1500', () => {
      const grantedAhead: SubscriptionEvent[] = [
        ...LIVE,
        { type: 'ComplimentaryGranted', data: { note: 'support: outage', start: APR_1, end: MAY_1, configuration: TWO_STREAMS, licence_key: KEY } },
        { type: 'LicenceIssued', data: { licenceKey: KEY, serial: 2, modules: [{ name: 'streams', limit: 2 }], quantity: 2, issuedAt: MAR_10, validUntil: MAY_1, basis: 'PAID' } },
      ];
      given(subscriptionDecider, grantedAhead)
        .when(revise(4, MAR_16_NOON))
        .then([{ type: 'SubscriptionChangePending', data: { ...FOUR_STREAMS, previousAmount: 1000, balance: 1500, requestedAt: MAR_16_NOON } }]);
    });

    it('paid, the grant covers 4 streams from the capture to Apr 1; the raise spans the grant’s rest in the books', () => {
      const AT = '2026-03-16T12:05:00.000Z';
      const paid: SubscriptionEvent[] = [
        ...COMPLIMENTARY,
        { type: 'SubscriptionChangePending', data: { ...FOUR_STREAMS, previousAmount: 1000, balance: 500, requestedAt: MAR_16_NOON } },
        { type: 'PaymentOrdered', data: { paypalOrderID: 'ORDER-B', paypalSubscriptionID: 'RCS-1', amount: 500, currency: 'USD', purpose: 'balance', configuration: FOUR_STREAMS } },
      ];
      given(subscriptionDecider, paid)
        .when({
          type: 'CaptureOrder',
          data: { paypalOrderID: 'ORDER-B', paypalSubscriptionID: 'RCS-1', captureId: 'CAP-B', quantity: 2, amount: 500, currency: 'USD', providerStatus: 'COMPLETED', licenceKey: KEY },
          metadata: as.clock(AT),
        })
        .then([
          { type: 'OrderCaptured', data: { paypalOrderID: 'ORDER-B', paypalSubscriptionID: 'RCS-1', captureId: 'CAP-B', amount: 500, currency: 'USD', quantity: 2, capturedAt: AT, purpose: 'balance', configuration: FOUR_STREAMS } },
          { type: 'SubscriptionRevised', data: { paypalSubscriptionID: 'RCS-1', ...FOUR_STREAMS, previousQuantity: 2, previousAmount: 1000, proration: 500, effectiveAt: AT, reason: 'BALANCE_PAID' } },
          { type: 'LicenceIssued', data: { licenceKey: KEY, serial: 2, modules: [{ name: 'streams', limit: 4 }], quantity: 4, issuedAt: AT, validUntil: APR_1, basis: 'COMPLIMENTARY' } },
        ]);
      const s = stateOf([
        ...paid,
        { type: 'OrderCaptured', data: { paypalOrderID: 'ORDER-B', paypalSubscriptionID: 'RCS-1', captureId: 'CAP-B', amount: 500, currency: 'USD', quantity: 2, capturedAt: AT, purpose: 'balance', configuration: FOUR_STREAMS } },
        { type: 'SubscriptionRevised', data: { paypalSubscriptionID: 'RCS-1', ...FOUR_STREAMS, previousQuantity: 2, previousAmount: 1000, proration: 500, effectiveAt: AT, reason: 'BALANCE_PAID' } },
      ]);
      expect(coverageOf(s)).to.deep.equal([
        { start: MAR_1, end: AT, configuration: TWO_STREAMS, basis: 'COMPLIMENTARY' },
        { start: AT, end: APR_1, configuration: FOUR_STREAMS, basis: 'COMPLIMENTARY' },
      ]);
      expect(s.books.items[0]!.spans).to.deep.equal([{ period: 'complimentary-0', start: AT, end: APR_1, amount: 500 }]);
    });

    it('a grant over two billing periods (Mar 1 → May 1): the 1500 cents paid split per billing period, 500 for March’s rest and 1000 for April', () => {
      const AT = '2026-03-16T12:05:00.000Z';
      const twoMonths = COMPLIMENTARY.map((e) => (e.type === 'ComplimentaryGranted' ? { ...e, data: { ...e.data, end: MAY_1 } } : e));
      const s = stateOf([
        ...twoMonths,
        { type: 'SubscriptionChangePending', data: { ...FOUR_STREAMS, previousAmount: 1000, balance: 1500, requestedAt: MAR_16_NOON } },
        { type: 'PaymentOrdered', data: { paypalOrderID: 'ORDER-B', paypalSubscriptionID: 'RCS-1', amount: 1500, currency: 'USD', purpose: 'balance', configuration: FOUR_STREAMS } },
        { type: 'OrderCaptured', data: { paypalOrderID: 'ORDER-B', paypalSubscriptionID: 'RCS-1', captureId: 'CAP-B', amount: 1500, currency: 'USD', quantity: 2, capturedAt: AT, purpose: 'balance', configuration: FOUR_STREAMS } },
        { type: 'SubscriptionRevised', data: { paypalSubscriptionID: 'RCS-1', ...FOUR_STREAMS, previousQuantity: 2, previousAmount: 1000, proration: 1500, effectiveAt: AT, reason: 'BALANCE_PAID' } },
      ]);
      // Weights 1000 × (Apr 1 − 12:05 Mar 16)/31 days ≈ 499.9 and 1000 × 30/30 = 1000: ⌊1500 × 499.9/1499.9⌋ = 499, the rest 1001.
      expect(s.books.items[0]!.spans).to.deep.equal([
        { period: 'complimentary-0', start: AT, end: APR_1, amount: 499 },
        { period: 'complimentary-0', start: APR_1, end: MAY_1, amount: 1001 },
      ]);
    });
  });
});
