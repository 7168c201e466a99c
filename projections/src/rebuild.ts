import type { EventStore } from '@relaycast/billing-core';
import type { ReadModelStore } from './readmodel/port.js';
import type { Projection } from './projection.js';
import { RecentDocuments, UnitOfWork } from './unit-of-work.js';

/**
 * Events (or changes) per commit when rebuilding: large, as nobody reads the read model meanwhile, so a document
 * many events change is read and written once per batch rather than once per event.
 */
const REBUILD_BATCH = 10_000;
/** Documents a replay into a remote store keeps to read back (tens of megabytes at most). */
const REPLAY_RECENT_DOCUMENTS = 50_000;

/**
 * Drops a read model and replays it from position 0 up to the store's head. Run it while that projection's own
 * process is stopped (each projection has a single writer).
 */
export async function rebuildProjection(
  events: EventStore,
  readModels: ReadModelStore,
  projection: Projection,
): Promise<{ position: bigint; millis: number }> {
  const started = Date.now();
  await readModels.drop(projection.name);
  const head = await events.headPosition();
  await replayProjectionTo(events, readModels, projection, 0n, head, projection.rebuildBatch ?? REBUILD_BATCH);
  return { position: head, millis: Date.now() - started };
}

/**
 * Applies the events after `from` up to `to` (inclusive) to a read model, the way the projection runner does (unit
 * of work, commit with the checkpoint), and leaves the checkpoint at `to`.
 */
export async function replayProjectionTo(
  events: Pick<EventStore, 'readAll'>,
  store: ReadModelStore,
  projection: Projection,
  from: bigint,
  to: bigint,
  batch = 1000,
): Promise<void> {
  // What this replay wrote is read back from memory, not asked for again (it is the one writer): documents written as
  // values (UnitOfWork.putValue) as they are, in any store; the others as JSON, from a remote store (Redis).
  const recent = new RecentDocuments(Math.max(store.recentDocumentsToKeep ?? 0, REPLAY_RECENT_DOCUMENTS));
  let uow = new UnitOfWork(store, projection.name, recent);
  let after = from;
  let done = after >= to;
  while (!done) {
    // Only the events the projection reads: the others would only move its checkpoint, which ends at `to` anyway.
    const page = await events.readAll({ after, maxCount: 2000, ...(projection.handles ? { types: projection.handles } : {}) });
    if (page.length === 0) break;
    for (const event of page) {
      if (event.position > to) {
        done = true;
        break;
      }
      if (!projection.handles || projection.handles.has(event.type)) await projection.apply(event, uow);
      after = event.position;
      if (uow.size >= batch) {
        await store.commit(projection.name, await uow.complete(), after);
        recent.remember(uow.written(), uow.writtenValues());
        uow = new UnitOfWork(store, projection.name, recent);
      }
    }
    if (page.length < 2000 || after >= to) done = true;
  }
  await store.commit(projection.name, await uow.complete(), to);
}

