import type { Change, ReadModelStore } from './readmodel/port.js';

/**
 * The changes one batch of events makes to a projection, with read-your-writes: `get` and `members` see the
 * batch's own pending changes before they are committed.
 */
export class UnitOfWork {
  private readonly changes: Change[] = [];
  private readonly docs = new Map<string, string | null>();
  private readonly indexOps = new Map<string, Map<string, number | null>>();

  constructor(
    private readonly store: ReadModelStore,
    readonly projection: string,
  ) {}

  get size(): number {
    return this.changes.length;
  }

  pending(): readonly Change[] {
    return this.changes;
  }

  async get<T>(collection: string, id: string): Promise<T | null> {
    const key = `${collection}\u0000${id}`;
    if (this.docs.has(key)) {
      const json = this.docs.get(key);
      return json === null || json === undefined ? null : (JSON.parse(json) as T);
    }
    return this.store.get<T>(this.projection, collection, id);
  }

  put(collection: string, id: string, doc: unknown): void {
    this.docs.set(`${collection}\u0000${id}`, JSON.stringify(doc));
    this.changes.push({ op: 'put', collection, id, doc });
  }

  delete(collection: string, id: string): void {
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
