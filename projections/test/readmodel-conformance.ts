import { expect } from 'chai';
import { StaleWriterError, type ReadModelStore } from '../src/readmodel/port.js';

/** The read-model contract, run against every adapter. */
export function readModelConformance(name: string, make: () => Promise<{ store: ReadModelStore; cleanup: () => Promise<void> }>): void {
  describe(`ReadModelStore conformance: ${name}`, function () {
    let store: ReadModelStore;
    let cleanup: () => Promise<void>;
    beforeEach(async () => ({ store, cleanup } = await make()));
    afterEach(async () => cleanup());

    it('starts with checkpoint 0 and no documents', async () => {
      expect(await store.checkpoint('p')).to.equal(0n);
      expect(await store.get('p', 'c', 'x')).to.equal(null);
      expect(await store.count('p', 'i')).to.equal(0);
      expect(await store.range('p', 'i', { offset: 0, limit: 10, order: 'asc' })).to.deep.equal([]);
    });

    it('commits documents, index entries and the checkpoint together', async () => {
      await store.commit('p', [
        { op: 'put', collection: 'c', id: 'a', doc: { n: 1, text: 'Привет' } },
        { op: 'put', collection: 'c', id: 'b', doc: { n: 2 } },
        { op: 'index', index: 'i', id: 'a', score: 10 },
        { op: 'index', index: 'i', id: 'b', score: 5 },
      ], 7n);
      expect(await store.checkpoint('p')).to.equal(7n);
      expect(await store.get('p', 'c', 'a')).to.deep.equal({ n: 1, text: 'Привет' });
      expect(await store.getMany('p', 'c', ['b', 'missing', 'a'])).to.deep.equal([{ n: 2 }, null, { n: 1, text: 'Привет' }]);
      expect(await store.count('p', 'i')).to.equal(2);
      expect(await store.checkpoint('other')).to.equal(0n);
      expect(await store.get('other', 'c', 'a')).to.equal(null);
    });

    it('hands documents over as their stored UTF-8 JSON bytes, changed and deleted ones as they are now', async () => {
      await store.commit('p', [
        { op: 'put', collection: 'c', id: 'a', doc: { n: 1, text: 'Привет' } },
        { op: 'put', collection: 'c', id: 'b', doc: { n: 2 } },
      ], 1n);
      const text = async (ids: string[]) => (await store.getManyBytes('p', 'c', ids)).map((b) => (b === null ? null : b.toString('utf8')));
      expect(await text(['b', 'missing', 'a'])).to.deep.equal(['{"n":2}', null, '{"n":1,"text":"Привет"}']);
      const [bytes] = await store.getManyBytes('p', 'c', ['a']);
      expect(bytes!.length).to.equal(29); // 17 ASCII characters and 6 Cyrillic letters of 2 bytes each
      expect(await store.getManyBytes('p', 'c', [])).to.deep.equal([]);
      // Read once (an adapter may keep the bytes), then changed and deleted: the reader sees the change.
      await store.commit('p', [{ op: 'put', collection: 'c', id: 'a', doc: { n: 3 } }, { op: 'delete', collection: 'c', id: 'b' }], 2n);
      expect(await text(['a', 'b'])).to.deep.equal(['{"n":3}', null]);
      await store.drop('p');
      expect(await text(['a'])).to.deep.equal([null]);
    });

    it('orders an index by score, ties by id, and pages it both ways', async () => {
      await store.commit('p', [
        { op: 'index', index: 'i', id: 'c', score: 2 },
        { op: 'index', index: 'i', id: 'a', score: 2 },
        { op: 'index', index: 'i', id: 'b', score: 1 },
        { op: 'index', index: 'i', id: 'd', score: 1_763_892_000_000 },
      ], 1n);
      expect(await store.range('p', 'i', { offset: 0, limit: 10, order: 'asc' })).to.deep.equal(['b', 'a', 'c', 'd']);
      expect(await store.range('p', 'i', { offset: 0, limit: 10, order: 'desc' })).to.deep.equal(['d', 'c', 'a', 'b']);
      expect(await store.range('p', 'i', { offset: 1, limit: 2, order: 'asc' })).to.deep.equal(['a', 'c']);
      expect(await store.range('p', 'i', { offset: 9, limit: 2, order: 'asc' })).to.deep.equal([]);
      expect(await store.members('p', 'i')).to.deep.equal(['b', 'a', 'c', 'd']);
    });

    it('answers the entries up to a score (ascending, paged), kept in order while entries move', async () => {
      await store.commit('p', [
        { op: 'index', index: 'due', id: 'c', score: 30 },
        { op: 'index', index: 'due', id: 'a', score: 10 },
        { op: 'index', index: 'due', id: 'b', score: 10 },
        { op: 'index', index: 'due', id: 'd', score: 40 },
      ], 1n);
      expect(await store.range('p', 'due', { offset: 0, limit: 10, order: 'asc', maxScore: 30 })).to.deep.equal(['a', 'b', 'c']);
      expect(await store.range('p', 'due', { offset: 1, limit: 1, order: 'asc', maxScore: 30 })).to.deep.equal(['b']);
      expect(await store.range('p', 'due', { offset: 0, limit: 10, order: 'asc', maxScore: 9 })).to.deep.equal([]);
      // From a score (both ends included), then paged within it; from alone runs to the end.
      expect(await store.range('p', 'due', { offset: 0, limit: 10, order: 'asc', minScore: 10, maxScore: 30 })).to.deep.equal(['a', 'b', 'c']);
      expect(await store.range('p', 'due', { offset: 0, limit: 10, order: 'asc', minScore: 11, maxScore: 30 })).to.deep.equal(['c']);
      expect(await store.range('p', 'due', { offset: 1, limit: 1, order: 'asc', minScore: 10, maxScore: 40 })).to.deep.equal(['b']);
      expect(await store.range('p', 'due', { offset: 0, limit: 10, order: 'asc', minScore: 30 })).to.deep.equal(['c', 'd']);
      expect(await store.range('p', 'due', { offset: 0, limit: 10, order: 'asc', minScore: 41 })).to.deep.equal([]);
      // Read once (so an in-process store keeps it sorted), then moved, removed and added: still in order.
      await store.commit('p', [{ op: 'index', index: 'due', id: 'a', score: 35 }, { op: 'unindex', index: 'due', id: 'b' }, { op: 'index', index: 'due', id: 'e', score: 5 }], 2n);
      expect(await store.range('p', 'due', { offset: 0, limit: 10, order: 'asc', maxScore: 35 })).to.deep.equal(['e', 'c', 'a']);
      expect(await store.members('p', 'due')).to.deep.equal(['e', 'c', 'a', 'd']);
    });

    it('a commit with a change the store cannot write (a score that is not a number) is refused whole: nothing written, checkpoint kept', async () => {
      await store.commit('p', [{ op: 'put', collection: 'c', id: 'kept', doc: { n: 1 } }], 1n);
      for (const score of [Number.NaN, Number.POSITIVE_INFINITY]) {
        let refused: unknown = null;
        try {
          await store.commit('p', [{ op: 'put', collection: 'c', id: 'a', doc: { n: 2 } }, { op: 'put', collection: 'c', id: 'kept', doc: { n: 3 } }, { op: 'index', index: 'i', id: 'a', score }], 2n);
        } catch (error) {
          refused = error;
        }
        expect(refused, `score ${score}`).to.be.instanceOf(Error);
        expect(await store.get('p', 'c', 'a')).to.equal(null);
        expect(await store.get('p', 'c', 'kept')).to.deep.equal({ n: 1 });
        expect(await store.members('p', 'i')).to.deep.equal([]);
        expect(await store.checkpoint('p')).to.equal(1n);
      }
    });

    it('moves an entry on re-index, and deletes and unindexes', async () => {
      await store.commit('p', [{ op: 'put', collection: 'c', id: 'a', doc: 1 }, { op: 'index', index: 'i', id: 'a', score: 1 }, { op: 'index', index: 'i', id: 'b', score: 2 }], 1n);
      await store.commit('p', [{ op: 'index', index: 'i', id: 'a', score: 3 }], 2n);
      expect(await store.range('p', 'i', { offset: 0, limit: 5, order: 'asc' })).to.deep.equal(['b', 'a']);
      await store.commit('p', [{ op: 'delete', collection: 'c', id: 'a' }, { op: 'unindex', index: 'i', id: 'a' }], 3n);
      expect(await store.get('p', 'c', 'a')).to.equal(null);
      expect(await store.members('p', 'i')).to.deep.equal(['b']);
    });

    it('two writers: a commit based on a checkpoint another writer has moved is refused, and changes nothing (issue 14, item 8)', async () => {
      // Both writers read checkpoint 0; the first commits events up to 5, the second still believes it is at 0.
      await store.commit('p', [{ op: 'put', collection: 'receipts', id: 'next', doc: { number: 1 } }], 5n, 0n);
      let refused: unknown = null;
      try {
        await store.commit('p', [{ op: 'put', collection: 'receipts', id: 'next', doc: { number: 2 } }, { op: 'index', index: 'i', id: 'x', score: 1 }], 5n, 0n);
      } catch (error) {
        refused = error;
      }
      expect(refused).to.be.instanceOf(StaleWriterError);
      expect(await store.get('p', 'receipts', 'next')).to.deep.equal({ number: 1 });
      expect(await store.count('p', 'i')).to.equal(0);
      expect(await store.checkpoint('p')).to.equal(5n);
      // The writer that moved it goes on from where it is.
      await store.commit('p', [{ op: 'put', collection: 'receipts', id: 'next', doc: { number: 2 } }], 7n, 5n);
      expect(await store.checkpoint('p')).to.equal(7n);
    });

    it('moves the checkpoint even when a batch changes nothing', async () => {
      await store.commit('p', [], 42n);
      expect(await store.checkpoint('p')).to.equal(42n);
    });

    it('drops everything of one projection only', async () => {
      await store.commit('p', [{ op: 'put', collection: 'c', id: 'a', doc: 1 }, { op: 'index', index: 'i', id: 'a', score: 1 }], 5n);
      await store.commit('q', [{ op: 'put', collection: 'c', id: 'a', doc: 2 }], 6n);
      await store.drop('p');
      expect(await store.checkpoint('p')).to.equal(0n);
      expect(await store.get('p', 'c', 'a')).to.equal(null);
      expect(await store.count('p', 'i')).to.equal(0);
      expect(await store.get('q', 'c', 'a')).to.equal(2);
    });

    it('dumps a canonical text that does not depend on the order changes arrived in', async () => {
      await store.commit('p', [{ op: 'put', collection: 'c', id: 'b', doc: { x: 1 } }, { op: 'index', index: 'i', id: 'b', score: 2 }], 1n);
      await store.commit('p', [{ op: 'put', collection: 'c', id: 'a', doc: { y: 2 } }, { op: 'index', index: 'i', id: 'a', score: 1 }], 2n);
      expect(await store.dump('p')).to.equal(['checkpoint\t2', 'doc\tc\ta\t{"y":2}', 'doc\tc\tb\t{"x":1}', 'idx\ti\ta\t1', 'idx\ti\tb\t2'].join('\n'));
    });
  });
}
