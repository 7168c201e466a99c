import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { buyConstructor, historyOf } from '../../test/paypal-standin/flow.js';

/** Issue 14, item 11: customers saw administrators' ids, request ids and the reasons administrators wrote. */
describe('a customer reads their history without internals', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.close());

  it('shows who acted as a role, without ids or the administrator’s reason; administrators still see all', async () => {
    const admin = await server.admin();
    const customer = await server.customer('Reader');
    const sub = await buyConstructor(customer, 1);
    const reason = 'chargeback risk, see ticket 4711';
    expect((await admin.post('/subscriptions/update', { id: sub._id, status: 'SUBSCRIPTION_STATUS_CANCEL', reason })).status).to.equal(200);

    const seen = await historyOf(customer, sub._id);
    const byAdmin = seen.find((h) => h.type === 'SubscriptionCancelled')! as unknown as { actor: { id: string; role: string }; summary: string; data: Record<string, unknown>; correlationId: string };
    expect(byAdmin.actor).to.deep.equal({ id: '', role: 'ROLE_ADMIN' });
    expect(byAdmin.summary).to.equal('Cancelled');
    expect(byAdmin.data).to.not.have.property('note');
    expect(byAdmin.correlationId).to.equal('');
    expect(JSON.stringify(seen)).to.not.include('4711');
    const own = seen.find((h) => h.type === 'SubscriptionCreated')!;
    expect(own.actor).to.deep.equal({ id: customer.userId, role: 'ROLE_CUSTOMER' });

    const adminView = await historyOf(admin, sub._id);
    const full = adminView.find((h) => h.type === 'SubscriptionCancelled')! as unknown as { actor: { id: string }; summary: string };
    expect(full.actor.id).to.not.equal('');
    expect(full.summary).to.equal(`Cancelled — note: ${reason}`);
  });
});
