/**
 * Projection lag: how long after an append is acknowledged the write is visible in the read models (every
 * projection has committed past its position), at a fixed write rate, with the read models in memory and in a real
 * redis-server. The writes are the billing core's own commands through the command handler into a durable SQLite
 * event store (synchronous=FULL); the projections run in this process, as in the embedded default.
 *
 * The baseline of each run is the append itself (the command handler's latency, same run): the lag is what
 * projecting adds on top. Targets (issue 15): p99 < 50 ms in memory, < 100 ms in Redis, at 500 writes/s.
 *
 *   npx tsx bench/lag.ts          (BENCH_RATE writes/s, default 500; BENCH_SECONDS, default 10)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { createCommandHandler, createSqliteEventStore, subscriptionDecider } from '@relaycast/billing-core';
import { ALL_PROJECTIONS, createInProcessReadSide, createMemoryReadModelStore, createRedisReadModelStore, type ReadModelStore } from '@relaycast/projections';
import { startRedisServer } from '../projections/test/redis-server.js';

const RATE = Number(process.env.BENCH_RATE ?? 500);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const TARGETS = { memory: 50, redis: 100 };

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
const ms = (ns: bigint) => Number(ns) / 1e6;

async function measure(kind: 'memory' | 'redis', readModels: ReadModelStore) {
  const dir = mkdtempSync(join(tmpdir(), `relaycast-bench-lag-${kind}-`));
  const events = createSqliteEventStore(join(dir, 'events.db'));
  const handler = createCommandHandler(events);
  const readSide = createInProcessReadSide({ events, readModels, projections: ALL_PROJECTIONS });
  await readSide.start();
  const appendMs: number[] = [];
  const lagMs: number[] = [];
  let late = 0;
  let n = 0;
  const total = RATE * SECONDS;
  const started = process.hrtime.bigint();
  const inFlight: Promise<void>[] = [];
  // Open loop: write i is due at i / RATE seconds from the start, whatever the previous writes are doing.
  while (n < total) {
    const due = started + BigInt(Math.round((n * 1e9) / RATE));
    const now = process.hrtime.bigint();
    if (now < due) {
      await new Promise((r) => setTimeout(r, Math.max(0, ms(due - now) - 0.5)));
      continue;
    }
    if (now - due > 5_000_000n) late++;
    const i = n++;
    inFlight.push(
      (async () => {
        const t0 = process.hrtime.bigint();
        const id = `sub-${kind}-${i}`;
        const result = await handler.handle(subscriptionDecider, id, {
          type: 'CreateSubscription',
          data: { subscriptionId: id, user_id: `user-${i % 100}`, subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', plan_id: 'constructor', infrastructure_type: 'self-hosted', modules: [{ name: 'streams', limit: 1 + (i % 9) }], privacy_policy_confirm: true },
          metadata: { now: new Date().toISOString(), actorId: `user-${i % 100}`, actorRole: 'ROLE_CUSTOMER', correlationId: `lag-${i}` },
        });
        const t1 = process.hrtime.bigint();
        const visible = await readSide.waitFor(result.position, 10_000);
        const t2 = process.hrtime.bigint();
        if (!visible) throw new Error(`${kind}: write ${i} not visible after 10 s`);
        appendMs.push(ms(t1 - t0));
        lagMs.push(ms(t2 - t1));
      })(),
    );
  }
  await Promise.all(inFlight);
  const elapsed = ms(process.hrtime.bigint() - started) / 1000;
  // The read model answers the last write: visibility measured by waitFor is what a reader sees.
  const last = await readSide.queries.getSubscription(`sub-${kind}-${total - 1}`);
  if (!last) throw new Error(`${kind}: the last subscription is not in the read model`);
  await readSide.stop();
  await events.close();
  rmSync(dir, { recursive: true, force: true });
  appendMs.sort((a, b) => a - b);
  lagMs.sort((a, b) => a - b);
  return { writes: total, rate: total / elapsed, late, append: { p50: percentile(appendMs, 50), p99: percentile(appendMs, 99) }, lag: { p50: percentile(lagMs, 50), p99: percentile(lagMs, 99), max: lagMs.at(-1)! } };
}

const redisServer = await startRedisServer();
const redis = new Redis(redisServer.url, { maxRetriesPerRequest: 1 });
try {
  console.log(`projection lag (append acknowledged → visible in every read model), ${RATE} writes/s for ${SECONDS} s, projections in process`);
  for (const kind of ['memory', 'redis'] as const) {
    const store = kind === 'memory' ? createMemoryReadModelStore() : createRedisReadModelStore(redis, { prefix: `bench-lag-${Date.now()}` });
    const r = await measure(kind, store);
    const met = r.lag.p99 < TARGETS[kind] ? 'met' : 'NOT met';
    console.log(
      `  ${kind.padEnd(6)} lag p50 ${r.lag.p50.toFixed(2)} ms, p99 ${r.lag.p99.toFixed(2)} ms, max ${r.lag.max.toFixed(1)} ms (target p99 < ${TARGETS[kind]} ms: ${met}); ` +
        `baseline append p50 ${r.append.p50.toFixed(2)} ms, p99 ${r.append.p99.toFixed(2)} ms → lag p99 / append p99 ${(r.lag.p99 / r.append.p99).toFixed(2)}; ` +
        `${r.writes} writes at ${r.rate.toFixed(0)}/s${r.late ? `, ${r.late} started > 5 ms late` : ''}`,
    );
  }
} finally {
  redis.disconnect();
  await redisServer.stop();
}
