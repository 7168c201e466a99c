import type { EventEnvelope, NewEvent } from '@relaycast/contracts';

/**
 * The version a stream must be at for an append to succeed: the number of events in it (0 = no stream yet),
 * or 'any' to skip the check. Every adapter maps its engine's conventions onto this one rule.
 */
export type ExpectedVersion = number | 'any';

export interface AppendResult {
  /** The stream's version after the append. */
  nextVersion: number;
  /** Global position of the last event appended (or of the stream's last event when nothing was appended). */
  lastPosition: bigint;
}

export interface ReadStreamOptions {
  /** First version to return (1-based, inclusive). */
  fromVersion?: number;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Return events strictly after this global position; 0n (the default) reads from the beginning. */
  after?: bigint;
  maxCount?: number;
  /**
   * Only events of these types (`maxCount` counts those): the others are passed over without being decoded where
   * the store can. For bounded reads (a rebuild up to a position); a reader that follows the log needs every
   * position it passes, so subscriptions never filter.
   */
  types?: ReadonlySet<string>;
}

export type EventHandler = (event: EventEnvelope) => Promise<void> | void;

export interface StoreSubscription {
  /** Stops delivering events; resolves once the handler in flight (if any) has finished. */
  stop(): Promise<void>;
  /** Settles when the subscription ends: resolves after stop(), rejects if the handler or the store failed. */
  readonly done: Promise<void>;
}

/**
 * The event store port. Appends are atomic per call and use optimistic concurrency (ConcurrencyError on a
 * version mismatch); appending a batch whose event ids were already appended to that stream at that version
 * returns the first result and writes nothing.
 */
export interface EventStore {
  readonly kind: string;
  append(streamId: string, events: readonly NewEvent[], expectedVersion: ExpectedVersion): Promise<AppendResult>;
  /** A stream's events in version order; [] for a stream that does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<EventEnvelope[]>;
  /** Events of all streams in global order. */
  readAll(options?: ReadAllOptions): Promise<EventEnvelope[]>;
  /** Delivers every event after `after` in global order, then follows new appends live. One event at a time. */
  subscribe(options: { after?: bigint }, handler: EventHandler): StoreSubscription;
  /** Position of the last event in the store, 0n when empty. */
  headPosition(): Promise<bigint>;
  close(): Promise<void>;
}
