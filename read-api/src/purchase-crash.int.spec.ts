import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSqliteEventStore } from '@relaycast/billing-core';
import { createClient, freePort, type ApiClient } from '../test/harness.js';
import { paypalEnv, startPayPalStandIn, type PayPalStandIn } from '../test/paypal-standin/server.js';
import { approveInBrowser } from '../test/paypal-standin/flow.js';

const SERVER = fileURLToPath(new URL('./server.ts', import.meta.url));

/**
 * The read-api process is SIGKILLed in the middle of a purchase — while PayPal captures, or just after — and
 * started again on the same DATA_DIR. The customer retries: PayPal charges each order once (PayPal-Request-Id),
 * and the event store records each capture exactly once.
 */
describe('the server killed during a purchase (child process, PayPal stand-in)', function () {
  this.timeout(180_000);
  let paypal: PayPalStandIn;
  let dataDir: string;
  let port: number;
  let child: ChildProcess | null = null;

  const base = () => `http://127.0.0.1:${port}`;
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const proc = spawn(process.execPath, ['--import', 'tsx', SERVER], {
        env: {
          ...process.env,
          ...paypalEnv(paypal, { PAYPAL_TIMEOUT_MS: '10000' }),
          DATA_DIR: dataDir,
          PORT: String(port),
          PUBLIC_URL: base(),
          LOG_LEVEL: 'warn',
          ADMIN_EMAIL: 'crash-admin@example.com',
          ADMIN_PASSWORD: 'crash-admin-password',
          SIGNIN_RATE_LIMIT: '10000',
          WEB_DIST: join(dataDir, 'no-web'),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      let out = '';
      proc.stdout!.on('data', (c: Buffer) => {
        out += c.toString();
        if (out.includes('is running at')) resolve();
      });
      proc.stderr!.on('data', (c: Buffer) => (out += c.toString()));
      proc.on('exit', (code, signal) => {
        if (!out.includes('is running at')) reject(new Error(`server exited (${code ?? signal}): ${out}`));
      });
    });
  const kill = () =>
    new Promise<void>((resolve) => {
      const proc = child;
      child = null;
      if (!proc || proc.exitCode !== null) return resolve();
      proc.once('exit', () => resolve());
      proc.kill('SIGKILL');
    });

  before(async () => {
    paypal = await startPayPalStandIn();
    dataDir = mkdtempSync(join(tmpdir(), 'relaycast-purchase-crash-'));
    port = await freePort();
    await start();
  });
  after(async () => {
    await kill();
    await paypal.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** What the event store holds, read straight from the SQLite file (the server may be dead). */
  async function recordedCaptures(): Promise<Map<string, number>> {
    const store = createSqliteEventStore(join(dataDir, 'events.db'), { readonly: true });
    const counts = new Map<string, number>();
    for (const e of await store.readAll()) {
      if (e.type === 'OrderCaptured') {
        const order = (e.data as { paypalOrderID: string }).paypalOrderID;
        counts.set(order, (counts.get(order) ?? 0) + 1);
      }
    }
    await store.close();
    return counts;
  }

  async function capture(customer: ApiClient, body: unknown): Promise<number> {
    try {
      return (await customer.post('/subscriptions/captureOrder', body)).status;
    } catch {
      return 0; // the connection died with the server
    }
  }

  async function purchase(customer: ApiClient & { userId: string }) {
    const created = await customer.post('/subscriptions/create', {
      subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', user_id: customer.userId,
      modules: [{ name: 'streams', limit: 2 }], payment_details: { plan_id: 'constructor', privacy_policy_confirm: true },
    });
    const sub = created.body.data;
    const ordered = await customer.post('/subscriptions/createOrder', { id: sub._id });
    await approveInBrowser(ordered.body.data.approveUrl);
    const order = ordered.body.data;
    return { sub, order, body: { id: sub._id, user_id: customer.userId, paypalOrderID: order.paypalOrderID, paypalSubscriptionID: order.paypalSubscriptionID, quantity: sub.quantity } };
  }

  async function register(name: string): Promise<ApiClient & { userId: string }> {
    const customer = createClient(base());
    const res = await customer.post('/auth/local/register', { email: `${name}@example.com`, password: 'customer-password', givenName: name, familyName: 'Crash', privacy_policy_confirm: true });
    return Object.assign(customer, { userId: res.body.data._id as string });
  }

  /** Retries as a customer would until the capture is answered, restarting the server when it is down. */
  async function retryUntilCaptured(customer: ApiClient, body: unknown): Promise<void> {
    for (let attempt = 0; attempt < 10; attempt++) {
      if (!child) await start();
      const status = await capture(customer, body);
      if (status === 200) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('the capture never succeeded');
  }

  it('killed while PayPal is capturing: the money moved once, and the retry records it once', async () => {
    const customer = await register('while-capturing');
    const { sub, order, body } = await purchase(customer);
    // PayPal carries out the capture at once but answers only after 3 s; the server dies meanwhile.
    paypal.delayNext(1, 3000, /\/capture$/);
    const pending = capture(customer, body);
    // Killed once PayPal has carried the capture out (its answer is still 3 s away).
    for (const deadline = Date.now() + 10_000; paypal.captureCount(order.paypalOrderID) === 0 && Date.now() < deadline; ) await new Promise((r) => setTimeout(r, 10));
    await kill();
    await pending;
    expect(paypal.captureCount(order.paypalOrderID), 'PayPal captured').to.equal(1);
    expect((await recordedCaptures()).get(order.paypalOrderID) ?? 0, 'nothing recorded before the crash').to.equal(0);

    await retryUntilCaptured(customer, body);
    await retryUntilCaptured(customer, body);
    expect(paypal.captureCount(order.paypalOrderID), 'charged once').to.equal(1);
    expect((await recordedCaptures()).get(order.paypalOrderID)).to.equal(1);
    const view = await customer.post('/subscriptions/findOne', { id: sub._id });
    expect(view.body.data.status).to.equal('SUBSCRIPTION_STATUS_ACTIVE');
  });

  it('killed at random moments of five purchases: each order charged once and recorded once', async () => {
    const customer = await register('random-kills');
    const orders: string[] = [];
    for (let i = 0; i < 5; i++) {
      if (!child) await start();
      const { order, body } = await purchase(customer);
      orders.push(order.paypalOrderID);
      paypal.delayNext(1, 50 + Math.floor(Math.random() * 200), /\/capture$/);
      const pending = capture(customer, body);
      await new Promise((r) => setTimeout(r, Math.floor(Math.random() * 400)));
      await kill();
      await pending;
      await retryUntilCaptured(customer, body);
    }
    const recorded = await recordedCaptures();
    for (const id of orders) {
      expect(paypal.captureCount(id), `PayPal charges for ${id}`).to.equal(1);
      expect(recorded.get(id), `recorded captures of ${id}`).to.equal(1);
    }
  });
});
