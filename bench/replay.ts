/**
 * Finance replay throughput (events/s) next to a raw scan of the same SQLite store in the same run, and their ratio.
 * The raw scan is the floor any replay pays: page through the events table in position order and JSON.parse each
 * row's data and metadata, nothing else. The replay is the real thing: EventStore.readAll pages (envelopes with
 * bigint positions) folded into the reconciliation report up to a date in the middle of the log.
 * Targets: replay ≥ 100,000 events/s and ≥ 0.3 of the raw scan.
 *
 * The store: subscriptions with the events the deciders write (created, ordered, captured, status changes, renewals,
 * revisions, refunds, renames), cloned from one history made by the real command handler. BENCH_EVENTS sets the size
 * (default 120,000).
 */
import { SqliteDatabase as Database } from '@relaycast/billing-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { amountDue, createCommandHandler, createSqliteEventStore, subscriptionDecider, userDecider, type SubscriptionCommand } from '@relaycast/billing-core';
import type { NewEvent } from '@relaycast/contracts';
import { replayFinance, REPLAY_PAGE } from '@relaycast/projections/finance';

const TARGET = Number(process.env.BENCH_EVENTS ?? 120_000);
const RUNS = 3;
const dir = mkdtempSync(join(tmpdir(), 'relaycast-bench-replay-'));
const path = join(dir, 'events.db');
const DAY = 86_400_000;

/** One subscription's history through the real handler: the template every bench subscription is cloned from. */
async function templateHistory() {
  const store = createSqliteEventStore(join(dir, 'template.db'));
  const handler = createCommandHandler(store);
  const t0 = Date.UTC(2026, 0, 1);
  const meta = (day: number, actor = 'u-1', extra = {}) => ({ now: new Date(t0 + day * DAY).toISOString(), actorId: actor, actorRole: actor === 'admin' ? ('ROLE_ADMIN' as const) : ('ROLE_CUSTOMER' as const), correlationId: randomUUID(), ...extra });
  await handler.handle(userDecider, 'u-1', { type: 'RegisterUser', data: { userId: 'u-1', email: 'u1@example.com', givenName: 'Bench', familyName: 'User', role: 'ROLE_CUSTOMER', strategy: 'google' }, metadata: meta(0) });
  const run = (command: SubscriptionCommand) => handler.handle(subscriptionDecider, 's-1', command);
  await run({ type: 'CreateSubscription', data: { subscriptionId: 's-1', user_id: 'u-1', subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', plan_id: 'constructor', infrastructure_type: 'self-hosted', modules: [{ name: 'streams', limit: 3 }, { name: 'vodViewers', limit: 120 }], privacy_policy_confirm: true }, metadata: meta(0) });
  for (let m = 0; m < 8; m++) {
    const due = (await store.readStream('subscription-s-1')).length; // a unique order id per month
    const state = (await run({ type: 'UpdateSubscription', data: { name: `Studio ${m}` }, metadata: meta(m * 30) })).state;
    // What the billing core says is due now (a period, or a revision's balance).
    const { amount } = amountDue(state as Parameters<typeof amountDue>[0], meta(m * 30 + 1).now);
    const order = `ORDER-${due}`;
    await run({ type: 'OrderPayment', data: { paypalOrderID: order, paypalSubscriptionID: 'RCS-1', amount, currency: 'USD' }, metadata: meta(m * 30 + 1) });
    await run({ type: 'CaptureOrder', data: { paypalOrderID: order, paypalSubscriptionID: 'RCS-1', captureId: `CAP-${due}`, quantity: 1, amount, currency: 'USD', providerStatus: 'COMPLETED', licenceKey: 'LIC-BENCH-0001' }, metadata: meta(m * 30 + 1, 'u-1', { idempotencyKey: order }) });
    if (m === 2) await run({ type: 'ReviseSubscription', data: { paypalSubscriptionID: 'RCS-1', quantity: 12 }, metadata: meta(m * 30 + 5) });
    if (m === 4) await run({ type: 'RecordRefund', data: { captureId: `CAP-${due}`, refundId: `REF-${due}`, amount: 100, currency: 'USD' }, metadata: meta(m * 30 + 6, 'admin') });
  }
  const events = [...(await store.readAll())];
  await store.close();
  return events;
}

/** Clones the template for subscription n: ids replaced, times shifted, appended as one batch per stream. */
async function buildStore(): Promise<number> {
  const template = await templateHistory();
  const store = createSqliteEventStore(path);
  let count = 0;
  for (let n = 0; count < TARGET; n++) {
    const shift = (n % 120) * DAY;
    const byStream = new Map<string, NewEvent[]>();
    for (const e of template) {
      const streamId = e.streamId.replace('u-1', `u-${n % 1000}`).replace('s-1', `s-${n}`);
      if (streamId.startsWith('user-') && n >= 1000) continue;
      const text = JSON.stringify(e.data).replaceAll('"s-1"', `"s-${n}"`).replaceAll('"u-1"', `"u-${n % 1000}"`).replaceAll('ORDER-', `ORDER-${n}-`).replaceAll('CAP-', `CAP-${n}-`).replaceAll('REF-', `REF-${n}-`);
      const list = byStream.get(streamId) ?? [];
      list.push({ id: randomUUID(), type: e.type, occurredAt: new Date(Date.parse(e.occurredAt) + shift).toISOString(), data: JSON.parse(text), metadata: { ...e.metadata, correlationId: randomUUID() } });
      byStream.set(streamId, list);
    }
    for (const [streamId, events] of byStream) {
      await store.append(streamId, events, 'any');
      count += events.length;
    }
  }
  await store.close();
  return count;
}

function rawScan(): { events: number; seconds: number } {
  const db = new Database(path, { readonly: true });
  const page = db.prepare<[bigint, number], { position: bigint; data: string; metadata: string }>('SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?').safeIntegers(true);
  const started = process.hrtime.bigint();
  let after = 0n;
  let events = 0;
  let sink = 0;
  for (;;) {
    const rows = page.all(after, REPLAY_PAGE);
    for (const row of rows) {
      const data = JSON.parse(row.data) as object;
      const metadata = JSON.parse(row.metadata) as object;
      sink += data ? 1 : 0;
      sink += metadata ? 1 : 0;
      after = row.position;
    }
    events += rows.length;
    if (rows.length < REPLAY_PAGE) break;
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  db.close();
  if (sink !== events * 2) throw new Error('scan lost rows');
  return { events, seconds };
}

async function replay(): Promise<{ events: number; seconds: number; rows: number }> {
  const store = createSqliteEventStore(path);
  const started = process.hrtime.bigint();
  const report = await replayFinance(store, { kind: 'time', to: '2026-06-30T23:59:59.999Z' });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await store.close();
  return { events: report.asOf.events, seconds, rows: report.rows.length };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

const built = Date.now();
const total = await buildStore();
console.log(`finance replay on SQLite, ${total} events (store built in ${((Date.now() - built) / 1000).toFixed(1)} s)`);
rawScan();
await replay(); // warm-up of both paths
const raws: number[] = [];
const replays: number[] = [];
let rows = 0;
for (let i = 0; i < RUNS; i++) {
  const r = rawScan();
  raws.push(r.events / r.seconds);
  const p = await replay();
  replays.push(p.events / p.seconds);
  rows = p.rows;
}
if (!process.env.BENCH_KEEP) rmSync(dir, { recursive: true, force: true }); else console.log(path);
const raw = median(raws);
const rep = median(replays);
console.log(`  raw scan events/s (baseline)   : ${raw.toFixed(0)}   (pages of ${REPLAY_PAGE} rows + JSON.parse, median of ${RUNS})`);
console.log(`  finance replay events/s        : ${rep.toFixed(0)}   (target ≥ 100000; ${rows} report rows)`);
console.log(`  ratio replay / raw scan        : ${(rep / raw).toFixed(3)}   (target ≥ 0.3)`);
