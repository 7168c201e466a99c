import { expect } from 'chai';
import type { SubscriptionEvent } from '@relaycast/contracts';
import { given } from '../../test/given.js';
import {
  APR_1, APR_2, APR_22, APR_8, CANCELLED_WITH_CREDIT, CAPTURING, CHARGING, DOWNGRADE_PAID_AHEAD, DUNNING, FREE_PLAN, LIVE, LIVE_AHEAD, MAR_10, MAR_20, MAY_1, PAUSED, REFUNDED, REFUNDED_BEFORE_BOOKS, SUSPENDED,
} from '../../test/subscription-fixtures.js';
import { dueItemsOf, nextDueItem } from './due-items.js';
import { subscriptionDecider, type ExistingSubscription } from './index.js';

const itemsOf = (history: SubscriptionEvent[]) => dueItemsOf(given(subscriptionDecider, history).state as ExistingSubscription);

describe('due items (due-items.ts)', () => {
  it('Live: the renewal when the paid time ends (Apr 1); paid ahead: May 1', () => {
    expect(itemsOf(LIVE)).to.deep.equal([{ kind: 'renewal', at: APR_1, key: `renewal-sub-1-${APR_1}` }]);
    expect(itemsOf(LIVE_AHEAD)).to.deep.equal([{ kind: 'renewal', at: MAY_1, key: `renewal-sub-1-${MAY_1}` }]);
  });

  it('a licence boundary: April was paid at other limits, so its licence is due at Apr 1 (after the scheduled change, before the renewal)', () => {
    expect(itemsOf(DOWNGRADE_PAID_AHEAD)).to.deep.equal([
      { kind: 'scheduled-change', at: APR_1, key: `scheduled-change-sub-1-${APR_1}` },
      { kind: 'licence', at: APR_1, key: `licence-sub-1-${APR_1}` },
      { kind: 'renewal', at: MAY_1, key: `renewal-sub-1-${MAY_1}` },
    ]);
  });

  it('a capture in flight is checked with PayPal 10 minutes after it started (00:05 → 00:15)', () => {
    expect(itemsOf(CAPTURING)).to.deep.equal([{ kind: 'payment-check', at: '2026-03-01T00:15:00.000Z', key: 'payment-check-sub-1-capture-ORDER-1-0' }]);
  });

  it('a saved-wallet charge in flight likewise (Apr 1 00:10), besides the renewal it is for', () => {
    expect(itemsOf(CHARGING)).to.deep.equal([
      { kind: 'renewal', at: APR_1, key: `renewal-sub-1-${APR_1}` },
      { kind: 'payment-check', at: '2026-04-01T00:10:00.000Z', key: 'payment-check-sub-1-renewal-sub-1-c1' },
    ]);
  });

  // A cancellation (or a pause) supersedes open orders, including the one PayPal is capturing: the capture is then no
  // longer "in flight" for capturingOrder() and its payment-check disappears, although the due-items comment says a
  // money movement left in flight is settled with PayPal "whatever became of the subscription meanwhile".
  it('a capture in flight stays checked after the subscription is cancelled meanwhile', () => {
    const cancelledMidCapture: SubscriptionEvent[] = [
      ...CAPTURING,
      { type: 'PaymentOrderSuperseded', data: { paypalOrderID: 'ORDER-1', reason: 'SUBSCRIPTION_CANCELLED' } },
      { type: 'SubscriptionCancelled', data: { from: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', at: '2026-03-01T00:06:00.000Z' } },
    ];
    expect(itemsOf(cancelledMidCapture)).to.deep.equal([{ kind: 'payment-check', at: '2026-03-01T00:15:00.000Z', key: 'payment-check-sub-1-capture-ORDER-1-0' }]);
  });

  it('credit left on a cancelled subscription is refunded (1000 cents, from the cancellation on Mar 10)', () => {
    expect(itemsOf(CANCELLED_WITH_CREDIT)).to.deep.equal([{ kind: 'refund-credit', at: MAR_10, key: `refund-credit-1000-sub-1-${MAR_10}` }]);
  });

  it('a full refund ended the subscription (Mar 10): nothing is owed, nothing is due — no renewal, no dunning', () => {
    expect(itemsOf(REFUNDED)).to.deep.equal([]);
  });

  it('left waiting for payment by a refund (a stream from before refunds ended subscriptions): only its end, never a renewal', () => {
    expect(itemsOf(REFUNDED_BEFORE_BOOKS)).to.deep.equal([{ kind: 'end-taken-back', at: MAR_10, key: `end-taken-back-sub-1-${MAR_10}` }]);
  });

  it('dunning: the next retry (Apr 2, attempt 1) and the suspension (Apr 8)', () => {
    expect(itemsOf(DUNNING)).to.deep.equal([
      { kind: 'dunning-retry', at: APR_2, key: `renewal-sub-1-${APR_1}-retry-1` },
      { kind: 'suspend', at: APR_8, key: `suspend-sub-1-${APR_8}` },
    ]);
    expect(nextDueItem(given(subscriptionDecider, DUNNING).state as ExistingSubscription)).to.deep.equal({ kind: 'dunning-retry', at: APR_2, key: `renewal-sub-1-${APR_1}-retry-1` });
  });

  it('paused for non-payment: the cancellation at the end of dunning (Apr 22); paused by an administrator: the resume date (Mar 20)', () => {
    expect(itemsOf(SUSPENDED)).to.deep.equal([{ kind: 'cancel-unpaid', at: APR_22, key: `cancel-unpaid-sub-1-${APR_22}` }]);
    expect(itemsOf(PAUSED)).to.deep.equal([{ kind: 'resume', at: MAR_20, key: `resume-sub-1-${MAR_20}` }]);
  });

  it('a cancellation at the end of the paid time replaces the renewal (and the licence-expiring reminder comes 7 days before)', () => {
    expect(itemsOf([...LIVE, { type: 'CancellationScheduled', data: { cancelAt: APR_1, by: 'CUSTOMER' } }])).to.deep.equal([
      { kind: 'reminder', at: '2026-03-25T00:00:00.000Z', key: `reminder-licence-expiring-sub-1-${APR_1}`, reminder: { kind: 'LICENCE_EXPIRING', dueAt: APR_1 } },
      { kind: 'cancel-at-period-end', at: APR_1, key: `cancel-sub-1-${APR_1}` },
    ]);
  });

  it('nothing for a free plan, nor for a removed subscription', () => {
    expect(itemsOf(FREE_PLAN)).to.deep.equal([]);
    expect(itemsOf([...LIVE, { type: 'SubscriptionRemoved', data: {} }])).to.deep.equal([]);
  });
});
