/**
 * The first of the month: BENCH_RENEWALS (10,000) monthly subscriptions with saved wallets all due at the same
 * instant, drained by the billing scheduler against the PayPal stand-in answering in 300 ms (PayPal's own latency)
 * and again at 0 ms. Each renewal is a merchant-initiated charge over HTTP, recorded through billing-core with the
 * read models kept up to date. Printed: time to drain, renewals/s, the p99 time from due to charged, the charges
 * counted at the stand-in (each exactly once), and the raw command rate of the handler on the same store in the
 * same run (the baseline). The stand-in runs in its own process (PayPal is another machine); on 2 cores the two
 * share the CPU.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCommandHandler, createScheduler, openEventStore, subscriptionDecider } from '@relaycast/billing-core';
import { loadConfig } from '../read-api/src/config.js';
import { createLogger } from '../read-api/src/logger.js';
import { createRuntime } from '../read-api/src/runtime.js';
import { seedDueRenewals } from '../read-api/test/renewals-seed.js';

const RENEWALS = Number(process.env.BENCH_RENEWALS ?? 10_000);
const CONCURRENCY = Number(process.env.SCHEDULER_CONCURRENCY ?? 64);
const DELAYS = (process.env.BENCH_PAYPAL_DELAYS ?? '300,0').split(',').map(Number);
const PAID_AT = '2026-03-31T10:00:00.000Z';
const dir = mkdtempSync(join(tmpdir(), 'relaycast-bench-scheduler-'));

/** Baseline: commands/s through the handler on this machine's SQLite (a subscription created: a one-event command). */
async function rawCommandRate(): Promise<number> {
  const events = await openEventStore({ kind: 'sqlite', dataDir: join(dir, 'raw'), connectionString: null });
  const handler = createCommandHandler(events);
  const n = 3000;
  const started = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    await handler.handle(subscriptionDecider, `raw-${i}`, {
      type: 'CreateSubscription',
      data: { subscriptionId: `raw-${i}`, user_id: `u-${i}`, subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', plan_id: 'constructor', modules: [{ name: 'streams', limit: 2 }], privacy_policy_confirm: true },
      metadata: { now: '2026-03-31T10:00:00.000Z', actorId: `u-${i}`, actorRole: 'ROLE_CUSTOMER', correlationId: `raw-${i}`, causationId: null },
    });
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await events.close();
  return n / seconds;
}

async function drain(delayMs: number) {
  // PayPal is another machine: the stand-in runs in a process of its own, with the seeded wallets saved.
  const standin = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', 'read-api', 'test', 'paypal-standin', 'main.ts')], {
    env: { ...process.env, STANDIN_SEED_WALLETS: String(RENEWALS), STANDIN_DELAY_MS: String(delayMs) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let standinOut = '';
  standin.stdout.on('data', (c: Buffer) => (standinOut += c.toString()));
  while (!standinOut.includes('\n')) await new Promise((r) => setTimeout(r, 20));
  const paypalEnv = JSON.parse(standinOut.split('\n')[0]!) as Record<string, string>;
  const dataDir = join(dir, `drain-${delayMs}`);
  await seedDueRenewals(dataDir, { wallets: { set: () => undefined } as unknown as Map<string, string> }, RENEWALS, PAID_AT);
  // The scheduler alone (the e-mail of 10,000 renewals is the notifier's, a process of its own in deploy).
  const config = loadConfig({ ...paypalEnv, PAYPAL_TIMEOUT_MS: '10000', DATA_DIR: dataDir, BILLING_CLOCK: 'test', BILLING_CLOCK_START: '2026-05-01T00:00:00.000Z', SCHEDULER: 'off', LOG_LEVEL: 'warn', NOTIFIER: 'off' });
  const rt = await createRuntime(config, createLogger('warn'));
  await rt.readSide.start();
  await rt.readSide.waitFor(await rt.events.headPosition(), 600_000);
  const charged: number[] = [];
  const started = Date.now();
  const scheduler = createScheduler({
    deps: rt.schedulerDeps,
    clock: rt.clock,
    due: rt.readSide.queries,
    concurrency: CONCURRENCY,
    caughtUp: async () => void (await rt.readSide.waitFor(await rt.events.headPosition(), 60_000)),
    onItem: (item) => {
      if (item.kind === 'renewal') charged.push(Date.now() - started);
    },
  });
  const ran = await scheduler.runUntilIdle();
  const seconds = (Date.now() - started) / 1000;
  await rt.close();
  standin.kill('SIGTERM');
  await once(standin, 'exit');
  const charges = (JSON.parse(standinOut.trim().split('\n').pop()!) as { walletCharges: number }).walletCharges;
  if (ran !== RENEWALS || charges !== RENEWALS || charged.length !== RENEWALS) throw new Error(`expected ${RENEWALS} renewals, ran ${ran}, renewals ${charged.length}, charged at PayPal ${charges}`);
  charged.sort((a, b) => a - b);
  return { delayMs, seconds, perSecond: RENEWALS / seconds, p50: charged[Math.floor(0.5 * (RENEWALS - 1))]!, p99: charged[Math.floor(0.99 * (RENEWALS - 1))]!, charges };
}

const results = [];
for (const delay of DELAYS) results.push(await drain(delay));
const raw = await rawCommandRate();
rmSync(dir, { recursive: true, force: true });

console.log(`billing scheduler: ${RENEWALS} renewals due at the same instant (saved wallets at the PayPal stand-in), ${CONCURRENCY} in flight`);
for (const r of results) {
  console.log(`  PayPal answering in ${String(r.delayMs).padStart(3)} ms: drained in ${r.seconds.toFixed(1)} s (target < 120 s at 300 ms) · ${r.perSecond.toFixed(0)} renewals/s · due→charged p50 ${(r.p50 / 1000).toFixed(1)} s, p99 ${(r.p99 / 1000).toFixed(1)} s · charged at PayPal ${r.charges} (each once)`);
}
console.log(`  raw commands/s, same store (baseline) : ${raw.toFixed(0)}`);
for (const r of results) console.log(`  ratio renewals / raw commands at ${r.delayMs} ms : ${(r.perSecond / raw).toFixed(3)}`);
