import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { startTestServer, type ApiClient, type TestServer } from '../../test/harness.js';

/**
 * Issue 31, item 5, through the API: an administrator's policy out of bounds is refused naming the field (400); a
 * policy recorded out of bounds (before the bounds existed) still replays, applies clamped, and the admin home says so.
 */
describe('the billing policy’s bounds through the API (/admin/billing-policy/set, /admin/overview)', function () {
  this.timeout(30_000);
  let server: TestServer;
  let admin: ApiClient;
  before(async () => {
    server = await startTestServer();
    admin = await server.admin();
  });
  after(async () => server.close());

  it('refuses 3650 days’ grace, retries [0,0,0,0], fractions and retries after the suspension, naming the field; the default stays', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ retryDays: [1, 3, 5, 7], graceDays: 3650, cancelAfterDays: 14 }, 'policy.graceDays'],
      [{ retryDays: [0, 0, 0, 0], graceDays: 7, cancelAfterDays: 14 }, 'policy.retryDays'],
      [{ retryDays: [0.0001], graceDays: 7, cancelAfterDays: 14 }, 'policy.retryDays'],
      [{ retryDays: [1, 3, 5, 7, 10], graceDays: 7, cancelAfterDays: 14 }, 'policy.retryDays'],
      [{ retryDays: [1, 3, 5, 7], graceDays: 7, cancelAfterDays: 0 }, 'policy.cancelAfterDays'],
    ];
    for (const [policy, field] of cases) {
      const answer = await admin.post('/admin/billing-policy/set', { policy });
      expect(answer.status, JSON.stringify(policy)).to.equal(400);
      expect(answer.body.error.code).to.equal('VALIDATION_FAILED');
      expect(answer.body.error.details.map((d: { field: string }) => d.field), JSON.stringify(policy)).to.deep.equal([field]);
    }
    expect((await admin.post('/admin/billing-policy', {})).body.data.policy).to.deep.equal({ retryDays: [1, 3, 5, 7], graceDays: 7, cancelAfterDays: 14 });
    expect((await admin.post('/admin/overview', {})).body.data.policyOutOfBounds).to.equal(undefined);
  });

  it('a policy recorded out of bounds applies clamped, and the admin home warns until an administrator sets one within bounds', async () => {
    const wild = { retryDays: [1, 3, 5, 7], graceDays: 3650, cancelAfterDays: 14 };
    const version = (await server.rt.events.readStream('setting-billing-policy')).length;
    await server.rt.events.append('setting-billing-policy', [{ id: randomUUID(), type: 'BillingPolicySet', occurredAt: new Date().toISOString(), data: { policy: wild, source: 'ADMIN', previous: { retryDays: [1, 3, 5, 7], graceDays: 7, cancelAfterDays: 14 } }, metadata: { actorId: 'old-admin', actorRole: 'ROLE_ADMIN', correlationId: 'before-the-bounds', causationId: null } }], version);
    const policy = (await admin.post('/admin/billing-policy', {})).body.data;
    expect(policy.policy).to.deep.equal({ retryDays: [1, 3, 5, 7], graceDays: 30, cancelAfterDays: 14 });
    expect(policy.outOfBounds.recorded).to.deep.equal(wild);
    const home = (await admin.post('/admin/overview', {})).body.data;
    expect(home.policyOutOfBounds.map((p: { field: string; rule: string }) => [p.field, p.rule])).to.deep.equal([['policy.graceDays', 'graceBounds']]);

    const fixed = await admin.post('/admin/billing-policy/set', { policy: { retryDays: [1, 3, 5, 7], graceDays: 7, cancelAfterDays: 14 }, reason: 'back within bounds' });
    expect(fixed.status).to.equal(200);
    expect(fixed.body.data.outOfBounds).to.equal(undefined);
    expect((await admin.post('/admin/overview', {})).body.data.policyOutOfBounds).to.equal(undefined);
  });
});
