import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRateGate, createScheduler, type RateGate } from '@relaycast/billing-core';
import { loadConfig } from './config.js';
import { createLogger } from './logger.js';
import { createRuntime, type Runtime } from './runtime.js';
import { paypalEnv, startPayPalStandIn, type PayPalStandIn } from '../test/paypal-standin/server.js';
import { seedDueRenewals } from '../test/renewals-seed.js';

const RENEWALS = Number(process.env.SCHEDULER_BURST_RENEWALS ?? 2000);
const PAID_AT = '2026-03-31T10:00:00.000Z';
const DUE_AT = '2026-04-30T10:00:00.000Z';
const CHARGES = /^\/v2\/checkout\/orders$/;
/** PayPal's answer: Retry-After 1 s on each limited request. */
const RETRY_AFTER_S = 1;

/**
 * The first of the month (issue "The first of the month at scale"): 2,000 renewals due at the same instant, two
 * schedulers at once sharing the process's rate gate, and a PayPal (the stand-in, in this process) that first
 * answers 429 with Retry-After for a while, then 500 — some of those after capturing (the work done, the answer
 * lost). Every renewal is charged exactly once (counted at PayPal), none becomes a failed renewal, nothing is sent
 * during a Retry-After, and a retried charge carries the PayPal-Request-Id of its first try.
 */
describe('2,000 renewals due at once, two schedulers, PayPal answering 429 then 5xx', function () {
  this.timeout(300_000);
  let paypal: PayPalStandIn;
  let dataDir: string;
  let rt: Runtime;

  before(async () => {
    paypal = await startPayPalStandIn();
    dataDir = mkdtempSync(join(tmpdir(), 'relaycast-scheduler-burst-'));
    await seedDueRenewals(dataDir, paypal, RENEWALS, PAID_AT, 'sub-burst');
    const config = loadConfig({ ...paypalEnv(paypal, { PAYPAL_TIMEOUT_MS: '10000' }), DATA_DIR: dataDir, BILLING_CLOCK: 'test', BILLING_CLOCK_START: '2026-05-01T00:00:00.000Z', SCHEDULER: 'off', LOG_LEVEL: 'silent' });
    rt = await createRuntime(config, createLogger('silent'));
    await rt.readSide.start();
    await rt.readSide.waitFor(await rt.events.headPosition(), 120_000);
  });
  after(async () => {
    await rt?.close();
    await paypal?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('charges each renewal once, turns no 429 or 5xx into a failed renewal, waits out Retry-After, retries with the same request id', async () => {
    // 300 limited answers (more than both schedulers keep in flight: every request of the first burst is limited),
    // then 40 that fail before PayPal does anything, then 40 after PayPal charged (the answer lost).
    paypal.rateLimitNext(300, RETRY_AFTER_S, CHARGES);
    paypal.failNext(40, CHARGES);
    paypal.failAfterNext(40, CHARGES);
    // The process's gate, watched: when a 429 closed it (and until when), and when each PayPal call went through it.
    const inner = createRateGate();
    const closes: { at: number; until: number }[] = [];
    const passes: number[] = [];
    const gate: RateGate = {
      get openAt() {
        return inner.openAt;
      },
      async ready() {
        await inner.ready();
        passes.push(Date.now());
      },
      closeFor(ms) {
        inner.closeFor(ms);
        closes.push({ at: Date.now(), until: inner.openAt });
      },
    };
    const scheduler = () =>
      createScheduler({ deps: rt.schedulerDeps, clock: rt.clock, due: rt.readSide.queries, gate, concurrency: 64, retryBaseMs: 200, retryCapMs: 2000, maxAttempts: 50, caughtUp: async () => void (await rt.readSide.waitFor(await rt.events.headPosition(), 30_000)) });
    const started = Date.now();
    const [a, b] = await Promise.all([scheduler().runUntilIdle(), scheduler().runUntilIdle()]);
    const seconds = (Date.now() - started) / 1000;

    // Exactly once, counted at PayPal.
    expect(paypal.walletCharges(), `charges at PayPal (runs: ${a} + ${b} items in ${seconds.toFixed(1)} s)`).to.equal(RENEWALS);
    for (let i = 0; i < RENEWALS; i++) expect(paypal.walletCharges(`VT-SEED-${i}`), `wallet ${i}`).to.equal(1);

    // Recorded once each, and no failed renewal.
    const all = await rt.events.readAll();
    const renewals = all.filter((e) => e.type === 'OrderCaptured' && (e.data as { periodStart?: string }).periodStart === DUE_AT);
    expect(new Set(renewals.map((e) => e.streamId)).size, 'renewals recorded').to.equal(RENEWALS);
    expect(renewals, 'one record each').to.have.length(RENEWALS);
    expect(all.filter((e) => e.type === 'RenewalFailed' || e.type === 'SavedWalletChargeDeclined'), 'a 429 or a 5xx is never a failed renewal').to.deep.equal([]);

    // Nothing sent to PayPal from the moment a 429 was known until its Retry-After (requests already sent then are
    // PayPal's to answer; from the stand-in's side, each limited request was followed by at least a second of silence
    // from the schedulers' new requests).
    const charges = paypal.requests.filter((r) => r.method === 'POST' && CHARGES.test(r.path));
    const limited = charges.filter((r) => r.limited);
    expect(limited.length, 'PayPal limited requests').to.equal(300);
    expect(closes.length, 'the gate closed on 429s').to.be.at.least(1);
    for (const close of closes) {
      expect(close.until - close.at, 'held for Retry-After').to.be.at.least(RETRY_AFTER_S * 1000 - 5);
      const during = passes.filter((t) => t > close.at && t < close.until);
      expect(during.map((t) => `+${t - close.at} ms`), `calls let through while the gate was closed (${close.at} → ${close.until})`).to.deep.equal([]);
    }

    // Each charge that PayPal limited or failed was sent again with its PayPal-Request-Id; none with another one.
    const byId = new Map<string, number>();
    for (const r of charges) byId.set(r.requestId!, (byId.get(r.requestId!) ?? 0) + 1);
    expect(byId.size, 'one request id per renewal').to.equal(RENEWALS);
    const retried = [...byId.values()].filter((n) => n > 1).length;
    expect(retried, 'renewals whose charge was sent more than once').to.be.at.least(300 + 40 + 40 - 128);
  });
});
