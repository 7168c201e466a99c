import { expect } from 'chai';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, freePort, startTestServer, type ApiClient, type TestServer } from '../test/harness.js';
import { buyConstructor, captureBody, historyOf, type Customer } from '../test/paypal-standin/flow.js';
import { loadConfig, ConfigError } from './config.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const START = '2026-01-31T10:00:00.000Z';
const ten = (day: string) => `${day}T10:00:00.000Z`;
const noon = (day: string) => `${day}T12:00:00.000Z`;

/** The approval page's forms, as a browser sees them: action, and the hidden fields each button submits. */
function formsOf(html: string): Record<string, { action: string; fields: Record<string, string> }> {
  const forms: Record<string, { action: string; fields: Record<string, string> }> = {};
  for (const [, action, inner] of html.matchAll(/<form method="post" action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/g)) {
    const fields: Record<string, string> = {};
    for (const [, name, value] of inner!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[name!] = value!;
    const button = /<button type="submit"[^>]*>([^<]+)<\/button>/.exec(inner!)?.[1] ?? '';
    forms[button] = { action: action!.replace(/&amp;/g, '&'), fields };
  }
  return forms;
}

/**
 * Demo payments (PAYMENTS=demo): the real server, its real PayPal adapter (@paypal/paypal-server-sdk) and the PayPal
 * sandbox it serves itself. A customer buys through the sandbox's approval page as a browser would, the test clock
 * renews with the saved wallet, the administrator makes the wallet decline and dunning starts; declining on the
 * page charges nothing; every event is marked demo, and finance keeps it out of the real money.
 */
describe('demo payments: the built-in PayPal sandbox (PAYMENTS=demo)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let admin: ApiClient;
  const view = async (id: string) => (await admin.post('/subscriptions/findOne', { id })).body.data;
  const advanceTo = async (to: string) => {
    const res = await admin.post('/admin/clock/advance', { to });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
  };

  before(async () => {
    const port = await freePort();
    server = await startTestServer({ env: { PAYMENTS: 'demo', PORT: String(port), BILLING_CLOCK: 'test', BILLING_CLOCK_START: START } });
    admin = await server.admin();
  });
  after(async () => server?.close());

  /** createOrder → the approval page (fetched, its form submitted like a browser's) → where the answer leads. */
  async function orderAndAnswer(customer: Customer, subscriptionId: string, answer: 'Approve' | 'Decline', options: { saveWallet?: boolean; lang?: string } = {}) {
    const ordered = await customer.post('/subscriptions/createOrder', { id: subscriptionId, ...(options.saveWallet ? { saveWallet: true } : {}) });
    expect(ordered.status, JSON.stringify(ordered.body)).to.equal(200);
    const order = ordered.body.data as { paypalOrderID: string; paypalSubscriptionID: string; approveUrl: string };
    expect(order.approveUrl).to.equal(`${server.baseUrl}/demo-paypal/checkoutnow?token=${order.paypalOrderID}`);
    const page = await fetch(order.approveUrl, { headers: { 'accept-language': options.lang ?? 'en-GB,en;q=0.9' } });
    expect(page.status).to.equal(200);
    expect(page.headers.get('content-type')).to.match(/^text\/html/);
    const html = await page.text();
    const form = formsOf(html)[answer];
    expect(form, `the page has a ${answer} button`).to.not.equal(undefined);
    const submitted = await fetch(new URL(form!.action, order.approveUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.baseUrl },
      body: new URLSearchParams(form!.fields).toString(),
      redirect: 'manual',
    });
    expect(submitted.status).to.equal(303);
    return { order, html, back: new URL(submitted.headers.get('location')!) };
  }

  it('says what it is everywhere: /payments/config mode demo, the page in English or Russian, the SDK for its client id only', async () => {
    const config = (await server.client().post('/payments/config')).body.data;
    expect(config).to.deep.equal({ configured: true, clientId: 'relaycast-demo-payments', sdkUrl: `${server.baseUrl}/demo-paypal/sdk/js`, currency: 'USD', environment: 'sandbox', mode: 'demo' });
    const sdk = await fetch(`${config.sdkUrl}?client-id=${config.clientId}&currency=USD&intent=capture&components=buttons`);
    expect(sdk.status).to.equal(200);
    expect(sdk.headers.get('content-type')).to.match(/javascript/);
    expect(await sdk.text()).to.include('Buttons').and.include('/checkoutnow?token=');
    expect((await fetch(`${config.sdkUrl}?client-id=someone-else`)).status).to.equal(400);

    const customer = await server.customer('ru-reader');
    const sub = await buyConstructor(customer, 1);
    const ordered = await customer.post('/subscriptions/createOrder', { id: sub._id });
    const en = await (await fetch(ordered.body.data.approveUrl)).text();
    expect(en).to.include('<html lang="en">').and.include('Demo payments: no money moves').and.include('>Approve<').and.include('>Decline<').and.include('$5.00');
    const ru = await (await fetch(ordered.body.data.approveUrl, { headers: { 'accept-language': 'ru-RU,ru;q=0.9,en;q=0.5' } })).text();
    expect(ru).to.include('<html lang="ru">').and.include('Демо-платежи: деньги не списываются').and.include('>Подтвердить<').and.include('>Отклонить<');
    const byQuery = await (await fetch(`${ordered.body.data.approveUrl}&lang=ru`, { headers: { 'accept-language': 'en' } })).text();
    expect(byQuery).to.include('<html lang="ru">');
    const unknown = await fetch(`${server.baseUrl}/demo-paypal/checkoutnow?token=NOSUCHORDER`);
    expect(unknown.status).to.equal(404);
    expect(await unknown.text()).to.include('Demo payments: no money moves');
    // The sandbox's API is PayPal's: nothing without a token from its OAuth endpoint, which knows only the server.
    const anonymous = await fetch(`${server.baseUrl}/demo-paypal/v2/checkout/orders/${ordered.body.data.paypalOrderID}`);
    expect(anonymous.status).to.equal(401);
    const forged = await fetch(`${server.baseUrl}/demo-paypal/v1/oauth2/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from('relaycast-demo-payments:guess').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(forged.status).to.equal(401);
  });

  it('buys, saves the wallet, renews with it, declines it at the administrator’s word (dunning), refunds — all marked demo', async () => {
    const customer = await server.customer('demo-buyer');
    const sub = await buyConstructor(customer, 2);
    const { order, html, back } = await orderAndAnswer(customer, sub._id, 'Approve', { saveWallet: true });
    expect(html).to.include('saves this demo PayPal account');
    // Back to our site, as PayPal sends the buyer: return_url with the order's token and the payer id.
    expect(back.origin).to.equal(server.baseUrl);
    expect(back.pathname).to.equal('/user/buy-new-licence');
    expect(back.searchParams.get('subscription')).to.equal(sub._id);
    expect(back.searchParams.get('token')).to.equal(order.paypalOrderID);
    expect(back.searchParams.get('PayerID')).to.match(/^[A-Z0-9]{13}$/);

    const captured = await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, order));
    expect(captured.status, JSON.stringify(captured.body)).to.equal(200);
    expect(captured.body.data.status).to.equal('SUBSCRIPTION_STATUS_ACTIVE');
    const live = await view(sub._id);
    expect(live).to.deep.include({ status: 'SUBSCRIPTION_STATUS_ACTIVE', periodStart: START, periodEnd: ten('2026-02-28') });
    expect(live.licence).to.deep.include({ serial: 1, validUntil: ten('2026-02-28'), revoked: false });
    expect(live.licence_key).to.be.a('string');
    expect(live.paymentMethod).to.deep.include({ vaulted: true });

    // A month later the scheduler renews with the saved wallet: a merchant-initiated order at the sandbox.
    await advanceTo(noon('2026-02-28'));
    expect(await view(sub._id)).to.deep.include({ status: 'SUBSCRIPTION_STATUS_ACTIVE', periodStart: ten('2026-02-28'), periodEnd: ten('2026-03-31') });

    // The administrator makes the wallet's next charge decline (customers may not); the next renewal fails → dunning.
    expect((await customer.post('/admin/demo/declineWallet', { id: sub._id, charges: 1 })).status).to.equal(403);
    const declined = await admin.post('/admin/demo/declineWallet', { id: sub._id, charges: 1 });
    expect(declined.status, JSON.stringify(declined.body)).to.equal(200);
    expect(declined.body.data).to.deep.include({ id: sub._id, declineNext: 1 });
    expect(declined.body.data.vaultId).to.be.a('string');
    await advanceTo(noon('2026-03-31'));
    const waiting = await view(sub._id);
    expect(waiting.status).to.equal('SUBSCRIPTION_STATUS_WAIT_PAYMENT');
    expect(waiting.dunning).to.deep.include({ dueAt: ten('2026-03-31'), attempts: 1, nextRetryAt: ten('2026-04-01') });
    expect(server.rt.demoPayPal!.walletDeclines(declined.body.data.vaultId)).to.equal(0);
    // The first retry is charged again (one decline was asked for): Live.
    await advanceTo(noon('2026-04-01'));
    expect(await view(sub._id)).to.deep.include({ status: 'SUBSCRIPTION_STATUS_ACTIVE', periodStart: ten('2026-03-31'), periodEnd: ten('2026-04-30') });

    // A refund through the sandbox (the administrator's, of the first payment).
    const history = await historyOf(admin, sub._id);
    const firstCapture = history.find((h) => h.type === 'OrderCaptured')!.data.captureId as string;
    const refund = await admin.post('/subscriptions/refund', { id: sub._id, captureId: firstCapture, amount: 100 });
    expect(refund.status, JSON.stringify(refund.body)).to.equal(200);

    // Every event of the subscription carries the mark, in the store and in the history the web shows.
    const events = await server.rt.events.readStream(`subscription-${sub._id}`);
    const types = events.map((e) => e.type);
    expect(types).to.include.members(['PaymentOrdered', 'OrderCaptured', 'PaymentRefunded']);
    expect(types.filter((t) => t === 'OrderCaptured')).to.have.length(3);
    expect(events.every((e) => e.metadata.demo === true), 'every event is marked demo').to.equal(true);
    const items = await historyOf(customer, sub._id);
    expect(items.length).to.be.greaterThan(5);
    expect(items.every((h) => (h as { demo?: boolean }).demo === true)).to.equal(true);

    // The sandbox kept its side on disk: a restart finds the orders and the wallet.
    const state = JSON.parse(readFileSync(join(server.dataDir, 'demo-paypal', 'state.json'), 'utf8'));
    expect(state.orders[order.paypalOrderID]).to.deep.include({ status: 'COMPLETED', vaultId: declined.body.data.vaultId });
    expect(Object.keys(state.wallets)).to.include(declined.body.data.vaultId);
  });

  it('declining on the approval page charges nothing: back to cancel_url, the capture refused, no OrderCaptured', async () => {
    const customer = await server.customer('demo-decliner');
    const sub = await buyConstructor(customer, 1);
    const { order, back } = await orderAndAnswer(customer, sub._id, 'Decline');
    expect(back.pathname).to.equal('/user/buy-new-licence');
    expect(back.searchParams.get('cancelled')).to.equal('1');
    expect(back.searchParams.get('token')).to.equal(order.paypalOrderID);
    const captured = await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, order));
    expect(captured.status, JSON.stringify(captured.body)).to.be.within(400, 499);
    expect(captured.body.error.message).to.match(/approve/i);
    const unpaid = await view(sub._id);
    expect(unpaid.status).to.equal('SUBSCRIPTION_STATUS_WAIT_PAYMENT');
    expect(unpaid.totals).to.deep.include({ captured: 0, payments: 0 });
    const types = (await server.rt.events.readStream(`subscription-${sub._id}`)).map((e) => e.type);
    expect(types).to.not.include('OrderCaptured');
    // Inside the JS SDK's dialog the same answer goes to the done page, which tells the shop's page.
    const again = await fetch(`${server.baseUrl}/demo-paypal/checkoutnow?token=${order.paypalOrderID}&display=embedded&lang=en`);
    const forms = formsOf(await again.text());
    expect(forms.Decline!.action).to.equal('/demo-paypal/checkoutnow');
    const answered = await fetch(server.baseUrl + forms.Decline!.action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(forms.Decline!.fields).toString(), redirect: 'manual' });
    expect(answered.status).to.equal(303);
    const done = await (await fetch(new URL(answered.headers.get('location')!, server.baseUrl))).text();
    expect(done).to.include('data-demo-paypal-answer="cancel"').and.include(`data-id="${order.paypalOrderID}"`).and.include('/demo-paypal/sdk/dialog.js');
  });

  it('saving a wallet without paying: the setup token’s approval page, then walletSave', async () => {
    const customer = await server.customer('demo-saver');
    const sub = await buyConstructor(customer, 1);
    const { order } = await orderAndAnswer(customer, sub._id, 'Approve');
    expect((await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, order))).status).to.equal(200);
    const setup = await customer.post('/subscriptions/walletSetup', { id: sub._id });
    expect(setup.status, JSON.stringify(setup.body)).to.equal(200);
    const page = await (await fetch(setup.body.data.approveUrl)).text();
    expect(page).to.include('Save your PayPal account').and.include('Demo payments: no money moves');
    const approve = formsOf(page).Approve!;
    const answered = await fetch(new URL(approve.action, setup.body.data.approveUrl), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(approve.fields).toString(), redirect: 'manual' });
    const back = new URL(answered.headers.get('location')!);
    expect(back.searchParams.get('wallet')).to.equal('approved');
    const saved = await customer.post('/subscriptions/walletSave', { id: sub._id, setupTokenId: back.searchParams.get('approval_token_id') });
    expect(saved.status, JSON.stringify(saved.body)).to.equal(200);
    expect((await view(sub._id)).paymentMethod).to.deep.include({ vaulted: true });
    // Changing the payment method: an AUTHORIZE order approved on the page, authorized and voided at once (no charge).
    const pm = await customer.post('/subscriptions/createPaymentMethodOrder', { id: sub._id });
    expect(pm.status, JSON.stringify(pm.body)).to.equal(200);
    const pmPage = await (await fetch(pm.body.data.approveUrl)).text();
    const pmApprove = formsOf(pmPage).Approve!;
    const pmAnswered = await fetch(new URL(pmApprove.action, pm.body.data.approveUrl), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(pmApprove.fields).toString(), redirect: 'manual' });
    expect(new URL(pmAnswered.headers.get('location')!).pathname).to.equal('/admin/subscriptions/change-payment-method');
    const changed = await customer.post('/subscriptions/captureChangePaymentMethod', captureBody(customer, await view(sub._id), pm.body.data));
    expect(changed.status, JSON.stringify(changed.body)).to.equal(200);
    expect((await view(sub._id)).totals).to.deep.include({ payments: 1 });
    // Webhooks cannot come from the sandbox (it sends none): anything posted to /paypal/webhooks is refused as unverified.
    const forgedHook = await fetch(`${server.baseUrl}/paypal/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'paypal-auth-algo': 'SHA256withRSA', 'paypal-cert-url': 'https://x', 'paypal-transmission-id': 'x', 'paypal-transmission-sig': 'x', 'paypal-transmission-time': new Date().toISOString() },
      body: JSON.stringify({ id: 'WH-1', event_type: 'PAYMENT.CAPTURE.REFUNDED', resource: {} }),
    });
    expect(forgedHook.status).to.be.within(400, 499);
  });

  it('finance keeps demo money apart: demo rows and totals, nothing in the real totals; CSV likewise', async () => {
    const report = (await admin.post('/finance/replay', {})).body.data;
    expect(report.rows.length).to.be.greaterThan(0);
    expect(report.rows.every((r: { demo: boolean }) => r.demo === true)).to.equal(true);
    expect(report.totals.byCurrency, 'no real money').to.deep.equal([]);
    expect(report.totals.byPlan).to.deep.equal([]);
    const demoUsd = report.totals.demo.byCurrency.find((t: { currency: string }) => t.currency === 'USD');
    expect(demoUsd.captured).to.be.greaterThan(0);
    expect(demoUsd.refunded).to.equal(100);
    const csv = await fetch(`${server.baseUrl}/finance/replay`, {
      method: 'POST',
      headers: { origin: server.baseUrl, 'content-type': 'application/json', cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      body: JSON.stringify({ format: 'csv' }),
    });
    const lines = (await csv.text()).split('\r\n').filter(Boolean).map((l) => l.split(','));
    const header = lines[0]!;
    expect(header[header.length - 1]).to.equal('demo');
    expect(lines.some((l) => l[0] === 'currency-total')).to.equal(false);
    const demoTotal = lines.find((l) => l[0] === 'demo-currency-total')!;
    expect(demoTotal[header.indexOf('captured')]).to.equal((demoUsd.captured / 100).toFixed(2));
    expect(lines.filter((l) => l[0] === 'subscription').every((l) => l[header.indexOf('demo')] === 'true')).to.equal(true);
  });

  it('every page says so: the site keeps the pages’ demo-payments notice only with demo payments, and its settings tell the browser', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'relaycast-demo-web-'));
    const placeholders = { publicUrl: 'https://relaycast.example', contactEmail: 'hello@relaycast.example', marketplaceUrl: 'https://marketplace.example/relaycast', downloadsUrl: 'https://downloads.relaycast.example' };
    writeFileSync(join(dist, 'routes.json'), JSON.stringify({ prerendered: ['/'], spaPrefixes: [], spaShell: 'spa.html', notFound: { en: '404.html', ru: '404.html' }, placeholders }));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="en"><head><title>Relaycast</title></head><body><p class="banner" data-setting="demo-payments">Demo payments: no money moves</p><main>Home</main></body></html>');
    writeFileSync(join(dist, '404.html'), '<!doctype html><html><head></head><body>Not found</body></html>');
    const demo = await startTestServer({ env: { PAYMENTS: 'demo', PORT: String(await freePort()), WEB_DIST: dist } });
    const plain = await startTestServer({ env: { WEB_DIST: dist } });
    try {
      const withDemo = await (await fetch(`${demo.baseUrl}/`)).text();
      expect(withDemo).to.include('data-setting="demo-payments">Demo payments: no money moves</p>').and.include('&quot;payments&quot;:&quot;demo&quot;');
      const without = await (await fetch(`${plain.baseUrl}/`)).text();
      expect(without).to.include('<main>Home</main>').and.include('&quot;payments&quot;:&quot;off&quot;');
      expect(without).to.not.include('Demo payments');
    } finally {
      await demo.close();
      await plain.close();
      rmSync(dist, { recursive: true, force: true });
    }
  });

  it('the admin control is not found without demo payments', async () => {
    const plain = await startTestServer();
    try {
      const res = await (await plain.admin()).post('/admin/demo/declineWallet', { id: 'no-such-subscription', charges: 1 });
      expect(res.status).to.equal(404);
      expect(res.body.error.message).to.include('Demo payments are off');
      expect((await fetch(`${plain.baseUrl}/demo-paypal/checkoutnow?token=X`, { method: 'GET' })).status).to.equal(404);
      expect((await plain.client().post('/payments/config')).body.data.mode).to.equal('off');
    } finally {
      await plain.close();
    }
  });
});

describe('demo payments: where the server refuses them', () => {
  const base = { DATA_DIR: '/tmp/unused', PORT: '3999' };
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig({ ...base, ...env });
    } catch (error) {
      expect(error).to.be.instanceOf(ConfigError);
      return (error as Error).message;
    }
    throw new Error('no ConfigError');
  };

  it('PAYMENTS defaults to paypal with credentials, else off; demo needs none of PayPal’s settings', () => {
    expect(loadConfig(base).payments).to.equal('off');
    expect(loadConfig({ ...base, PAYPAL_CLIENT_ID: 'a', PAYPAL_CLIENT_SECRET: 'b' }).payments).to.equal('paypal');
    const off = loadConfig({ ...base, PAYMENTS: 'off', PAYPAL_CLIENT_ID: 'a', PAYPAL_CLIENT_SECRET: 'b' });
    expect(off.paypal.clientId).to.equal(null);
    const demo = loadConfig({ ...base, PAYMENTS: 'demo' });
    expect(demo.paypal).to.deep.include({ clientId: 'relaycast-demo-payments', baseUrl: 'http://127.0.0.1:3999/demo-paypal', sdkUrl: 'http://127.0.0.1:3999/demo-paypal/sdk/js', environment: 'sandbox' });
    expect(refusal({ PAYMENTS: 'paypal' })).to.include('PAYMENTS=paypal needs PAYPAL_CLIENT_ID');
    expect(refusal({ PAYMENTS: 'maybe' })).to.include('PAYMENTS must be one of paypal, demo, off');
  });

  it('refuses demo with an https PUBLIC_URL, NODE_ENV=production, PayPal settings beside it, or no known address', () => {
    expect(refusal({ PAYMENTS: 'demo', PUBLIC_URL: 'https://relaycast.example' })).to.include('PAYMENTS=demo is refused with an https PUBLIC_URL');
    expect(refusal({ PAYMENTS: 'demo', NODE_ENV: 'production' })).to.include('PAYMENTS=demo is refused with NODE_ENV=production');
    expect(refusal({ PAYMENTS: 'demo', PAYPAL_CLIENT_ID: 'a', PAYPAL_CLIENT_SECRET: 'b' })).to.include('PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET are set too');
    expect(refusal({ PAYMENTS: 'demo', PAYPAL_SDK_URL: 'http://x.example/sdk' })).to.include('PAYPAL_SDK_URL is set too');
    expect(refusal({ PAYMENTS: 'demo', PORT: '0' })).to.include('set PORT (not 0) or PUBLIC_URL');
  });
});

/**
 * The built server (deploy/bundle.mjs → read-api/dist/server.js), spawned as `make start` runs it: PAYMENTS=demo with
 * an https PUBLIC_URL, or with NODE_ENV=production, exits 2 naming the reason before serving anything; with a plain
 * http address it starts and serves the sandbox.
 */
describe('demo payments: the built server refuses them where money could be expected', function () {
  this.timeout(120_000);
  let dataDir: string;
  let child: ChildProcess | null = null;

  before(() => {
    const built = spawnSync(process.execPath, ['deploy/bundle.mjs'], { cwd: ROOT, encoding: 'utf8' });
    expect(built.status, built.stderr).to.equal(0);
    dataDir = mkdtempSync(join(tmpdir(), 'relaycast-demo-'));
  });
  after(() => {
    child?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  const env = (extra: Record<string, string>) => ({ PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST: join(dataDir, 'no-web'), PAYMENTS: 'demo', ...extra });
  const server = (extra: Record<string, string>) => spawnSync(process.execPath, ['read-api/dist/server.js'], { cwd: ROOT, env: env(extra), encoding: 'utf8', timeout: 60_000 });

  it('PAYMENTS=demo with PUBLIC_URL=https://relaycast.example: exit 2, naming the reason', () => {
    const refused = server({ PORT: '3999', PUBLIC_URL: 'https://relaycast.example' });
    expect(refused.status, refused.stdout + refused.stderr).to.equal(2);
    expect(refused.stderr).to.include('Configuration error: PAYMENTS=demo is refused with an https PUBLIC_URL (https://relaycast.example)');
    expect(refused.stdout).to.not.include('Relaycast is running');
    expect(existsSync(join(dataDir, 'events.db')), 'nothing was opened').to.equal(false);
  });

  it('PAYMENTS=demo with NODE_ENV=production: exit 2, naming the reason', () => {
    const refused = server({ PORT: '3999', NODE_ENV: 'production' });
    expect(refused.status, refused.stdout + refused.stderr).to.equal(2);
    expect(refused.stderr).to.include('Configuration error: PAYMENTS=demo is refused with NODE_ENV=production');
  });

  let output = '';
  /** Starts the built server on this DATA_DIR and port; resolves once it says it is running (its output: `output`). */
  async function startBuilt(port: number): Promise<ChildProcess> {
    const started = spawn(process.execPath, ['read-api/dist/server.js'], { cwd: ROOT, env: env({ PORT: String(port), ADMIN_PASSWORD: 'demo-admin-password' }), stdio: ['ignore', 'pipe', 'pipe'] });
    output = '';
    started.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    started.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 60_000;
    // With demo payments the server says so right after it says it runs.
    while (!output.includes('Relaycast is running at') || !output.includes('Demo payments: no money moves')) {
      if (Date.now() > deadline || started.exitCode !== null) throw new Error(`the read-api did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return started;
  }
  async function stop(process: ChildProcess): Promise<void> {
    const exited = new Promise((resolve) => process.once('exit', resolve));
    process.kill('SIGTERM');
    await exited;
  }

  it('PAYMENTS=demo on http://127.0.0.1: starts and serves the sandbox, which keeps an approved order across a restart', async () => {
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    child = await startBuilt(port);
    expect(output).to.include(`Demo payments: no money moves (PAYMENTS=demo: PayPal is the built-in sandbox at ${baseUrl}/demo-paypal)`);
    const config = (await (await fetch(`${baseUrl}/payments/config`, { method: 'POST' })).json()) as { data: { mode: string; configured: boolean; clientId: string; sdkUrl: string } };
    expect(config.data).to.include({ mode: 'demo', configured: true, sdkUrl: `${baseUrl}/demo-paypal/sdk/js` });
    expect((await fetch(`${config.data.sdkUrl}?client-id=${config.data.clientId}`)).status).to.equal(200);

    // A customer approves an order on the sandbox's page; the server stops before the capture.
    const client = createClient(baseUrl);
    const registered = await client.post('/auth/local/register', { email: `restart-${Date.now()}@example.com`, password: 'customer-password', givenName: 'Re', familyName: 'Start', privacy_policy_confirm: true });
    expect(registered.status, JSON.stringify(registered.body)).to.equal(201);
    const customer = Object.assign(client, { userId: registered.body.data._id as string, email: '' });
    const sub = await buyConstructor(customer, 1);
    const ordered = await customer.post('/subscriptions/createOrder', { id: sub._id });
    expect(ordered.status, JSON.stringify(ordered.body)).to.equal(200);
    const approve = formsOf(await (await fetch(ordered.body.data.approveUrl)).text()).Approve!;
    const answered = await fetch(new URL(approve.action, baseUrl), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(approve.fields).toString(), redirect: 'manual' });
    expect(answered.status).to.equal(303);
    await stop(child);

    // Started again: the sandbox still has the approved order, and the capture goes through.
    child = await startBuilt(port);
    const signedIn = createClient(baseUrl);
    expect((await signedIn.post('/auth/local/signin', { email: registered.body.data.email, password: 'customer-password' })).status).to.equal(200);
    const captured = await signedIn.post('/subscriptions/captureOrder', captureBody(customer, sub, ordered.body.data));
    expect(captured.status, JSON.stringify(captured.body)).to.equal(200);
    expect(captured.body.data.status).to.equal('SUBSCRIPTION_STATUS_ACTIVE');
    await stop(child);
    child = null;
  });
});
