import { expect } from 'chai';
import { spawn, spawnSync } from 'node:child_process';
import { createPublicKey, verify } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';
import { demoSigningKeyOf, loadSigningKey } from '@relaycast/billing-core';
import { freePort, startTestServer, type ApiClient, type TestServer } from '../test/harness.js';
import { paypalEnv, startPayPalStandIn, type PayPalStandIn } from '../test/paypal-standin/server.js';
import { buyConstructor, captureBody, type Customer } from '../test/paypal-standin/flow.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const LICENCE_KEY = '4ccd089b28ff96da9db6c346ec114e0f5b8a319f35aba624da8cf6ed4fb8a6fb';

/** The demo sandbox's approval page, answered as a browser would (its Approve form submitted). */
async function approveAtSandbox(approveUrl: string, origin: string): Promise<void> {
  const html = await (await fetch(approveUrl)).text();
  for (const [, action, inner] of html.matchAll(/<form method="post" action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/g)) {
    if (!/>Approve</.test(inner!)) continue;
    const fields = Object.fromEntries([...inner!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(([, k, v]) => [k!, v!]));
    const answered = await fetch(new URL(action!.replace(/&amp;/g, '&'), approveUrl), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin }, body: new URLSearchParams(fields).toString(), redirect: 'manual' });
    expect(answered.status).to.equal(303);
    return;
  }
  throw new Error('no Approve button on the sandbox page');
}

/** The document a licence file signs (read, not verified). */
const documentOf = (file: string) => {
  const { enc } = JSON.parse(Buffer.from(file.trim().split('\n').slice(1, -1).join(''), 'base64').toString('utf8')) as { enc: string };
  return JSON.parse(Buffer.from(enc, 'base64url').toString('utf8')) as Record<string, unknown>;
};

/**
 * Issue 31, item 3: with PAYMENTS=demo a customer bought a licence through the demo sandbox; restarted on the same
 * DATA_DIR with real PayPal settings, the subscription was Live, its licence verified online and offline, and the
 * signed document carried no demo mark. Now: the demo licence says so in the signed document and is signed with a
 * key of its own (engines trusting the licence key refuse it; the offline verifier and /licence/verify say DEMO);
 * the server with real payments refuses to start naming the demo purchases, until the documented command ends them.
 */
describe('demo money never becomes real money (PAYMENTS=demo, then real payments on the same DATA_DIR)', function () {
  this.timeout(180_000);
  let dir: string;
  let paypal: PayPalStandIn;
  let subscriptionId: string;
  let licenceFile: string;
  let publicKeyPem: string;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'relaycast-demo-money-'));
    paypal = await startPayPalStandIn();
  });
  after(async () => {
    await paypal?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('with demo payments: the licence file says demo in its signed document and is signed with the demo key; engines, the offline verifier and /licence/verify refuse it as DEMO', async () => {
    const demo = await startTestServer({ dataDir: dir, env: { PAYMENTS: 'demo', PORT: String(await freePort()), LICENCE_SIGNING_KEY: LICENCE_KEY, NOTIFIER: 'in-process' } });
    try {
      const customer: Customer = await demo.customer('demo-annual');
      const sub = await buyConstructor(customer, 1000);
      subscriptionId = sub._id;
      const ordered = await customer.post('/subscriptions/createOrder', { id: sub._id });
      expect(ordered.status, JSON.stringify(ordered.body)).to.equal(200);
      await approveAtSandbox(ordered.body.data.approveUrl, demo.baseUrl);
      const captured = await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, ordered.body.data));
      expect(captured.body.data?.status, JSON.stringify(captured.body)).to.equal('SUBSCRIPTION_STATUS_ACTIVE');

      const download = await customer.get(`/subscriptions/licence?id=${sub._id}`);
      expect(download.status).to.equal(200);
      licenceFile = download.body;
      expect(documentOf(licenceFile)).to.deep.include({ demo: true, subscriptionId: sub._id, quantity: 1000 });
      const { kid } = JSON.parse(Buffer.from(licenceFile.trim().split('\n').slice(1, -1).join(''), 'base64').toString('utf8')) as { kid: string };
      const licenceKey = loadSigningKey(LICENCE_KEY);
      expect(kid, 'signed with the demo key').to.equal(demoSigningKeyOf(licenceKey).keyId).and.not.equal(licenceKey.keyId);

      // An engine that trusts the licence key (GET /licence/public-key), checking as docs/licences.md shows: refused.
      publicKeyPem = (await customer.get('/licence/public-key')).body;
      const { enc, sig } = JSON.parse(Buffer.from(licenceFile.trim().split('\n').slice(1, -1).join(''), 'base64').toString('utf8')) as { enc: string; sig: string };
      expect(verify(null, Buffer.from('licence/' + enc, 'ascii'), createPublicKey(publicKeyPem), Buffer.from(sig, 'base64url'))).to.equal(false);
      // The offline verifier: DEMO.
      writeFileSync(join(dir, 'demo.lic'), licenceFile);
      writeFileSync(join(dir, 'public.pem'), publicKeyPem);
      const offline = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'billing-core/src/licence/cli.ts'), 'verify', join(dir, 'demo.lic'), '--public-key', join(dir, 'public.pem')], { encoding: 'utf8' });
      expect(offline.status).to.equal(1);
      expect(offline.stdout).to.include('(DEMO)');
      // Online: DEMO, never valid; and no engine gets a current file for it.
      const online = await demo.client().post('/licence/verify', { licence: licenceFile });
      expect(online.body.data).to.deep.include({ valid: false, reason: 'DEMO' });
      expect(online.body.data.licence.demo).to.equal(true);
      const current = await demo.client().post('/licence/current', { licence: licenceFile });
      expect(current.status).to.equal(409);
      expect(current.body.error.message).to.include('demo');

      // The e-mailed licence (the outbox: no SMTP here) is the same demo file.
      expect(await demo.rt.notifier.waitFor(await demo.rt.events.headPosition(), 20_000)).to.equal(true);
      const emails = readdirSync(join(dir, 'outbox', customer.userId)).map((f) => readFileSync(join(dir, 'outbox', customer.userId, f)));
      const attached = (await Promise.all(emails.map((raw) => simpleParser(raw)))).flatMap((m) => m.attachments).filter((a) => a.filename?.endsWith('.lic'));
      expect(attached.length).to.be.greaterThan(0);
      for (const a of attached) expect(documentOf(a.content.toString('utf8')).demo, a.filename).to.equal(true);
    } finally {
      await demo.close();
    }
  });

  it('real payments on that DATA_DIR: the server refuses to start, naming the demo purchase; the documented command ends it (recorded as events); then it starts, the subscription cancelled and its licence revoked', async () => {
    const env = { ...(process.env as Record<string, string>), DATA_DIR: dir, LOG_LEVEL: 'warn', LICENCE_SIGNING_KEY: LICENCE_KEY, PORT: '0', ...paypalEnv(paypal), PAYMENTS: 'paypal' };
    const refused = await new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'read-api/src/server.ts')], { env, cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
      child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
      const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
      child.on('exit', (code) => {
        clearTimeout(timer);
        resolve({ code, output });
      });
    });
    expect(refused.code, refused.output).to.equal(2);
    expect(refused.output).to.include('Configuration error').and.include(subscriptionId).and.include('paid with demo payments').and.include('npm run -w read-api demo -- end');

    const demoCli = (command: string) => spawnSync('npm', ['run', '--silent', '-w', 'read-api', 'demo', '--', command], { env, cwd: ROOT, encoding: 'utf8' });
    const listed = demoCli('list');
    expect(listed.status, listed.stderr).to.equal(0);
    expect(listed.stdout).to.include(subscriptionId).and.include('1 demo purchase(s) standing');
    const ended = demoCli('end');
    expect(ended.status, ended.stderr).to.equal(0);
    expect(ended.stdout).to.include(`ended ${subscriptionId}`).and.include('1 demo purchase(s) ended');
    expect(demoCli('end').stdout, 'a second run finds nothing').to.include('0 demo purchase(s) ended');

    let server: TestServer | null = null;
    try {
      server = await startTestServer({ dataDir: dir, env: { ...paypalEnv(paypal), PAYMENTS: 'paypal', LICENCE_SIGNING_KEY: LICENCE_KEY } });
      const events = await server.rt.events.readStream(`subscription-${subscriptionId}`);
      const ending = events.filter((e) => e.metadata.actorId === 'demo-payments-ended');
      expect(ending.map((e) => e.type)).to.include.members(['SubscriptionCancelled', 'LicenceRevoked']);
      expect(ending.find((e) => e.type === 'SubscriptionCancelled')!.data).to.deep.include({ reason: 'demo payments ended: no money moved, nothing is licensed' });
      const admin: ApiClient = await server.admin();
      const view = (await admin.post('/subscriptions/findOne', { id: subscriptionId })).body.data;
      expect(view.status).to.equal('SUBSCRIPTION_STATUS_CANCEL');
      expect(view.licence.revoked).to.equal(true);
      expect((await server.client().post('/licence/verify', { licence: licenceFile })).body.data).to.deep.include({ valid: false, reason: 'DEMO' });
    } finally {
      await server?.close();
    }
  });
});
