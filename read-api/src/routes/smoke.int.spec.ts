import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../test/harness.js';

describe('read-api smoke (real HTTP)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => server.close());

  it('registers a customer, buys a free plan and sees it Live in its own list', async () => {
    const customer = await server.customer('ada');
    const created = await customer.post('/subscriptions/create', {
      subscription_type: 'SUBSCRIPTION_FREE',
      status: 'SUBSCRIPTION_STATUS_INITIAL',
      user_id: customer.userId,
      payment_details: { plan_id: 'unlimited', privacy_policy_confirm: true },
    });
    expect(created.status).to.equal(201);
    expect(created.body.data).to.include({ status: 'SUBSCRIPTION_STATUS_ACTIVE', amount: 0, user_id: customer.userId });
    const mine = await customer.post('/subscriptions/findAllByToken');
    expect(mine.body.data.map((s: { _id: string }) => s._id)).to.deep.equal([created.body.data._id]);
    const admin = await server.admin();
    const all = await admin.post('/subscriptions/findAll', {});
    expect(all.body.meta.total).to.equal(1);
  });
});
