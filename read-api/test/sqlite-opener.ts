import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { createSqliteEventStore } from '@relaycast/billing-core';
import { createSqliteCheckpointStore } from '@relaycast/projections/kafka';
import { createSqliteAuthStore } from '../src/auth/store.js';

/**
 * A child process for sqlite-start.int.spec.ts: on each `{ dir }` message it opens every SQLite handle a process of
 * the product opens on DATA_DIR, in the order the runtime does (event store, auth store, reactor and publisher
 * checkpoints), writes one row in each, closes them and answers `{ ok }` or `{ error }` with the SQLite code.
 */
process.on('message', (message: { dir: string; id: string }) => {
  void (async () => {
    try {
      const events = createSqliteEventStore(join(message.dir, 'events.db'));
      const auth = createSqliteAuthStore(join(message.dir, 'auth.db'));
      const reactors = createSqliteCheckpointStore(join(message.dir, 'reactors.db'));
      const publisher = createSqliteCheckpointStore(join(message.dir, 'publisher.db'));
      await events.append(`opener-${message.id}`, [{ id: randomUUID(), type: 'Opened', occurredAt: new Date().toISOString(), data: {}, metadata: { actorId: message.id, actorRole: 'SYSTEM', correlationId: message.id, causationId: null } }], 0);
      await auth.setPassword(message.id, 'hash');
      await reactors.set(message.id, 1n);
      await publisher.set(message.id, 1n);
      await Promise.all([events.close(), auth.close(), reactors.close(), publisher.close()]);
      process.send!({ ok: true });
    } catch (error) {
      process.send!({ ok: false, error: `${(error as { code?: string }).code ?? ''} ${(error as Error).message}` });
    }
  })();
});
process.send!({ ready: true });
