import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { createSqliteEventStore, type EventStore } from '@relaycast/billing-core';
import type { NewEvent } from '@relaycast/contracts';
import { createMemoryReadModelStore } from './readmodel/memory.js';
import { createProjectionRunner } from './runner.js';
import { RecentDocuments, UnitOfWork } from './unit-of-work.js';
import type { Projection } from './projection.js';

const event = (type: string): NewEvent => ({ id: randomUUID(), type, occurredAt: '2026-11-25T10:00:00.000Z', data: {}, metadata: { actorId: 'tester', actorRole: 'SYSTEM', correlationId: type, causationId: null } });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Counts events into one document. */
const counting: Projection = {
  name: 'counting',
  async apply(e, uow) {
    const doc = (await uow.get<{ n: number }>('counts', 'all')) ?? { n: 0 };
    uow.put('counts', 'all', { n: doc.n + 1 });
    void e;
  },
};

/**
 * How soon a write is committed to the read model while writes keep coming. The runner commits at the head of the
 * store; when it never sees the head (the head is an event it is not given, or it trails the writer by one), a
 * deadline commits what it holds. That deadline was pushed back by every event, so a steady stream of writes was
 * committed only every 256 changes or once the writes stopped.
 */
describe('projection runner: commits while writes keep coming', () => {
  it('a steady stream of writes is committed while it runs, not once it pauses, when the runner is never at the head', async () => {
    const sqlite = createSqliteEventStore(':memory:', { pollIntervalMs: 10 });
    // The head is always one event ahead of what subscribers are given (as with an event they never see).
    const events: EventStore = { ...sqlite, headPosition: async () => (await sqlite.headPosition()) + 1n, subscribe: sqlite.subscribe.bind(sqlite) };
    const commitsAt: number[] = [];
    const runner = createProjectionRunner({ events, readModels: createMemoryReadModelStore(), projection: counting, onCommit: () => void commitsAt.push(Date.now()) });
    await runner.start();
    let last = 0n;
    let streamEnded = 0;
    try {
      // 60 writes, one every 5 ms or more: at least 300 ms during which the stream never pauses for the 20 ms the
      // old idle timer needed.
      for (let i = 0; i < 60; i++) {
        last = (await sqlite.append(`s-${i}`, [event('Counted')], 0)).lastPosition;
        await sleep(5);
      }
      streamEnded = Date.now();
      expect(await runner.waitFor(last, 5000), 'every write committed in the end').to.equal(true);
    } finally {
      await runner.stop();
      await sqlite.close();
    }
    // With a 20 ms deadline, a 300 ms stream sees about fifteen commits; the idle timer committed once, after it.
    const during = commitsAt.filter((at) => at < streamEnded).length;
    expect(during, `commits while the writes kept coming (of ${commitsAt.length})`).to.be.at.least(3);
  });
});

/**
 * A read model behind a round trip (Redis) lets the runner keep what it wrote: the next event reads it back from
 * memory. Counted here on a memory store that says it is remote and counts its reads.
 */
describe('projection runner: documents it wrote are read back without the store', () => {
  async function run(recentDocumentsToKeep: number | undefined, writes: number) {
    const events = createSqliteEventStore(':memory:', { pollIntervalMs: 10 });
    const memory = createMemoryReadModelStore();
    let reads = 0;
    const readModels = { ...memory, recentDocumentsToKeep, get: <T>(p: string, c: string, id: string) => (reads++, memory.get<T>(p, c, id)) };
    const runner = createProjectionRunner({ events, readModels, projection: counting });
    await runner.start();
    try {
      let last = 0n;
      // One at a time, each committed before the next: every event is a batch of its own.
      for (let i = 0; i < writes; i++) {
        last = (await events.append(`s-${i}`, [event('Counted')], 0)).lastPosition;
        expect(await runner.waitFor(last, 5000)).to.equal(true);
      }
      return { reads, count: await memory.get<{ n: number }>('counting', 'counts', 'all') };
    } finally {
      await runner.stop();
      await events.close();
    }
  }

  it('reads the store once (the first time), then its own last write; the stored count is the same', async () => {
    expect(await run(100, 20)).to.deep.equal({ reads: 1, count: { n: 20 } });
  });

  it('without the setting, every event reads the store', async () => {
    expect(await run(undefined, 20)).to.deep.equal({ reads: 20, count: { n: 20 } });
  });
});

describe('RecentDocuments', () => {
  it('keeps the newest `limit` documents; writing one again makes it the newest; a deletion is remembered as null', () => {
    const recent = new RecentDocuments(2);
    recent.remember(new Map([['a', '1'], ['b', '2']]));
    recent.remember(new Map([['a', '3']])); // a is now newer than b
    recent.remember(new Map([['c', null]]));
    expect([recent.has('a'), recent.has('b'), recent.has('c')]).to.deep.equal([true, false, true]);
    expect([recent.get('a'), recent.get('c'), recent.size]).to.deep.equal(['3', null, 2]);
  });
});

describe('UnitOfWork.putValue: a document written as a value is read back as it is', () => {
  /** A memory store that counts its reads. */
  function counted() {
    const memory = createMemoryReadModelStore();
    const store = { ...memory, reads: 0, get: <T>(p: string, c: string, id: string) => (store.reads++, memory.get<T>(p, c, id)) };
    return store;
  }

  it('in its batch and, through RecentDocuments, after the commit: the same object, no read of the store; stored as JSON all the same', async () => {
    const store = counted();
    const recent = new RecentDocuments(10);
    const doc = { n: 1, list: [{ at: '2026-01-01' }] };
    const first = new UnitOfWork(store, 'p', recent);
    first.putValue('c', 'x', doc);
    expect(await first.get('c', 'x')).to.equal(doc);
    await store.commit('p', await first.complete(), 1n);
    recent.remember(first.written(), first.writtenValues());
    const second = new UnitOfWork(store, 'p', recent);
    expect(await second.get('c', 'x')).to.equal(doc);
    expect(store.reads).to.equal(0);
    expect(await store.get('p', 'c', 'x')).to.deep.equal({ n: 1, list: [{ at: '2026-01-01' }] });
  });

  it('a plain put or a deletion of the same document afterwards wins, in the batch and after it', async () => {
    const store = counted();
    const recent = new RecentDocuments(10);
    const first = new UnitOfWork(store, 'p', recent);
    first.putValue('c', 'x', { n: 1 });
    first.put('c', 'x', { n: 2 });
    first.putValue('c', 'y', { n: 3 });
    first.delete('c', 'y');
    expect([await first.get('c', 'x'), await first.get('c', 'y')]).to.deep.equal([{ n: 2 }, null]);
    await store.commit('p', await first.complete(), 1n);
    recent.remember(first.written(), first.writtenValues());
    const second = new UnitOfWork(store, 'p', recent);
    expect([await second.get('c', 'x'), await second.get('c', 'y')]).to.deep.equal([{ n: 2 }, null]);
    // A value remembered earlier is forgotten once a later batch writes the document plainly.
    second.putValue('c', 'z', { n: 4 });
    await store.commit('p', await second.complete(), 2n);
    recent.remember(second.written(), second.writtenValues());
    const third = new UnitOfWork(store, 'p', recent);
    third.put('c', 'z', { n: 5 });
    await store.commit('p', await third.complete(), 3n);
    recent.remember(third.written(), third.writtenValues());
    expect(await new UnitOfWork(store, 'p', recent).get('c', 'z')).to.deep.equal({ n: 5 });
  });
});
