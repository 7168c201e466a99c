import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { ConcurrencyError, type EventEnvelope, type NewEvent } from '@relaycast/contracts';
import type { EventStore } from '../src/store/port.js';

/**
 * The event store contract, run against every adapter. `makeStore` returns a fresh, empty store; `cleanup`
 * closes it and removes whatever it left behind.
 */
export function eventStoreConformance(name: string, makeStore: () => Promise<{ store: EventStore; cleanup: () => Promise<void> }>): void {
  describe(`EventStore conformance: ${name}`, function () {
    let store: EventStore;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      ({ store, cleanup } = await makeStore());
    });
    afterEach(async () => {
      await cleanup();
    });

    const stream = () => `conformance-${randomUUID()}`;
    const event = (type = 'Tested', data: unknown = { n: 1 }): NewEvent => ({
      id: randomUUID(),
      type,
      occurredAt: '2026-11-23T10:00:00.000Z',
      data,
      metadata: { actorId: 'tester', actorRole: 'SYSTEM', correlationId: 'corr-1', causationId: null },
    });
    const collect = async (after: bigint, count: number, timeoutMs = 5000): Promise<EventEnvelope[]> => {
      const seen: EventEnvelope[] = [];
      let resolveDone!: () => void;
      const enough = new Promise<void>((r) => (resolveDone = r));
      const sub = store.subscribe({ after }, (e) => {
        seen.push(e);
        if (seen.length >= count) resolveDone();
      });
      const timer = new Promise<void>((r) => setTimeout(r, timeoutMs));
      await Promise.race([enough, timer]);
      await sub.stop();
      return seen;
    };

    describe('append and expected versions', () => {
      it('creates a stream with expected version 0 (no stream)', async () => {
        const s = stream();
        const result = await store.append(s, [event(), event()], 0);
        expect(result.nextVersion).to.equal(2);
        expect(result.lastPosition > 0n).to.equal(true);
      });

      it('refuses expected version 0 when the stream exists', async () => {
        const s = stream();
        await store.append(s, [event()], 0);
        const error = await store.append(s, [event()], 0).catch((e: unknown) => e);
        expect(error).to.be.instanceOf(ConcurrencyError);
        expect((error as ConcurrencyError).actualVersion).to.equal(1);
      });

      it('refuses a positive expected version when the stream does not exist', async () => {
        const error = await store.append(stream(), [event()], 3).catch((e: unknown) => e);
        expect(error).to.be.instanceOf(ConcurrencyError);
        expect((error as ConcurrencyError).actualVersion).to.equal(0);
      });

      it('appends at the current version and refuses a stale or future one', async () => {
        const s = stream();
        await store.append(s, [event(), event()], 0);
        expect((await store.append(s, [event()], 2)).nextVersion).to.equal(3);
        for (const stale of [1, 2, 4]) {
          const error = await store.append(s, [event()], stale).catch((e: unknown) => e);
          expect(error, `expected version ${stale}`).to.be.instanceOf(ConcurrencyError);
          expect((error as ConcurrencyError).code).to.equal('CONCURRENCY_CONFLICT');
        }
        expect(await store.readStream(s)).to.have.length(3);
      });

      it("appends with 'any' whether or not the stream exists", async () => {
        const s = stream();
        expect((await store.append(s, [event()], 'any')).nextVersion).to.equal(1);
        expect((await store.append(s, [event()], 'any')).nextVersion).to.equal(2);
      });

      it('lets exactly one of many concurrent appends at one version win', async () => {
        const s = stream();
        await store.append(s, [event()], 0);
        const results = await Promise.allSettled(Array.from({ length: 8 }, () => store.append(s, [event()], 1)));
        expect(results.filter((r) => r.status === 'fulfilled')).to.have.length(1);
        for (const r of results.filter((r) => r.status === 'rejected')) expect(r.reason).to.be.instanceOf(ConcurrencyError);
        expect(await store.readStream(s)).to.have.length(2);
      });

      it('writes a batch atomically: a refused batch leaves nothing behind', async () => {
        const s = stream();
        await store.append(s, [event()], 0);
        await store.append(s, [event(), event(), event()], 0).catch(() => undefined);
        expect(await store.readStream(s)).to.have.length(1);
      });
    });

    describe('idempotent append by event id', () => {
      it('returns the first result when the same batch is appended again at the same expected version', async () => {
        const s = stream();
        const batch = [event(), event()];
        const first = await store.append(s, batch, 0);
        const again = await store.append(s, batch, 0);
        expect(again.nextVersion).to.equal(first.nextVersion);
        expect(await store.readStream(s)).to.have.length(2);
      });

      it("returns the first result when the same batch is appended again with 'any'", async () => {
        const s = stream();
        const batch = [event()];
        await store.append(s, [event()], 0);
        const first = await store.append(s, batch, 'any');
        const again = await store.append(s, batch, 'any');
        expect(again.nextVersion).to.equal(first.nextVersion);
        expect(await store.readStream(s)).to.have.length(2);
      });
    });

    describe('reading', () => {
      it('returns [] for a stream that does not exist', async () => {
        expect(await store.readStream(stream())).to.deep.equal([]);
      });

      it('round-trips type, data, metadata, time and versions', async () => {
        const s = stream();
        const e = event('Rich', { text: 'Привет, мир ✓', nested: { list: [1, 2.5, null, true] }, empty: {} });
        e.metadata = { ...e.metadata, causationId: 'cause-1', idempotencyKey: 'key-1' };
        await store.append(s, [e], 0);
        const [read] = await store.readStream(s);
        expect(read).to.include({ id: e.id, type: 'Rich', streamId: s, version: 1, occurredAt: e.occurredAt });
        expect(read?.data).to.deep.equal(e.data);
        expect(read?.metadata).to.deep.equal(e.metadata);
        expect(typeof read?.position).to.equal('bigint');
      });

      it('reads a stream range by version', async () => {
        const s = stream();
        await store.append(s, Array.from({ length: 5 }, (_, i) => event('N', { i })), 0);
        const range = await store.readStream(s, { fromVersion: 2, maxCount: 3 });
        expect(range.map((e) => e.version)).to.deep.equal([2, 3, 4]);
        expect(range.map((e) => (e.data as { i: number }).i)).to.deep.equal([1, 2, 3]);
      });

      it('keeps one global order across streams, strictly increasing, and reads after a position', async () => {
        const a = stream();
        const b = stream();
        const head = await store.headPosition();
        await store.append(a, [event('A1')], 0);
        await store.append(b, [event('B1'), event('B2')], 0);
        await store.append(a, [event('A2')], 1);
        const all = (await store.readAll({ after: head })).filter((e) => e.streamId === a || e.streamId === b);
        expect(all.map((e) => e.type)).to.deep.equal(['A1', 'B1', 'B2', 'A2']);
        for (let i = 1; i < all.length; i++) expect(all[i]!.position > all[i - 1]!.position).to.equal(true);
        const tail = await store.readAll({ after: all[1]!.position });
        expect(tail.map((e) => e.type)).to.deep.equal(['B2', 'A2']);
        expect((await store.readAll({ after: head, maxCount: 2 })).map((e) => e.type)).to.deep.equal(['A1', 'B1']);
        // Only some types: the others are passed over, and maxCount counts the ones asked for.
        const typed = (await store.readAll({ after: head, types: new Set(['B1', 'A2']) })).filter((e) => e.streamId === a || e.streamId === b);
        expect(typed.map((e) => e.type)).to.deep.equal(['B1', 'A2']);
        expect((await store.readAll({ after: head, types: new Set(['A2']), maxCount: 1 })).map((e) => e.type)).to.deep.equal(['A2']);
        expect(await store.headPosition()).to.equal(all[3]!.position);
      });
    });

    describe('subscriptions', () => {
      it('delivers history after a position, then live appends, in order', async () => {
        const s = stream();
        await store.append(s, [event('H1'), event('H2')], 0);
        const [h1] = await store.readStream(s);
        const seenPromise = collect(h1!.position, 2);
        await new Promise((r) => setTimeout(r, 50));
        await store.append(s, [event('L1')], 2);
        const seen = (await seenPromise).filter((e) => e.streamId === s);
        expect(seen.map((e) => e.type)).to.deep.equal(['H2', 'L1']);
      });

      it('starts strictly after the given position, never repeating it', async () => {
        const s = stream();
        await store.append(s, [event('X1'), event('X2'), event('X3')], 0);
        const events = await store.readStream(s);
        const seen = (await collect(events[2]!.position, 1, 300)).filter((e) => e.streamId === s);
        expect(seen).to.deep.equal([]);
      });

      it('stops delivering after stop()', async () => {
        const s = stream();
        const head = await store.headPosition();
        const seen: string[] = [];
        const sub = store.subscribe({ after: head }, (e) => {
          if (e.streamId === s) seen.push(e.type);
        });
        await store.append(s, [event('Before')], 0);
        for (const until = Date.now() + 5000; !seen.length && Date.now() < until; ) await new Promise((r) => setTimeout(r, 10));
        await sub.stop();
        await store.append(s, [event('After')], 1);
        await new Promise((r) => setTimeout(r, 300));
        expect(seen).to.deep.equal(['Before']);
      });

      it('ends with a rejected `done` when the handler throws', async () => {
        const s = stream();
        const head = await store.headPosition();
        await store.append(s, [event()], 0);
        const sub = store.subscribe({ after: head }, () => {
          throw new Error('handler failed');
        });
        const error = await sub.done.then(() => null, (e: unknown) => e);
        expect((error as Error).message).to.equal('handler failed');
      });
    });
  });
}
