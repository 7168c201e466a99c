import { START, excludeSystemEvents, type AllStreamResolvedEvent, type EventStoreDBClient } from '@eventstore/db-client';
import { UnavailableError } from '@relaycast/contracts';
import type { EventHandler, StoreSubscription } from '../port.js';
import { isSystemEventType, toEnvelope } from './mapping.js';

/**
 * A catch-up subscription to $all, filtered on the server to non-system event types. The client's subscription
 * starts strictly after `fromPosition`, which is the port's rule. Events are pulled one at a time through the
 * stream's async iterator, so the handler never runs twice at once and backpressure reaches the server.
 *
 * `stop()` cancels the gRPC call and destroys the client's stream (a cancelled call never ends it), then waits for
 * the handler in flight. `done` resolves after stop(), and rejects with the handler's own error, with the store
 * error for a failed call, or with UnavailableError when the server ends the subscription.
 */
export function subscribeToAll(
  client: EventStoreDBClient,
  after: bigint,
  handler: EventHandler,
  toError: (error: unknown) => unknown,
): StoreSubscription {
  const subscription = client.subscribeToAll({
    fromPosition: after === 0n ? START : { commit: after, prepare: after },
    filter: excludeSystemEvents(),
  });
  let stopping = false;
  let cancelled: Promise<void> | null = null;
  const cancel = () =>
    (cancelled ??= subscription
      .unsubscribe()
      .catch(() => undefined)
      .then(() => void subscription.destroy()));

  const run = async () => {
    const events = subscription[Symbol.asyncIterator]();
    try {
      while (!stopping) {
        let next: IteratorResult<AllStreamResolvedEvent>;
        try {
          next = await events.next();
        } catch (error) {
          if (stopping) return;
          throw toError(error);
        }
        if (stopping) return;
        if (next.done) throw new UnavailableError('EventStoreDB ended the subscription');
        const event = toEnvelope(next.value);
        if (event && !isSystemEventType(event.type)) await handler(event);
      }
    } finally {
      await cancel();
    }
  };
  const done = run();
  // The caller observes failures through `done`; this keeps an unobserved rejection from crashing the process.
  done.catch(() => undefined);
  return {
    done,
    async stop() {
      stopping = true;
      await cancel();
      await done.catch(() => undefined);
    },
  };
}
