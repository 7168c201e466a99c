import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openEventStore } from '@relaycast/billing-core';
import { paypalEnv, startPayPalStandIn, type PayPalStandIn } from '../test/paypal-standin/server.js';
import { seedDueRenewals } from '../test/renewals-seed.js';

const SCHEDULER = fileURLToPath(new URL('./scheduler-main.ts', import.meta.url));
const RENEWALS = Number(process.env.SCHEDULER_CRASH_RENEWALS ?? 1000);
const PAID_AT = '2026-03-31T10:00:00.000Z';
const DUE_AT = '2026-04-30T10:00:00.000Z';

/**
 * The scheduler process is SIGKILLed at random points while 1,000 renewals fall due at once (saved wallets at the
 * PayPal stand-in, which lives in this process and so survives every kill), and started again on the same
 * DATA_DIR each time. In the end every renewal was charged exactly once at PayPal and recorded exactly once.
 */
describe('the billing scheduler killed at random points during 1,000 due renewals (child process)', function () {
  this.timeout(600_000);
  let paypal: PayPalStandIn;
  let dataDir: string;

  before(async () => {
    paypal = await startPayPalStandIn();
    dataDir = mkdtempSync(join(tmpdir(), 'relaycast-scheduler-crash-'));
  });
  after(async () => {
    await paypal?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  /**
   * Runs the scheduler process; SIGKILLs it `afterMs` after the start, or once it has charged `afterCharges`
   * renewals at PayPal in this run. Answers its output and how it ended.
   */
  const run = (kill: { afterMs?: number; afterCharges?: number } = {}, on = dataDir) =>
    new Promise<{ out: string; code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
      const proc = spawn(process.execPath, ['--import', 'tsx', SCHEDULER, '--once'], {
        env: {
          ...process.env,
          ...paypalEnv(paypal, { PAYPAL_TIMEOUT_MS: '10000' }),
          DATA_DIR: on,
          BILLING_CLOCK: 'test',
          BILLING_CLOCK_START: '2026-05-01T00:00:00.000Z',
          LOG_LEVEL: 'warn',
          ADMIN_EMAIL: 'scheduler-crash@example.com',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      proc.stdout.on('data', (c: Buffer) => (out += c.toString()));
      proc.stderr.on('data', (c: Buffer) => (out += c.toString()));
      const timer = kill.afterMs === undefined ? null : setTimeout(() => proc.kill('SIGKILL'), kill.afterMs);
      // The stand-in lives in this process: its count of charges tells when the run is under way.
      const chargedBefore = paypal.walletCharges();
      const poll =
        kill.afterCharges === undefined
          ? null
          : setInterval(() => {
              if (paypal.walletCharges() - chargedBefore >= kill.afterCharges!) proc.kill('SIGKILL');
            }, 2);
      proc.on('exit', (code, signal) => {
        if (timer) clearTimeout(timer);
        if (poll) clearInterval(poll);
        resolve({ out, code, signal });
      });
    });

  it('charges every renewal exactly once at PayPal and records it once, however often it is killed', async () => {
    const ids = await seedDueRenewals(dataDir, paypal, RENEWALS, PAID_AT);
    // Kill points: four in the middle of the renewals, after a random number of this run's charges (a kill time
    // alone missed the renewals when start-up was slow, or the run's end when it was fast: a chance failure), then
    // two at a random time (start-up replaying the store, or the renewals, as it falls).
    const kills: { afterMs?: number; afterCharges?: number; charged: number; killed: boolean }[] = [];
    for (let i = 0; i < 6; i++) {
      const charged = paypal.walletCharges();
      const remaining = RENEWALS - charged;
      if (remaining <= 1) break;
      const kill = i < 4 ? { afterCharges: 1 + Math.floor(Math.random() * Math.max(1, remaining / 5)) } : { afterMs: 300 + Math.floor(Math.random() * 3000) };
      const ended = await run(kill);
      kills.push({ ...kill, charged: paypal.walletCharges() - charged, killed: ended.signal === 'SIGKILL' });
      if (ended.signal !== 'SIGKILL') break; // it finished before the kill
    }
    const midRun = kills.filter((k) => k.afterCharges !== undefined && k.killed && k.charged > 0);
    expect(midRun.length, `kills in the middle of the renewals (${JSON.stringify(kills)})`).to.equal(4);
    const last = await run();
    expect(last.code, last.out).to.equal(0);

    expect(paypal.walletCharges(), 'charges at PayPal').to.equal(RENEWALS);
    for (let i = 0; i < RENEWALS; i += 97) expect(paypal.walletCharges(`VT-SEED-${i}`), `wallet ${i}`).to.equal(1);

    const events = await openEventStore({ kind: 'sqlite', dataDir, connectionString: null });
    try {
      const all = await events.readAll();
      const renewals = all.filter((e) => e.type === 'OrderCaptured' && (e.data as { periodStart?: string }).periodStart === DUE_AT);
      expect(renewals, 'renewals recorded').to.have.length(RENEWALS);
      expect(new Set(renewals.map((e) => e.streamId)).size, 'one per subscription').to.equal(RENEWALS);
      expect(new Set(ids.map((id) => `subscription-${id}`))).to.deep.equal(new Set(renewals.map((e) => e.streamId)));
      const failures = all.filter((e) => e.type === 'RenewalFailed');
      expect(failures, 'no renewal skipped or failed').to.have.length(0);
    } finally {
      await events.close();
    }
  });

  it('two schedulers at once (a rollout overlap) still charge each renewal once', async () => {
    const other = mkdtempSync(join(tmpdir(), 'relaycast-scheduler-twice-'));
    try {
      const before = paypal.walletCharges();
      await seedDueRenewals(other, paypal, 200, PAID_AT, 'sub-twice');
      const [one, two] = await Promise.all([run({}, other), run({}, other)]);
      expect(one.code, one.out).to.equal(0);
      expect(two.code, two.out).to.equal(0);
      expect(paypal.walletCharges() - before, 'charges at PayPal').to.equal(200);
      const events = await openEventStore({ kind: 'sqlite', dataDir: other, connectionString: null });
      try {
        const renewals = (await events.readAll()).filter((e) => e.type === 'OrderCaptured' && (e.data as { periodStart?: string }).periodStart === DUE_AT);
        expect(renewals).to.have.length(200);
        expect(new Set(renewals.map((e) => e.streamId)).size).to.equal(200);
      } finally {
        await events.close();
      }
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });
});
