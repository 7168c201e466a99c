import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:net';
import { EventStoreDBClient, jsonEvent } from '@eventstore/db-client';
import { ConcurrencyError, UnavailableError, type NewEvent } from '@relaycast/contracts';
import { startEventStoreDbStandIn } from '../../test/esdb-standin/index.js';
import { eventStoreConformance } from '../../test/store-conformance.js';
import { createEventStoreDbStore } from './eventstoredb.js';
import type { EventStore } from './port.js';

/** A fresh stand-in (empty log but for the server's own system events) and a store connected to it. */
const onStandIn = (batchAppend: boolean) => async () => {
  const server = await startEventStoreDbStandIn({ batchAppend });
  const store = createEventStoreDbStore(server.connectionString);
  return {
    store,
    connectionString: server.connectionString,
    stopServer: () => server.stop(),
    cleanup: async () => {
      await store.close();
      await server.stop();
    },
  };
};

const onRealServer = (connectionString: string) => async () => {
  const store = createEventStoreDbStore(connectionString);
  return { store, connectionString, cleanup: () => store.close() };
};

const newEvent = (type: string, data: unknown = {}): NewEvent => ({
  id: randomUUID(),
  type,
  occurredAt: '2026-11-23T10:00:00.000Z',
  data,
  metadata: { actorId: 'tester', actorRole: 'SYSTEM', correlationId: 'corr-1', causationId: null },
});

/** What this adapter adds to the shared contract, against any server that speaks EventStoreDB's gRPC API. */
function eventStoreDbBehaviour(name: string, connect: () => Promise<{ store: EventStore; connectionString: string; cleanup: () => Promise<void> }>) {
  describe(`EventStoreDB adapter: ${name}`, () => {
    let store: EventStore;
    let raw: EventStoreDBClient;
    let cleanup: () => Promise<void>;
    beforeEach(async () => {
      const connected = await connect();
      ({ store, cleanup } = connected);
      raw = EventStoreDBClient.connectionString(connected.connectionString);
    });
    afterEach(async () => {
      await raw.dispose();
      await cleanup();
    });

    it('stores our metadata and occurredAt in the event’s JSON metadata, under our event id', async () => {
      const stream = `esdb-format-${randomUUID()}`;
      const event = newEvent('Formatted', { n: 1 });
      await store.append(stream, [event], 0);
      const stored = (await raw.readStream(stream).toArray())[0];
      expect(stored?.event).to.include({ id: event.id, type: 'Formatted', revision: 0n, isJson: true });
      expect(stored?.event?.metadata).to.deep.equal({ ...event.metadata, occurredAt: event.occurredAt });
    });

    it('answers a repeated batch with the first result, position included', async () => {
      const stream = `esdb-repeat-${randomUUID()}`;
      const batch = [newEvent('R1'), newEvent('R2')];
      const first = await store.append(stream, batch, 0);
      expect(await store.append(stream, batch, 0)).to.deep.equal(first);
      expect(await store.append(stream, batch, 'any')).to.deep.equal(first);
      const [, second] = await store.readStream(stream);
      expect(first.lastPosition).to.equal(second?.position);
    });

    it('refuses a batch that repeats only part of what the stream holds', async () => {
      const stream = `esdb-partial-${randomUUID()}`;
      const [a, b] = [newEvent('A'), newEvent('B')];
      await store.append(stream, [a, b], 0);
      const error = await store.append(stream, [a, newEvent('C')], 0).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(ConcurrencyError);
      expect((error as ConcurrencyError).actualVersion).to.equal(2);
    });

    it('answers an empty append with the stream’s version and last position, writing nothing', async () => {
      const stream = `esdb-empty-${randomUUID()}`;
      expect(await store.append(stream, [], 0)).to.deep.equal({ nextVersion: 0, lastPosition: 0n });
      const written = await store.append(stream, [newEvent('E1'), newEvent('E2')], 0);
      expect(await store.append(stream, [], 'any')).to.deep.equal(written);
    });

    it('leaves system events ($-types) out of readAll pages, headPosition and subscriptions', async () => {
      const ours = `esdb-system-${randomUUID()}`;
      const theirs = `esdb-system-other-${randomUUID()}`;
      const head = await store.headPosition();
      const seen: string[] = [];
      const subscription = store.subscribe({ after: head }, (e) => {
        if (e.streamId === ours || e.streamId === theirs) seen.push(e.type);
      });
      await store.append(ours, [newEvent('A1')], 0);
      await raw.appendToStream(theirs, jsonEvent({ type: '$Probe', data: {} }));
      await store.append(ours, [newEvent('A2')], 1);
      await raw.appendToStream(theirs, jsonEvent({ type: '$Probe', data: {} }));
      const a2 = (await store.readStream(ours))[1];

      const page = (await store.readAll({ after: head, maxCount: 2 })).filter((e) => e.streamId === ours || e.streamId === theirs);
      expect(page.map((e) => e.type)).to.deep.equal(['A1', 'A2']);
      expect(await store.headPosition()).to.equal(a2?.position);
      for (let i = 0; i < 100 && seen.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
      await subscription.stop();
      expect(seen).to.deep.equal(['A1', 'A2']);
    });
  });
}

eventStoreConformance('EventStoreDB (gRPC stand-in)', onStandIn(true));
eventStoreConformance('EventStoreDB (gRPC stand-in answering like a server before 21.10: Streams.Append)', onStandIn(false));
eventStoreDbBehaviour('gRPC stand-in', onStandIn(true));

describe('EventStoreDB adapter: failures', () => {
  const freePort = () =>
    new Promise<number>((resolve, reject) => {
      const probe = createServer().listen(0, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() => (address && typeof address === 'object' ? resolve(address.port) : reject(new Error('no port'))));
      });
    });

  it('gives UnavailableError (503) quickly when no server answers', async () => {
    const port = await freePort();
    const store = createEventStoreDbStore(`esdb://127.0.0.1:${port}?tls=false&defaultDeadline=1000`);
    const started = Date.now();
    try {
      const error = await store.append(`esdb-down-${randomUUID()}`, [newEvent('Lost')], 0).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(UnavailableError);
      expect((error as UnavailableError).code).to.equal('UNAVAILABLE');
      expect((error as UnavailableError).message).to.contain(`127.0.0.1:${port}`);
      expect(await store.readAll().catch((e: unknown) => e)).to.be.instanceOf(UnavailableError);
      expect(await store.subscribe({}, () => undefined).done.catch((e: unknown) => e)).to.be.instanceOf(UnavailableError);
      expect(Date.now() - started).to.be.below(3000);
    } finally {
      await store.close();
    }
  });

  it('ends a subscription with UnavailableError when the server goes away', async () => {
    const { store, stopServer, cleanup } = await onStandIn(true)();
    try {
      await store.append(`esdb-gone-${randomUUID()}`, [newEvent('Before')], 0);
      const seen: string[] = [];
      const subscription = store.subscribe({}, (e) => void seen.push(e.type));
      for (let i = 0; i < 50 && seen.length === 0; i++) await new Promise((r) => setTimeout(r, 20));
      await stopServer();
      expect(await subscription.done.catch((e: unknown) => e)).to.be.instanceOf(UnavailableError);
      expect(seen).to.deep.equal(['Before']);
    } finally {
      await cleanup();
    }
  });
});

const realServer = process.env.EVENTSTORE_CONNECTION_STRING;
if (realServer) {
  eventStoreConformance(`EventStoreDB (real server)`, onRealServer(realServer));
  eventStoreDbBehaviour('real server', onRealServer(realServer));
} else {
  describe('EventStoreDB (real server)', () => {
    it.skip('runs the same suites when EVENTSTORE_CONNECTION_STRING is set', () => undefined);
  });
}
