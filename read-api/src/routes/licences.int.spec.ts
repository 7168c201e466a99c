import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startTestServer, type ApiClient, type TestServer } from '../../test/harness.js';
import { paypalEnv, startPayPalStandIn, type PayPalStandIn } from '../../test/paypal-standin/server.js';
import { approveInBrowser, buyConstructor, captureBody, type Customer } from '../../test/paypal-standin/flow.js';
import { licenceSigningKey } from '../licence/signing-key.js';

const CLI = fileURLToPath(new URL('../../../billing-core/src/licence/cli.ts', import.meta.url));
const START = '2026-03-31T10:00:00.000Z';
// RFC 8032 TEST 1 seed: the server signs with it, so its key id is known (see billing-core/src/licence/licence.spec.ts).
const SEED = '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60';

describe('licence files: download, verify online and offline, revoked on cancellation', function () {
  this.timeout(120_000);
  let paypal: PayPalStandIn;
  let server: TestServer;
  let admin: ApiClient;
  let dir: string;

  before(async () => {
    paypal = await startPayPalStandIn();
    server = await startTestServer({ env: { ...paypalEnv(paypal), BILLING_CLOCK: 'test', BILLING_CLOCK_START: START, SCHEDULER: 'off', LICENCE_SIGNING_KEY: SEED } });
    admin = await server.admin();
    dir = mkdtempSync(join(tmpdir(), 'relaycast-licences-'));
  });
  after(async () => {
    await server?.close();
    await paypal?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  async function live(customer: Customer) {
    const sub = await buyConstructor(customer, 3);
    const ordered = await customer.post('/subscriptions/createOrder', { id: sub._id });
    await approveInBrowser(ordered.body.data.approveUrl);
    expect((await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, ordered.body.data))).status).to.equal(200);
    return sub._id as string;
  }
  const download = (client: ApiClient, id: string) => client.get(`/subscriptions/licence?id=${encodeURIComponent(id)}`);
  const offline = (file: string, now: string) => {
    writeFileSync(join(dir, 'public.pem'), publicPem);
    writeFileSync(join(dir, 'licence.lic'), file);
    return spawnSync(process.execPath, ['--import', 'tsx', CLI, 'verify', join(dir, 'licence.lic'), '--public-key', join(dir, 'public.pem'), '--now', now], { encoding: 'utf8' });
  };
  let publicPem = '';

  it('publishes the public key with its id', async () => {
    const res = await fetch(`${server.baseUrl}/licence/public-key`);
    expect(res.status).to.equal(200);
    expect(res.headers.get('x-licence-key-id')).to.equal('06e3fd8fda29bb60');
    publicPem = await res.text();
    expect(publicPem).to.match(/^-----BEGIN PUBLIC KEY-----/);
  });

  it('lets the customer download the current licence, which verifies online and offline; strangers cannot', async () => {
    const customer = await server.customer('Licensee');
    const id = await live(customer);
    const res = await download(customer, id);
    expect(res.status, res.body).to.equal(200);
    expect(res.headers.get('content-disposition')).to.match(/^attachment; filename="?relaycast-[A-Z0-9-]+\.lic"?$/);
    expect(res.body).to.match(/^-----BEGIN RELAYCAST LICENCE-----/);

    const online = await server.client().post('/licence/verify', { licence: res.body });
    expect(online.status).to.equal(200);
    expect(online.body.data).to.deep.include({ valid: true });
    expect(online.body.data.licence).to.deep.include({
      subscriptionId: id, customerId: customer.userId, serial: 1, quantity: 3, modules: [{ name: 'streams', limit: 3 }],
      // Paid Mar 31 → Apr 30 (periods end on the anchor's day, clamped to the month): valid to the paid end, no further.
      issuedAt: START, validUntil: '2026-04-30T10:00:00.000Z', plan: { plan_id: 'constructor' },
    });

    const cli = offline(res.body, '2026-04-30T09:59:59Z');
    expect(cli.status, cli.stdout + cli.stderr).to.equal(0);
    expect(cli.stdout).to.include('VALID').and.include('streams 3');
    expect(offline(res.body, '2026-04-30T10:00:00Z').status, 'expired at the end of the paid time').to.equal(1);

    const stranger = await server.customer('Stranger');
    expect((await download(stranger, id)).status).to.equal(403);
    expect((await download(server.client(), id)).status).to.equal(401);
    expect((await download(admin, id)).status).to.equal(200);
  });

  it('refuses a tampered file online, and after cancellation the licence is revoked', async () => {
    const customer = await server.customer('Canceller');
    const id = await live(customer);
    const file = (await download(customer, id)).body;
    const tampered = file.replace(/\n(.)/, (_m, c: string) => `\n${c === 'e' ? 'f' : 'e'}`);
    const forged = await server.client().post('/licence/verify', { licence: tampered });
    expect(forged.body.data.valid).to.equal(false);
    expect(['TAMPERED', 'MALFORMED']).to.include(forged.body.data.reason);

    expect((await customer.post('/subscriptions/cancel', { id })).status).to.equal(200);
    const after = await server.client().post('/licence/verify', { licence: file });
    expect(after.body.data).to.deep.include({ valid: false, reason: 'REVOKED' });
    // Offline the file still verifies until its date (the end of what was paid): an engine without network runs to it.
    expect(offline(file, '2026-04-01T00:00:00Z').status).to.equal(0);
    const gone = await download(customer, id);
    expect(gone.status).to.equal(409);
  });

  it('says a renewed subscription’s earlier licence was superseded', async () => {
    const customer = await server.customer('Renewer');
    const id = await live(customer);
    const first = (await download(customer, id)).body;
    // Paying the next period early issues licence 2.
    const ordered = await customer.post('/subscriptions/createOrder', { id });
    await approveInBrowser(ordered.body.data.approveUrl);
    expect((await customer.post('/subscriptions/captureOrder', captureBody(customer, { _id: id, quantity: 3 }, ordered.body.data))).status).to.equal(200);
    const check = await server.client().post('/licence/verify', { licence: first });
    expect(check.body.data).to.deep.include({ valid: true, superseded: true, currentSerial: 2 });
    const second = await server.client().post('/licence/verify', { licence: (await download(customer, id)).body });
    // The next period (Apr 30 → May 31) is paid at the same configuration: licence 2 runs to its end.
    expect(second.body.data.licence).to.deep.include({ serial: 2, validUntil: '2026-05-31T10:00:00.000Z' });
    // An engine holding the first file fetches the current one online, without the customer's credentials.
    const post = (licence: string) => fetch(`${server.baseUrl}/licence/current`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ licence }) });
    const fetched = await post(first);
    expect(fetched.status).to.equal(200);
    const current = await fetched.text();
    expect(current).to.equal((await download(customer, id)).body);
    expect((await post(first.replace(/\n(.)/, (_m, c: string) => `\n${c === 'e' ? 'f' : 'e'}`))).status, 'a tampered file names nothing').to.equal(409);
    expect((await customer.post('/subscriptions/cancel', { id })).status).to.equal(200);
    const afterCancel = await post(first);
    expect(afterCancel.status).to.equal(409);
    expect(((await afterCancel.json()) as { error: { message: string } }).error.message).to.match(/paused, cancelled or unpaid/);
  });

  it('an earlier file that grants more than the current licence (a refund shortened the paid time) is SUPERSEDED online', async () => {
    const customer = await server.customer('Refunded');
    const id = await live(customer);
    const ordered = await customer.post('/subscriptions/createOrder', { id });
    await approveInBrowser(ordered.body.data.approveUrl);
    expect((await customer.post('/subscriptions/captureOrder', captureBody(customer, { _id: id, quantity: 3 }, ordered.body.data))).status).to.equal(200);
    const twoPeriods = (await download(customer, id)).body;
    expect((await server.client().post('/licence/verify', { licence: twoPeriods })).body.data.licence).to.deep.include({ serial: 2, validUntil: '2026-05-31T10:00:00.000Z' });
    // The administrator refunds the period paid ahead: paid to Apr 30 again, licence 3 says so.
    const captures = (await admin.post('/subscriptions/history', { id })).body.data.filter((h: { type: string }) => h.type === 'OrderCaptured');
    const refunded = await admin.post('/subscriptions/refund', { id, captureId: captures[1].data.captureId });
    expect(refunded.status, JSON.stringify(refunded.body)).to.equal(200);
    const current = (await download(customer, id)).body;
    expect((await server.client().post('/licence/verify', { licence: current })).body.data).to.deep.include({ valid: true });
    expect((await server.client().post('/licence/verify', { licence: current })).body.data.licence).to.deep.include({ serial: 3, validUntil: '2026-04-30T10:00:00.000Z' });
    const replaced = await server.client().post('/licence/verify', { licence: twoPeriods });
    expect(replaced.body.data).to.deep.include({ valid: false, reason: 'SUPERSEDED', currentSerial: 3 });
    // Offline, a file runs to its date: the money went back knowing that (docs/licences.md).
    expect(offline(twoPeriods, '2026-05-15T00:00:00Z').status).to.equal(0);
  });

  it('generates the signing key once into DATA_DIR (mode 0600) when none is configured, and reuses it', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'relaycast-key-'));
    try {
      const first = licenceSigningKey({ dataDir, licenceSigningKey: null });
      const again = licenceSigningKey({ dataDir, licenceSigningKey: null });
      expect(again.keyId).to.equal(first.keyId);
      expect(statSync(join(dataDir, 'licence-signing-key.pem')).mode & 0o777).to.equal(0o600);
      expect(licenceSigningKey({ dataDir, licenceSigningKey: SEED }).keyId).to.equal('06e3fd8fda29bb60');
      expect(() => licenceSigningKey({ dataDir, licenceSigningKey: 'not a key' })).to.throw(/LICENCE_SIGNING_KEY/);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
