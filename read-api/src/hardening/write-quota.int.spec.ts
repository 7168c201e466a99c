import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../test/harness.js';

/**
 * Issue 14: per-user write quotas. One customer's writes (requests that changed something) are counted over ten
 * minutes; past WRITE_QUOTA they are refused with 429 before anything is written. Reads, writes that change nothing,
 * other customers and administrators are not held back.
 */
describe('per-user write quotas', function () {
  this.timeout(60_000);
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { WRITE_QUOTA: '5' } });
  });
  after(() => server?.close());

  it('the 6th change by one customer is refused (429), writes nothing, and leaves reads, others and administrators alone', async () => {
    const customer = await server.customer('Busy');
    const created = await customer.post('/subscriptions/create', {
      subscription_type: 'SUBSCRIPTION_FREE', status: 'SUBSCRIPTION_STATUS_INITIAL', user_id: customer.userId,
      payment_details: { plan_id: 'unlimited', privacy_policy_confirm: true },
    });
    expect(created.status).to.equal(201); // write 1
    const id = created.body.data._id;
    // Renaming to the same name changes nothing and is not counted.
    const same = created.body.data.name;
    for (let i = 0; i < 3; i++) expect((await customer.post('/subscriptions/update', { id, name: same })).status).to.equal(200);
    for (const name of ['Two', 'Three', 'Four', 'Five']) expect((await customer.post('/subscriptions/update', { id, name })).status).to.equal(200);
    const refused = await customer.post('/subscriptions/update', { id, name: 'Six' });
    expect(refused.status).to.equal(429);
    expect(refused.body.error.code).to.equal('RATE_LIMITED');
    const view = await customer.post('/subscriptions/findOne', { id });
    expect(view.status, 'reads still answer').to.equal(200);
    expect(view.body.data.name, 'the refused change was not written').to.equal('Five');
    const other = await server.customer('Other');
    expect((await other.post('/subscriptions/create', {
      subscription_type: 'SUBSCRIPTION_FREE', status: 'SUBSCRIPTION_STATUS_INITIAL', user_id: other.userId,
      payment_details: { plan_id: 'unlimited', privacy_policy_confirm: true },
    })).status).to.equal(201);
    const admin = await server.admin();
    for (const name of ['A1', 'A2', 'A3', 'A4', 'A5', 'A6']) expect((await admin.post('/subscriptions/update', { id, name })).status).to.equal(200);
  });
});
