import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../test/harness.js';

/**
 * Issue 16: checkouts abandoned in Creating pile up in the customer's list. After a day they leave the list; their
 * events stay (the subscription still opens, administrators still list it), and a paid or live one never leaves.
 */
describe('abandoned checkouts leave the customer’s list after a day', function () {
  this.timeout(60_000);
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { BILLING_CLOCK: 'test' } });
  });
  after(() => server?.close());

  it('a checkout left in Creating is listed for a day, then only by id and to administrators', async () => {
    const customer = await server.customer('Abandoner');
    const admin = await server.admin();
    const abandoned = await customer.post('/subscriptions/create', {
      subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', user_id: customer.userId,
      modules: [{ name: 'streams', limit: 1 }], payment_details: { plan_id: 'constructor', privacy_policy_confirm: true },
    });
    const free = await customer.post('/subscriptions/create', {
      subscription_type: 'SUBSCRIPTION_FREE', status: 'SUBSCRIPTION_STATUS_INITIAL', user_id: customer.userId,
      payment_details: { plan_id: 'unlimited', privacy_policy_confirm: true },
    });
    const ids = async () => (await customer.post('/subscriptions/findAllByToken', {})).body.data.map((s: { _id: string }) => s._id).sort();
    expect(await ids()).to.deep.equal([abandoned.body.data._id, free.body.data._id].sort());
    expect((await admin.post('/admin/clock/advance', { seconds: 23 * 3600 })).status).to.equal(200);
    expect(await ids(), 'still listed within the day').to.have.length(2);
    expect((await admin.post('/admin/clock/advance', { seconds: 2 * 3600 })).status).to.equal(200);
    expect(await ids(), 'the live free plan stays; the abandoned checkout leaves').to.deep.equal([free.body.data._id]);
    expect((await customer.post('/subscriptions/findOne', { id: abandoned.body.data._id })).status, 'its events stay').to.equal(200);
    const all = await admin.post('/subscriptions/findAll', { pageSize: 100 });
    expect(all.body.data.map((s: { _id: string }) => s._id)).to.include(abandoned.body.data._id);
  });
});
