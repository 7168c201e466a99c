import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Redis } from 'ioredis';
import { createCommandHandler, createInvoicing, createSqliteEventStore, type EventStore } from '@relaycast/billing-core';
import { startRedisServer, type RedisServer } from '../../test/redis-server.js';
import { appendFinanceHistory, type FinanceHistory } from '../../test/finance-history.js';
import { connectRedis, createRedisReadModelStore } from '../readmodel/redis.js';
import { ALL_PROJECTIONS } from '../projections/index.js';
import { rebuildProjection } from '../rebuild.js';
import { createServer } from 'node:net';
import { runReplay } from './cli.js';

/** A loopback port nothing listens on (bound, then closed). */
const freePortOf = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
import { parseCsv } from './csv.js';
import type { FinanceReport } from './report.js';

const REPLAY_CLI = fileURLToPath(new URL('../cli/replay.ts', import.meta.url));
const START = Date.UTC(2026, 8, 1);
const CUT = '2026-11-30';
const CUT_END = Date.UTC(2026, 10, 30, 23, 59, 59, 999);

interface Sums {
  ordered: number;
  captured: number;
  withdrawn: number;
  refunded: number;
  outstanding: number;
  orders: number;
  captures: number;
  refunds: number;
}

/**
 * The expected figures, computed here from the events the command handler returned, without the report's code:
 * sums of PaymentOrdered, OrderCaptured and PaymentRefunded up to the cut, per plan, and the orders with no capture.
 */
function expectedTotals(history: FinanceHistory): Map<string, Sums> {
  const byPlan = new Map<string, Sums>();
  const orderAmounts = new Map<string, { plan: string; amount: number }>();
  const captured = new Set<string>();
  const superseded = new Set<string>();
  const sums = (plan: string) => {
    let s = byPlan.get(plan);
    if (!s) byPlan.set(plan, (s = { ordered: 0, captured: 0, refunded: 0, outstanding: 0, withdrawn: 0, orders: 0, captures: 0, refunds: 0 }));
    return s;
  };
  for (const e of history.events) {
    if (Date.parse(e.occurredAt) > CUT_END) continue;
    const plan = history.plans.get(e.streamId.replace('subscription-', '')) ?? '?';
    const d = e.data as { amount: number; paypalOrderID: string };
    if (e.type === 'PaymentOrdered') {
      sums(plan).ordered += d.amount;
      sums(plan).orders++;
      orderAmounts.set(d.paypalOrderID, { plan, amount: d.amount });
    } else if (e.type === 'OrderCaptured') {
      sums(plan).captured += d.amount;
      sums(plan).captures++;
      captured.add(d.paypalOrderID);
    } else if (e.type === 'PaymentOrderSuperseded') {
      superseded.add(d.paypalOrderID);
    } else if (e.type === 'PaymentRefunded') {
      sums(plan).refunded += d.amount;
      sums(plan).refunds++;
    }
  }
  for (const [orderId, { plan, amount }] of orderAmounts) {
    if (captured.has(orderId)) continue;
    if (superseded.has(orderId)) sums(plan).withdrawn += amount;
    else sums(plan).outstanding += amount;
  }
  return byPlan;
}

const cents = (decimal: string) => Math.round(Number(decimal) * 100);

describe('finance replay and --verify: 10,000 events across 500 subscriptions (SQLite events, real Redis read models)', function () {
  this.timeout(120_000);
  let dir: string;
  let events: EventStore;
  let redis: RedisServer;
  let client: Redis;
  let history: FinanceHistory;
  let env: NodeJS.ProcessEnv;

  const run = async (...argv: string[]) => {
    let stdout = '';
    let stderr = '';
    const code = await runReplay(argv, { env, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
    return { code, stdout, stderr };
  };

  before(async () => {
    // The store on tmpfs when there is one: the 6,000 commands' appends then cost no disk writes.
    dir = mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), 'relaycast-finance-'));
    events = createSqliteEventStore(join(dir, 'events.db'));
    let t = Date.now();
    history = await appendFinanceHistory(createCommandHandler(events), { subscriptions: 500, targetEvents: 10_000, start: START });
    // Their invoices and credit notes, as the payment workflows issue them: the invoices read model has documents to verify.
    const invoicing = createInvoicing({ events, seller: { id: 'relaycast', name: 'Relaycast', address: '' }, now: () => new Date(START).toISOString() });
    for (const e of history.events) {
      if (e.type === 'OrderCaptured') await invoicing.invoiceFor(e);
      else if (e.type === 'PaymentRefunded') await invoicing.creditNoteFor(e);
    }
    const appendMs = Date.now() - t;
    redis = await startRedisServer();
    client = await connectRedis(redis.url);
    const live = createRedisReadModelStore(client, { prefix: 'live' });
    t = Date.now();
    await Promise.all(ALL_PROJECTIONS.map((projection) => rebuildProjection(events, live, projection)));
    if (process.env.TEST_TIMINGS) console.log(`appended ${history.events.length} events in ${appendMs} ms; live Redis read models built in ${Date.now() - t} ms`);
    env = { EVENT_STORE: 'sqlite', DATA_DIR: dir, REDIS_URL: redis.url, READ_MODEL_PREFIX: 'live' };
  });
  after(async () => {
    client?.disconnect();
    await redis?.stop();
    await events?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('appended at least 10,000 events over 500 subscriptions, with the cut in the middle', async () => {
    expect(Number(await events.headPosition())).to.be.at.least(10_000);
    const streams = new Set(history.events.filter((e) => e.streamId.startsWith('subscription-')).map((e) => e.streamId));
    expect(streams.size).to.equal(500);
    const times = history.events.map((e) => Date.parse(e.occurredAt));
    expect(times.filter((t) => t <= CUT_END).length).to.be.within(3000, 8000);
  });

  it('--to 2026-11-30 --format json: totals per plan equal the independently computed sums; rows add up', async () => {
    const { code, stdout, stderr } = await run('--to', CUT, '--format', 'json');
    expect(code, stderr).to.equal(0);
    const report = JSON.parse(stdout) as FinanceReport;
    expect(report.asOf.to).to.equal('2026-11-30T23:59:59.999Z');
    const expected = expectedTotals(history);
    expect(report.totals.byPlan.map((t) => t.planId).sort()).to.deep.equal([...expected.keys()].sort());
    for (const t of report.totals.byPlan) {
      const e = expected.get(t.planId)!;
      expect({ ordered: t.ordered, captured: t.captured, refunded: t.refunded, outstanding: t.outstanding, withdrawn: t.withdrawn, orders: t.orders, captures: t.captures, refunds: t.refunds }, t.planId).to.deep.equal(e);
      expect(t.currency).to.equal('USD');
      expect(t.net).to.equal(e.captured - e.refunded);
    }
    const usd = report.totals.byCurrency.find((t) => t.currency === 'USD')!;
    const all = [...expected.values()].reduce((a, b) => ({ ordered: a.ordered + b.ordered, outstanding: a.outstanding + b.outstanding, captured: a.captured + b.captured }), { ordered: 0, outstanding: 0, captured: 0 });
    expect(usd).to.include(all);
    expect(all.outstanding, 'some orders are unpaid at the cut').to.be.greaterThan(0);
    expect(usd.refunded, 'some captures are refunded by the cut').to.be.greaterThan(0);

    // Rows: each a subscription and an order month up to the cut, with its PayPal ids; they sum to the totals.
    expect(report.rows.every((r) => r.period <= '2026-11')).to.equal(true);
    expect(report.rows.reduce((s, r) => s + r.ordered, 0)).to.equal(all.ordered);
    expect(report.rows.every((r) => r.ordered === r.captured + r.outstanding + r.withdrawn)).to.equal(true);
    const paid = report.rows.find((r) => r.captureIds.length && r.refundIds.length)!;
    expect(paid.paypalOrderIds[0]).to.match(/^ORD-fs\d{4}-\d+$/);
    expect(paid.captureIds[0]).to.match(/^CAP-ORD-/);
    expect(paid.servicePeriodStart).to.be.a('string');
  });

  it('--format csv: RFC 4180, one subscription line per row and the same totals; --to a position cuts there', async () => {
    const { code, stdout } = await run('--to', CUT, '--format', 'csv');
    expect(code).to.equal(0);
    expect(stdout.endsWith('\r\n')).to.equal(true);
    const [header, ...lines] = parseCsv(stdout);
    expect(header!.slice(0, 3)).to.deep.equal(['line', 'subscription_id', 'user_id']);
    const col = (name: string) => header!.indexOf(name);
    const totals = lines.filter((l) => l[0] === 'plan-total');
    const expected = expectedTotals(history);
    for (const t of totals) {
      const e = expected.get(t[col('plan_id')]!)!;
      expect([cents(t[col('ordered')]!), cents(t[col('captured')]!), cents(t[col('refunded')]!), cents(t[col('outstanding')]!), cents(t[col('withdrawn')]!)]).to.deep.equal([e.ordered, e.captured, e.refunded, e.outstanding, e.withdrawn]);
    }
    expect(lines.filter((l) => l[0] === 'subscription').every((l) => l.length === header!.length)).to.equal(true);

    const atPosition = JSON.parse((await run('--to', '100', '--format', 'json')).stdout) as FinanceReport;
    expect(atPosition.asOf).to.deep.include({ position: '100', events: 100, to: null });
  });

  it('--out writes the file; a bad --to is exit 2', async () => {
    const out = join(dir, 'report.csv');
    expect((await run('--to', CUT, '--out', out)).code).to.equal(0);
    expect(readFileSync(out, 'utf8').split('\r\n')[0]).to.match(/^line,subscription_id,/);
    expect((await run('--to', 'yesterday')).code).to.equal(2);
  });

  it('--verify: every live read model equals its scratch rebuild; a corrupted one is found (exit 1, the line printed)', async () => {
    const ok = await run('--verify');
    expect(ok.code, ok.stdout).to.equal(0);
    expect(ok.stdout).to.include('subscriptions @').and.include('invoices @').and.include('every read model equals its rebuild');

    const key = 'live:subscriptions:doc:subscription';
    const doc = JSON.parse((await client.hget(key, 'fs0042'))!) as { totals: { captured: number } };
    await client.hset(key, 'fs0042', JSON.stringify({ ...doc, totals: { ...doc.totals, captured: doc.totals.captured + 100 } }));
    await client.zrem('live:invoices:idx:invoices', 'INV-000007');

    const bad = await run('--verify', '--projections', 'subscriptions,invoices');
    expect(bad.code).to.equal(1);
    expect(bad.stdout).to.include('changed doc subscription fs0042');
    expect(bad.stdout).to.include('missing idx invoices INV-000007');
    expect(bad.stdout).to.include('DIFFERENCES FOUND');

    // Redis out of reach is not a difference: said so, exit 3, nothing compared (the embedded default has no Redis).
    const closed = `redis://127.0.0.1:${await freePortOf()}`;
    let stdout = '';
    let stderr = '';
    const away = await runReplay(['--verify'], { env: { ...env, REDIS_URL: closed }, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
    expect(away).to.equal(3);
    expect(stdout).to.equal('');
    expect(stderr).to.match(/^Cannot verify: Cannot connect to Redis at redis:\/\/127\.0\.0\.1:\d+: .*[^.]\.\n--verify compares the read models kept in Redis/);
    expect(stderr).to.include('On the embedded default (READ_MODEL=memory)').and.include('Nothing was compared.').and.not.include('DIFFERENCES');

    // The command itself, as a process: exit status 1.
    const child = spawnSync(process.execPath, ['--import', 'tsx', REPLAY_CLI, '--verify', '--projections', 'subscriptions'], { env: { ...process.env, ...env }, encoding: 'utf8' });
    expect(child.status, child.stderr).to.equal(1);
    expect(child.stdout).to.include('changed doc subscription fs0042');
  });
});
