import { StaleWriterError } from './readmodel/port.js';
import type { EventEnvelope } from '@relaycast/contracts';
import type { EventStore, StoreSubscription } from '@relaycast/billing-core';
import type { ReadModelStore } from './readmodel/port.js';
import type { Projection } from './projection.js';
import { RecentDocuments, UnitOfWork } from './unit-of-work.js';
import { createPositionWaiters } from '@relaycast/billing-core';

export interface ProjectionRunnerOptions {
  events: EventStore;
  readModels: ReadModelStore;
  projection: Projection;
  /** Commit after this many changes even when more events are waiting. */
  batchSize?: number;
  /** Delay before resubscribing after a failure (Redis away, a bug). */
  restartDelayMs?: number;
  onError?: (error: unknown, projection: string) => void;
  onCommit?: (projection: string, position: bigint, events: number) => void;
}

export interface ProjectionStatus {
  name: string;
  position: bigint;
  running: boolean;
  lastError: string | null;
}

export interface ProjectionRunner {
  readonly name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  status(): ProjectionStatus;
  /** Resolves true once the committed checkpoint reaches `position`, false after the timeout. */
  waitFor(position: bigint, timeoutMs: number): Promise<boolean>;
}

/** The longest an applied event waits for its commit when the runner is not at the head of the store. */
const COMMIT_DEADLINE_MS = 20;

/**
 * Follows the event store from the projection's checkpoint through a catch-up subscription. Events are applied
 * to a unit of work and committed with the checkpoint in batches: when the batch is large, or when the
 * subscription has reached the head of the store (so readers see a write as soon as possible).
 */
export function createProjectionRunner(options: ProjectionRunnerOptions): ProjectionRunner {
  const { events, readModels, projection } = options;
  const batchSize = options.batchSize ?? 256;
  const restartDelayMs = options.restartDelayMs ?? 500;
  let position = 0n;
  let running = false;
  let lastError: string | null = null;
  let subscription: StoreSubscription | null = null;
  let active: { end(): void; settled(): Promise<void> } | null = null;
  let restartTimer: NodeJS.Timeout | null = null;
  const waiters = createPositionWaiters();

  function committed(to: bigint) {
    position = to;
    waiters.reached(to);
  }

  function scheduleRestart(error: unknown) {
    lastError = error instanceof Error ? error.message : String(error);
    options.onError?.(error, projection.name);
    // A stale writer does not come back: another process owns this read model now.
    if (error instanceof StaleWriterError) {
      running = false;
      waiters.releaseAll();
      return;
    }
    // Whoever waits for a position will not see it soon: tell them now rather than at their timeout.
    waiters.releaseAll();
    if (running && !restartTimer) restartTimer = setTimeout(() => void start(), restartDelayMs);
  }

  async function subscribe() {
    const from = await readModels.checkpoint(projection.name);
    if (!running) return; // stopped while reading the checkpoint
    committed(from);
    // New on every (re)subscription: after a failed commit, what the store holds is read again.
    const recent = readModels.recentDocumentsToKeep ? new RecentDocuments(readModels.recentDocumentsToKeep) : undefined;
    let uow = new UnitOfWork(readModels, projection.name, recent);
    let seen = from;
    let applied = 0;
    let knownHead = 0n;
    let idleTimer: NodeJS.Timeout | null = null;
    // The event handler and the idle flush never run at the same time.
    let chain: Promise<void> = Promise.resolve();
    const exclusive = (work: () => Promise<void>) => (chain = chain.then(work));
    // Once this subscription has ended (stopped, failed), nothing it still holds is committed: a flush queued by the
    // deadline would otherwise commit after a restart had read the checkpoint, and fence the new subscription out.
    let ended = false;
    const end = () => {
      ended = true;
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = null;
    };

    const flush = async () => {
      if (idleTimer) clearTimeout(idleTimer);
      idleTimer = null;
      if (ended || (seen === position && uow.size === 0)) return;
      // Fenced on the checkpoint this runner last committed: if another writer moved it, this one is refused and stops.
      await readModels.commit(projection.name, await uow.complete(), seen, position);
      recent?.remember(uow.written(), uow.writtenValues());
      options.onCommit?.(projection.name, seen, applied);
      committed(seen);
      uow = new UnitOfWork(readModels, projection.name, recent);
      applied = 0;
    };

    const current = events.subscribe({ after: from }, (event: EventEnvelope) =>
      exclusive(async () => {
        if (!projection.handles || projection.handles.has(event.type)) {
          await projection.apply(event, uow);
          applied++;
        }
        seen = event.position;
        if (uow.size >= batchSize) return flush();
        if (event.position >= knownHead) knownHead = await events.headPosition();
        if (event.position >= knownHead) return flush();
        // Not at the head: more events are coming, or the head is one we never see (a filtered system event). What
        // is held is committed within COMMIT_DEADLINE_MS of the first event not yet committed. A deadline, not an
        // idle timer: pushed back by every event, it let a steady stream of writes wait for a pause (or 256 changes)
        // whenever the runner trailed the writer by an event (runner.spec.ts; the Redis lag's slow runs).
        idleTimer ??= setTimeout(() => {
          idleTimer = null;
          exclusive(flush).catch(async (error: unknown) => {
            await current.stop();
            scheduleRestart(error);
          });
        }, COMMIT_DEADLINE_MS);
      }),
    );
    subscription = current;
    // stop() ends it first, then waits for a commit already under way.
    active = { end, settled: () => chain.catch(() => undefined) };
    lastError = null;
    current.done.then(end, async (error: unknown) => {
      end();
      await chain.catch(() => undefined);
      if (subscription === current) subscription = null;
      scheduleRestart(error);
    });
  }

  async function start() {
    running = true;
    restartTimer = null;
    try {
      await subscribe();
    } catch (error) {
      scheduleRestart(error);
    }
  }

  return {
    name: projection.name,
    start,
    async stop() {
      running = false;
      if (restartTimer) clearTimeout(restartTimer);
      active?.end();
      await subscription?.stop();
      await active?.settled();
      subscription = null;
      active = null;
      waiters.releaseAll();
    },
    status: () => ({ name: projection.name, position, running: running && subscription !== null, lastError }),
    waitFor(target, timeoutMs) {
      if (target <= position) return Promise.resolve(true);
      if (lastError) return Promise.resolve(false);
      return waiters.wait(target, timeoutMs);
    },
  };
}
