import { join } from 'node:path';
import type { EventStore } from './port.js';
import { createSqliteEventStore } from './sqlite.js';

export interface EventStoreSettings {
  kind: 'sqlite' | 'eventstoredb';
  /** sqlite: the file lives at DATA_DIR/events.db */
  dataDir: string;
  /** eventstoredb: esdb://host:2113?tls=false */
  connectionString?: string | null;
}

/** The configured event store. The EventStoreDB client (and gRPC) is loaded only when it is the one asked for. */
export async function openEventStore(settings: EventStoreSettings): Promise<EventStore> {
  if (settings.kind === 'eventstoredb') {
    if (!settings.connectionString) throw new Error('EVENTSTORE_CONNECTION_STRING is required when EVENT_STORE=eventstoredb');
    const { createEventStoreDbStore } = await import('./eventstoredb.js');
    return createEventStoreDbStore(settings.connectionString);
  }
  return createSqliteEventStore(join(settings.dataDir, 'events.db'));
}
