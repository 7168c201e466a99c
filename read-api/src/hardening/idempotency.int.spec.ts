import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../test/harness.js';

/**
 * Issue 14, item 10 — idempotency as Stripe defines it: a purchase needs an Idempotency-Key; the same key with the
 * same body answers the first result; the same key with a different body is a 422, never the first result silently.
 */
describe('idempotent purchases', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.close());

  const body = (customerId: string, streams: number) => ({
    subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', user_id: customerId,
    modules: [{ name: 'streams', limit: streams }], payment_details: { plan_id: 'constructor', privacy_policy_confirm: true },
  });

  it('refuses a purchase without an Idempotency-Key, naming it (400)', async () => {
    const customer = await server.customer('NoKey');
    // Without the header at all (a raw client: the test client, like the web app, always sends one).
    const raw = await fetch(`${server.baseUrl}/subscriptions/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl, cookie: [...customer.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      body: JSON.stringify(body(customer.userId, 1)),
    });
    expect(raw.status).to.equal(400);
    expect(((await raw.json()) as { error: { details: { field: string }[] } }).error.details[0]!.field).to.equal('Idempotency-Key');
    const empty = await customer.post('/subscriptions/create', body(customer.userId, 1), { headers: { 'Idempotency-Key': '' } });
    expect(empty.status).to.equal(400);
    expect((await customer.post('/subscriptions/findAllByToken', {})).body.meta.total).to.equal(0);
  });

  it('the same key and body answers the first subscription; the same key with another body is a 422', async () => {
    const customer = await server.customer('Key');
    const headers = { 'Idempotency-Key': 'purchase-key-0001' };
    const first = await customer.post('/subscriptions/create', body(customer.userId, 1), { headers });
    expect(first.status).to.equal(201);
    const again = await customer.post('/subscriptions/create', body(customer.userId, 1), { headers });
    expect([200, 201]).to.include(again.status);
    expect(again.body.data._id).to.equal(first.body.data._id);
    const other = await customer.post('/subscriptions/create', body(customer.userId, 7), { headers });
    expect(other.status).to.equal(422);
    expect(other.body.error.code).to.equal('IDEMPOTENCY_KEY_REUSED');
    expect((await customer.post('/subscriptions/findAllByToken', {})).body.meta.total).to.equal(1);
    expect((await customer.post('/subscriptions/findOne', { id: first.body.data._id })).body.data.quantity).to.equal(1);
  });
});
