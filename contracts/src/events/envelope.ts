import type { Role } from '../constants/roles.js';

/** Who or what caused an event: a signed-in user's role, or SYSTEM for webhooks, schedulers and migrations. */
export type ActorRole = Role | 'SYSTEM';

export interface EventMetadata {
  actorId: string;
  actorRole: ActorRole;
  /** The request (or job) that led to this event; every event of one request shares it. */
  correlationId: string;
  /** The message that directly caused this event (a command id, a webhook id), or null. */
  causationId: string | null;
  /** Present when the command carried one: a repeat with the same key appends nothing. */
  idempotencyKey?: string;
  /**
   * Present (true) on every event a server running demo payments (PAYMENTS=demo) recorded: its PayPal was the
   * built-in sandbox and no money moved. Finance keeps these apart from real money; histories show them as demo.
   */
  demo?: true;
}

/** An event as the store hands it back: the one envelope every adapter, projection and consumer sees. */
export interface EventEnvelope<Type extends string = string, Data = unknown> {
  id: string;
  type: Type;
  streamId: string;
  /** 1-based position within its stream: the stream's version after this event. */
  version: number;
  /** Global order across all streams, strictly increasing. */
  position: bigint;
  occurredAt: string;
  data: Data;
  metadata: EventMetadata;
}

/** An event to append: the store assigns version and position. */
export interface NewEvent<Type extends string = string, Data = unknown> {
  id: string;
  type: Type;
  occurredAt: string;
  data: Data;
  metadata: EventMetadata;
}

/** A domain event before it is wrapped: what `decide` returns. */
export interface DomainEvent<Type extends string = string, Data = unknown> {
  type: Type;
  data: Data;
}

/** Stream names (design.md "Streams"). */
export const streamIds = {
  subscription: (id: string) => `subscription-${id}`,
  user: (id: string) => `user-${id}`,
  entry: (id: string) => `entry-${id}`,
  file: (id: string) => `file-${id}`,
  /** Reserves an e-mail address for one user, so two registrations of one address cannot both succeed. */
  email: (emailHash: string) => `email-${emailHash}`,
  /** Claims of unique identifiers: `claim-billing-reference-RCS-…`, `claim-licence-key-<sha256>`, `claim-free-plan-<user>`. */
  claim: (key: string) => `claim-${key}`,
  /** Settings kept in the event log with their history: `setting-billing-policy`. */
  setting: (name: string) => `setting-${name}`,
  /**
   * A seller's sequence of invoices in one book (real money, or demo payments): the stream's version is the last
   * number issued (`invoice-book-relaycast-real`). Credit notes have their own (`credit-note-book-relaycast-demo`).
   */
  invoiceBook: (sellerId: string, book: 'real' | 'demo') => `invoice-book-${sellerId}-${book}`,
  creditNoteBook: (sellerId: string, book: 'real' | 'demo') => `credit-note-book-${sellerId}-${book}`,
  /** One e-mail message's sending record (the sent-ledger): `message-<sha256 of its key>`, appended at expected versions. */
  message: (keyHash: string) => `message-${keyHash}`,
  /** A start-up upgrade of stored data, recorded once it ran (`upgrade-trial-address-claims`). */
  upgrade: (step: string) => `upgrade-${step}`,
} as const;

/** The entity id inside a stream id ("subscription-42" → "42"). */
export function entityIdOf(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash < 0 ? streamId : streamId.slice(dash + 1);
}

/** JSON for transport: positions as decimal strings, since JSON has no bigint. */
export interface SerializedEnvelope extends Omit<EventEnvelope, 'position'> {
  position: string;
}
export function serializeEnvelope(event: EventEnvelope): SerializedEnvelope {
  return { ...event, position: event.position.toString() };
}
