import { StaleWriterError, unwritableChange, canonicalDump, type Change, type RangeOptions, type ReadModelStore } from './port.js';

interface Space {
  checkpoint: bigint;
  docs: Map<string, Map<string, string>>;
  indexes: Map<string, Map<string, number>>;
  /** Sorted ids per index: built at the first read, then kept sorted by each change (a binary search, no re-sort). */
  sorted: Map<string, string[]>;
  /**
   * UTF-8 bytes of documents read by getManyBytes (list pages), encoded once and dropped when the document changes:
   * at most one copy per document. Shared with readers, which only write them out.
   */
  bytes: Map<string, Map<string, Buffer>>;
}

function byScoreThenId(scores: Map<string, number>): string[] {
  return [...scores.entries()].sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)).map(([id]) => id);
}

/** Where (score, id) sits in ids sorted by score then id: the first position not before it. */
function positionOf(ids: readonly string[], scores: Map<string, number>, score: number, id: string): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const other = ids[mid]!;
    const s = scores.get(other)!;
    if (s < score || (s === score && other < id)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first position whose score is above `max`. */
function endAtScore(ids: readonly string[], scores: Map<string, number>, max: number): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (scores.get(ids[mid]!)! <= max) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first position whose score is at least `min` (ids sorted by score). */
function startAtScore(ids: readonly string[], scores: Map<string, number>, min: number): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (scores.get(ids[mid]!)! < min) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * UTF-8 bytes in a buffer of their own: Buffer.from would slice small ones out of Node's shared 8 KB pool, and a
 * long-kept slice keeps its whole pool block alive.
 */
function ownBytes(json: string): Buffer {
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(json));
  bytes.write(json);
  return bytes;
}

/**
 * The embedded default: read models in this process's memory, rebuilt from the event store at every start.
 * Documents are kept as JSON text, so readers get copies and the dump matches Redis byte for byte.
 */
export function createMemoryReadModelStore(): ReadModelStore {
  const spaces = new Map<string, Space>();
  const space = (projection: string): Space => {
    let s = spaces.get(projection);
    if (!s) {
      s = { checkpoint: 0n, docs: new Map(), indexes: new Map(), sorted: new Map(), bytes: new Map() };
      spaces.set(projection, s);
    }
    return s;
  };
  const sortedIds = (s: Space, index: string): string[] => {
    let ids = s.sorted.get(index);
    if (!ids) {
      ids = byScoreThenId(s.indexes.get(index) ?? new Map());
      s.sorted.set(index, ids);
    }
    return ids;
  };

  return {
    kind: 'memory',
    async checkpoint(projection) {
      return space(projection).checkpoint;
    },
    async commit(projection, changes: readonly Change[], checkpoint, expected) {
      const s = space(projection);
      if (expected !== undefined && s.checkpoint !== expected) throw new StaleWriterError(projection, expected, s.checkpoint);
      const problem = unwritableChange(changes);
      if (problem) throw new Error(`read model commit refused: ${problem}`);
      for (const c of changes) {
        if (c.op === 'put' || c.op === 'delete') {
          let collection = s.docs.get(c.collection);
          if (!collection) s.docs.set(c.collection, (collection = new Map()));
          if (c.op === 'put') collection.set(c.id, c.json ?? JSON.stringify(c.doc));
          else collection.delete(c.id);
          s.bytes.get(c.collection)?.delete(c.id);
        } else {
          let index = s.indexes.get(c.index);
          if (!index) s.indexes.set(c.index, (index = new Map()));
          const sorted = s.sorted.get(c.index);
          const old = index.get(c.id);
          if (sorted && old !== undefined) sorted.splice(positionOf(sorted, index, old, c.id), 1);
          if (c.op === 'index') {
            index.set(c.id, c.score);
            if (sorted) sorted.splice(positionOf(sorted, index, c.score, c.id), 0, c.id);
          } else index.delete(c.id);
          if (index.size === 0) {
            s.indexes.delete(c.index);
            s.sorted.delete(c.index);
          }
        }
      }
      s.checkpoint = checkpoint;
    },
    async get<T>(projection: string, collection: string, id: string) {
      const json = space(projection).docs.get(collection)?.get(id);
      return json === undefined ? null : (JSON.parse(json) as T);
    },
    async getMany<T>(projection: string, collection: string, ids: readonly string[]) {
      const docs = space(projection).docs.get(collection);
      return ids.map((id) => {
        const json = docs?.get(id);
        return json === undefined ? null : (JSON.parse(json) as T);
      });
    },
    async getManyBytes(projection: string, collection: string, ids: readonly string[]) {
      const s = space(projection);
      const docs = s.docs.get(collection);
      let encoded = s.bytes.get(collection);
      if (!encoded) s.bytes.set(collection, (encoded = new Map()));
      return ids.map((id) => {
        const json = docs?.get(id);
        if (json === undefined) return null;
        let bytes = encoded.get(id);
        if (!bytes) encoded.set(id, (bytes = ownBytes(json)));
        return bytes;
      });
    },
    async range(projection, index, { offset, limit, order, maxScore, minScore }: RangeOptions) {
      const s = space(projection);
      const ids = sortedIds(s, index);
      if (maxScore !== undefined || minScore !== undefined) {
        if (order !== 'asc') throw new Error('score ranges are ascending');
        const scores = s.indexes.get(index) ?? new Map<string, number>();
        const start = minScore === undefined ? 0 : startAtScore(ids, scores, minScore);
        const end = maxScore === undefined ? ids.length : endAtScore(ids, scores, maxScore);
        return ids.slice(start + offset, Math.min(end, start + offset + limit));
      }
      if (order === 'asc') return ids.slice(offset, offset + limit);
      const end = Math.max(0, ids.length - offset);
      return ids.slice(Math.max(0, end - limit), end).reverse();
    },
    async members(projection, index) {
      return [...sortedIds(space(projection), index)];
    },
    async count(projection, index) {
      return space(projection).indexes.get(index)?.size ?? 0;
    },
    async drop(projection) {
      spaces.delete(projection);
    },
    async dump(projection) {
      const s = space(projection);
      const docs: [string, string, string][] = [];
      for (const [collection, map] of s.docs) for (const [id, json] of map) docs.push([collection, id, json]);
      const entries: [string, string, number][] = [];
      for (const [index, map] of s.indexes) for (const [id, score] of map) entries.push([index, id, score]);
      return canonicalDump(s.checkpoint, docs, entries);
    },
    async close() {
      spaces.clear();
    },
  };
}
