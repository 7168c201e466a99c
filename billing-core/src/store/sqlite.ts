import { openSqlite } from './sqlite-driver.js';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { AppError, ConcurrencyError, type EventEnvelope, type NewEvent } from '@relaycast/contracts';
import type { AppendResult, EventHandler, EventStore, ExpectedVersion, ReadAllOptions, ReadStreamOptions, StoreSubscription } from './port.js';
import { followStore } from './follow.js';

interface EventRow {
  position: bigint;
  id: string;
  stream_id: string;
  version: bigint;
  type: string;
  data: string;
  metadata: string;
  occurred_at: string;
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    position    INTEGER PRIMARY KEY AUTOINCREMENT,
    id          TEXT    NOT NULL UNIQUE,
    stream_id   TEXT    NOT NULL,
    version     INTEGER NOT NULL,
    type        TEXT    NOT NULL,
    data        TEXT    NOT NULL,
    metadata    TEXT    NOT NULL,
    occurred_at TEXT    NOT NULL,
    UNIQUE (stream_id, version)
  );
`;

function toEnvelope(row: EventRow): EventEnvelope {
  return {
    id: row.id,
    type: row.type,
    streamId: row.stream_id,
    version: Number(row.version),
    position: row.position,
    occurredAt: row.occurred_at,
    data: JSON.parse(row.data) as unknown,
    metadata: JSON.parse(row.metadata) as EventEnvelope['metadata'],
  };
}

export interface SqliteEventStoreOptions {
  /** How often a subscription that has caught up looks for appends made by other processes. */
  pollIntervalMs?: number;
  /** Open without write access (a replica, or a read-only DATA_DIR): appends fail with a clear error. */
  readonly?: boolean;
  /** Cap the database size in pages (tests use it to fill the "disk"). */
  maxPageCount?: number;
}

/** Storage failures are the server's condition, not a bug: say so, and that nothing was written. */
function storageError(error: unknown): never {
  const code = (error as { code?: string }).code ?? '';
  if (code === 'SQLITE_FULL') throw new AppError('STORAGE_FULL', 'The event store is full (no disk space); nothing was recorded');
  if (code === 'SQLITE_READONLY' || code.startsWith('SQLITE_READONLY_')) throw new AppError('UNAVAILABLE', 'The event store is read-only; nothing was recorded');
  if (code.startsWith('SQLITE_IOERR') || code === 'SQLITE_CANTOPEN' || code === 'SQLITE_BUSY') {
    throw new AppError('UNAVAILABLE', `The event store cannot write right now (${code}); nothing was recorded`);
  }
  throw error;
}

/**
 * The embedded event store: one SQLite file in WAL mode, one events table. AUTOINCREMENT makes the global
 * position strictly increasing and never reused, and SQLite's single writer makes commit order position order,
 * so a subscriber never sees a later position before an earlier one.
 */
export function createSqliteEventStore(path: string, options: SqliteEventStoreOptions = {}): EventStore & { durability(): { journalMode: string; synchronous: number } } {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const pollIntervalMs = options.pollIntervalMs ?? 50;
  // Other processes may open the file at the same moment: openSqlite sets the busy timeout first and retries a busy open.
  const db = openSqlite(path, { readonly: options.readonly ?? false, fileMustExist: options.readonly ?? false, wal: true }, (db) => {
    if (options.readonly) return;
    // FULL: a commit is on disk when append answers. In WAL mode NORMAL can lose the last commits on power loss,
    // and an acknowledged payment must never vanish (its cost is measured in bench/billing.ts).
    db.pragma('synchronous = FULL');
    db.exec(SCHEMA);
  });
  if (options.maxPageCount) db.pragma(`max_page_count = ${Math.floor(options.maxPageCount)}`);

  const streamVersion = db.prepare<[string], { v: bigint }>('SELECT COALESCE(MAX(version), 0) AS v FROM events WHERE stream_id = ?').safeIntegers(true);
  const streamHead = db.prepare<[string], { position: bigint }>('SELECT position FROM events WHERE stream_id = ? ORDER BY version DESC LIMIT 1').safeIntegers(true);
  const byIds = db.prepare<[string], EventRow>('SELECT * FROM events WHERE id IN (SELECT value FROM json_each(?)) ORDER BY position').safeIntegers(true);
  const insert = db.prepare('INSERT INTO events (id, stream_id, version, type, data, metadata, occurred_at) VALUES (?, ?, ?, ?, ?, ?, ?)').safeIntegers(true);
  const readStreamStmt = db.prepare<[string, number, number], EventRow>('SELECT * FROM events WHERE stream_id = ? AND version >= ? ORDER BY version LIMIT ?').safeIntegers(true);
  const readAllStmt = db.prepare<[bigint, number], EventRow>('SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?').safeIntegers(true);
  const readAllTypesStmt = db
    .prepare<[bigint, string, number], EventRow>('SELECT * FROM events WHERE position > ? AND type IN (SELECT value FROM json_each(?)) ORDER BY position LIMIT ?')
    .safeIntegers(true);
  const headStmt = db.prepare<[], { p: bigint }>('SELECT COALESCE(MAX(position), 0) AS p FROM events').safeIntegers(true);

  /** A batch already stored under these ids in this stream, in order, is a retry: answer as the first time. */
  function previousAppend(streamId: string, events: readonly NewEvent[]): AppendResult | null {
    const rows = byIds.all(JSON.stringify(events.map((e) => e.id)));
    if (rows.length === 0) return null;
    const matches =
      rows.length === events.length &&
      rows.every((row, i) => row.stream_id === streamId && row.id === events[i]?.id && (i === 0 || row.version === (rows[i - 1]?.version ?? 0n) + 1n));
    const last = rows[rows.length - 1];
    if (!matches || !last) {
      throw new ConcurrencyError(streamId, 'any', Number(streamVersion.get(streamId)?.v ?? 0n));
    }
    return { nextVersion: Number(last.version), lastPosition: last.position };
  }

  /** One append inside the batch's transaction: every refusal (a version conflict, a reused id) comes before any write. */
  const appendOne = (streamId: string, events: readonly NewEvent[], expected: ExpectedVersion): AppendResult => {
    const current = Number(streamVersion.get(streamId)?.v ?? 0n);
    if (events.length === 0) return { nextVersion: current, lastPosition: streamHead.get(streamId)?.position ?? 0n };
    const previous = previousAppend(streamId, events);
    if (previous) return previous;
    if (expected !== 'any' && expected !== current) throw new ConcurrencyError(streamId, expected, current);
    let lastPosition = 0n;
    events.forEach((e, i) => {
      const info = insert.run(e.id, streamId, current + i + 1, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata), e.occurredAt);
      lastPosition = BigInt(info.lastInsertRowid);
    });
    return { nextVersion: current + events.length, lastPosition };
  };

  /**
   * Group commit: the appends that arrive while one commit reaches the disk are written together, in one
   * transaction and one fsync (an append refused for its version is refused before it writes anything, and leaves
   * the others whole; a storage failure fails the whole batch, and nothing of it is written). With synchronous = FULL a commit costs a flush of the disk; a burst of writers (the first of
   * the month) would otherwise queue behind one flush each. Order within the batch is arrival order.
   */
  interface PendingAppend {
    streamId: string;
    events: readonly NewEvent[];
    expected: ExpectedVersion;
    resolve: (result: AppendResult) => void;
    reject: (error: unknown) => void;
  }
  let pending: PendingAppend[] = [];
  let flushScheduled = false;
  const appendBatch = db.transaction((batch: readonly PendingAppend[]) =>
    batch.map((item): { ok: AppendResult } | { error: unknown } => {
      try {
        return { ok: appendOne(item.streamId, item.events, item.expected) };
      } catch (error) {
        if (error instanceof ConcurrencyError) return { error };
        throw error;
      }
    }),
  );
  const flush = () => {
    flushScheduled = false;
    const batch = pending;
    pending = [];
    let outcomes: ({ ok: AppendResult } | { error: unknown })[];
    try {
      // IMMEDIATE takes the write lock up front, so two writers (processes) never both read the same version.
      outcomes = appendBatch.immediate(batch);
    } catch (error) {
      for (const item of batch) {
        try {
          storageError(error);
        } catch (mapped) {
          item.reject(mapped);
        }
      }
      return;
    }
    let appended = false;
    outcomes.forEach((outcome, i) => {
      const item = batch[i]!;
      if ('ok' in outcome) {
        appended ||= item.events.length > 0;
        item.resolve(outcome.ok);
        return;
      }
      if (outcome.error instanceof ConcurrencyError) return item.reject(outcome.error);
      try {
        storageError(outcome.error);
      } catch (mapped) {
        item.reject(mapped);
      }
    });
    if (appended) for (const wake of listeners) wake();
  };

  const listeners = new Set<() => void>();
  const subscriptions = new Set<StoreSubscription>();
  let closed = false;

  const store: EventStore & { durability(): { journalMode: string; synchronous: number } } = {
    kind: 'sqlite',
    /** How commits reach the disk (for operators and tests): WAL, synchronous 2 = FULL. */
    durability: () => ({ journalMode: String(db.pragma('journal_mode', { simple: true })), synchronous: Number(db.pragma('synchronous', { simple: true })) }),
    append(streamId, events, expectedVersion) {
      if (closed) return Promise.reject(new AppError('UNAVAILABLE', 'The event store is closed; nothing was recorded'));
      return new Promise<AppendResult>((resolve, reject) => {
        pending.push({ streamId, events, expected: expectedVersion, resolve, reject });
        if (!flushScheduled) {
          flushScheduled = true;
          setImmediate(flush);
        }
      });
    },
    async readStream(streamId, options: ReadStreamOptions = {}) {
      return readStreamStmt.all(streamId, options.fromVersion ?? 1, options.maxCount ?? -1).map(toEnvelope);
    },
    async readAll(options: ReadAllOptions = {}) {
      if (options.types) return readAllTypesStmt.all(options.after ?? 0n, JSON.stringify([...options.types]), options.maxCount ?? -1).map(toEnvelope);
      return readAllStmt.all(options.after ?? 0n, options.maxCount ?? -1).map(toEnvelope);
    },
    subscribe(options: { after?: bigint }, handler: EventHandler): StoreSubscription {
      const subscription = followStore(store, options.after ?? 0n, handler, {
        pollIntervalMs,
        onAppend: (wake) => {
          listeners.add(wake);
          return () => listeners.delete(wake);
        },
      });
      subscriptions.add(subscription);
      void subscription.done.catch(() => undefined).finally(() => subscriptions.delete(subscription));
      return subscription;
    },
    async headPosition() {
      return headStmt.get()?.p ?? 0n;
    },
    async close() {
      if (closed) return;
      if (pending.length) flush();
      closed = true;
      await Promise.all([...subscriptions].map((s) => s.stop()));
      db.close();
    },
  };
  return store;
}
