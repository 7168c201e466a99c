import { expect } from 'chai';
import { aggregate, createCommandHandler, createSqliteEventStore, subscriptionDecider } from '@relaycast/billing-core';
import { ValidationError } from '@relaycast/contracts';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { buyConstructor } from '../../test/paypal-standin/flow.js';

/**
 * Issue 14, items 2 and 3: extra keys of UpdateSubscription (status, balance) reached state through `evolve`,
 * bypassing the status machine; and `{id, name, status}` from a customer answered 403 with the name committed.
 */
describe('subscription updates: strict and all-or-nothing', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.close());

  it('refuses a customer update that also asks for a status, committing nothing (403)', async () => {
    const customer = await server.customer('Atomic');
    const sub = await buyConstructor(customer, 1);
    const res = await customer.post('/subscriptions/update', { id: sub._id, name: 'Renamed by the customer', status: 'SUBSCRIPTION_STATUS_ACTIVE' });
    expect(res.status).to.equal(403);
    const after = (await customer.post('/subscriptions/findOne', { id: sub._id })).body.data;
    expect(after).to.deep.include({ name: sub.name, status: 'SUBSCRIPTION_STATUS_INITIAL' });
  });

  it('refuses an administrator update whose status move is invalid, committing nothing (409)', async () => {
    const admin = await server.admin();
    const customer = await server.customer('Atomic2');
    const sub = await buyConstructor(customer, 1);
    expect((await admin.post('/subscriptions/cancel', { id: sub._id })).status).to.equal(200);
    const res = await admin.post('/subscriptions/update', { id: sub._id, name: 'Renamed by the administrator', status: 'SUBSCRIPTION_STATUS_ACTIVE' });
    expect(res.status).to.equal(409);
    expect((await admin.post('/subscriptions/findOne', { id: sub._id })).body.data.name).to.equal(sub.name);
  });

  it('the command refuses keys it does not declare, naming them; and a stored update never sets status or money', async () => {
    const store = createSqliteEventStore(':memory:');
    const handler = createCommandHandler(store);
    const meta = { now: '2026-03-01T00:00:00.000Z', actorId: 'admin-1', actorRole: 'ROLE_ADMIN' as const, correlationId: 'c-1', causationId: null };
    await handler.handle(subscriptionDecider, 'sub-1', {
      type: 'CreateSubscription',
      data: { subscriptionId: 'sub-1', user_id: 'user-1', subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', plan_id: 'constructor', modules: [{ name: 'streams', limit: 1 }] },
      metadata: meta,
    });
    let refused: unknown = null;
    try {
      await handler.handle(subscriptionDecider, 'sub-1', { type: 'UpdateSubscription', data: { name: 'X', status: 'SUBSCRIPTION_STATUS_ACTIVE', balance: -500 } as never, metadata: meta });
    } catch (error) {
      refused = error;
    }
    expect(refused).to.be.instanceOf(ValidationError);
    expect((refused as ValidationError).message).to.match(/status|balance/);
    // An event written before this rule (or by anything else) with such keys changes descriptive fields only.
    const state = subscriptionDecider.evolve(
      (await aggregate(store, subscriptionDecider, 'sub-1')).state,
      { type: 'SubscriptionUpdated', data: { changes: { name: 'Y', status: 'SUBSCRIPTION_STATUS_ACTIVE', amount: 1, credit: 99999 }, previous: {} } },
    ) as { name: string; status: string; amount: number; credit: number };
    expect(state).to.deep.include({ name: 'Y', status: 'SUBSCRIPTION_STATUS_INITIAL', amount: 500, credit: 0 });
    await store.close();
  });
});
