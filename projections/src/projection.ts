import type { EventEnvelope } from '@relaycast/contracts';
import type { UnitOfWork } from './unit-of-work.js';

/**
 * A projection turns events into one read model. `apply` must be deterministic (time and ids from the event,
 * never from a clock), so a rebuild from position 0 produces the same documents byte for byte.
 */
export interface Projection {
  name: string;
  /** Event types it reads (the rest only move its checkpoint); absent: every event goes to `apply`. */
  handles?: ReadonlySet<string>;
  apply(event: EventEnvelope, uow: UnitOfWork): Promise<void>;
  /**
   * Events (or changes) per commit when rebuilding, when the default does not suit: a projection that keeps batch
   * state (UnitOfWork.batch) writes each document once per batch, so larger batches write less.
   */
  rebuildBatch?: number;
}

/** Index scores are epoch milliseconds of an event's time. */
export function scoreOf(isoTime: string): number {
  return Date.parse(isoTime);
}
