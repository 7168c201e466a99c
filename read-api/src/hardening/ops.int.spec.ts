import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../test/harness.js';

/**
 * Issue 14, item 6: /metrics (command counts by type: business volume) and /ready (store kinds, positions, errors)
 * were public. Metrics need METRICS_TOKEN; readiness tells the public ready or not, and details only with the token.
 */
describe('operations endpoints are not a window into the business', () => {
  let server: TestServer;
  const TOKEN = 'metrics-token-0123456789abcdef';
  before(async () => {
    server = await startTestServer({ env: { METRICS_TOKEN: TOKEN } });
  });
  after(() => server?.close());

  it('refuses /metrics without the token (401) or with a wrong one (401), and answers it with the token', async () => {
    expect((await fetch(`${server.baseUrl}/metrics`)).status).to.equal(401);
    expect((await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status).to.equal(401);
    const res = await fetch(`${server.baseUrl}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).to.equal(200);
    expect(await res.text()).to.match(/relaycast_commands_total/);
  });

  it('/ready says only ready or not to the public; the details need the token', async () => {
    const body = await (await fetch(`${server.baseUrl}/ready`)).json();
    expect(body).to.deep.equal({ status: 'ready' });
    const detailed = (await (await fetch(`${server.baseUrl}/ready`, { headers: { authorization: `Bearer ${TOKEN}` } })).json()) as { status: string; checks: { eventStore: { ok: boolean } } };
    expect(detailed.status).to.equal('ready');
    expect(detailed.checks.eventStore.ok).to.equal(true);
  });

  it('without METRICS_TOKEN there are no metrics at all (404), never public ones', async () => {
    const plain = await startTestServer({ env: { METRICS_TOKEN: '' } });
    try {
      expect((await fetch(`${plain.baseUrl}/metrics`)).status).to.equal(404);
    } finally {
      await plain.close();
    }
  });
});
