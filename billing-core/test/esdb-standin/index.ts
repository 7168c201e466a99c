import { randomUUID } from 'node:crypto';
import { Server, ServerCredentials } from '@grpc/grpc-js';
import { handleAppend, handleBatchAppend } from './append.js';
import { createEventLog, type EventLog } from './log.js';
import { featuresGrpc, featuresPb, streamsGrpc } from './proto.js';
import { handleRead } from './read.js';

export interface EventStoreDbStandInOptions {
  /**
   * Serve ServerFeatures and Streams.BatchAppend like EventStoreDB ≥ 21.10 (the default), so the client appends
   * through BatchAppend; `false` answers like an older server, and the client falls back to Streams.Append.
   */
  batchAppend?: boolean;
}

export interface EventStoreDbStandIn {
  /** `esdb://127.0.0.1:PORT?tls=false` */
  connectionString: string;
  stop(): Promise<void>;
}

/** What a fresh node has written before anyone connects: system events in system streams, as in a real $all. */
function seedSystemEvents(log: EventLog): void {
  const json = (value: unknown) => Buffer.from(JSON.stringify(value), 'utf8');
  const systemEvent = (type: string, data: unknown) => ({ id: randomUUID(), type, contentType: 'application/json', data: json(data), customMetadata: new Uint8Array() });
  log.write('$settings', 'any', [systemEvent('$settings', { $userStreamAcl: { $r: '$all' }, $systemStreamAcl: { $r: '$admins' } })]);
  log.write('$user-admin', 'any', [systemEvent('$UserCreated', { loginName: 'admin', fullName: 'Event Store Administrator' })]);
}

function supportedMethods() {
  const method = (name: string, features: string[] = []) =>
    new featuresPb.SupportedMethod().setServiceName('event_store.client.streams.streams').setMethodName(name).setFeaturesList(features);
  return new featuresPb.SupportedMethods()
    .setEventStoreServerVersion('24.10.0')
    .setMethodsList([method('read', ['position', 'events']), method('append'), method('batchappend', ['deadline_duration'])]);
}

/**
 * An in-process EventStoreDB for tests: a gRPC server on a free loopback port, built from the client's own
 * generated service definitions, holding one in-memory log. It implements what the adapter relies on (Streams.Read
 * for streams and $all with filters and catch-up subscriptions, Streams.Append, Streams.BatchAppend,
 * ServerFeatures) and answers UNIMPLEMENTED for everything else (deletes, persistent subscriptions, projections…).
 */
export async function startEventStoreDbStandIn(options: EventStoreDbStandInOptions = {}): Promise<EventStoreDbStandIn> {
  const batchAppend = options.batchAppend ?? true;
  const log = createEventLog();
  seedSystemEvents(log);

  const server = new Server();
  server.addService(streamsGrpc.StreamsService, {
    read: handleRead.bind(null, log),
    append: handleAppend.bind(null, log),
    ...(batchAppend ? { batchAppend: handleBatchAppend.bind(null, log) } : {}),
  });
  if (batchAppend) {
    server.addService(featuresGrpc.ServerFeaturesService, {
      getSupportedMethods: (_call: unknown, callback: (error: null, value: ReturnType<typeof supportedMethods>) => void) => callback(null, supportedMethods()),
    });
  }
  const port = await new Promise<number>((resolve, reject) => {
    server.bindAsync('127.0.0.1:0', ServerCredentials.createInsecure(), (error, boundPort) => (error ? reject(error) : resolve(boundPort)));
  });

  return {
    connectionString: `esdb://127.0.0.1:${port}?tls=false`,
    async stop() {
      // Like a node going down: every open call (subscriptions, each client's BatchAppend) is cut, not ended.
      server.forceShutdown();
    },
  };
}
