/**
 * The billing scheduler's throughput: due renewals processed per second (each one a merchant-initiated charge of a
 * saved wallet at the PayPal stand-in over HTTP, and its order, capture and licence recorded through billing-core,
 * the read models kept up to date), next to the raw command rate of the handler on the same store in the same run.
 * The stand-in runs in its own process (PayPal is another machine); on 2 cores the two share the CPU.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCommandHandler, openEventStore, subscriptionDecider } from '@relaycast/billing-core';
import { loadConfig } from '../read-api/src/config.js';
import { createLogger } from '../read-api/src/logger.js';
import { createRuntime } from '../read-api/src/runtime.js';
import { seedDueRenewals } from '../read-api/test/renewals-seed.js';

const RENEWALS = Number(process.env.BENCH_RENEWALS ?? 1000);
const dir = mkdtempSync(join(tmpdir(), 'relaycast-bench-scheduler-'));
// PayPal is another machine: the stand-in runs in a process of its own, with the seeded wallets saved.
const standin = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, '..', 'read-api', 'test', 'paypal-standin', 'main.ts')], {
  env: { ...process.env, STANDIN_SEED_WALLETS: String(RENEWALS) },
  stdio: ['ignore', 'pipe', 'inherit'],
});
let standinOut = '';
standin.stdout.on('data', (c: Buffer) => (standinOut += c.toString()));
while (!standinOut.includes('\n')) await new Promise((r) => setTimeout(r, 20));
const paypalEnv = JSON.parse(standinOut.split('\n')[0]!) as Record<string, string>;
const wallets = { set: () => undefined } as unknown as Map<string, string>;

/** Baseline: commands/s through the handler on this machine's SQLite (a wallet saved on each seeded subscription again, a one-event command). */
async function rawCommandRate(): Promise<number> {
  const events = await openEventStore({ kind: 'sqlite', dataDir: join(dir, 'raw'), connectionString: null });
  const handler = createCommandHandler(events);
  const n = 3000;
  const started = process.hrtime.bigint();
  for (let i = 0; i < n; i++) {
    await handler.handle(subscriptionDecider, `raw-${i}`, {
      type: 'CreateSubscription',
      data: { subscriptionId: `raw-${i}`, user_id: `u-${i}`, subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', plan_id: 'constructor', modules: [{ name: 'streams', limit: 2 }], privacy_policy_confirm: true },
      metadata: { now: '2026-03-31T10:00:00.000Z', actorId: 'bench', actorRole: 'SYSTEM', correlationId: `raw-${i}`, causationId: null },
    });
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await events.close();
  return n / seconds;
}

const dataDir = join(dir, 'scheduler');
await seedDueRenewals(dataDir, { wallets }, RENEWALS, '2026-03-31T10:00:00.000Z');
const config = loadConfig({ ...paypalEnv, PAYPAL_TIMEOUT_MS: '10000', DATA_DIR: dataDir, BILLING_CLOCK: 'test', BILLING_CLOCK_START: '2026-05-01T00:00:00.000Z', SCHEDULER: 'off', LOG_LEVEL: 'warn' });
const rt = await createRuntime(config, createLogger('warn'));
await rt.readSide.start();
await rt.readSide.waitFor(await rt.events.headPosition(), 120_000);
const started = process.hrtime.bigint();
const ran = await rt.scheduler.runUntilIdle();
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
await rt.close();
const raw = await rawCommandRate();
standin.kill('SIGTERM');
await once(standin, 'exit');
const charged = (JSON.parse(standinOut.trim().split('\n').pop()!) as { walletCharges: number }).walletCharges;
rmSync(dir, { recursive: true, force: true });

if (ran !== RENEWALS || charged !== RENEWALS) throw new Error(`expected ${RENEWALS} renewals, ran ${ran}, charged ${charged}`);
const perSecond = RENEWALS / seconds;
console.log(`billing scheduler, ${RENEWALS} renewals due at once (saved wallets at the PayPal stand-in)`);
console.log(`  due renewals processed/s           : ${perSecond.toFixed(0)}   (target ≥ 300)`);
console.log(`  raw commands/s, same store (base)  : ${raw.toFixed(0)}`);
console.log(`  ratio renewals / raw commands      : ${(perSecond / raw).toFixed(3)}   (target ≥ 0.2)`);
