import type { EventEnvelope } from '@relaycast/contracts';
import type { EventHandler, EventStore, StoreSubscription } from './port.js';

const BATCH = 500;

/**
 * A catch-up subscription built on `readAll`: read a batch after the checkpoint, hand each event to the handler
 * in order, and when caught up wait for an in-process append signal or the poll interval (appends from other
 * processes). Stores without a native live subscription use this.
 */
export function followStore(
  store: Pick<EventStore, 'readAll'>,
  after: bigint,
  handler: EventHandler,
  options: { pollIntervalMs: number; onAppend?: (wake: () => void) => () => void },
): StoreSubscription {
  let stopped = false;
  let wakeUp: (() => void) | null = null;
  // An append signalled while not asleep (reading, or in the handler) is remembered: without it, the next sleep
  // waited out the whole poll interval with the append unread (up to 50 ms of projection lag).
  let appendedSinceRead = false;
  const wake = () => {
    appendedSinceRead = true;
    wakeUp?.();
  };
  const unlisten = options.onAppend?.(wake);

  const sleep = () =>
    new Promise<void>((resolve) => {
      if (appendedSinceRead || stopped) return resolve();
      const timer = setTimeout(wakeNow, options.pollIntervalMs);
      function wakeNow() {
        clearTimeout(timer);
        wakeUp = null;
        resolve();
      }
      wakeUp = wakeNow;
    });

  const run = async () => {
    let checkpoint = after;
    try {
      while (!stopped) {
        // Appends before this read are in it; a signal from here on means there may be more.
        appendedSinceRead = false;
        const batch: EventEnvelope[] = await store.readAll({ after: checkpoint, maxCount: BATCH });
        for (const event of batch) {
          if (stopped) return;
          await handler(event);
          checkpoint = event.position;
        }
        if (batch.length < BATCH && !stopped) await sleep();
      }
    } finally {
      unlisten?.();
    }
  };
  const done = run();
  // The caller observes failures through `done`; this keeps an unobserved rejection from crashing the process.
  done.catch(() => undefined);
  return {
    done,
    async stop() {
      stopped = true;
      wake();
      await done.catch(() => undefined);
    },
  };
}
