import type { EventEnvelope } from '@relaycast/contracts';
import type { EventStore, StoreSubscription } from './store/port.js';
import { createPositionWaiters } from './store/position-waiters.js';

/**
 * The one reactor loop (the invoicing reactor, the mail notifier, and any later one): follow the event log from a
 * checkpoint (a checkpointed subscription, as the projections are fed), hand each event to `handle`, keep the position
 * handled, save it every `checkpointEveryMs` (and whenever `handle` asks), and when the subscription fails — the store
 * away, a transient failure `handle` throws — start again from the checkpoint after `restartDelayMs`. Handling must be
 * idempotent: after a restart the events since the checkpoint are handed over again.
 */

/** Where a reactor keeps the position it has handled (a small table beside the event store, or Redis in deploy). */
export interface ReactorCheckpoints {
  get(name: string): Promise<bigint>;
  set(name: string, position: bigint): Promise<void>;
}

export interface ReactorOptions {
  /** The checkpoint's name. */
  name: string;
  events: Pick<EventStore, 'subscribe'>;
  checkpoints: ReactorCheckpoints;
  /** Handles one event. Throws to start again from the checkpoint; answers 'save' to save the checkpoint past it now. */
  handle(event: EventEnvelope): Promise<'save' | void>;
  /** Delay before subscribing again after a failure. */
  restartDelayMs?: number;
  /** How often the position reached is saved. */
  checkpointEveryMs?: number;
  /** A failure of the subscription (it starts again later) or of a periodic save. */
  onError?(error: unknown): void;
  /** Failures that only say the reactor is being stopped (not reported, no restart). */
  isStopping?(error: unknown): boolean;
  /** The reactor started, stopped, or started again after a failure (for a status published elsewhere). */
  onChange?(): void;
  /** Called first by `stop()`: wake whatever `handle` waits on, so that it gives up. */
  onStop?(): void;
}

export interface Reactor {
  start(): Promise<void>;
  stop(): Promise<void>;
  readonly name: string;
  /** The last position handled: every event up to it is. */
  readonly position: bigint;
  readonly running: boolean;
  readonly lastError: string | null;
  /** true once every event up to `position` has been handled, false after the timeout. */
  waitFor(position: bigint, timeoutMs: number): Promise<boolean>;
}

export function createReactor(options: ReactorOptions): Reactor {
  const { name, checkpoints } = options;
  const restartDelayMs = options.restartDelayMs ?? 1000;
  const checkpointEveryMs = options.checkpointEveryMs ?? 1000;
  let running = false;
  let position = 0n;
  let saved = 0n;
  let lastError: string | null = null;
  let subscription: StoreSubscription | null = null;
  let restartTimer: NodeJS.Timeout | null = null;
  let saveTimer: NodeJS.Timeout | null = null;
  const waiters = createPositionWaiters();

  const reached = (to: bigint) => {
    if (to > position) position = to;
    waiters.reached(position);
  };

  async function save(): Promise<void> {
    if (position === saved) return;
    const at = position;
    await checkpoints.set(name, at);
    saved = at;
  }

  async function handle(event: EventEnvelope): Promise<void> {
    const after = await options.handle(event);
    reached(event.position);
    if (after === 'save') await save();
  }

  function restartLater(error: unknown) {
    if (!running || options.isStopping?.(error)) return;
    lastError = error instanceof Error ? error.message : String(error);
    options.onError?.(error);
    options.onChange?.();
    if (!restartTimer) restartTimer = setTimeout(() => void subscribe(), restartDelayMs);
  }

  async function subscribe(): Promise<void> {
    restartTimer = null;
    if (!running) return;
    try {
      const from = await checkpoints.get(name);
      saved = from;
      reached(from);
      const current = options.events.subscribe({ after: from }, handle);
      subscription = current;
      lastError = null;
      current.done.then(
        () => undefined,
        (error: unknown) => {
          if (subscription === current) subscription = null;
          restartLater(error);
        },
      );
      options.onChange?.();
    } catch (error) {
      restartLater(error);
    }
  }

  return {
    name,
    get position() {
      return position;
    },
    get running() {
      return running;
    },
    get lastError() {
      return lastError;
    },
    async start() {
      if (running) return;
      running = true;
      await subscribe();
      saveTimer = setInterval(() => void save().catch((error: unknown) => options.onError?.(error)), checkpointEveryMs);
      saveTimer.unref();
    },
    async stop() {
      running = false;
      options.onStop?.();
      if (restartTimer) clearTimeout(restartTimer);
      if (saveTimer) clearInterval(saveTimer);
      restartTimer = saveTimer = null;
      await subscription?.stop().catch(() => undefined);
      subscription = null;
      await save().catch(() => undefined);
      waiters.releaseAll();
      options.onChange?.();
    },
    waitFor(target, timeoutMs) {
      return position >= target ? Promise.resolve(true) : waiters.wait(target, timeoutMs);
    },
  };
}
