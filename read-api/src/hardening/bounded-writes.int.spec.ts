import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { buyConstructor } from '../../test/paypal-standin/flow.js';

/**
 * Issue 14, item 1: `infrastructure_details` took any properties, so one customer could grow the server by
 * 240 KB of junk per update (100 updates: 130 MB → 1 GB RSS; one history answer 97 MB). Now it has the seed's fields
 * only (name, password, data_center, cpu, ram, disk_size_0, disk_src_0, network_name_0, power, billing), bounded.
 */
describe('bounded writes: infrastructure details', function () {
  this.timeout(120_000);
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.close());

  it('refuses properties the seed does not list, naming them (400)', async () => {
    const customer = await server.customer('Junk');
    const sub = await buyConstructor(customer, 1);
    const res = await customer.post('/subscriptions/update', { id: sub._id, infrastructure_details: { junk: 'x'.repeat(240_000) } });
    expect(res.status).to.equal(400);
    expect(JSON.stringify(res.body.error.details)).to.include('infrastructure_details');
  });

  it('100 maximal updates by one customer: RSS grows under 50 MB, every history answer stays under 1 MB', async () => {
    const customer = await server.customer('Maximal');
    const sub = await buyConstructor(customer, 1);
    const long = (n: number, c: string) => c.repeat(n);
    const rssBefore = process.memoryUsage().rss;
    for (let i = 0; i < 100; i++) {
      const res = await customer.post('/subscriptions/update', {
        id: sub._id,
        name: `${long(90, 'n')}${i}`,
        infrastructure_details: {
          name: `${long(250, 'a')}${i}`, password: long(255, 'p'), data_center: long(64, 'd'), cpu: long(32, 'c'), ram: 10_000_000 - i,
          disk_size_0: 10_000_000 - i, disk_src_0: long(255, 's'), network_name_0: long(255, 'w'), power: i % 2 === 0, billing: long(32, 'b'),
        },
      });
      expect(res.status, JSON.stringify(res.body).slice(0, 300)).to.equal(200);
    }
    const history = await customer.post('/subscriptions/history', { id: sub._id });
    expect(history.status).to.equal(200);
    expect(Buffer.byteLength(JSON.stringify(history.body)), 'history answer bytes').to.be.below(1_000_000);
    const growth = process.memoryUsage().rss - rssBefore;
    expect(growth, `RSS growth ${Math.round(growth / 1e6)} MB`).to.be.below(50_000_000);
  });
});

/**
 * The seed allows extra fields on some forms (admin create-user, subscription create, the CMS's template
 * properties): they are bounded in count and never reach state.
 */
describe('bounded writes: extra fields the seed allows', function () {
  this.timeout(60_000);
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.close());

  it('extra fields of a user form, a template and its options are not stored', async () => {
    const admin = await server.admin();
    const user = await admin.post('/users/create', { givenName: 'Extra', familyName: 'Fields', email: 'extra@example.com', role: 'ROLE_CUSTOMER', isAdmin: true, balance: 10_000 });
    expect(user.status).to.equal(201);
    const stored = await admin.post('/users/findOne', { id: user.body.data._id });
    expect(stored.body.data).to.not.have.any.keys('isAdmin', 'balance');
    const entry = await admin.post('/admin/entry/create', {
      entry_type: 'TEMPLATE',
      junk: 'x'.repeat(1000),
      template: [{ property_i18n: 'name', defaultValue: 'T', dataType: 'STRING', formEntityType: 'SELECT', junk: 'y', property_option_items: [{ label: 'A', value: 'a', junk: 'z' }] }],
    });
    expect(entry.status).to.equal(201);
    const got = await admin.post('/admin/entry/getOne', { _id: entry.body.data._id, entry_type: 'TEMPLATE' });
    expect(JSON.stringify(got.body.data)).to.not.include('junk');
    expect(got.body.data.template).to.deep.equal([{ property_i18n: 'name', defaultValue: 'T', dataType: 'STRING', formEntityType: 'SELECT', property_option_items: [{ label: 'A', value: 'a' }] }]);
  });

  it('refuses more than 64 properties in any object of a body, naming it (400)', async () => {
    const admin = await server.admin();
    const many = Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`extra${i}`, i]));
    const res = await admin.post('/users/create', { givenName: 'Many', familyName: 'Keys', email: 'many@example.com', role: 'ROLE_CUSTOMER', ...many });
    expect(res.status).to.equal(400);
    const owner = await server.customer('ManyKeys');
    const sub = await owner.post('/subscriptions/create', { subscription_type: 'SUBSCRIPTION_FREE', status: 'SUBSCRIPTION_STATUS_INITIAL', user_id: owner.userId, payment_details: { plan_id: 'unlimited', privacy_policy_confirm: true, ...many } });
    expect(sub.status).to.equal(400);
    expect(sub.body.error.message).to.match(/^payment_details /);
  });
});
