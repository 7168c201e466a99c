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
