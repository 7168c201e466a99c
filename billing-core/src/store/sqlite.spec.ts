import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { eventStoreConformance } from '../../test/store-conformance.js';
import { createSqliteEventStore } from './sqlite.js';

eventStoreConformance('SQLite', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'relaycast-sqlite-'));
  const store = createSqliteEventStore(join(dir, 'events.db'), { pollIntervalMs: 20 });
  return {
    store,
    cleanup: async () => {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
});

describe('SQLite event store across processes', () => {
  it('lets a second connection to the same file see appends through its subscription (polling)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'relaycast-sqlite-'));
    const writer = createSqliteEventStore(join(dir, 'events.db'));
    const reader = createSqliteEventStore(join(dir, 'events.db'), { pollIntervalMs: 20 });
    try {
      const seen: string[] = [];
      const sub = reader.subscribe({ after: 0n }, (e) => void seen.push(e.type));
      await writer.append('s-1', [{ id: randomUUID(), type: 'FromWriter', occurredAt: new Date().toISOString(), data: {}, metadata: { actorId: 'a', actorRole: 'SYSTEM', correlationId: 'c', causationId: null } }], 0);
      for (let i = 0; i < 50 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      await sub.stop();
      expect(seen).to.deep.equal(['FromWriter']);
    } finally {
      await writer.close();
      await reader.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('SQLite event store durability', () => {
  it('commits with synchronous=FULL in WAL mode: an acknowledged append survives a power loss (issue 14, item 7)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'relaycast-durable-'));
    const store = createSqliteEventStore(join(dir, 'events.db'));
    try {
      // SQLite's codes: synchronous 0 OFF, 1 NORMAL, 2 FULL, 3 EXTRA.
      expect(store.durability()).to.deep.equal({ journalMode: 'wal', synchronous: 2 });
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('SQLite event store when storage fails', () => {
  const event = () => ({ id: randomUUID(), type: 'Filler', occurredAt: new Date().toISOString(), data: { text: 'x'.repeat(3000) }, metadata: { actorId: 'a', actorRole: 'SYSTEM' as const, correlationId: 'c', causationId: null } });

  it('a full disk is a 507 that says nothing was recorded, and leaves every earlier event intact', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'relaycast-full-'));
    const store = createSqliteEventStore(join(dir, 'events.db'), { maxPageCount: 40 });
    try {
      let appended = 0;
      let failure: unknown = null;
      for (let i = 0; i < 200 && !failure; i++) {
        await store.append(`s-${i}`, [event(), event()], 0).then(() => (appended += 2), (e: unknown) => (failure = e));
      }
      expect(failure, 'the store filled up').to.not.equal(null);
      expect((failure as { code: string }).code).to.equal('STORAGE_FULL');
      expect((failure as Error).message).to.match(/full.*nothing was recorded/);
      const all = await store.readAll();
      expect(all).to.have.length(appended);
      expect(new Set(all.map((e) => e.streamId)).size).to.equal(appended / 2);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a read-only store reads but refuses writes with a clear 503', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'relaycast-ro-'));
    const writer = createSqliteEventStore(join(dir, 'events.db'));
    await writer.append('s-1', [event()], 0);
    await writer.close();
    const store = createSqliteEventStore(join(dir, 'events.db'), { readonly: true });
    try {
      expect(await store.readStream('s-1')).to.have.length(1);
      const error = await store.append('s-1', [event()], 1).catch((e: unknown) => e);
      expect((error as { code: string }).code).to.equal('UNAVAILABLE');
      expect((error as Error).message).to.match(/read-only; nothing was recorded/);
      expect(await store.readStream('s-1')).to.have.length(1);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('SQLite event store: group commit', () => {
  it('appends that arrive together are committed together; a refused one refuses only itself', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'relaycast-sqlite-'));
    const store = createSqliteEventStore(join(dir, 'events.db'));
    const event = (type: string) => ({ id: randomUUID(), type, occurredAt: '2026-03-01T00:00:00.000Z', data: {}, metadata: { actorId: 'a', actorRole: 'SYSTEM' as const, correlationId: 'c', causationId: null } });
    try {
      await store.append('taken', [event('First')], 0);
      // Fifty appends and one at a stale version, all in the same tick: one batch.
      const results = await Promise.allSettled([...Array.from({ length: 50 }, (_, i) => store.append(`s-${i}`, [event('A'), event('B')], 0)), store.append('taken', [event('Late')], 0)]);
      const refused = results.filter((r) => r.status === 'rejected');
      expect(refused).to.have.length(1);
      expect((refused[0] as PromiseRejectedResult).reason.code).to.equal('CONCURRENCY_CONFLICT');
      const positions = results.filter((r): r is PromiseFulfilledResult<{ nextVersion: number; lastPosition: bigint }> => r.status === 'fulfilled').map((r) => r.value);
      expect(positions.map((p) => p.nextVersion)).to.deep.equal(Array.from({ length: 50 }, () => 2));
      // In arrival order, two positions each after the first event.
      expect(positions.map((p) => Number(p.lastPosition))).to.deep.equal(Array.from({ length: 50 }, (_, i) => 3 + 2 * i));
      expect((await store.readStream('taken')).map((e) => e.type)).to.deep.equal(['First']);
      expect(await store.headPosition()).to.equal(101n);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
