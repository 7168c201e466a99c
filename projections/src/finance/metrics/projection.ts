import { entityIdOf, type AnyEvent, type EventEnvelope } from '@relaycast/contracts';
import type { Projection } from '../../projection.js';
import type { UnitOfWork } from '../../unit-of-work.js';
import { dayOf, dayStartMs, monthOfDay, monthStartMs } from '@relaycast/billing-core';
import { addDelta, diffDeltas, mrrDeltas, type DayDeltas } from './mrr.js';
import { createdFinance, FINANCE_EVENTS, moneyMoved, stepFinance, type Book, type FinanceStep, type SubscriptionFinance } from './subscription.js';
import { cashOf, postingsOf } from '@relaycast/billing-core';
import { entryId, postingKeys, type StoredEntry } from './ledger-entries.js';

export const FINANCE = 'finance';

export const financeModel = {
  subscription: 'sub',
  /** `${book}|${YYYY-MM-DD}` → DayFigures: what changed that day. */
  day: 'day',
  days: (book: Book) => `days|${book}`,
  /** `${book}|${known month}|${recognition month}|${plan}|${currency}` → RecognitionMonth. */
  recognition: 'recog',
  recognitions: (book: Book) => `recog|${book}`,
  /** Each subscription's finance, by book (the ledger reads their books). */
  subscriptions: (book: Book) => `subs|${book}`,
  /** `${book}|${YYYY-MM-DD}` → JournalDay: the entries that day's money events posted, in time order. */
  journal: 'journal',
  journals: (book: Book) => `journal|${book}`,
} as const;

/**
 * One day of one book (real money, or demo payments): the changes that day, by key. Stocks (`mrr|plan|currency`,
 * `paying|plan`, `credit|currency`) change by these deltas; flows (`captured|plan|currency`, `refunded|…`,
 * `revenue|…`, `renewalFailed|plan`, `trialStarted|month`, …) happen on the day; `mv|kind|currency` are movement
 * deltas of the day's month. A figure as of a day is the sum of the days up to it.
 */
export interface DayFigures {
  day: string;
  v: Record<string, number>;
}

/** One day of one book's journal: the entries its money events posted (billing-core/src/books/postings.ts). */
export interface JournalDay {
  day: string;
  entries: StoredEntry[];
}

/**
 * Revenue recognised in one month (`rec`), as recorded during one month (`known`), for one plan and currency: by
 * billing month, cents per day of `rec` (index 0 is the 1st). Summing the documents known up to a month gives
 * the waterfall as it stood then.
 */
export interface RecognitionMonth {
  known: string;
  rec: string;
  plan: string;
  currency: string;
  b: Record<string, number[]>;
}

const daysInMonth = (month: string) => new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate();

/**
 * What one batch of events changes, held until the batch commits: each subscription's state (read once, written
 * once), each day's deltas and each recognition document's entries (each document read and written once).
 */
interface FinanceBatch {
  subscriptions: Map<string, SubscriptionFinance>;
  /** Subscriptions new in this batch, to index by book. */
  created: Map<string, { book: Book; at: number }>;
  journal: Map<string, { book: Book; day: string; entries: StoredEntry[] }>;
  days: Map<string, { book: Book; day: string; deltas: Map<string, number> }>;
  recognition: Map<string, { book: Book; known: string; rec: string; plan: string; currency: string; b: Map<string, number[]> }>;
}

function addDayDeltas(batch: FinanceBatch, book: Book, deltas: DayDeltas) {
  for (const [day, keys] of deltas) {
    const id = `${book}|${day}`;
    let held = batch.days.get(id);
    if (!held) batch.days.set(id, (held = { book, day, deltas: new Map() }));
    for (const [key, amount] of keys) held.deltas.set(key, (held.deltas.get(key) ?? 0) + amount);
  }
}

function addRecognition(batch: FinanceBatch, sub: SubscriptionFinance, known: string, changes: FinanceStep['recognition']) {
  for (const change of changes) {
    let rec = '';
    let days: number[] | undefined;
    const add = (day: string, amount: number) => {
      // Entries come a day at a time: the document changes only with the month.
      if (!days || day.charCodeAt(5) !== rec.charCodeAt(5) || day.charCodeAt(6) !== rec.charCodeAt(6) || !day.startsWith(rec)) {
        rec = monthOfDay(day);
        const id = `${sub.book}|${known}|${rec}|${sub.state.plan.plan_id}|${sub.state.currency}`;
        let held = batch.recognition.get(id);
        if (!held) batch.recognition.set(id, (held = { book: sub.book, known, rec, plan: sub.state.plan.plan_id, currency: sub.state.currency, b: new Map() }));
        days = held.b.get(change.billMonth);
        if (!days) held.b.set(change.billMonth, (days = new Array<number>(daysInMonth(rec)).fill(0)));
      }
      days[(day.charCodeAt(8) - 48) * 10 + day.charCodeAt(9) - 49]! += amount;
    };
    for (const entry of change.entries) add(entry.day, entry.amount);
  }
}

async function writeBatch(batch: FinanceBatch, uow: UnitOfWork): Promise<void> {
  // A subscription's finance is never changed once made (each event makes a new one): read back as it is.
  for (const [id, state] of batch.subscriptions) uow.putValue(financeModel.subscription, id, state);
  for (const [id, { book, at }] of batch.created) uow.index(financeModel.subscriptions(book), id, at);
  for (const [id, { book, day, entries }] of batch.journal) {
    const doc = (await uow.get<JournalDay>(financeModel.journal, id)) ?? { day, entries: [] };
    // Ids sort by time, then by place in the log: a rebuild writes the day as the live model did.
    const known = new Set(doc.entries.map((e) => e.id));
    doc.entries = [...doc.entries, ...entries.filter((e) => !known.has(e.id))].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    uow.put(financeModel.journal, id, doc);
    uow.index(financeModel.journals(book), id, dayStartMs(day));
  }
  for (const [id, { book, day, deltas }] of batch.days) {
    const doc = (await uow.get<DayFigures>(financeModel.day, id)) ?? { day, v: {} };
    for (const [key, amount] of deltas) {
      const value = (doc.v[key] ?? 0) + amount;
      if (value === 0) delete doc.v[key];
      else doc.v[key] = value;
    }
    // Keys in one order, whatever batches the events came in: a rebuild writes the same bytes as the live model.
    doc.v = Object.fromEntries(Object.entries(doc.v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    uow.put(financeModel.day, id, doc);
    uow.index(financeModel.days(book), id, dayStartMs(day));
  }
  for (const [id, { book, known, rec, plan, currency, b }] of batch.recognition) {
    const doc = (await uow.get<RecognitionMonth>(financeModel.recognition, id)) ?? { known, rec, plan, currency, b: {} };
    for (const [billMonth, amounts] of b) {
      const days = (doc.b[billMonth] ??= new Array<number>(daysInMonth(rec)).fill(0));
      for (let i = 0; i < amounts.length; i++) days[i]! += amounts[i]!;
    }
    doc.b = Object.fromEntries(Object.entries(doc.b).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
    uow.put(financeModel.recognition, id, doc);
    uow.index(financeModel.recognitions(book), id, monthStartMs(known));
  }
}

const newBatch = (): FinanceBatch => ({ subscriptions: new Map(), created: new Map(), journal: new Map(), days: new Map(), recognition: new Map() });

/**
 * Finance figures, day by day, from the subscription events: MRR and its movements (Stripe's definitions), paying
 * subscribers and churn, money captured, refunded and reversed, account credit, trials and dunning, and revenue
 * recognised day by day. Demo payments (events marked `demo`) make a book of their own.
 */
export const financeProjection: Projection = {
  name: FINANCE,
  handles: FINANCE_EVENTS,
  // A subscription's state is read and written once per batch: a rebuild's batches hold many of its events.
  rebuildBatch: 100_000,
  async apply(raw: EventEnvelope, uow: UnitOfWork) {
    if (!raw.streamId.startsWith('subscription-')) return;
    const batch = uow.batch('finance', newBatch, writeBatch);
    const id = entityIdOf(raw.streamId);
    const event = raw as AnyEvent;
    if (event.type === 'SubscriptionCreated') {
      const created = createdFinance(raw);
      if (created) {
        batch.subscriptions.set(id, created);
        batch.created.set(id, { book: created.book, at: Date.parse(raw.occurredAt) });
      }
      uow.hold();
      return;
    }
    const prev = batch.subscriptions.get(id) ?? (await uow.get<SubscriptionFinance>(financeModel.subscription, id));
    if (!prev) return;
    const step = stepFinance(prev, raw);
    const today = dayOf(raw.occurredAt);
    const keys = { plan: prev.state.plan.plan_id, currency: prev.state.currency };
    const fromMonth = monthOfDay(today);
    // Most events (a renewal at the same price) leave the MRR as it was: nothing to derive.
    const deltas = prev.points === step.state.points ? new Map<string, Map<string, number>>() : diffDeltas(mrrDeltas(prev.points, fromMonth, keys, prev.base), mrrDeltas(step.state.points, fromMonth, keys, step.state.base));
    for (const [key, amount] of step.flows) addDelta(deltas, today, key, amount);
    // The double entry this event posts (billing-core/src/books/postings.ts), kept with the event that made it.
    const postings = moneyMoved(prev.state, step.state.state) ? postingsOf(prev.state, step.state.state, cashOf(raw)) : [];
    if (postings.length) {
      for (const [key, amount] of postingKeys(postings, keys.currency)) addDelta(deltas, today, key, amount);
      const entry: StoredEntry = {
        id: entryId(raw.occurredAt, raw.position), day: today, at: raw.occurredAt, kind: 'event', eventType: raw.type, eventId: raw.id, position: raw.position.toString(),
        subscriptionId: id, plan: keys.plan, currency: keys.currency, postings,
      };
      const journalId = `${prev.book}|${today}`;
      let day = batch.journal.get(journalId);
      if (!day) batch.journal.set(journalId, (day = { book: prev.book, day: today, entries: [] }));
      day.entries.push(entry);
    }
    addDayDeltas(batch, prev.book, deltas);
    if (step.recognition.length) addRecognition(batch, step.state, fromMonth, step.recognition);
    batch.subscriptions.set(id, step.state);
    uow.hold();
  },
};
