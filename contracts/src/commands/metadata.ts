import type { ActorRole } from '../events/envelope.js';

/** Who, when and why: carried by every command, copied onto the events it produces. Time comes in here, never from a clock inside `decide`. */
export interface CommandMetadata {
  now: string;
  actorId: string;
  actorRole: ActorRole;
  correlationId: string;
  causationId?: string | null;
  /** A repeat of a command with this key returns the first result and appends nothing. */
  idempotencyKey?: string;
  /** Demo payments (PAYMENTS=demo): copied onto the events as `demo: true` (see EventMetadata). */
  demo?: true;
}

export interface Command<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
  metadata: CommandMetadata;
}
