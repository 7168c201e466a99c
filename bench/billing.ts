/**
 * Commands per second through the command handler on the SQLite store, next to raw SQLite inserts per second of
 * the same rows in the same run, and their ratio. Each command is a full read → decide → validate → append of a
 * subscription create or revise; each raw insert is one row in its own transaction, as every command's append is.
 */
import { SqliteDatabase as Database } from '@relaycast/billing-core';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { createCommandHandler, createSqliteEventStore, subscriptionDecider, type SubscriptionCommand } from '@relaycast/billing-core';

const COMMANDS = Number(process.env.BENCH_COMMANDS ?? 6000);
const dir = mkdtempSync(join(tmpdir(), 'relaycast-bench-'));
const meta = (i: number) => ({ now: new Date(Date.UTC(2026, 10, 23, 10, 0, i % 60)).toISOString(), actorId: `user-${i % 500}`, actorRole: 'ROLE_CUSTOMER' as const, correlationId: randomUUID() });

async function handlerRun(): Promise<{ perSecond: number; payload: string }> {
  const store = createSqliteEventStore(join(dir, 'handler.db'));
  const handler = createCommandHandler(store);
  const subscriptions = Math.ceil(COMMANDS / 4);
  const started = process.hrtime.bigint();
  let sample = '';
  for (let i = 0; i < COMMANDS; i++) {
    const n = i % subscriptions;
    const metadata = meta(n);
    // One create, then revisions, per subscription: streams grow as they would in use.
    const command: SubscriptionCommand =
      i < subscriptions
        ? {
            type: 'CreateSubscription',
            data: {
              subscriptionId: `sub-${n}`, user_id: metadata.actorId, subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL',
              plan_id: 'constructor', infrastructure_type: 'self-hosted', modules: [{ name: 'streams', limit: 2 }, { name: 'vodViewers', limit: 120 }], privacy_policy_confirm: true,
            },
            metadata,
          }
        : { type: 'ReviseSubscription', data: { paypalSubscriptionID: 'PP-1', quantity: 4 + Math.floor(i / subscriptions) }, metadata };
    const result = await handler.handle(subscriptionDecider, `sub-${n}`, command);
    if (!sample && result.events[0]) sample = JSON.stringify(result.events[0].data);
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  await store.close();
  return { perSecond: COMMANDS / seconds, payload: sample };
}

/** Raw inserts, each in its own transaction, with the store's durability (FULL) or WAL's lighter default (NORMAL). */
function rawRun(payload: string, synchronous: 'FULL' | 'NORMAL'): number {
  const db = new Database(join(dir, `raw-${synchronous}.db`));
  db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous}`);
  db.exec(`CREATE TABLE events (position INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT NOT NULL UNIQUE, stream_id TEXT NOT NULL, version INTEGER NOT NULL,
    type TEXT NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL, occurred_at TEXT NOT NULL, UNIQUE (stream_id, version))`);
  const insert = db.prepare('INSERT INTO events (id, stream_id, version, type, data, metadata, occurred_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const tx = db.transaction((i: number) => insert.run(randomUUID(), `sub-${i % 1500}`, Math.floor(i / 1500) + 1, 'SubscriptionRevised', payload, JSON.stringify(meta(i)), meta(i).now));
  const started = process.hrtime.bigint();
  for (let i = 0; i < COMMANDS; i++) tx.immediate(i);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  db.close();
  return COMMANDS / seconds;
}

const handler = await handlerRun();
const raw = rawRun(handler.payload, 'FULL');
const rawNormal = rawRun(handler.payload, 'NORMAL');
rmSync(dir, { recursive: true, force: true });
const ratio = handler.perSecond / raw;
console.log(`billing-core on SQLite (durable commits: WAL, synchronous=FULL), ${COMMANDS} commands`);
console.log(`  commands/s through the handler        : ${handler.perSecond.toFixed(0)}   (target ≥ 2000)`);
console.log(`  raw SQLite inserts/s, FULL (baseline)  : ${raw.toFixed(0)}`);
console.log(`  ratio handler / raw                    : ${ratio.toFixed(3)}   (target ≥ 0.3)`);
console.log(`  raw inserts/s with synchronous=NORMAL  : ${rawNormal.toFixed(0)}   (cost of durability: FULL / NORMAL = ${(raw / rawNormal).toFixed(3)})`);
