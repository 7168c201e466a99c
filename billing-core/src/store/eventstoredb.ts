import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  START,
  StreamNotFoundError,
  type AllStreamResolvedEvent,
  type Direction,
  type ReadPosition,
} from '@eventstore/db-client';
import { ConcurrencyError, type EventEnvelope } from '@relaycast/contracts';
import type { AppendResult, EventStore, ExpectedVersion, StoreSubscription } from './port.js';
import { serverName, toStoreError } from './eventstoredb/errors.js';
import { isSystemEventType, toEnvelope, toEventData, toExpectedRevision, toVersion } from './eventstoredb/mapping.js';
import { subscribeToAll } from './eventstoredb/subscription.js';

/** Page size when walking $all backwards past the server's own events. */
const PAGE = 100;

/**
 * The event store on EventStoreDB (gRPC, `@eventstore/db-client`). Streams map one to one; the global position is
 * the event's commit position in $all, where each event appended through gRPC is its own commit, so positions of
 * the events of one append strictly increase. $all also holds the server's system events (types starting with
 * "$"): readAll, headPosition and subscribe leave them out.
 *
 * `connectionString` is EventStoreDB's own, e.g. `esdb://127.0.0.1:2113?tls=false` (add `&defaultDeadline=ms` to
 * bound how long a call may wait). An unreachable or silent server gives UnavailableError (503).
 */
export function createEventStoreDbStore(connectionString: string): EventStore {
  const client = EventStoreDBClient.connectionString(connectionString);
  const server = serverName(connectionString);
  const fail = (error: unknown, append?: { streamId: string; expectedVersion: ExpectedVersion }) => toStoreError(error, server, append);
  const subscriptions = new Set<StoreSubscription>();
  let closed = false;

  /**
   * Every event a read yields. Reads are always drained: a client read left half-consumed keeps its gRPC call
   * open (the call's status waits behind the unread messages), and `dispose()` then waits for it forever.
   */
  async function drain<T>(read: AsyncIterable<T>): Promise<T[]> {
    const items: T[] = [];
    for await (const item of read) items.push(item);
    return items;
  }

  const readAllPage = (fromPosition: ReadPosition, direction: Direction, maxCount: number): Promise<AllStreamResolvedEvent[]> =>
    drain(client.readAll({ fromPosition, direction, maxCount }));

  /** Version and position of one event of a stream (END: its last), or of no stream. */
  async function eventAt(streamId: string, revision: bigint | typeof END): Promise<AppendResult> {
    try {
      const read = client.readStream(streamId, { fromRevision: revision, direction: revision === END ? BACKWARDS : FORWARDS, maxCount: 1 });
      const event = (await drain(read)).map(toEnvelope).find((e) => e !== null);
      if (event) return { nextVersion: event.version, lastPosition: event.position };
    } catch (error) {
      if (!(error instanceof StreamNotFoundError)) throw fail(error);
    }
    return { nextVersion: 0, lastPosition: 0n };
  }

  const store: EventStore = {
    kind: 'eventstoredb',

    async append(streamId, events, expectedVersion) {
      // Nothing to write: answer with where the stream is, as the other adapters do.
      if (events.length === 0) return eventAt(streamId, END);
      try {
        const result = await client.appendToStream(streamId, events.map(toEventData), { expectedRevision: toExpectedRevision(expectedVersion) });
        // Only with throwOnAppendFailure=false in the connection string does a conflict come back as a result.
        if (!result.success) throw new ConcurrencyError(streamId, expectedVersion, toVersion(result.nextExpectedRevision));
        const nextVersion = toVersion(result.nextExpectedRevision);
        // An idempotent repeat may come back without a position: look up the batch's last event.
        const lastPosition = result.position?.commit ?? (await eventAt(streamId, result.nextExpectedRevision)).lastPosition;
        return { nextVersion, lastPosition };
      } catch (error) {
        throw fail(error, { streamId, expectedVersion });
      }
    },

    async readStream(streamId, options = {}) {
      const fromVersion = Math.max(options.fromVersion ?? 1, 1);
      if (options.maxCount === 0) return [];
      const maxCount = options.maxCount !== undefined && options.maxCount > 0 ? options.maxCount : Number.MAX_SAFE_INTEGER;
      try {
        const read = await drain(client.readStream(streamId, { fromRevision: BigInt(fromVersion - 1), maxCount }));
        return read.map(toEnvelope).filter((event) => event !== null);
      } catch (error) {
        if (error instanceof StreamNotFoundError) return [];
        throw fail(error);
      }
    },

    async readAll(options = {}) {
      const after = options.after ?? 0n;
      const limit = options.maxCount ?? Number.POSITIVE_INFINITY;
      const events: EventEnvelope[] = [];
      // The client's readAll includes the event at its start position: start at `after` and drop it. System
      // events take room in a page, so keep reading until `limit` of ours are in or $all ends.
      let from: ReadPosition = after === 0n ? START : { commit: after, prepare: after };
      let seen = after;
      try {
        while (events.length < limit) {
          const want = Number.isFinite(limit) ? limit - events.length + 1 : Number.MAX_SAFE_INTEGER;
          const page = await readAllPage(from, FORWARDS, want);
          for (const resolved of page) {
            const event = toEnvelope(resolved);
            if (event && event.position > seen && !isSystemEventType(event.type) && (!options.types || options.types.has(event.type))) events.push(event);
          }
          const last = page.at(-1)?.event?.position;
          if (page.length < want || !last) break;
          from = last;
          seen = last.commit;
        }
      } catch (error) {
        throw fail(error);
      }
      return events.slice(0, limit);
    },

    subscribe(options, handler) {
      const subscription = subscribeToAll(client, options.after ?? 0n, handler, fail);
      subscriptions.add(subscription);
      void subscription.done.catch(() => undefined).finally(() => subscriptions.delete(subscription));
      return subscription;
    },

    async headPosition() {
      let from: ReadPosition = END;
      try {
        for (;;) {
          const page = await readAllPage(from, BACKWARDS, PAGE);
          const ours = page.map(toEnvelope).find((event) => event && !isSystemEventType(event.type));
          if (ours) return ours.position;
          const last = page.at(-1)?.event?.position;
          if (page.length < PAGE || !last) return 0n;
          from = last;
        }
      } catch (error) {
        throw fail(error);
      }
    },

    async close() {
      if (closed) return;
      closed = true;
      await Promise.all([...subscriptions].map((s) => s.stop()));
      await client.dispose();
    },
  };
  return store;
}
