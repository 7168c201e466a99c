import type { Change, ReadModelStore } from './readmodel/port.js';

/**
 * The documents a projection runner committed most recently, as stored (JSON, or null for deleted), the oldest
 * forgotten past `limit`. Read back instead of asking a remote store: a subscription's next event reads the view
 * its previous event wrote. Valid only while its runner is the projection's one writer, and only for commits that
 * succeeded; a runner starts a new one whenever it (re)subscribes.
 */
export class RecentDocuments {
  private readonly docs = new Map<string, string | null>();
  /** Of those, the documents written as values never changed afterwards (UnitOfWork.putValue): read back as they are. */
  private readonly values = new Map<string, unknown>();

  constructor(private readonly limit: number) {}

  get size(): number {
    return this.docs.size;
  }

  has(key: string): boolean {
    return this.docs.has(key);
  }

  get(key: string): string | null | undefined {
    return this.docs.get(key);
  }

  /** The document as written, when it was written as a value never changed afterwards; else undefined. */
  value(key: string): unknown {
    return this.values.get(key);
  }

  /** A document the store does not have (it can only appear through this runner's own commit). */
  absent(key: string): void {
    this.remember(new Map([[key, null]]));
  }

  /** What a committed batch wrote (and which of it as values); each document moves to the newest end. */
  remember(written: ReadonlyMap<string, string | null>, values: ReadonlyMap<string, unknown> = new Map()): void {
    for (const [key, json] of written) {
      this.docs.delete(key);
      this.docs.set(key, json);
      if (values.has(key)) this.values.set(key, values.get(key));
      else this.values.delete(key);
    }
    for (const key of this.docs.keys()) {
      if (this.docs.size <= this.limit) break;
      this.docs.delete(key);
      this.values.delete(key);
    }
  }
}

/**
 * The changes one batch of events makes to a projection, with read-your-writes: `get` and `members` see the
 * batch's own pending changes before they are committed.
 */
export class UnitOfWork {
  private readonly changes: Change[] = [];
  private readonly docs = new Map<string, string | null>();
  /** Documents put as values never changed afterwards (putValue), by key: read back as they are, not parsed again. */
  private readonly values = new Map<string, unknown>();
  private readonly indexOps = new Map<string, Map<string, number | null>>();
  private readonly batches = new Map<string, { state: unknown; flush: (state: never, uow: UnitOfWork) => Promise<void> | void }>();
  private held = 0;

  constructor(
    private readonly store: ReadModelStore,
    readonly projection: string,
    private readonly recent?: RecentDocuments,
  ) {}

  /** The documents this batch wrote, by key, as JSON (null: deleted): for RecentDocuments once committed. */
  written(): ReadonlyMap<string, string | null> {
    return this.docs;
  }

  /** Of those, the ones put as values (putValue), as they were put: for RecentDocuments once committed. */
  writtenValues(): ReadonlyMap<string, unknown> {
    return this.values;
  }

  /** Changes made, and events whose work is held in batch state: what the batch size counts. */
  get size(): number {
    return this.changes.length + this.held;
  }

  /**
   * State a projection keeps across the events of one batch, written by `flush` when the batch completes: a
   * document many events change (a day's totals) is then read and written once per batch rather than per event.
   * Gone with the unit of work: a batch that fails to commit leaves nothing behind.
   */
  batch<T>(key: string, create: () => T, flush: (state: T, uow: UnitOfWork) => Promise<void> | void): T {
    let entry = this.batches.get(key);
    if (!entry) this.batches.set(key, (entry = { state: create(), flush: flush as (state: never, uow: UnitOfWork) => Promise<void> | void }));
    return entry.state as T;
  }

  /** Counts `n` events' held work toward the batch size (so batch state never grows without a commit). */
  hold(n = 1): void {
    this.held += n;
  }

  /** Writes what batch state holds, then answers every change of the batch, in order, for the commit. */
  async complete(): Promise<readonly Change[]> {
    for (const { state, flush } of this.batches.values()) await flush(state as never, this);
    this.batches.clear();
    this.held = 0;
    return this.changes;
  }

  pending(): readonly Change[] {
    return this.changes;
  }

  async get<T>(collection: string, id: string): Promise<T | null> {
    const key = `${collection}\u0000${id}`;
    if (this.docs.has(key)) {
      if (this.values.has(key)) return this.values.get(key) as T;
    } else {
      const value = this.recent?.value(key);
      if (value !== undefined) return value as T;
    }
    const known = this.docs.has(key) ? this.docs : this.recent?.has(key) ? this.recent : null;
    if (known) {
      const json = known.get(key);
      return json === null || json === undefined ? null : (JSON.parse(json) as T);
    }
    const stored = await this.store.get<T>(this.projection, collection, id);
    // An absent document can only appear through this runner's own commit: remembered as absent until then.
    if (stored === null) this.recent?.absent(key);
    return stored;
  }

  put(collection: string, id: string, doc: unknown): void {
    const json = JSON.stringify(doc);
    this.docs.set(`${collection}\u0000${id}`, json);
    this.values.delete(`${collection}\u0000${id}`);
    this.changes.push({ op: 'put', collection, id, doc, json });
  }

  /**
   * `put` of a document its projection never changes once written (a new state is a new object, as a decider's): `get`
   * answers the object itself, in this batch and — through RecentDocuments — after it commits, without parsing it again.
   */
  putValue(collection: string, id: string, doc: unknown): void {
    this.put(collection, id, doc);
    this.values.set(`${collection}\u0000${id}`, doc);
  }

  delete(collection: string, id: string): void {
    this.values.delete(`${collection}\u0000${id}`);
    this.docs.set(`${collection}\u0000${id}`, null);
    this.changes.push({ op: 'delete', collection, id });
  }

  index(index: string, id: string, score: number): void {
    this.opsFor(index).set(id, score);
    this.changes.push({ op: 'index', index, id, score });
  }

  unindex(index: string, id: string): void {
    this.opsFor(index).set(id, null);
    this.changes.push({ op: 'unindex', index, id });
  }

  /** Ids in an index, committed ones merged with this batch's additions and removals (order not guaranteed). */
  async members(index: string): Promise<string[]> {
    const ids = new Set(await this.store.members(this.projection, index));
    for (const [id, score] of this.indexOps.get(index) ?? []) {
      if (score === null) ids.delete(id);
      else ids.add(id);
    }
    return [...ids];
  }

  private opsFor(index: string): Map<string, number | null> {
    let ops = this.indexOps.get(index);
    if (!ops) this.indexOps.set(index, (ops = new Map()));
    return ops;
  }
}
