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
