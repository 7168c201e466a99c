import { createHash, randomUUID } from 'node:crypto';
import {
  ConcurrencyError,
  EVENT_DATA_SCHEMAS,
  isKnownEventType,
  validate,
  type Command,
  type DomainEvent,
  type EventEnvelope,
  type NewEvent,
} from '@relaycast/contracts';
import type { Decider } from './decider.js';
import type { EventStore } from './store/port.js';

/** An event as appended. Its own global position is not known to every store; the result's `position` is the last. */
export type AppendedEvent = Omit<EventEnvelope, 'position'>;

export interface HandleResult<State> {
  /** The events this command produced, as stored; for a repeated idempotency key, the first run's events. */
  events: AppendedEvent[];
  state: State;
  /** The stream's version after the command. */
  version: number;
  /** Global position of the last event produced, 0n when none: wait for read models to reach it. */
  position: bigint;
  /** true when the idempotency key had been applied before and nothing was appended now. */
  replayed: boolean;
}

export interface HandleOptions {
  /**
   * The version the caller based its command on (the one it displayed). When given, a mismatch is reported as a
   * ConcurrencyError at once instead of being retried against newer state the caller never saw.
   */
  expectedVersion?: number;
  /** Decide without appending: what the command would record (a price preview). */
  dryRun?: boolean;
}

export interface CommandHandlerOptions {
  /** Attempts on a version conflict before it is reported (read → decide → append each time). */
  maxAttempts?: number;
  /** Base delay between attempts; doubled each time, with jitter. */
  backoffMs?: number;
  /** Called after each successful append, for metrics. */
  onAppend?: (streamId: string, count: number) => void;
  /**
   * Hot streams (a book's sequence stream, appended to by every document): keep up to this many streams' state in this
   * process and read only what was appended since; commands on one stream then run one at a time in this process
   * (other processes still race on the version). For deciders whose state says what was done (their commands carry no
   * idempotency key); their `evolve` may update the state in place.
   */
  cachedStreams?: number;
}

export interface CommandHandler {
  handle<State, C extends Command, E extends DomainEvent>(
    decider: Decider<State, C, E>,
    entityId: string,
    command: C,
    options?: HandleOptions,
  ): Promise<HandleResult<State>>;
  /** An entity's state and version as the handler decides on them (caught up; through its cache when it keeps one). */
  read<State, E extends DomainEvent>(decider: Fold<State, E>, entityId: string): Promise<{ state: State; version: number }>;
  readonly store: Pick<EventStore, 'readStream' | 'append'>;
}

/** What folding a stream needs of a decider: where its entity lives, the state before any event, and `evolve`. */
export type Fold<State, E extends DomainEvent> = Pick<Decider<State, never, E>, 'streamId' | 'initialState' | 'evolve'>;

/**
 * The one fold (Emmett's `aggregateStream`): a stream's events, as stored, into its decider's state. Events are
 * checked against their schemas when appended, so an envelope of the stream is an event of its decider.
 */
export function foldEvents<State, E extends DomainEvent>(decider: Fold<State, E>, events: readonly Pick<EventEnvelope, 'type' | 'data'>[]): State {
  let state = decider.initialState();
  for (const e of events) state = decider.evolve(state, { type: e.type, data: e.data } as E);
  return state;
}

/**
 * Reads an entity's stream and folds it: its state, its version (the number of its events: what an append expects)
 * and the events read. `maxCount` reads the stream as it was after that many events.
 */
export async function aggregate<State, E extends DomainEvent>(
  store: Pick<EventStore, 'readStream'>,
  decider: Fold<State, E>,
  entityId: string,
  options: { maxCount?: number } = {},
): Promise<{ state: State; version: number; events: EventEnvelope[] }> {
  const events = await store.readStream(decider.streamId(entityId), options.maxCount !== undefined ? { maxCount: options.maxCount } : undefined);
  return { state: foldEvents(decider, events), version: events.length, events };
}

/**
 * A decider whose decision says more than its events (what a revision does: at once, pending, scheduled): `decision`
 * decides in the handler's place and returns that beside the events; `outcome()` is the last decision made — the one
 * recorded, after any retry on a version conflict decided again — or undefined when nothing was decided (an
 * idempotency key applied before).
 */
export function withDecision<State, C extends Command, E extends DomainEvent, O>(
  decider: Decider<State, C, E>,
  decision: (command: C, state: State) => { events: E[]; outcome: O },
): { decider: Decider<State, C, E>; outcome(): O | undefined } {
  let last: O | undefined;
  return {
    decider: {
      ...decider,
      decide(command, state) {
        const decided = decision(command, state);
        last = decided.outcome;
        return decided.events;
      },
    },
    outcome: () => last,
  };
}

/**
 * Event ids for a command with an idempotency key are derived from the key, so even two racing first attempts
 * write identical ids and the store's idempotent append keeps one copy.
 */
function eventId(streamId: string, key: string | undefined, index: number): string {
  return key ? deterministicUuid(`${streamId}\u0000${key}\u0000${index}`) : randomUUID();
}

/** A UUID-shaped id derived from text (SHA-256, version-5 layout): the same text always gives the same id. */
export function deterministicUuid(text: string): string {
  const h = createHash('sha256').update(text).digest('hex');
  // EventStoreDB accepts only UUIDs as event ids.
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-8${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface CachedStream {
  state: unknown;
  version: number;
  lastAt: string | undefined;
}

/** Streams' folded state kept between commands (cachedStreams), the least recently used dropped first. */
function createStreamCache(max: number) {
  const entries = new Map<string, CachedStream>();
  const queues = new Map<string, Promise<unknown>>();
  return {
    /** The stream's state caught up with the store: only the events appended since are read and folded. */
    async catchUp<State, E extends DomainEvent>(store: Pick<EventStore, 'readStream'>, decider: Fold<State, E>, streamId: string): Promise<CachedStream & { state: State }> {
      const entry = entries.get(streamId) ?? { state: decider.initialState(), version: 0, lastAt: undefined };
      entries.delete(streamId);
      const fresh = await store.readStream(streamId, entry.version > 0 ? { fromVersion: entry.version + 1 } : undefined);
      for (const e of fresh) {
        if (e.version !== entry.version + 1) throw new Error(`${streamId}: read version ${e.version} after ${entry.version}`);
        entry.state = decider.evolve(entry.state as State, { type: e.type, data: e.data } as E);
        entry.version = e.version;
        entry.lastAt = e.occurredAt;
      }
      entries.set(streamId, entry);
      if (entries.size > max) entries.delete(entries.keys().next().value!);
      return entry as CachedStream & { state: State };
    },
    forget: (streamId: string) => void entries.delete(streamId),
    /** Runs `work` after the work already queued on the stream in this process. */
    serial<T>(streamId: string, work: () => Promise<T>): Promise<T> {
      const run = (queues.get(streamId) ?? Promise.resolve()).then(work, work);
      const tail = run.catch(() => undefined);
      queues.set(streamId, tail);
      void tail.then(() => {
        if (queues.get(streamId) === tail) queues.delete(streamId);
      });
      return run;
    },
  };
}

/**
 * read → decide → append with the version read. No events, no append. A version conflict is retried a few
 * times with backoff (each retry decides again on fresh state), then surfaced as ConcurrencyError (409).
 */
export function createCommandHandler(store: Pick<EventStore, 'readStream' | 'append'>, options: CommandHandlerOptions = {}): CommandHandler {
  const maxAttempts = options.maxAttempts ?? 5;
  const backoffMs = options.backoffMs ?? 5;
  const cache = options.cachedStreams ? createStreamCache(options.cachedStreams) : null;

  /** The stream as the decision needs it: every event (for idempotency keys), or the cached fold caught up. */
  async function current<State, E extends DomainEvent>(decider: Fold<State, E>, streamId: string, key: string | undefined) {
    if (cache) {
      if (key) throw new Error(`${streamId}: a handler that caches streams takes no idempotency keys`);
      const entry = await cache.catchUp(store, decider, streamId);
      return { history: [] as EventEnvelope[], state: entry.state, version: entry.version, lastAt: entry.lastAt, entry };
    }
    const history = await store.readStream(streamId);
    return { history, state: foldEvents(decider, history), version: history.length, lastAt: history[history.length - 1]?.occurredAt, entry: null };
  }

  async function attempt<State, C extends Command, E extends DomainEvent>(
    decider: Decider<State, C, E>,
    streamId: string,
    command: C,
    expectedVersion: number | undefined,
    dryRun: boolean,
  ): Promise<HandleResult<State>> {
    const key = command.metadata.idempotencyKey;
    const { history, state, version, lastAt, entry } = await current(decider, streamId, key);
    if (key) {
      const earlier = history.filter((e) => e.metadata.idempotencyKey === key);
      const last = earlier[earlier.length - 1];
      if (last) return { events: earlier, state, version, position: last.position, replayed: true };
    }
    if (expectedVersion !== undefined && expectedVersion !== version) throw new ConcurrencyError(streamId, expectedVersion, version);

    // Time in a stream never goes backwards: a command whose request began before the stream's last event (a slow
    // PayPal answer while other commands ran) is decided, and recorded, at that event's time.
    if (lastAt && lastAt > command.metadata.now) command = { ...command, metadata: { ...command.metadata, now: lastAt } };
    const decided = decider.decide(command, state);
    if (decided.length === 0) return { events: [], state, version, position: 0n, replayed: false };

    const { now, actorId, actorRole, correlationId, causationId, idempotencyKey, demo } = command.metadata;
    const metadata = { actorId, actorRole, correlationId, causationId: causationId ?? null, ...(idempotencyKey ? { idempotencyKey } : {}), ...(demo === true ? { demo } : {}) };
    const newEvents: NewEvent[] = decided.map((e, i) => {
      // A decider bug must not write an event its readers cannot parse.
      if (!isKnownEventType(e.type)) throw new Error(`decider produced unknown event type ${e.type}`);
      validate(EVENT_DATA_SCHEMAS[e.type], e.data);
      return { id: eventId(streamId, idempotencyKey, i), type: e.type, data: e.data, occurredAt: now, metadata };
    });
    if (dryRun) {
      // A cached state may be updated in place by evolve: what was never appended must not stay in the cache.
      if (entry) cache!.forget(streamId);
      const preview = newEvents.map((e, i) => ({ ...e, streamId, version: version + i + 1 }));
      return { events: preview, state: decided.reduce((s, e) => decider.evolve(s, e), state), version, position: 0n, replayed: false };
    }
    const result = await store.append(streamId, newEvents, version);
    options.onAppend?.(streamId, newEvents.length);
    const stored: AppendedEvent[] = newEvents.map((e, i) => ({ ...e, streamId, version: result.nextVersion - newEvents.length + i + 1 }));
    const nextState = decided.reduce((s, e) => decider.evolve(s, e), state);
    if (entry) {
      Object.assign(entry, { state: nextState, version: result.nextVersion, lastAt: now });
      if (result.nextVersion !== version + newEvents.length) cache!.forget(streamId);
    }
    return { events: stored, state: nextState, version: result.nextVersion, position: result.lastPosition, replayed: false };
  }

  async function handle<State, C extends Command, E extends DomainEvent>(decider: Decider<State, C, E>, streamId: string, command: C, handleOptions: HandleOptions): Promise<HandleResult<State>> {
    for (let n = 1; ; n++) {
      try {
        return await attempt(decider, streamId, command, handleOptions.expectedVersion, handleOptions.dryRun ?? false);
      } catch (error) {
        const retry = error instanceof ConcurrencyError && handleOptions.expectedVersion === undefined && n < maxAttempts;
        if (!retry) throw error;
        await sleep(backoffMs * 2 ** (n - 1) * (0.5 + Math.random()));
      }
    }
  }

  return {
    store,
    async handle(decider, entityId, command, handleOptions = {}) {
      validate(decider.commandSchemas[command.type as keyof typeof decider.commandSchemas], command.data);
      const streamId = decider.streamId(entityId);
      return cache ? cache.serial(streamId, () => handle(decider, streamId, command, handleOptions)) : handle(decider, streamId, command, handleOptions);
    },
    async read(decider, entityId) {
      const streamId = decider.streamId(entityId);
      if (!cache) return aggregate(store, decider, entityId);
      return cache.serial(streamId, async () => {
        const { state, version } = await cache.catchUp(store, decider, streamId);
        return { state, version };
      });
    },
  };
}
