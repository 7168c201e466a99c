import { ANY, NO_STREAM, jsonEvent, type AppendExpectedRevision, type CurrentRevision, type EventData, type JSONType, type ResolvedEvent } from '@eventstore/db-client';
import type { EventEnvelope, EventMetadata, NewEvent } from '@relaycast/contracts';
import type { ExpectedVersion } from '../port.js';

/**
 * Our version rule on EventStoreDB's: version n is revision n-1, version 0 is NO_STREAM. The event's JSON metadata
 * carries our metadata plus `occurredAt`, so an envelope read back is identical to the one any other adapter returns.
 */
export function toExpectedRevision(expected: ExpectedVersion): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  return expected === 0 ? NO_STREAM : BigInt(expected - 1);
}

/** Version of a stream whose last revision is `revision` (NO_STREAM or -1 mean no stream: 0). */
export function toVersion(revision: CurrentRevision): number {
  return revision === NO_STREAM ? 0 : Number(revision) + 1;
}

export function toEventData(event: NewEvent): EventData {
  return jsonEvent({
    id: event.id,
    type: event.type,
    // The client JSON-encodes whatever it gets; its JSONType is narrower than what JSON allows.
    data: event.data as JSONType,
    metadata: { ...event.metadata, occurredAt: event.occurredAt },
  });
}

/** System events ($settings, $UserCreated, $> links, $statsCollected…) belong to the server, not to us. */
export const isSystemEventType = (type: string) => type.startsWith('$');

/** JSON metadata as toEventData writes it (events written by other tools keep whatever object they carry). */
type StoredMetadata = EventMetadata & { occurredAt?: unknown };
const isStoredMetadata = (value: unknown): value is StoredMetadata =>
  typeof value === 'object' && value !== null && !(value instanceof Uint8Array) && !Array.isArray(value);

/** The envelope of a recorded event; null for a link whose event is gone. */
export function toEnvelope(resolved: ResolvedEvent): EventEnvelope | null {
  const event = resolved.event;
  if (!event) return null;
  const { occurredAt, ...metadata }: Partial<StoredMetadata> = isStoredMetadata(event.metadata) ? event.metadata : {};
  return {
    id: event.id,
    type: event.type,
    streamId: event.streamId,
    version: Number(event.revision) + 1,
    position: event.position?.commit ?? resolved.commitPosition ?? 0n,
    occurredAt: typeof occurredAt === 'string' ? occurredAt : event.created.toISOString(),
    data: event.data,
    metadata: metadata as EventMetadata,
  };
}
