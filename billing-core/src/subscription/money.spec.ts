import { expect } from 'chai';
import type { SubscriptionEvent } from '@relaycast/contracts';
import { given } from '../../test/given.js';
import {
  APR_1, APR_2, APR_4, CANCELLED, CREATED, DOWNGRADE_PAID_AHEAD, DUNNING, FEB_28, FOUR_STREAMS, FREE_PLAN, JAN31_LIVE, LIVE, LIVE_AHEAD, MAR_1, MAR_10, MAR_16_NOON, MAR_2, MAR_20,
  MAR_25, MAR_31, MAR_8, MAY_1, ONE_STREAM, PAUSED, PENDING_RISE, SUSPENDED, TRIAL, TWO_STREAMS, WITH_CREDIT,
} from '../../test/subscription-fixtures.js';
import { subscriptionDecider, type ExistingSubscription } from './index.js';
import { amountDue, downgradeDate, dueOf, nextPeriodStart, periodEndFrom, prorateRise } from './money.js';
import { plusDays } from '../calendar/index.js';

/** The pure arithmetic of money.ts, over states evolved from the literal histories of test/subscription-fixtures.ts. */
const stateOf = (history: SubscriptionEvent[]) => given(subscriptionDecider, history).state as ExistingSubscription;
const SCHEDULED_DOWN: SubscriptionEvent[] = [...LIVE, { type: 'SubscriptionChangeScheduled', data: { ...ONE_STREAM, previousAmount: 1000, effectiveAt: APR_1 } }];

describe('prorateRise (money.ts)', () => {
  it('2 → 4 streams (+1000 a month) at Mar 16 noon: 15.5 of March’s 31 days left = 500 cents', () => {
    expect(prorateRise(stateOf(LIVE), 2000, MAR_16_NOON)).to.equal(500);
  });

  it('with April paid ahead: +500 for half of March (250) and all of April (500) = 750', () => {
    expect(prorateRise(stateOf(LIVE_AHEAD), 1500, MAR_16_NOON)).to.equal(750);
  });

  it('each period its own difference: April paid at 500, March at 1000, back to 1000 charges April only (500)', () => {
    expect(prorateRise(stateOf(DOWNGRADE_PAID_AHEAD), 1000, MAR_16_NOON)).to.equal(500);
  });

  it('rounded up to the cent: +1 cent for half a month is 0.5 → 1', () => {
    expect(prorateRise(stateOf(LIVE), 1001, MAR_16_NOON)).to.equal(1);
  });

  it('nothing for a fall, nor once the paid time has ended', () => {
    expect(prorateRise(stateOf(LIVE), 500, MAR_16_NOON)).to.equal(0);
    expect(prorateRise(stateOf(LIVE), 2000, APR_1)).to.equal(0);
  });
});

describe('periodEndFrom / nextPeriodStart (money.ts)', () => {
  it('anchored on Jan 31, clamped: Jan 31 → Feb 28 → Mar 31 (not Mar 28)', () => {
    expect(periodEndFrom(stateOf(JAN31_LIVE), FEB_28)).to.equal(MAR_31);
  });

  it('a period after a gap anchors anew: from Mar 5, Apr 5', () => {
    expect(periodEndFrom(stateOf(JAN31_LIVE), '2026-03-05T00:00:00.000Z')).to.equal('2026-04-05T00:00:00.000Z');
  });

  it('after two paid months from Mar 1: May 1 → Jun 1', () => {
    expect(periodEndFrom(stateOf(LIVE_AHEAD), MAY_1)).to.equal('2026-06-01T00:00:00.000Z');
  });

  it('the next period starts where the covered time ends (paid time, the trial), in the grace at the due date, otherwise now', () => {
    expect(nextPeriodStart(stateOf(LIVE), MAR_20)).to.equal(APR_1);
    expect(nextPeriodStart(stateOf(TRIAL), MAR_2)).to.equal(MAR_8);
    expect(nextPeriodStart(stateOf(DUNNING), APR_4)).to.equal(APR_1);
    expect(nextPeriodStart(stateOf(CREATED), MAR_10)).to.equal(MAR_10);
    // Suspended: the overdue time was not used; a new anchor from now.
    expect(nextPeriodStart(stateOf(SUSPENDED), '2026-04-10T00:00:00.000Z')).to.equal('2026-04-10T00:00:00.000Z');
  });
});

describe('dueOf (money.ts)', () => {
  it('before any payment: the first month from now (Mar 1 → Apr 1), 1000 cents', () => {
    expect(dueOf(stateOf(CREATED), MAR_1)).to.deep.equal({ purpose: 'period', configuration: TWO_STREAMS, gross: 1000, credit: 0, amount: 1000, periodStart: MAR_1, periodEnd: APR_1 });
  });

  it('Live: the next period (Apr 1 → May 1)', () => {
    expect(dueOf(stateOf(LIVE), MAR_20)).to.deep.equal({ purpose: 'period', configuration: TWO_STREAMS, gross: 1000, credit: 0, amount: 1000, periodStart: APR_1, periodEnd: MAY_1 });
  });

  it('a pending rise: its balance first, prorated when it is paid (asked Mar 16 noon for 500; on Mar 20, 12 of 31 days left: ⌈1000·12/31⌉ = 388)', () => {
    expect(dueOf(stateOf(PENDING_RISE.slice(0, -1)), MAR_20)).to.deep.equal({ purpose: 'balance', configuration: FOUR_STREAMS, gross: 388, credit: 0, amount: 388 });
    expect(dueOf(stateOf(PENDING_RISE.slice(0, -1)), '2026-03-16T12:00:00.000Z')).to.deep.include({ purpose: 'balance', amount: 500 });
  });

  it('a scheduled downgrade: the next period at it (500 cents)', () => {
    expect(dueOf(stateOf(SCHEDULED_DOWN), MAR_20)).to.deep.equal({ purpose: 'period', configuration: ONE_STREAM, gross: 500, credit: 0, amount: 500, periodStart: APR_1, periodEnd: MAY_1 });
  });

  it('account credit pays first: 1000 of credit leaves 0 to ask PayPal for (Mar 2 → Apr 2)', () => {
    expect(dueOf(stateOf(WITH_CREDIT), MAR_2)).to.deep.equal({ purpose: 'period', configuration: TWO_STREAMS, gross: 1000, credit: 1000, amount: 0, periodStart: MAR_2, periodEnd: '2026-04-02T00:00:00.000Z' });
  });

  it('in dunning: the lapsed period from its due date; after a revision, the new configuration from now (Apr 4 → May 4)', () => {
    expect(dueOf(stateOf(DUNNING), APR_4)).to.deep.equal({ purpose: 'period', configuration: TWO_STREAMS, gross: 1000, credit: 0, amount: 1000, periodStart: APR_1, periodEnd: MAY_1 });
    const revised: SubscriptionEvent[] = [
      ...DUNNING,
      { type: 'SubscriptionRevised', data: { paypalSubscriptionID: 'RCS-1', ...FOUR_STREAMS, previousQuantity: 2, previousAmount: 1000, proration: 0, effectiveAt: APR_2, reason: 'IMMEDIATE' } },
    ];
    expect(dueOf(stateOf(revised), APR_4)).to.deep.equal({ purpose: 'period', configuration: FOUR_STREAMS, gross: 2000, credit: 0, amount: 2000, periodStart: APR_4, periodEnd: '2026-05-04T00:00:00.000Z' });
  });

  it('nothing due: paused by an administrator, cancelled, a free plan', () => {
    expect(dueOf(stateOf(PAUSED), MAR_20)).to.equal(null);
    expect(dueOf(stateOf(CANCELLED), MAR_20)).to.equal(null);
    expect(dueOf(stateOf(FREE_PLAN), MAR_20)).to.equal(null);
    expect(amountDue(stateOf(CANCELLED), MAR_20)).to.deep.equal({ amount: 0, purpose: 'period' });
  });
});

describe('downgradeDate / plusDays (money.ts)', () => {
  it('a downgrade waits for the end of the paid time (Apr 1; May 1 with April paid ahead)', () => {
    expect(downgradeDate(stateOf(LIVE), 1000, MAR_10)).to.equal(APR_1);
    expect(downgradeDate(stateOf(LIVE_AHEAD), 1000, MAR_10)).to.equal(MAY_1);
  });

  it('…or for a period paid ahead for less than the configuration in force (April at 500: Apr 1)', () => {
    expect(downgradeDate(stateOf(DOWNGRADE_PAID_AHEAD), 1000, MAR_25)).to.equal(APR_1);
  });

  it('plusDays counts whole and fractional days in UTC', () => {
    expect(plusDays(APR_1, 7)).to.equal('2026-04-08T00:00:00.000Z');
    expect(plusDays(APR_1, 0.5)).to.equal('2026-04-01T12:00:00.000Z');
  });
});
