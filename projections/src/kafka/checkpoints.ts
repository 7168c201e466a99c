import { openSqlite } from '@relaycast/billing-core';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Redis } from 'ioredis';

/** Where the publisher remembers the last position a broker acknowledged, per cluster and topic. */
export interface CheckpointStore {
  readonly kind: string;
  get(name: string): Promise<bigint>;
  set(name: string, position: bigint): Promise<void>;
  close(): Promise<void>;
}

/** The embedded default: a small SQLite file beside the event store (DATA_DIR/publisher.db). */
export function createSqliteCheckpointStore(path: string): CheckpointStore {
  mkdirSync(dirname(path), { recursive: true });
  // Other processes may open the file at the same moment: the busy timeout first, a busy open retried (openSqlite).
  const db = openSqlite(path, { wal: true }, (db) => db.exec('CREATE TABLE IF NOT EXISTS checkpoints (name TEXT PRIMARY KEY, position TEXT NOT NULL)'));
  const select = db.prepare<[string], { position: string }>('SELECT position FROM checkpoints WHERE name = ?');
  const upsert = db.prepare('INSERT INTO checkpoints (name, position) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET position = excluded.position');
  return {
    kind: 'sqlite',
    async get(name) {
      const row = select.get(name);
      return row ? BigInt(row.position) : 0n;
    },
    async set(name, position) {
      upsert.run(name, position.toString());
    },
    async close() {
      db.close();
    },
  };
}

/** Deploy: in Redis, so a rescheduled publisher pod resumes where the last one stopped. */
export function createRedisCheckpointStore(client: Redis, prefix = 'publisher'): CheckpointStore {
  const key = (name: string) => `${prefix}:checkpoint:${name}`;
  return {
    kind: 'redis',
    async get(name) {
      const value = await client.get(key(name));
      return value ? BigInt(value) : 0n;
    },
    async set(name, position) {
      await client.set(key(name), position.toString());
    },
    async close() {
      // The client belongs to whoever created it.
    },
  };
}

export function createMemoryCheckpointStore(): CheckpointStore {
  const positions = new Map<string, bigint>();
  return {
    kind: 'memory',
    async get(name) {
      return positions.get(name) ?? 0n;
    },
    async set(name, position) {
      positions.set(name, position);
    },
    async close() {},
  };
}
