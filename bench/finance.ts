/**
 * The books at size (issue 30), first: a generated year of BENCH_BOOKS_SUBSCRIPTIONS (2,000) subscriptions, the
 * finance projection built from it, and the trial balance as of the year's end compared with the finance overview's
 * figures as of the same day — cash (PayPal clearing and what disputes hold) = captured − refunded − reversed; deferred
 * revenue = deferred at the year's end; customer credit = the credit liability; revenue − refunds of revenue =
 * revenue recognised, summed over the months — failing loudly on any difference, with the time of each answer.
 * The year: six histories through the real command handler (payments with an upgrade and a partial refund; an
 * upgrade then a cancellation with a refund of the unused time; a full refund of the running period; a dispute
 * released and one that ends in a reversal; raises taken back with a later raise's money moved to credit, then paid
 * with; a dispute still open at the year's end), each cloned with its ids replaced and its times shifted by up to
 * 28 days. BENCH_BOOKS_ONLY=1 runs this part alone.
 *
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
 *   npx tsx bench/finance.ts     (BENCH_FINANCE_SUBSCRIPTIONS, BENCH_OVERVIEW_CALLS, BENCH_BOOKS_SUBSCRIPTIONS, BENCH_BOOKS_ONLY)
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
import { financeOverview, financeProjection, financeRecognition, ledgerEntries, REPLAY_PAGE, trialBalance } from '@relaycast/projections/finance';
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

// ── The books at size: a generated year, the trial balance against the overview ──────────────────────────────

const BOOKS_SUBSCRIPTIONS = Number(process.env.BENCH_BOOKS_SUBSCRIPTIONS ?? 2_000);
const YEAR_END = '2025-12-31';

type Step = (ctx: ScriptContext) => Promise<void>;
interface ScriptContext {
  /** Pays what is due now (a period or a balance); the capture id it was paid with. */
  pay(day: number, tag: string): Promise<string>;
  revise(day: number, quantity: number): Promise<void>;
  refund(day: number, captureId: string, amount: number | 'all', reversal?: boolean): Promise<void>;
  cancelNow(day: number): Promise<void>;
  dispute(day: number, disputeId: string, stage: 'CREATED' | 'RESOLVED', captureId: string, amount?: number): Promise<void>;
  /** The day the paid time ends (days from T0), or null once the subscription is over. */
  paidUntil(): Promise<number | null>;
  captured(captureId: string): Promise<number>;
}

/**
 * One subscription's year through the real handler, by a script of steps; ids carry the marker T1X, which each clone
 * replaces. Returns its events.
 */
async function scripted(name: string, script: (ctx: ScriptContext) => Promise<void>): Promise<EventEnvelope[]> {
  const store = createSqliteEventStore(join(dir, `books-${name}.db`));
  const handler = createCommandHandler(store);
  const id = 's-T1X';
  const at = (day: number) => new Date(T0 + day * DAY + 10 * 3_600_000).toISOString();
  const meta = (day: number, admin = false, extra = {}) => ({ now: at(day), actorId: admin ? 'admin' : 'u-T1X', actorRole: admin ? ('ROLE_ADMIN' as const) : ('ROLE_CUSTOMER' as const), correlationId: randomUUID(), ...extra });
  const run = (command: SubscriptionCommand) => handler.handle(subscriptionDecider, id, command);
  const events = async () => (await store.readStream(`subscription-${id}`)) as EventEnvelope[];
  const load = async () => (await events()).reduce((s, e) => subscriptionDecider.evolve(s, e as never), subscriptionDecider.initialState()) as Parameters<typeof amountDue>[0] & { status: string; periodEnd?: string };
  await run({ type: 'CreateSubscription', data: { subscriptionId: id, user_id: 'u-T1X', subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', plan_id: 'constructor', infrastructure_type: 'self-hosted', modules: [{ name: 'streams', limit: 3 }], privacy_policy_confirm: true }, metadata: meta(0) });
  let orders = 0;
  const ctx: ScriptContext = {
    async pay(day, tag) {
      const due = amountDue(await load(), at(day));
      const order = `ORDER-T1X-${++orders}`;
      const captureId = `CAP-T1X-${tag}`;
      await run({ type: 'OrderPayment', data: { paypalOrderID: order, paypalSubscriptionID: 'RCS-T1X', amount: due.amount, currency: 'USD' }, metadata: meta(day) });
      await run({ type: 'CaptureOrder', data: { paypalOrderID: order, paypalSubscriptionID: 'RCS-T1X', captureId, quantity: 1, amount: due.amount, currency: 'USD', providerStatus: 'COMPLETED', licenceKey: 'LIC-BENCH-0001' }, metadata: meta(day, false, { idempotencyKey: order }) });
      return captureId;
    },
    async revise(day, quantity) {
      await run({ type: 'ReviseSubscription', data: { paypalSubscriptionID: 'RCS-T1X', quantity }, metadata: meta(day) });
    },
    async refund(day, captureId, amount, reversal) {
      const money = amount === 'all' ? await ctx.captured(captureId) : amount;
      await run({ type: 'RecordRefund', data: { captureId, refundId: `REF-T1X-${captureId}-${day}`, amount: money, currency: 'USD', ...(reversal ? { reversal } : {}) }, metadata: meta(day, true) });
    },
    async cancelNow(day) {
      await run({ type: 'CancelSubscription', data: { refund: true }, metadata: meta(day, true) });
      // What the cancellation owes back, refunded through PayPal as the workflow does.
      const cancelled = (await events()).filter((e) => e.type === 'SubscriptionCancelled').at(-1)!.data as { refunds?: { captureId: string; amount: number }[] };
      for (const r of cancelled.refunds ?? []) if (r.amount > 0) await ctx.refund(day, r.captureId, r.amount);
    },
    async dispute(day, disputeId, stage, captureId, amount) {
      await run({ type: 'RecordDispute', data: { disputeId: `DSP-T1X-${disputeId}`, stage, status: stage === 'RESOLVED' ? 'RESOLVED' : 'OPEN', captureId, ...(amount ? { amount, currency: 'USD' } : {}) }, metadata: meta(day, true) });
    },
    async paidUntil() {
      const s = await load();
      if (!s.periodEnd || s.status !== 'SUBSCRIPTION_STATUS_ACTIVE') return null;
      return Math.round((Date.parse(s.periodEnd) - T0 - 10 * 3_600_000) / DAY);
    },
    async captured(captureId) {
      const e = (await events()).find((x) => x.type === 'OrderCaptured' && (x.data as { captureId: string }).captureId === captureId);
      return (e!.data as { amount: number }).amount;
    },
  };
  await script(ctx);
  const out = await events();
  await store.close();
  return out;
}

/** Pays month after month, from `from` to `to` (0-based months), running `during[m]` inside month m; stops when it ends. */
async function months(ctx: ScriptContext, from: number, to: number, during: Record<number, (day: number) => Promise<void>> = {}, start = 0): Promise<void> {
  let day = start;
  for (let m = from; m <= to; m++) {
    await ctx.pay(day, String(m));
    await during[m]?.(day);
    const next = await ctx.paidUntil();
    if (next === null) return;
    day = next;
  }
}

/** The six histories of the generated year. */
async function bookTemplates(): Promise<EventEnvelope[][]> {
  return [
    // Paid all year; up from 3 to 8 streams in month 3 (the balance paid at once); $3.00 of month 6 refunded.
    await scripted('steady', (c) => months(c, 0, 11, {
      3: async (d) => { await c.revise(d + 10, 8); await c.pay(d + 10, 'B3'); },
      6: async (d) => c.refund(d + 4, 'CAP-T1X-6', 300),
    })),
    // Up in month 2, cancelled with a refund of every payment's unused share in month 5.
    await scripted('cancel-now', (c) => months(c, 0, 5, {
      2: async (d) => { await c.revise(d + 5, 6); await c.pay(d + 5, 'B2'); },
      5: async (d) => c.cancelNow(d + 12),
    })),
    // Month 7 refunded in full three days in: the subscription ends.
    await scripted('full-refund', (c) => months(c, 0, 7, { 7: async (d) => c.refund(d + 3, 'CAP-T1X-7', 'all') })),
    // A dispute of month 4 opened and released; one of month 8 ends in a reversal of the whole payment.
    await scripted('disputes', (c) => months(c, 0, 11, {
      4: async (d) => { await c.dispute(d + 2, 'a', 'CREATED', 'CAP-T1X-4', await c.captured('CAP-T1X-4')); await c.dispute(d + 20, 'a', 'RESOLVED', 'CAP-T1X-4'); },
      8: async (d) => { await c.dispute(d + 2, 'b', 'CREATED', 'CAP-T1X-8', await c.captured('CAP-T1X-8')); await c.refund(d + 15, 'CAP-T1X-8', 'all', true); },
    })),
    // In month 10, up twice (3 → 6 → 8 streams); the first raise's balance refunded in full: both raises end, the
    // second one's unused money moves to account credit, which month 11 then pays with. The same again in month 11:
    // that credit is still owed at the year's end.
    await scripted('raise-taken-back', (c) => months(c, 0, 11, {
      10: async (d) => { await c.revise(d + 5, 6); await c.pay(d + 5, 'B10a'); await c.revise(d + 8, 8); await c.pay(d + 8, 'B10b'); await c.refund(d + 10, 'CAP-T1X-B10a', 'all'); },
      11: async (d) => { await c.revise(d + 5, 6); await c.pay(d + 5, 'B11a'); await c.revise(d + 8, 8); await c.pay(d + 8, 'B11b'); await c.refund(d + 10, 'CAP-T1X-B11a', 'all'); },
    })),
    // A dispute of month 11 still open at the year's end: PayPal holds its money.
    await scripted('open-dispute', (c) => months(c, 0, 11, { 11: async (d) => c.dispute(d + 1, 'c', 'CREATED', 'CAP-T1X-11', 500) })),
  ];
}

/** 2,000 clones of the six histories (ids replaced, shifted by up to 28 days), appended month by month. */
async function buildBooksStore(file: string, templates: EventEnvelope[][]): Promise<number> {
  const store = createSqliteEventStore(file);
  const byMonth = new Map<number, Map<string, NewEvent[]>>();
  let count = 0;
  for (let n = 0; n < BOOKS_SUBSCRIPTIONS; n++) {
    const template = templates[n % templates.length]!;
    const shift = (n % 29) * DAY;
    for (const e of template) {
      const occurredAt = new Date(Date.parse(e.occurredAt) + shift).toISOString();
      const text = JSON.stringify(e.data).replaceAll('T1X', `b${n}`);
      // Times inside the data (captured, refunded, periods) move with the event.
      const data = JSON.parse(text, (_k, v) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/.test(v) ? new Date(Date.parse(v) + shift).toISOString() : v));
      const event: NewEvent = { id: randomUUID(), type: e.type, occurredAt, data, metadata: { ...e.metadata, correlationId: randomUUID() } };
      const m = monthIndex(occurredAt);
      let streams = byMonth.get(m);
      if (!streams) byMonth.set(m, (streams = new Map()));
      const stream = `subscription-s-b${n}`;
      streams.set(stream, [...(streams.get(stream) ?? []), event]);
    }
  }
  for (const m of [...byMonth.keys()].sort((a, b) => a - b)) {
    const streams = [...byMonth.get(m)!];
    for (let i = 0; i < streams.length; i += 500) {
      await Promise.all(streams.slice(i, i + 500).map(([streamId, events]) => store.append(streamId, events, 'any')));
      for (const [, events] of streams.slice(i, i + 500)) count += events.length;
    }
  }
  await store.close();
  return count;
}

async function timed<T>(calls: number, f: () => Promise<T>): Promise<{ value: T; p50: number; max: number }> {
  const times: number[] = [];
  let value!: T;
  for (let i = 0; i < calls; i++) {
    const t = process.hrtime.bigint();
    value = await f();
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  times.sort((a, b) => a - b);
  return { value, p50: percentile(times, 50), max: times[times.length - 1]! };
}

async function booksBench(): Promise<void> {
  const started = Date.now();
  const file = join(dir, 'books.db');
  const total = await buildBooksStore(file, await bookTemplates());
  const store = createSqliteEventStore(file);
  const rm = createMemoryReadModelStore();
  const { millis } = await rebuildProjection(store, rm, financeProjection);
  await store.close();
  console.log(`the books on SQLite: ${BOOKS_SUBSCRIPTIONS} subscriptions, a year, ${total} events (log built and projected in ${((Date.now() - started) / 1000).toFixed(1)} s; projection ${(millis / 1000).toFixed(1)} s)`);

  const asOf = YEAR_END;
  const tb = await timed(5, () => trialBalance(rm, { asOf, book: 'real', currency: 'USD' }));
  const overview = await timed(5, () => financeOverview(rm, { asOf, book: 'real' }));
  const ledger = await timed(3, () => ledgerEntries(rm, { book: 'real', from: '2025-01-01', to: asOf, currency: 'USD', offset: 0, limit: 50 }));
  const balance = (account: string) => tb.value.accounts.find((a) => a.account === account)?.balance ?? 0;
  const sumOf = (prefix: string) => tb.value.accounts.filter((a) => a.account.startsWith(prefix)).reduce((n, a) => n + a.balance, 0);
  const o = overview.value;
  const usd = (m: Record<string, number>) => m.USD ?? 0;
  const last = o.months.at(-1)!;
  const figures = [
    // [what, from the trial balance, from the overview]
    ['cash: PayPal clearing + held in disputes = captured − refunded − reversed', balance('paypal-clearing') + balance('paypal-disputed'), o.months.reduce((n, m) => n + usd(m.captured) - usd(m.refunded) - usd(m.reversed), 0)],
    ['deferred revenue = deferred at the year’s end', -balance('deferred-revenue'), usd(last.deferred)],
    ['customer credit = credit liability', -balance('customer-credit'), usd(o.creditLiability)],
    ['revenue − refunds of revenue = recognised, summed over the months', -(sumOf('revenue:') + sumOf('refunds:')), o.months.reduce((n, m) => n + usd(m.recognised), 0)],
  ] as const;
  console.log(`  trial balance as of ${asOf}: ${tb.value.accounts.length} accounts, debits ${tb.value.debit} = credits ${tb.value.credit}: ${tb.value.balanced ? 'balanced' : 'NOT BALANCED'}`);
  for (const a of tb.value.accounts) console.log(`    ${a.account.padEnd(24)} debit ${String(a.debit).padStart(12)}  credit ${String(a.credit).padStart(12)}  balance ${String(a.balance).padStart(12)}`);
  const wrong: string[] = [];
  for (const [what, books, figure] of figures) {
    console.log(`  ${what}: ${books} / ${figure}${books === figure ? '' : '   ← DIFFERENT'}`);
    if (books !== figure) wrong.push(`${what}: trial balance ${books}, overview ${figure}`);
  }
  if (!tb.value.balanced) wrong.push(`not balanced: debits ${tb.value.debit}, credits ${tb.value.credit}`);
  // Every path of the year is in it: money held in disputes, given back out of recognised revenue, owed as credit.
  if (balance('paypal-disputed') === 0 || balance('customer-credit') === 0 || sumOf('refunds:') === 0) wrong.push('the generated year lacks an open dispute, credit owed or a refund of recognised revenue');
  console.log(`  answer times (memory): trial balance p50 ${tb.p50.toFixed(1)} ms (max ${tb.max.toFixed(1)}), overview p50 ${overview.p50.toFixed(1)} ms (max ${overview.max.toFixed(1)}), ledger of the year, first page, p50 ${ledger.p50.toFixed(1)} ms (${ledger.value.total} entries)`);
  if (wrong.length) {
    console.error(`THE BOOKS DIFFER FROM THE OVERVIEW:\n  ${wrong.join('\n  ')}`);
    process.exit(1);
  }
}

await booksBench();
if (process.env.BENCH_BOOKS_ONLY) {
  rmSync(dir, { recursive: true, force: true });
  process.exit(0);
}

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
