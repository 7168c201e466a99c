/**
 * Finance at size: the finance projection rebuilt over a seeded log of BENCH_FINANCE_SUBSCRIPTIONS (10,000)
 * subscriptions and two simulated years, next to a raw scan of the same events in the same run (the floor any
 * rebuild pays: page through the events table in position order and JSON.parse each row), and the finance
 * overview's answer time at that size, in memory and in a real redis-server.
 * Targets (issue 24): rebuild ≥ 0.5 of the raw scan's events/s; overview p95 < 300 ms.
 *
 * The log: one subscription's two years through the real command handler (monthly payments captured, a revision
 * up with its balance, a scheduled revision down, a partial refund), cloned with its ids replaced and its times
 * shifted by up to 28 days; every tenth clone cancels at month 13 (churn). Appended month by month, so the log
 * interleaves subscriptions in time as a real one does.
 *
 *   npx tsx bench/finance.ts     (BENCH_FINANCE_SUBSCRIPTIONS, BENCH_OVERVIEW_CALLS)
 */
import { SqliteDatabase as Database } from '@relaycast/billing-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { amountDue, createCommandHandler, createSqliteEventStore, subscriptionDecider, type SubscriptionCommand } from '@relaycast/billing-core';
import type { EventEnvelope, NewEvent } from '@relaycast/contracts';
import { createMemoryReadModelStore, createRedisReadModelStore, rebuildProjection, type ReadModelStore } from '@relaycast/projections';
import { financeOverview, financeProjection, financeRecognition, REPLAY_PAGE } from '@relaycast/projections/finance';
import { startRedisServer } from '../projections/test/redis-server.js';

const SUBSCRIPTIONS = Number(process.env.BENCH_FINANCE_SUBSCRIPTIONS ?? 10_000);
const CALLS = Number(process.env.BENCH_OVERVIEW_CALLS ?? 60);
const MONTHS = 24;
const DAY = 86_400_000;
const T0 = Date.UTC(2025, 0, 1);
const dir = mkdtempSync(join(tmpdir(), 'relaycast-bench-finance-'));
const path = join(dir, 'events.db');

/** Two years of one subscription through the real handler: the template every clone is made from. */
async function templateHistory(): Promise<EventEnvelope[]> {
  const store = createSqliteEventStore(join(dir, 'template.db'));
  const handler = createCommandHandler(store);
  const at = (day: number) => new Date(T0 + day * DAY + 10 * 3_600_000).toISOString();
  const meta = (day: number, actor = 'u-1', extra = {}) => ({ now: at(day), actorId: actor, actorRole: actor === 'admin' ? ('ROLE_ADMIN' as const) : ('ROLE_CUSTOMER' as const), correlationId: randomUUID(), ...extra });
  const run = (command: SubscriptionCommand) => handler.handle(subscriptionDecider, 's-1', command);
  const load = async () => (await store.readStream('subscription-s-1')).reduce((s, e) => subscriptionDecider.evolve(s, e as never), subscriptionDecider.initialState());
  await run({ type: 'CreateSubscription', data: { subscriptionId: 's-1', user_id: 'u-1', subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', plan_id: 'constructor', infrastructure_type: 'self-hosted', modules: [{ name: 'streams', limit: 3 }], privacy_policy_confirm: true }, metadata: meta(0) });
  let day = 0;
  for (let m = 0; m < MONTHS; m++) {
    const state = (await load());
    const due = amountDue(state as Parameters<typeof amountDue>[0], meta(day).now);
    const order = `ORDER-${m}`;
    await run({ type: 'OrderPayment', data: { paypalOrderID: order, paypalSubscriptionID: 'RCS-1', amount: due.amount, currency: 'USD' }, metadata: meta(day) });
    await run({ type: 'CaptureOrder', data: { paypalOrderID: order, paypalSubscriptionID: 'RCS-1', captureId: `CAP-${m}`, quantity: 1, amount: due.amount, currency: 'USD', providerStatus: 'COMPLETED', licenceKey: 'LIC-BENCH-0001' }, metadata: meta(day, 'u-1', { idempotencyKey: order }) });
    if (m === 3) {
      // Up inside the period: the balance is ordered and captured the same day.
      await run({ type: 'ReviseSubscription', data: { paypalSubscriptionID: 'RCS-1', quantity: 8 }, metadata: meta(day + 10) });
      const raised = (await load());
      const balance = amountDue(raised as Parameters<typeof amountDue>[0], meta(day + 10).now);
      await run({ type: 'OrderPayment', data: { paypalOrderID: `BAL-${m}`, paypalSubscriptionID: 'RCS-1', amount: balance.amount, currency: 'USD' }, metadata: meta(day + 10) });
      await run({ type: 'CaptureOrder', data: { paypalOrderID: `BAL-${m}`, paypalSubscriptionID: 'RCS-1', captureId: `CAPB-${m}`, quantity: 1, amount: balance.amount, currency: 'USD', providerStatus: 'COMPLETED', licenceKey: 'LIC-BENCH-0001' }, metadata: meta(day + 10, 'u-1', { idempotencyKey: `BAL-${m}` }) });
    }
    if (m === 9) await run({ type: 'ReviseSubscription', data: { paypalSubscriptionID: 'RCS-1', quantity: 4 }, metadata: meta(day + 12) });
    if (m === 15) await run({ type: 'RecordRefund', data: { captureId: `CAP-${m}`, refundId: `REF-${m}`, amount: 300, currency: 'USD' }, metadata: meta(day + 4, 'admin') });
    const paid = (await load()) as { periodEnd?: string };
    day = Math.round((Date.parse(paid.periodEnd!) - T0 - 10 * 3_600_000) / DAY);
  }
  const events = (await store.readAll()).filter((e) => e.streamId === 'subscription-s-1');
  await store.close();
  return events;
}

/** The month (0-based, from T0) an event belongs to: clones are appended month by month. */
const monthIndex = (iso: string) => {
  const d = new Date(iso);
  return (d.getUTCFullYear() - 2025) * 12 + d.getUTCMonth();
};

async function buildStore(template: EventEnvelope[]): Promise<number> {
  const store = createSqliteEventStore(path);
  const byMonth = new Map<number, Map<string, NewEvent[]>>();
  let count = 0;
  for (let n = 0; n < SUBSCRIPTIONS; n++) {
    const shift = (n % 29) * DAY;
    const churnAt = n % 10 === 0 ? template.findIndex((e) => e.type === 'OrderCaptured' && (e.data as { captureId: string }).captureId === 'CAP-12') : -1;
    const events = churnAt >= 0 ? template.slice(0, churnAt) : template;
    const clone = (e: EventEnvelope): NewEvent => {
      const text = JSON.stringify(e.data).replaceAll('"s-1"', `"s-${n}"`).replaceAll('"u-1"', `"u-${n}"`).replaceAll('ORDER-', `ORDER-${n}-`).replaceAll('BAL-', `BAL-${n}-`).replaceAll('CAP', `CAP${n}-`).replaceAll('REF-', `REF-${n}-`);
      return { id: randomUUID(), type: e.type, occurredAt: new Date(Date.parse(e.occurredAt) + shift).toISOString(), data: JSON.parse(text), metadata: { ...e.metadata, correlationId: randomUUID() } };
    };
    const cloned = events.map(clone);
    if (churnAt >= 0) {
      const at = cloned[cloned.length - 1]!.occurredAt;
      cloned.push({ id: randomUUID(), type: 'SubscriptionCancelled', occurredAt: at, data: { from: 'SUBSCRIPTION_STATUS_ACTIVE', at }, metadata: cloned[0]!.metadata });
      cloned.push({ id: randomUUID(), type: 'SubscriptionStatusChanged', occurredAt: at, data: { from: 'SUBSCRIPTION_STATUS_ACTIVE', to: 'SUBSCRIPTION_STATUS_CANCEL', cause: 'CANCELLED', at }, metadata: cloned[0]!.metadata });
    }
    for (const e of cloned) {
      const m = monthIndex(e.occurredAt);
      let streams = byMonth.get(m);
      if (!streams) byMonth.set(m, (streams = new Map()));
      const list = streams.get(`subscription-s-${n}`) ?? [];
      list.push(e);
      streams.set(`subscription-s-${n}`, list);
    }
  }
  for (const m of [...byMonth.keys()].sort((a, b) => a - b)) {
    const streams = [...byMonth.get(m)!];
    if (process.env.BENCH_DEBUG) console.error('month', m, streams.length);
    // Concurrent appends share one transaction (group commit); 500 at a time.
    for (let i = 0; i < streams.length; i += 500) {
      await Promise.all(streams.slice(i, i + 500).map(([streamId, events]) => store.append(streamId, events, 'any')));
      for (const [, events] of streams.slice(i, i + 500)) count += events.length;
    }
  }
  await store.close();
  return count;
}

function rawScan(): number {
  const db = new Database(path, { readonly: true });
  const page = db.prepare<[bigint, number], { position: bigint; data: string; metadata: string }>('SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?').safeIntegers(true);
  const started = process.hrtime.bigint();
  let after = 0n;
  let events = 0;
  let sink = 0;
  for (;;) {
    const rows = page.all(after, REPLAY_PAGE);
    for (const row of rows) {
      sink += JSON.parse(row.data) ? 1 : 0;
      sink += JSON.parse(row.metadata) ? 1 : 0;
      after = row.position;
    }
    events += rows.length;
    if (rows.length < REPLAY_PAGE) break;
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  db.close();
  if (sink !== events * 2) throw new Error('scan lost rows');
  return events / seconds;
}

async function rebuild(readModels: ReadModelStore): Promise<number> {
  const store = createSqliteEventStore(path);
  const { position, millis } = await rebuildProjection(store, readModels, financeProjection);
  await store.close();
  return Number(position) / (millis / 1000);
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function answerTimes(readModels: ReadModelStore): Promise<{ p50: number; p95: number; recognitionP95: number }> {
  const days = ['2025-06-30', '2025-12-31', '2026-03-15', '2026-12-31', '2027-01-20'];
  const times: number[] = [];
  const recognition: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const asOf = days[i % days.length]!;
    let t = process.hrtime.bigint();
    const o = await financeOverview(readModels, { asOf, book: 'real' });
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
    // The answer goes out as JSON.
    if (JSON.stringify(o).length < 10) throw new Error('empty overview');
    t = process.hrtime.bigint();
    await financeRecognition(readModels, { asOf, book: 'real' });
    recognition.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  recognition.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), recognitionP95: percentile(recognition, 95) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const built = Date.now();
const template = await templateHistory();
const total = await buildStore(template);
console.log(`finance on SQLite: ${SUBSCRIPTIONS} subscriptions, ${MONTHS} months, ${total} events (log built in ${((Date.now() - built) / 1000).toFixed(1)} s)`);

rawScan(); // warm-up
const raws: number[] = [];
const rebuilds: number[] = [];
let memory: ReadModelStore = createMemoryReadModelStore();
for (let i = 0; i < 3; i++) {
  raws.push(rawScan());
  memory = createMemoryReadModelStore();
  rebuilds.push(await rebuild(memory));
}
const raw = median(raws);
const rate = median(rebuilds);
const mem = await answerTimes(memory);
console.log(`  raw scan events/s (baseline)          : ${raw.toFixed(0)}   (pages of ${REPLAY_PAGE} rows + JSON.parse, median of 3)`);
console.log(`  finance rebuild events/s (memory)     : ${rate.toFixed(0)}   (median of 3)`);
console.log(`  ratio rebuild / raw scan              : ${(rate / raw).toFixed(3)}   (target ≥ 0.5)`);
console.log(`  overview answer, memory: p50 ${mem.p50.toFixed(1)} ms, p95 ${mem.p95.toFixed(1)} ms   (target p95 < 300 ms; recognition p95 ${mem.recognitionP95.toFixed(1)} ms)`);

const redisServer = await startRedisServer();
try {
  const client = new Redis(redisServer.url);
  const redis = createRedisReadModelStore(client);
  const redisRate = await rebuild(redis);
  const r = await answerTimes(redis);
  console.log(`  finance rebuild events/s (redis)      : ${redisRate.toFixed(0)}   (ratio to the raw scan ${(redisRate / raw).toFixed(3)})`);
  console.log(`  overview answer, redis: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms   (target p95 < 300 ms; recognition p95 ${r.recognitionP95.toFixed(1)} ms)`);
  await redis.close();
  client.disconnect();
} finally {
  await redisServer.stop();
  if (!process.env.BENCH_KEEP) rmSync(dir, { recursive: true, force: true });
  else console.log(path);
}
