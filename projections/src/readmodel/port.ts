/**
 * The read-model port: keyed JSON documents in collections, plus sorted indexes of document ids, namespaced per
 * projection. A projection's changes and its checkpoint are committed together, atomically, so a crash at any
 * point resumes from the checkpoint with nothing lost and nothing applied twice.
 */
export type Change =
  /** `json`: the document already serialized by the writer; stored as it is (the same text the writer reads back). */
  | { op: 'put'; collection: string; id: string; doc: unknown; json?: string }
  | { op: 'delete'; collection: string; id: string }
  | { op: 'index'; index: string; id: string; score: number }
  | { op: 'unindex'; index: string; id: string };

export interface RangeOptions {
  offset: number;
  limit: number;
  /** 'asc': lowest score first (ties by id ascending); 'desc' is the exact reverse. */
  order: 'asc' | 'desc';
  /** Only entries whose score is at most this (ascending order only): "what is due by now", in time proportional to it. */
  maxScore?: number;
  /** Only entries whose score is at least this (ascending order only): a range of times, without reading what is before it. */
  minScore?: number;
}

export interface ReadModelStore {
  readonly kind: string;
  /**
   * How many documents a projection runner may keep of those it wrote, to read them back without asking the store
   * (each projection has a single, fenced writer, so what it wrote is what is stored). Absent: none (reads are local).
   */
  readonly recentDocumentsToKeep?: number;
  /** Last event position the projection has committed, 0n when it has none. */
  checkpoint(projection: string): Promise<bigint>;
  /**
   * Applies the changes and moves the checkpoint in one atomic step. With `expected` (the checkpoint this writer read
   * or last committed), the commit is refused with StaleWriterError when the stored checkpoint is another: a second
   * writer moved it, and applying these changes would apply events twice (fencing).
   */
  commit(projection: string, changes: readonly Change[], checkpoint: bigint, expected?: bigint): Promise<void>;
  get<T>(projection: string, collection: string, id: string): Promise<T | null>;
  getMany<T>(projection: string, collection: string, ids: readonly string[]): Promise<(T | null)[]>;
  /**
   * The stored JSON of documents as UTF-8 bytes, for answers that pass documents through unchanged: no parse, no
   * stringify, and no round trip through JavaScript strings (a document with one non-Latin-1 character, such as a
   * Russian label, makes every string built from it two bytes per character, to be encoded again on the way out).
   */
  getManyBytes(projection: string, collection: string, ids: readonly string[]): Promise<(Buffer | null)[]>;
  range(projection: string, index: string, options: RangeOptions): Promise<string[]>;
  /** Every id in an index, ascending. */
  members(projection: string, index: string): Promise<string[]>;
  count(projection: string, index: string): Promise<number>;
  /** Deletes every document, index and the checkpoint of a projection. */
  drop(projection: string): Promise<void>;
  /** A canonical text of everything a projection holds, identical across adapters for identical content. */
  dump(projection: string): Promise<string>;
  close(): Promise<void>;
}

/**
 * What would make a store refuse a change half-way through a commit (Redis's ZADD rejects a score that is not a
 * number, after the changes before it were written): checked before anything is written, so that a refused commit
 * changes nothing. Answers the problem, or null.
 */
export function unwritableChange(changes: readonly Change[]): string | null {
  for (const c of changes) {
    if (c.op === 'index' && !Number.isFinite(c.score)) return `index ${c.index}: score of ${c.id} is ${String(c.score)}`;
    if (c.op === 'put' && typeof (c.json ?? JSON.stringify(c.doc)) !== 'string') return `put ${c.collection}/${c.id}: the document is not JSON`;
  }
  return null;
}

/** Another writer moved the checkpoint this one based its changes on: nothing was applied, and this writer must stop. */
export class StaleWriterError extends Error {
  constructor(projection: string, expected: bigint, found: bigint) {
    super(`projection ${projection}: another writer moved the checkpoint (expected ${expected}, found ${found}); this writer stops`);
    this.name = 'StaleWriterError';
  }
}

/** Canonical dump lines: one per document and per index entry, sorted. */
export function canonicalDump(
  checkpoint: bigint,
  docs: Iterable<[collection: string, id: string, json: string]>,
  entries: Iterable<[index: string, id: string, score: number]>,
): string {
  const lines: string[] = [];
  for (const [collection, id, json] of docs) lines.push(`doc\t${collection}\t${id}\t${json}`);
  for (const [index, id, score] of entries) lines.push(`idx\t${index}\t${id}\t${score}`);
  lines.sort();
  return [`checkpoint\t${checkpoint}`, ...lines].join('\n');
}
