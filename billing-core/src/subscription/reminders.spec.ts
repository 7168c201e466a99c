import { expect } from 'chai';
import { ForbiddenError, type SubscriptionEvent } from '@relaycast/contracts';
import { given } from '../../test/given.js';
import { APR_1, as, LIVE, MAR_1, MAR_8, TRIAL } from '../../test/subscription-fixtures.js';
import { dueItemsOf, nextBillingItem, nextDueItem } from './due-items.js';
import { subscriptionDecider, type ExistingSubscription } from './index.js';

const MAR_5 = '2026-03-05T00:00:00.000Z';
const MAR_25 = '2026-03-25T00:00:00.000Z';
const state = (history: SubscriptionEvent[]) => given(subscriptionDecider, history).state as ExistingSubscription;

/** LIVE on the annual unlimited plan: paid Mar 1 2026 → Mar 1 2027 (the renewal falls due then). */
const ANNUAL: SubscriptionEvent[] = LIVE.map((e) => {
  if (e.type === 'SubscriptionCreated') return { ...e, data: { ...e.data, plan: { ...e.data.plan, billingMonths: 12 } } };
  if (e.type === 'OrderCaptured') return { ...e, data: { ...e.data, periodEnd: '2027-03-01T00:00:00.000Z' } };
  if (e.type === 'LicenceIssued') return { ...e, data: { ...e.data, validUntil: '2027-03-01T00:00:00.000Z' } };
  return e;
});
const CANCELS_APR_1: SubscriptionEvent[] = [...LIVE, { type: 'CancellationScheduled', data: { cancelAt: APR_1, by: 'CUSTOMER' } }];

describe('reminders (reminders.ts): due items the billing scheduler runs', () => {
  it('the trial ends Mar 8: reminded 3 days before (Mar 5), after which the trial end is next', () => {
    expect(dueItemsOf(state(TRIAL)).filter((i) => i.kind === 'reminder')).to.deep.equal([
      { kind: 'reminder', at: MAR_5, key: `reminder-trial-ending-sub-1-${MAR_8}`, reminder: { kind: 'TRIAL_ENDING', dueAt: MAR_8 } },
    ]);
    expect(nextDueItem(state(TRIAL))?.kind).to.equal('reminder');
    // What the account pages show as next is the trial's end (the renewal), not the reminder.
    expect(nextBillingItem(state(TRIAL))).to.deep.equal({ kind: 'renewal', at: MAR_8, key: `renewal-sub-1-${MAR_8}` });
  });

  it('an annual plan renews Mar 1 2027: reminded 7 days before (Feb 22 2027); a monthly plan gets no such reminder', () => {
    expect(dueItemsOf(state(ANNUAL)).filter((i) => i.kind === 'reminder')).to.deep.equal([
      { kind: 'reminder', at: '2027-02-22T00:00:00.000Z', key: 'reminder-annual-renewal-sub-1-2027-03-01T00:00:00.000Z', reminder: { kind: 'ANNUAL_RENEWAL', dueAt: '2027-03-01T00:00:00.000Z' } },
    ]);
    expect(dueItemsOf(state(LIVE)).filter((i) => i.kind === 'reminder')).to.deep.equal([]);
  });

  it('cancelling at the end of the paid time (Apr 1): the licence expiring, 7 days before (Mar 25)', () => {
    expect(dueItemsOf(state(CANCELS_APR_1)).filter((i) => i.kind === 'reminder')).to.deep.equal([
      { kind: 'reminder', at: MAR_25, key: `reminder-licence-expiring-sub-1-${APR_1}`, reminder: { kind: 'LICENCE_EXPIRING', dueAt: APR_1 } },
    ]);
  });
});

describe('RecordReminder (reminders.ts)', () => {
  it('records the reminder once; recorded, it is no longer due', () => {
    const fell: SubscriptionEvent = { type: 'ReminderFellDue', data: { reminder: 'TRIAL_ENDING', dueAt: MAR_8 } };
    given(subscriptionDecider, TRIAL).when({ type: 'RecordReminder', data: { reminder: 'TRIAL_ENDING', dueAt: MAR_8 }, metadata: as.clock(MAR_5) }).then([fell]);
    given(subscriptionDecider, [...TRIAL, fell]).when({ type: 'RecordReminder', data: { reminder: 'TRIAL_ENDING', dueAt: MAR_8 }, metadata: as.clock(MAR_5) }).then([]);
    expect(dueItemsOf(state([...TRIAL, fell])).filter((i) => i.kind === 'reminder')).to.deep.equal([]);
  });

  it('a moot reminder records nothing (the cancellation it was about was withdrawn); only the clock or an administrator records one', () => {
    const withdrawn: SubscriptionEvent[] = [...CANCELS_APR_1, { type: 'CancellationWithdrawn', data: { cancelAt: APR_1 } }];
    given(subscriptionDecider, withdrawn).when({ type: 'RecordReminder', data: { reminder: 'LICENCE_EXPIRING', dueAt: APR_1 }, metadata: as.clock(MAR_25) }).then([]);
    given(subscriptionDecider, TRIAL).when({ type: 'RecordReminder', data: { reminder: 'TRIAL_ENDING', dueAt: MAR_8 }, metadata: as.customer(MAR_1) }).thenThrows(ForbiddenError);
  });
});
