import { scoreOf } from './projection.js';
import type { EntryView, FileView, HistoryItem, SubscriptionView, UserView } from '@relaycast/contracts';
import type { ReadModelStore } from './readmodel/port.js';
import { USERS, usersModel } from './projections/users.js';
import { SUBSCRIPTIONS, subscriptionsModel } from './projections/subscriptions.js';
import { HISTORY, historyModel } from './projections/history.js';
import { ENTRIES, FILES, entriesModel, filesModel } from './projections/content.js';

export interface ListQuery {
  page?: number;
  pageSize?: number;
  sort?: string;
  order?: 'asc' | 'desc';
  search?: string;
}
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  /**
   * The items as a JSON array in UTF-8, in chunks: brackets and commas around the stored documents' own bytes.
   * Answers write the chunks as they are: no decoding, parsing or encoding, and no large buffer per request
   * (20 KB buffers a request made V8 run a full collection every few hundred ms at 1,000 requests/s).
   */
  itemsUtf8: readonly Buffer[];
}

const OPEN = Buffer.from('[');
const COMMA = Buffer.from(',');
const CLOSE = Buffer.from(']');

/** `[doc,doc,…]` as chunks: the documents' stored bytes themselves, not copied. */
function jsonArrayOf(docs: readonly Buffer[]): Buffer[] {
  const chunks: Buffer[] = [OPEN];
  docs.forEach((doc, i) => {
    if (i) chunks.push(COMMA);
    chunks.push(doc);
  });
  chunks.push(CLOSE);
  return chunks;
}

/** A page whose items are decoded and parsed only if someone reads them. */
function pageFromBytes<T>(itemsUtf8: readonly Buffer[], total: number, page: number, pageSize: number): Page<T> {
  let items: T[] | undefined;
  return {
    get items() {
      return (items ??= JSON.parse(Buffer.concat(itemsUtf8).toString('utf8')) as T[]);
    },
    total,
    page,
    pageSize,
    itemsUtf8,
  };
}

/** Beyond this many documents a sorted or searched list stops scanning (and says so through `total`). */
const MAX_SCAN = 10_000;
const DEFAULT_PAGE_SIZE = 20;

/** A field of a document by its dotted path: its own properties only (never `__proto__`, `constructor`, …). */
function valueAt(doc: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, key) => (v && typeof v === 'object' && Object.hasOwn(v, key) ? (v as Record<string, unknown>)[key] : undefined), doc);
}

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === undefined || a === null) return 1;
  if (b === undefined || b === null) return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b), 'en', { sensitivity: 'base', numeric: true });
}

/**
 * A page of documents from an index. The common case (newest first, no search) reads just one page through the
 * sorted index; another sort order, a search or a filter loads the index's documents and sorts them here.
 */
async function listIndex<T extends { createdAt: string; _id: string }>(
  rm: ReadModelStore,
  projection: string,
  collection: string,
  index: string,
  query: ListQuery,
  options: { searchText: (doc: T) => string; filter?: (doc: T) => boolean },
): Promise<Page<T>> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const order = query.order ?? 'desc';
  const offset = (page - 1) * pageSize;
  const search = query.search?.trim().toLowerCase();
  if (!search && !options.filter && (!query.sort || query.sort === 'createdAt')) {
    const [total, ids] = await Promise.all([rm.count(projection, index), rm.range(projection, index, { offset, limit: pageSize, order })]);
    const docs = await rm.getManyBytes(projection, collection, ids);
    return pageFromBytes<T>(jsonArrayOf(docs.filter((d): d is Buffer => d !== null)), total, page, pageSize);
  }
  const ids = await rm.range(projection, index, { offset: 0, limit: MAX_SCAN, order: 'desc' });
  let docs = (await rm.getMany<T>(projection, collection, ids)).filter((d): d is T => d !== null);
  if (options.filter) docs = docs.filter(options.filter);
  if (search) docs = docs.filter((d) => options.searchText(d).toLowerCase().includes(search));
  const sort = query.sort ?? 'createdAt';
  const direction = order === 'asc' ? 1 : -1;
  docs.sort((a, b) => direction * compare(valueAt(a, sort), valueAt(b, sort)) || (a._id < b._id ? -1 : 1));
  const items = docs.slice(offset, offset + pageSize);
  return { items, total: docs.length, page, pageSize, itemsUtf8: [Buffer.from(JSON.stringify(items))] };
}

export function createQueries(rm: ReadModelStore) {
  /** The materials indexed at a site address or in a category, oldest first. */
  async function materialsAt(where: { url: string } | { category: string }): Promise<EntryView[]> {
    const index = 'url' in where ? entriesModel.byUrl(where.url) : entriesModel.byCategory(where.category);
    const ids = await rm.range(ENTRIES, index, { offset: 0, limit: 500, order: 'asc' });
    return (await rm.getMany<EntryView>(ENTRIES, entriesModel.entry, ids)).filter((e): e is EntryView => e !== null && e.entry_type === 'MATERIAL');
  }
  return {
    listUsers(query: ListQuery & { role?: string }) {
      return listIndex<UserView>(rm, USERS, usersModel.user, query.role ? usersModel.role(query.role) : usersModel.all, query, {
        searchText: (u) => `${u.givenName} ${u.familyName} ${u.email} ${u.role}`,
      });
    },
    getUser: (id: string) => rm.get<UserView>(USERS, usersModel.user, id),
    async findUserByEmail(email: string) {
      const ref = await rm.get<{ userId: string }>(USERS, usersModel.email, email.trim().toLowerCase());
      return ref ? rm.get<UserView>(USERS, usersModel.user, ref.userId) : null;
    },

    /** `createdAfterUnlessStarted`: leaves out checkouts still in Creating that began before it (abandoned ones). */
    listSubscriptions(query: ListQuery & { userId?: string; status?: string; due?: 'renewal' | 'dunning'; dueBefore?: string; createdAfterUnlessStarted?: string }) {
      const index = query.userId
        ? subscriptionsModel.byUser(query.userId)
        : query.due
          ? subscriptionsModel.due
          : query.status
            ? subscriptionsModel.byStatus(query.status)
            : subscriptionsModel.all;
      const conditions: ((s: SubscriptionView) => boolean)[] = [];
      if (query.status && (query.userId || query.due)) conditions.push((s) => s.status === query.status);
      if (query.due === 'renewal') conditions.push((s) => s.nextEvent?.kind === 'renewal');
      if (query.due === 'dunning') conditions.push((s) => s.dunning !== undefined && s.status !== 'SUBSCRIPTION_STATUS_ACTIVE');
      if (query.createdAfterUnlessStarted) {
        const cutoff = query.createdAfterUnlessStarted;
        conditions.push((s) => s.status !== 'SUBSCRIPTION_STATUS_INITIAL' || s.createdAt >= cutoff);
      }
      if (query.due && query.dueBefore) conditions.push((s) => s.nextEvent !== undefined && s.nextEvent.at < query.dueBefore!);
      const filter = conditions.length ? (s: SubscriptionView) => conditions.every((c) => c(s)) : undefined;
      return listIndex<SubscriptionView>(rm, SUBSCRIPTIONS, subscriptionsModel.subscription, index, query, {
        searchText: (s) => `${s.name} ${s.customer.email} ${s.customer.name} ${s.status} ${s.subscription_type} ${s.licence_key ?? ''} ${s.paypalSubscriptionID ?? ''} ${s._id}`,
        ...(filter ? { filter } : {}),
      });
    },
    getSubscription: (id: string) => rm.get<SubscriptionView>(SUBSCRIPTIONS, subscriptionsModel.subscription, id),
    /**
     * The scheduler's work list: ids of subscriptions whose next timed step (renewal, dunning, cancellation…) is due
     * by `until`, earliest first — a range of the index by time, so proportional to what is due, not to how many
     * subscriptions there are.
     */
    dueBy(until: string, limit: number, offset = 0): Promise<string[]> {
      return rm.range(SUBSCRIPTIONS, subscriptionsModel.due, { offset, limit, order: 'asc', maxScore: scoreOf(until) });
    },
    /** The subscription a PayPal billing reference (an order's custom_id) belongs to, or null. */
    async subscriptionByBillingReference(reference: string) {
      const ref = await rm.get<{ subscriptionId: string }>(SUBSCRIPTIONS, subscriptionsModel.byBillingReference, reference);
      return ref ? rm.get<SubscriptionView>(SUBSCRIPTIONS, subscriptionsModel.subscription, ref.subscriptionId) : null;
    },
    /** Every subscription of a user (cancelAll, account page). */
    async subscriptionsOfUser(userId: string) {
      const ids = await rm.members(SUBSCRIPTIONS, subscriptionsModel.byUser(userId));
      return (await rm.getMany<SubscriptionView>(SUBSCRIPTIONS, subscriptionsModel.subscription, ids)).filter((s): s is SubscriptionView => s !== null);
    },

    /** A stream's timeline, oldest first, optionally filtered by event type and time. */
    async history(index: { streamId: string } | { userId: string }, filter: { types?: readonly string[]; from?: string; to?: string } = {}) {
      const key = 'streamId' in index ? historyModel.byStream(index.streamId) : historyModel.byUser(index.userId);
      const ids = await rm.range(HISTORY, key, { offset: 0, limit: MAX_SCAN, order: 'asc' });
      const items = (await rm.getMany<HistoryItem>(HISTORY, historyModel.item, ids)).filter((i): i is HistoryItem => i !== null);
      return items.filter(
        (i) =>
          (!filter.types?.length || filter.types.includes(i.type)) && (!filter.from || i.at >= filter.from) && (!filter.to || i.at <= filter.to),
      );
    },

    /** The latest events of subscriptions and users (sign-ins left out), newest first: the admin home's feed. */
    async recentHistory(limit: number): Promise<HistoryItem[]> {
      const ids = await rm.range(HISTORY, historyModel.recent, { offset: 0, limit, order: 'desc' });
      return (await rm.getMany<HistoryItem>(HISTORY, historyModel.item, ids)).filter((i): i is HistoryItem => i !== null);
    },
    /** Charges PayPal did not make (a saved account declined, a capture refused) at or after `since`, newest first. */
    async failedCharges(since: string, limit: number): Promise<{ total: number; items: HistoryItem[] }> {
      const ids = await rm.range(HISTORY, historyModel.failedCharges, { offset: 0, limit: MAX_SCAN, order: 'desc' });
      const recent: string[] = [];
      // Newest first: read in slices until one reaches back before `since`.
      for (let i = 0; i < ids.length; i += 100) {
        const slice = (await rm.getMany<HistoryItem>(HISTORY, historyModel.item, ids.slice(i, i + 100))).filter((x): x is HistoryItem => x !== null);
        const kept = slice.filter((x) => x.at >= since);
        recent.push(...kept.map((x) => x.id));
        if (kept.length < slice.length) break;
      }
      const items = (await rm.getMany<HistoryItem>(HISTORY, historyModel.item, recent.slice(0, limit))).filter((x): x is HistoryItem => x !== null);
      return { total: recent.length, items };
    },
    /** How many users there are, in all and per role. */
    async userCounts(roles: readonly string[]): Promise<{ total: number; byRole: Record<string, number> }> {
      const [total, ...counts] = await Promise.all([rm.count(USERS, usersModel.all), ...roles.map((r) => rm.count(USERS, usersModel.role(r)))]);
      return { total: total!, byRole: Object.fromEntries(roles.map((r, i) => [r, counts[i]!])) };
    },
    /** How many subscriptions there are, in all and per status. */
    async subscriptionCounts(statuses: readonly string[]): Promise<{ total: number; byStatus: Record<string, number> }> {
      const [total, ...counts] = await Promise.all([rm.count(SUBSCRIPTIONS, subscriptionsModel.all), ...statuses.map((s) => rm.count(SUBSCRIPTIONS, subscriptionsModel.byStatus(s)))]);
      return { total: total!, byStatus: Object.fromEntries(statuses.map((s, i) => [s, counts[i]!])) };
    },
    /** Subscriptions with a PayPal dispute not yet resolved, newest first. */
    async disputedSubscriptions(limit: number): Promise<{ total: number; items: SubscriptionView[] }> {
      const [total, ids] = await Promise.all([rm.count(SUBSCRIPTIONS, subscriptionsModel.disputed), rm.range(SUBSCRIPTIONS, subscriptionsModel.disputed, { offset: 0, limit, order: 'desc' })]);
      const items = (await rm.getMany<SubscriptionView>(SUBSCRIPTIONS, subscriptionsModel.subscription, ids)).filter((s): s is SubscriptionView => s !== null);
      return { total, items };
    },

    listEntries(query: ListQuery & { entry_type?: string; category?: string }) {
      const index = query.category ? entriesModel.byCategory(query.category) : query.entry_type ? entriesModel.byType(query.entry_type) : entriesModel.all;
      const filter = query.category && query.entry_type ? (e: EntryView) => e.entry_type === query.entry_type : undefined;
      return listIndex<EntryView>(rm, ENTRIES, entriesModel.entry, index, query, {
        searchText: (e) => JSON.stringify(e.template),
        ...(filter ? { filter } : {}),
      });
    },
    getEntry: (id: string) => rm.get<EntryView>(ENTRIES, entriesModel.entry, id),
    /**
     * Published materials for a site address or a category, oldest first. A section override is published once it
     * was published, and then with its published copy only: its draft is the administrators'.
     */
    async publishedEntries(where: { url: string } | { category: string }, locale?: string) {
      const entries = await materialsAt(where);
      const published = entries.flatMap((e): EntryView[] => {
        if (!e.section) return [e];
        if (!e.published) return [];
        const { published: copy, ...rest } = e;
        return [{ ...rest, template: copy }];
      });
      // A material without a locale serves every language; one with a locale only its own.
      return locale ? published.filter((e) => !e.locale || e.locale === locale) : published;
    },
    /** Every material at a site address, drafts included (the administrators' page editor). */
    materialsAtUrl: (url: string) => materialsAt({ url }),

    listFiles(query: ListQuery) {
      return listIndex<FileView>(rm, FILES, filesModel.file, filesModel.all, query, { searchText: (f) => `${f.originalName} ${f.mimeType}` });
    },
    getFile: (id: string) => rm.get<FileView>(FILES, filesModel.file, id),
  };
}
export type Queries = ReturnType<typeof createQueries>;
