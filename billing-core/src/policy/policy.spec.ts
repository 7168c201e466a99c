import { expect } from 'chai';
import { ValidationError, type BillingPolicy, type PolicyEvent } from '@relaycast/contracts';
import { given, meta } from '../../test/given.js';
import { createSqliteEventStore } from '../store/sqlite.js';
import { createCommandHandler } from '../handler.js';
import { billingPolicyDecider, clampPolicy, policyFromVariables, PolicyVariableError, readBillingPolicy } from './index.js';

const set = (policy: BillingPolicy) => ({ type: 'SetBillingPolicy' as const, data: { policy, source: 'ADMIN' as const }, metadata: meta() });
const recorded = (policy: BillingPolicy): PolicyEvent => ({ type: 'BillingPolicySet', data: { policy, source: 'ADMIN' } });
const DEFAULT: BillingPolicy = { retryDays: [1, 3, 5, 7], graceDays: 7, cancelAfterDays: 14 };

/**
 * Issue 31, item 5: a billing policy without bounds — a grace of 3650 days (a lapsed $15 subscription got an offline
 * licence to 2036), retries [0,0,0,0], fractions of days, retries after the suspension. The policy's own decider
 * keeps it within bounds, naming the field; a policy recorded out of bounds still replays and applies clamped.
 */
describe('billing policy bounds (billing-core/src/policy)', () => {
  it('the default (retries 1, 3, 5, 7; 7 days’ grace; cancelled 14 days after the suspension) is within bounds', () => {
    given(billingPolicyDecider, [recorded({ ...DEFAULT, graceDays: 10 })]).when(set(DEFAULT)).then([{ type: 'BillingPolicySet', data: { policy: DEFAULT, previous: { ...DEFAULT, graceDays: 10 }, source: 'ADMIN' } }]);
  });

  it('the edges: 0 or 30 days’ grace, no retries, a retry on the suspension day, cancelled the day after it', () => {
    for (const policy of [
      { retryDays: [], graceDays: 0, cancelAfterDays: 0 },
      { retryDays: [1, 2, 30], graceDays: 30, cancelAfterDays: 1 },
      { retryDays: [7], graceDays: 7, cancelAfterDays: 365 },
    ]) {
      expect(given(billingPolicyDecider).when(set(policy)).thenEvents(), JSON.stringify(policy)).to.have.length(1);
    }
  });

  const refused = (policy: BillingPolicy) => {
    try {
      given(billingPolicyDecider).when(set(policy)).thenEvents();
    } catch (error) {
      expect(error).to.be.instanceOf(ValidationError);
      return (error as ValidationError).problems.map((p) => [p.field, p.rule]);
    }
    throw new Error(`${JSON.stringify(policy)} was accepted`);
  };

  it('refuses each out-of-bounds value, naming the field', () => {
    expect(refused({ ...DEFAULT, graceDays: 3650 })).to.deep.equal([['policy.graceDays', 'graceBounds']]);
    expect(refused({ ...DEFAULT, graceDays: 31 })).to.deep.equal([['policy.graceDays', 'graceBounds']]);
    expect(refused({ ...DEFAULT, graceDays: 7.5 })).to.deep.equal([['policy.graceDays', 'graceBounds']]);
    expect(refused({ ...DEFAULT, retryDays: [0, 0, 0, 0] })).to.deep.equal([['policy.retryDays', 'retryWholeDays']]);
    expect(refused({ ...DEFAULT, retryDays: [1, 1, 2] })).to.deep.equal([['policy.retryDays', 'retryIncreasing']]);
    expect(refused({ ...DEFAULT, retryDays: [0.0001, 1] })).to.deep.equal([['policy.retryDays', 'retryWholeDays']]);
    expect(refused({ ...DEFAULT, retryDays: [1, 3, 5, 9] })).to.deep.equal([['policy.retryDays', 'retryAfterSuspension']]);
    expect(refused({ ...DEFAULT, cancelAfterDays: 0.5 })).to.deep.equal([['policy.cancelAfterDays', 'cancelBounds']]);
    expect(refused({ ...DEFAULT, cancelAfterDays: 366 })).to.deep.equal([['policy.cancelAfterDays', 'cancelBounds']]);
    // The last retry on the suspension day, cancelled that same day: not after the last retry.
    expect(refused({ ...DEFAULT, cancelAfterDays: 0 })).to.deep.equal([['policy.cancelAfterDays', 'cancelBeforeRetry']]);
    expect(refused({ retryDays: [0], graceDays: 3650, cancelAfterDays: 0.1 })).to.deep.equal([
      ['policy.graceDays', 'graceBounds'],
      ['policy.retryDays', 'retryWholeDays'],
      ['policy.cancelAfterDays', 'cancelBounds'],
    ]);
  });

  it('the environment’s proposal meets the same bounds at start, naming the variable', () => {
    const problem = (vars: Record<string, string>) => {
      try {
        policyFromVariables(vars);
      } catch (error) {
        expect(error).to.be.instanceOf(PolicyVariableError);
        return [(error as PolicyVariableError).variable, (error as Error).message.split(' (the policy')[0]];
      }
      return null;
    };
    expect(policyFromVariables({ DUNNING_SCHEDULE: '1,3,5,7', LICENCE_GRACE_DAYS: '7', DUNNING_CANCEL_AFTER_DAYS: '14' })?.policy).to.deep.equal(DEFAULT);
    expect(problem({ LICENCE_GRACE_DAYS: '3650' })).to.deep.equal(['LICENCE_GRACE_DAYS', 'LICENCE_GRACE_DAYS must be a whole number of days from 0 to 30']);
    expect(problem({ DUNNING_SCHEDULE: '0,0,0,0' })).to.deep.equal(['DUNNING_SCHEDULE', 'DUNNING_SCHEDULE must be whole days after the due date, 1 or more']);
    expect(problem({ DUNNING_SCHEDULE: '1,3,5,7', LICENCE_GRACE_DAYS: '3' })).to.deep.equal(['DUNNING_SCHEDULE', 'DUNNING_SCHEDULE must end on the suspension day at the latest (day 3, the grace\'s end)']);
    expect(problem({ LICENCE_GRACE_DAYS: '2.5' })).to.deep.equal(['LICENCE_GRACE_DAYS', 'LICENCE_GRACE_DAYS must be a number of days (whole), got "2.5"']);
  });

  it('a policy recorded out of bounds still replays, and applies clamped (whole days, grace ≤ 30, retries increasing and not after the suspension, the cancellation after the last retry)', async () => {
    expect(clampPolicy({ retryDays: [0, 0, 0.0001, 2, 60], graceDays: 3650, cancelAfterDays: 0 })).to.deep.equal({ retryDays: [1, 2], graceDays: 30, cancelAfterDays: 0 });
    expect(clampPolicy({ retryDays: [1, 3, 5, 7], graceDays: 7, cancelAfterDays: 0 })).to.deep.equal({ retryDays: [1, 3, 5, 7], graceDays: 7, cancelAfterDays: 1 });
    expect(clampPolicy({ retryDays: [1, 3, 5, 7], graceDays: 2.4, cancelAfterDays: 1000 })).to.deep.equal({ retryDays: [1], graceDays: 2, cancelAfterDays: 365 });

    // Written as a process before the bounds would have: straight into the log.
    const events = createSqliteEventStore(':memory:');
    const wild = { retryDays: [0, 0, 0, 0], graceDays: 3650, cancelAfterDays: 14 };
    await events.append('setting-billing-policy', [{ id: '00000000-0000-4000-8000-000000000031', type: 'BillingPolicySet', occurredAt: '2026-01-01T00:00:00.000Z', data: { policy: wild, source: 'ADMIN' }, metadata: { actorId: 'admin-1', actorRole: 'ROLE_ADMIN', correlationId: 'c', causationId: null } }], 0);
    const reading = await readBillingPolicy(events);
    expect(reading.policy).to.deep.equal({ retryDays: [1], graceDays: 30, cancelAfterDays: 14 });
    expect(reading.outOfBounds?.recorded).to.deep.equal(wild);
    expect(reading.outOfBounds?.problems.map((p) => p.field)).to.deep.equal(['policy.graceDays', 'policy.retryDays']);
    // The decider replays it, and an administrator brings it back within bounds.
    const handler = createCommandHandler(events);
    await handler.handle(billingPolicyDecider, 'billing-policy', set(DEFAULT));
    const after = await readBillingPolicy(events);
    expect(after.policy).to.deep.equal(DEFAULT);
    expect(after.outOfBounds).to.equal(undefined);
    expect(after.history.map((h) => h.data.previous ?? null)).to.deep.equal([null, wild]);
    await events.close();
  });
});
