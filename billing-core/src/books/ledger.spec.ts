import { expect } from 'chai';
import type { SubscriptionEvent } from '@relaycast/contracts';
import { given } from '../../test/given.js';
import { as, BALANCE_PAID, MAR_20, MAR_25 } from '../../test/subscription-fixtures.js';
import { subscriptionDecider, type ExistingSubscription } from '../subscription/index.js';
import { addPostings, recognitionBetween, recognisedThrough, trialBalanceOf } from './postings.js';
import { cr, dr, entriesOf } from '../../test/book-entries.js';

/**
 * A ledger worked by hand: a purchase, an upgrade, a goodwill refund and a cancellation with a refund of the unused
 * time, every entry written out. 2 streams at $10.00 a month from Mar 1 (31 days); a rise to 4 streams on Mar 16 at
 * 12:05, its balance $5.00; $3.00 of March given back on Mar 20; cancelled at once on Mar 25 with a refund.
 *
 * Revenue is recognised day by day: $10.00 over 31 days is ⌊1000·(i+1)/31⌋ − ⌊1000·i/31⌋ cents on day i, so Mar 1–19
 * hold ⌊1000·19/31⌋ = 612; the balance, $5.00 over the 16 days Mar 16–31, holds ⌊500·9/16⌋ = 281 on Mar 16–24.
 */

const REFUND_300: SubscriptionEvent = { type: 'PaymentRefunded', data: { captureId: 'CAPTURE-1', refundId: 'REFUND-1', amount: 300, currency: 'USD', refundedAt: MAR_20 } };


describe('the books, worked by hand (postings.ts)', () => {
  const cancelNow = given(subscriptionDecider, [...BALANCE_PAID, REFUND_300]).when({ type: 'CancelSubscription', data: { refund: true }, metadata: as.admin(MAR_25) }).thenEvents();

  it('the cancellation owes back each capture’s unused share on Mar 25, to the millisecond, rounded down per capture', () => {
    // March's money after the $3.00 refund: what the 12 days from Mar 20 held (1000·12/31 = 387.10) less 300 = 87.10,
    // of which 7 of 12 days are unused on Mar 25: 50.81 → 50. The balance paid Mar 16 12:05 → Apr 1 (15.497 days)
    // for 500: 7 days unused, 225.86 → 225.
    const cancelled = cancelNow.find((e) => e.type === 'SubscriptionCancelled')!;
    expect(cancelled.data).to.deep.equal({ from: 'SUBSCRIPTION_STATUS_ACTIVE', at: MAR_25, refunds: [{ captureId: 'CAPTURE-1', amount: 50 }, { captureId: 'CAP-B', amount: 225 }] });
  });

  const history: SubscriptionEvent[] = [
    ...BALANCE_PAID,
    REFUND_300,
    ...cancelNow,
    { type: 'PaymentRefunded', data: { captureId: 'CAPTURE-1', refundId: 'REFUND-2', amount: 50, currency: 'USD', refundedAt: MAR_25 } },
    { type: 'PaymentRefunded', data: { captureId: 'CAP-B', refundId: 'REFUND-3', amount: 225, currency: 'USD', refundedAt: MAR_25 } },
  ];

  it('every entry, written out: each balances', () => {
    expect(entriesOf(history)).to.deep.equal([
      // Mar 1: March captured; all of it is owed as service.
      { type: 'OrderCaptured', postings: [dr('paypal-clearing', 1000), cr('deferred-revenue', 1000)] },
      // Mar 16: the balance captured.
      { type: 'OrderCaptured', postings: [dr('paypal-clearing', 500), cr('deferred-revenue', 500)] },
      // Mar 20: $3.00 back out of March's days still to serve (388 deferred from Mar 20): none of it was revenue yet.
      { type: 'PaymentRefunded', postings: [cr('paypal-clearing', 300), dr('deferred-revenue', 300)] },
      // Mar 25: owed back 50 + 225. March still defers 52 (88 over Mar 20–31, 36 of it recognised Mar 20–24): 50 of
      // it. The balance defers 500 − 281 = 219 (its days count from Mar 16, its time from 12:05): 219, and 6 of the
      // 225 come out of revenue already recognised.
      { type: 'SubscriptionCancelled', postings: [dr('deferred-revenue', 269), cr('customer-credit', 275), dr('refunds:constructor', 6)] },
      // PayPal refunds what was owed.
      { type: 'PaymentRefunded', postings: [cr('paypal-clearing', 50), dr('customer-credit', 50)] },
      { type: 'PaymentRefunded', postings: [cr('paypal-clearing', 225), dr('customer-credit', 225)] },
    ]);
    for (const e of entriesOf(history)) expect(e.postings.reduce((n, p) => n + p.debit - p.credit, 0), e.type).to.equal(0);
  });

  it('revenue recognised day by day: 612 + 36 + 2 of March (what it still deferred is recognised when cancelled), 281 of the balance', () => {
    const books = (given(subscriptionDecider, history).state as ExistingSubscription).books;
    // Mar 1–19: 612 of March; Mar 16–19: ⌊500·4/16⌋ = 125 of the balance.
    expect(recognisedThrough(books, '2026-03-19')).to.equal(737);
    const days = recognitionBetween(books, '2026-03-20', '2026-03-31');
    // Mar 20–24: March's 88 over 12 days (7, 7, 8, 7, 7) and the balance's days 4–8 (31, 31, 31, 32, 31); Mar 25: the
    // 2 cents March still deferred after what was owed back.
    expect(Object.fromEntries(days)).to.deep.equal({
      '2026-03-20': 38, '2026-03-21': 38, '2026-03-22': 39, '2026-03-23': 39, '2026-03-24': 38, '2026-03-25': 2,
    });
    expect(recognisedThrough(books, '2026-12-31')).to.equal(931);
  });

  it('the trial balance on Mar 25 sums to zero: $9.25 kept, all of it revenue (9.31 recognised, 0.06 given back of it)', () => {
    const totals = new Map<string, { debit: number; credit: number }>();
    for (const e of entriesOf(history)) addPostings(totals, e.postings);
    const books = (given(subscriptionDecider, history).state as ExistingSubscription).books;
    const recognised = recognisedThrough(books, '2026-03-25');
    addPostings(totals, [dr('deferred-revenue', recognised), cr('revenue:constructor', recognised)]);
    expect(trialBalanceOf(totals)).to.deep.equal([
      { account: 'paypal-clearing', kind: 'asset', debit: 1500, credit: 575, balance: 925 },
      { account: 'customer-credit', kind: 'liability', debit: 275, credit: 275, balance: 0 },
      { account: 'deferred-revenue', kind: 'liability', debit: 1500, credit: 1500, balance: 0 },
      { account: 'revenue:constructor', kind: 'income', debit: 0, credit: 931, balance: -931 },
      { account: 'refunds:constructor', kind: 'contra-income', debit: 6, credit: 0, balance: 6 },
    ]);
  });
});
