import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { EventEnvelope } from '@relaycast/contracts';
import { createReactor, type ReactorCheckpoints } from './reactor.js';
import { createSqliteEventStore } from './store/sqlite.js';

const memoryCheckpoints = () => {
  const saved = new Map<string, bigint>();
  const writes: bigint[] = [];
  const checkpoints: ReactorCheckpoints = {
    get: async (name) => saved.get(name) ?? 0n,
    set: async (name, position) => {
      saved.set(name, position);
      writes.push(position);
    },
  };
  return { checkpoints, saved, writes };
};

/** Three user events appended to a fresh store: positions 1, 2, 3. */
async function storeWithThree() {
  const store = createSqliteEventStore(':memory:');
  for (const n of [1, 2, 3]) {
    await store.append(`entry-e${n}`, [{ id: randomUUID(), type: 'EntryRemoved', data: {}, occurredAt: '2026-03-01T00:00:00.000Z', metadata: { actorId: 'a', actorRole: 'ROLE_ADMIN', correlationId: 'c', causationId: null } }], 0);
  }
  return store;
}

describe('the one reactor loop: from a checkpoint, each event once handled, saved, started again after a failure', () => {
  it('hands the events after the checkpoint over in order; a handler asking to save saves at once; waitFor resolves when reached', async () => {
    const store = await storeWithThree();
    const { checkpoints, saved, writes } = memoryCheckpoints();
    saved.set('r', 1n);
    const seen: bigint[] = [];
    const reactor = createReactor({ name: 'r', events: store, checkpoints, checkpointEveryMs: 60_000, handle: async (e) => (seen.push(e.position), e.position === 2n ? 'save' : undefined) });
    await reactor.start();
    expect(await reactor.waitFor(3n, 2000)).to.equal(true);
    expect(seen).to.deep.equal([2n, 3n]);
    expect(writes).to.deep.equal([2n]);
    await reactor.stop();
    expect(saved.get('r'), 'stop saves where it got to').to.equal(3n);
    expect(reactor.running).to.equal(false);
    await store.close();
  });

  it('a failing event stops the subscription; after the delay it starts again from the checkpoint and hands the event over again', async () => {
    const store = await storeWithThree();
    const { checkpoints } = memoryCheckpoints();
    const seen: bigint[] = [];
    const errors: string[] = [];
    let failures = 1;
    const reactor = createReactor({
      name: 'r',
      events: store,
      checkpoints,
      restartDelayMs: 20,
      onError: (error) => errors.push((error as Error).message),
      handle: async (e: EventEnvelope) => {
        seen.push(e.position);
        if (e.position === 2n && failures-- > 0) throw new Error('store away');
      },
    });
    await reactor.start();
    expect(await reactor.waitFor(3n, 3000)).to.equal(true);
    expect(errors).to.deep.equal(['store away']);
    // Nothing was saved before the failure: the restart reads from 0 again (handling is idempotent).
    expect(seen).to.deep.equal([1n, 2n, 1n, 2n, 3n]);
    expect(reactor.lastError).to.equal(null);
    await reactor.stop();
    await store.close();
  });

  it('a failure that only says “stopping” is neither reported nor followed by a restart', async () => {
    const store = await storeWithThree();
    const { checkpoints } = memoryCheckpoints();
    class Stopping extends Error {}
    const errors: unknown[] = [];
    let release!: () => void;
    const blocked = new Promise<void>((resolve) => (release = resolve));
    const reactor = createReactor({
      name: 'r',
      events: store,
      checkpoints,
      restartDelayMs: 5,
      isStopping: (error) => error instanceof Stopping,
      onError: (error) => errors.push(error),
      onStop: () => release(),
      handle: async () => {
        await blocked;
        throw new Stopping();
      },
    });
    await reactor.start();
    await new Promise((resolve) => setTimeout(resolve, 20));
    await reactor.stop();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(errors).to.deep.equal([]);
    expect(reactor.position).to.equal(0n);
    await store.close();
  });
});
