import { expect } from 'chai';
import { ConflictError, ForbiddenError, InvalidTransitionError, PaymentInProgressError, PriceMismatchError, ValidationError, type SubscriptionEvent } from '@relaycast/contracts';
import { given } from '../../test/given.js';
import {
  APR_1, APR_4, as, CANCELLED, CAPTURING, CHARGING, DOWNGRADE_PAID_AHEAD, DUNNING, FOUR_STREAMS, KEY, LIVE, LIVE_AHEAD, MAR_10, MAR_16_NOON, MAR_20, MAY_1,
  ONE_STREAM, ORDERED, PAUSED, PENDING_RISE, STREAM_AND_RESTREAM, THREE_STREAMS,
} from '../../test/subscription-fixtures.js';
import { foldEvents } from '../handler.js';
import { decideRevision, subscriptionDecider, type SubscriptionCommand } from './index.js';

type ReviseData = Extract<SubscriptionCommand, { type: 'ReviseSubscription' }>['data'];
const revise = (quantity: number, now: string, extra: Partial<ReviseData> = {}, metadata = as.customer(now)): SubscriptionCommand => ({
  type: 'ReviseSubscription',
  data: { paypalSubscriptionID: 'RCS-1', quantity, ...extra },
  metadata,
});

const PENDING = PENDING_RISE;

describe('ReviseSubscription (plan-change.ts)', () => {
  it('a rise inside paid time is pending: 2 → 4 streams on Mar 16 noon, half of March left (15.5 of 31 days) × 1000 = 500 cents', () => {
    given(subscriptionDecider, LIVE).when(revise(4, MAR_16_NOON)).then([PENDING[LIVE.length]!]);
  });

  it('paid ahead (item 9): 2 → 3 streams charges half of March (500 × ½ = 250) and all of April (500) = 750 cents', () => {
    given(subscriptionDecider, LIVE_AHEAD)
      .when(revise(3, MAR_16_NOON))
      .then([{ type: 'SubscriptionChangePending', data: { ...THREE_STREAMS, previousAmount: 1000, balance: 750, requestedAt: MAR_16_NOON } }]);
  });

  it('a fall inside paid time is scheduled for the end of the paid time (Apr 1); the licence is untouched', () => {
    given(subscriptionDecider, LIVE)
      .when(revise(1, MAR_10))
      .then([{ type: 'SubscriptionChangeScheduled', data: { ...ONE_STREAM, previousAmount: 1000, effectiveAt: APR_1 } }]);
  });

  it('before any payment it applies at once (IMMEDIATE) and the open order goes stale; nothing is licensed', () => {
    given(subscriptionDecider, ORDERED)
      .when(revise(4, '2026-03-01T00:10:00.000Z'))
      .then([
        { type: 'PaymentOrderSuperseded', data: { paypalOrderID: 'ORDER-1', reason: 'CONFIGURATION_CHANGED' } },
        {
          type: 'SubscriptionRevised',
          data: { paypalSubscriptionID: 'RCS-1', ...FOUR_STREAMS, previousQuantity: 2, previousAmount: 1000, proration: 0, effectiveAt: '2026-03-01T00:10:00.000Z', reason: 'IMMEDIATE' },
        },
      ]);
  });

  it('a swap the running period paid for as much (2 streams → 1 stream + 1 re-stream, 1000 cents both) is COVERED: licensed at once', () => {
    given(subscriptionDecider, LIVE)
      .when(revise(2, MAR_16_NOON, { modules: [{ name: 'streams', limit: 1 }, { name: 'restream', limit: 1 }] }))
      .then([
        { type: 'SubscriptionRevised', data: { paypalSubscriptionID: 'RCS-1', ...STREAM_AND_RESTREAM, previousQuantity: 2, previousAmount: 1000, proration: 0, effectiveAt: MAR_16_NOON, reason: 'COVERED' } },
        {
          type: 'LicenceIssued',
          data: { licenceKey: KEY, serial: 2, modules: [{ name: 'streams', limit: 1 }, { name: 'restream', limit: 1 }], quantity: 2, issuedAt: MAR_16_NOON, validUntil: APR_1, basis: 'PAID' },
        },
      ]);
  });

  it('in Wait payment (dunning) it changes what is due, never the grace licence', () => {
    given(subscriptionDecider, DUNNING)
      .when(revise(4, APR_4))
      .then([{ type: 'SubscriptionRevised', data: { paypalSubscriptionID: 'RCS-1', ...FOUR_STREAMS, previousQuantity: 2, previousAmount: 1000, proration: 0, effectiveAt: APR_4, reason: 'IMMEDIATE' } }]);
  });

  it('back to the configuration in force withdraws the pending change, and its balance order goes stale', () => {
    given(subscriptionDecider, PENDING)
      .when(revise(2, '2026-03-17T00:00:00.000Z'))
      .then([
        { type: 'PaymentOrderSuperseded', data: { paypalOrderID: 'ORDER-B', reason: 'CONFIGURATION_CHANGED' } },
        { type: 'SubscriptionChangeWithdrawn', data: { kind: 'PENDING' } },
      ]);
  });

  it('the same change again, or no change, changes nothing', () => {
    given(subscriptionDecider, PENDING).when(revise(4, '2026-03-17T00:00:00.000Z')).then([]);
    given(subscriptionDecider, LIVE).when(revise(2, MAR_10)).then([]);
  });

  describe('refusals', () => {
    it('while a capture is in flight (PAYMENT_IN_PROGRESS)', () => {
      given(subscriptionDecider, CAPTURING).when(revise(4, '2026-03-01T00:06:00.000Z')).thenThrowsCode(PaymentInProgressError, 'PAYMENT_IN_PROGRESS');
    });
    it('while the saved wallet is being charged (PAYMENT_IN_PROGRESS)', () => {
      given(subscriptionDecider, CHARGING).when(revise(4, APR_1)).thenThrowsCode(PaymentInProgressError, 'PAYMENT_IN_PROGRESS');
    });
    it('another PayPal billing reference (VALIDATION_FAILED on paypalSubscriptionID)', () => {
      const error = given(subscriptionDecider, LIVE).when(revise(4, MAR_10, { paypalSubscriptionID: 'RCS-OTHER' })).thenThrowsCode(ValidationError, 'VALIDATION_FAILED');
      expect(error.problems.map((p) => p.field)).to.deep.equal(['paypalSubscriptionID']);
    });
    it('a browser figure other than the catalogue’s: 4 streams cost 2000, not 1500 (PRICE_MISMATCH)', () => {
      given(subscriptionDecider, LIVE).when(revise(4, MAR_10, { amount: 1500 })).thenThrowsCode(PriceMismatchError, 'PRICE_MISMATCH');
    });
    it('cancelled (CONFLICT), paused (INVALID_TRANSITION), a stranger (FORBIDDEN)', () => {
      given(subscriptionDecider, CANCELLED).when(revise(4, MAR_16_NOON)).thenThrowsCode(ConflictError, 'CONFLICT');
      given(subscriptionDecider, PAUSED).when(revise(4, MAR_16_NOON)).thenThrowsCode(InvalidTransitionError, 'INVALID_TRANSITION');
      given(subscriptionDecider, LIVE).when(revise(4, MAR_10, {}, as.stranger(MAR_10))).thenThrowsCode(ForbiddenError, 'FORBIDDEN');
    });
  });
});

describe('ApplyScheduledChange (plan-change.ts)', () => {
  const apply = (metadata: ReturnType<typeof as.clock>): SubscriptionCommand => ({ type: 'ApplyScheduledChange', data: {}, metadata });

  it('at its date (Apr 1) the downgrade is in force; April was paid at it, so its licence (1 stream, to May 1) is issued', () => {
    given(subscriptionDecider, DOWNGRADE_PAID_AHEAD)
      .when(apply(as.clock(APR_1)))
      .then([
        { type: 'SubscriptionRevised', data: { paypalSubscriptionID: 'RCS-1', ...ONE_STREAM, previousQuantity: 2, previousAmount: 1000, proration: 0, effectiveAt: APR_1, reason: 'SCHEDULED' } },
        { type: 'LicenceIssued', data: { licenceKey: KEY, serial: 2, modules: [{ name: 'streams', limit: 1 }], quantity: 1, issuedAt: APR_1, validUntil: MAY_1, basis: 'PAID' } },
      ]);
  });

  it('April not paid yet: only what is due changes (no licence: nothing is covered at Apr 1)', () => {
    const scheduled: SubscriptionEvent[] = [...LIVE, { type: 'SubscriptionChangeScheduled', data: { ...ONE_STREAM, previousAmount: 1000, effectiveAt: APR_1 } }];
    given(subscriptionDecider, scheduled)
      .when(apply(as.clock(APR_1)))
      .then([{ type: 'SubscriptionRevised', data: { paypalSubscriptionID: 'RCS-1', ...ONE_STREAM, previousQuantity: 2, previousAmount: 1000, proration: 0, effectiveAt: APR_1, reason: 'SCHEDULED' } }]);
  });

  it('does nothing before its date, nor without a scheduled change', () => {
    given(subscriptionDecider, DOWNGRADE_PAID_AHEAD).when(apply(as.clock(MAR_20))).then([]);
    given(subscriptionDecider, LIVE).when(apply(as.clock(APR_1))).then([]);
  });

  it('refused to the customer (FORBIDDEN)', () => {
    given(subscriptionDecider, DOWNGRADE_PAID_AHEAD).when(apply(as.customer(APR_1))).thenThrowsCode(ForbiddenError, 'FORBIDDEN');
  });
});

describe('decideRevision: what a revision does, returned beside its events (never read back from them)', () => {
  const decided = (history: SubscriptionEvent[], command: SubscriptionCommand) => decideRevision(command as Extract<SubscriptionCommand, { type: 'ReviseSubscription' }>, foldEvents(subscriptionDecider, history));

  it('pending its balance (2 → 4 streams on Mar 16 noon: 500 cents), the events as decide gives them', () => {
    const { events, outcome } = decided(LIVE, revise(4, MAR_16_NOON));
    expect(outcome).to.deep.equal({ effect: 'pending', to: FOUR_STREAMS, previousAmount: 1000, balance: 500 });
    expect(events).to.deep.equal([PENDING[LIVE.length]]);
  });

  it('scheduled for Apr 1 (a fall), immediate before any payment, withdrawn back to what is in force, nothing when nothing changes', () => {
    expect(decided(LIVE, revise(1, MAR_10)).outcome).to.deep.equal({ effect: 'scheduled', to: ONE_STREAM, previousAmount: 1000, effectiveAt: APR_1 });
    expect(decided(ORDERED, revise(4, '2026-03-01T00:10:00.000Z')).outcome).to.deep.equal({ effect: 'immediate', to: FOUR_STREAMS, previousAmount: 1000 });
    expect(decided(PENDING, revise(2, MAR_20)).outcome).to.deep.equal({ effect: 'withdrawn' });
    const same = decided(LIVE, revise(2, MAR_10));
    expect(same.outcome.effect).to.equal('none');
    expect(same.events).to.deep.equal([]);
  });
});
