import { ACCOUNT, addPostings, dayStartMs, recognisedThrough, recognitionBetween, trialBalanceOf, type AccountBalance } from '@relaycast/billing-core';
import type { ReadModelStore } from '../../readmodel/port.js';
import { FINANCE, financeModel, type DayFigures } from './projection.js';
import { pad, type LedgerEntry, type StoredEntry } from './ledger-entries.js';

export { entryId, postingKeys, type LedgerEntry, type StoredEntry } from './ledger-entries.js';
import type { Book, SubscriptionFinance } from './subscription.js';

/**
 * The books of a whole book of money (real payments, or demo ones), read from the finance projection: the entries
 * every money event posted (stored with the event that made them), their sums by day and account (in the day
 * documents: `dr|<account>|<currency>`, `cr|…`), and revenue recognised day by day, computed when read from each
 * subscription's own books (billing-core/src/books) — never stored a row per day.
 */

async function subscriptionsOf(rm: ReadModelStore, book: Book): Promise<SubscriptionFinance[]> {
  const ids = await rm.range(FINANCE, financeModel.subscriptions(book), { offset: 0, limit: 10_000_000, order: 'asc' });
  return (await rm.getMany<SubscriptionFinance>(FINANCE, financeModel.subscription, ids)).filter((s): s is SubscriptionFinance => s !== null);
}

export interface TrialBalance {
  asOf: string;
  book: Book;
  currency: string;
  accounts: AccountBalance[];
  debit: number;
  credit: number;
  /** Debits equal credits (the sum of the balances is zero). */
  balanced: boolean;
}

/**
 * Every account's debits, credits and balance at the end of `asOf` (UTC): the entries of the events up to then, and
 * the revenue recognised up to then from the subscriptions' books (Dr deferred-revenue, Cr revenue:<plan>).
 */
export async function trialBalance(rm: ReadModelStore, options: { asOf: string; book: Book; currency: string }): Promise<TrialBalance> {
  const { asOf, book, currency } = options;
  const totals = new Map<string, { debit: number; credit: number }>();
  const ids = await rm.range(FINANCE, financeModel.days(book), { offset: 0, limit: 1_000_000, order: 'asc', maxScore: dayStartMs(asOf) });
  const suffix = `|${currency}`;
  for (const doc of await rm.getMany<DayFigures>(FINANCE, financeModel.day, ids)) {
    if (!doc) continue;
    for (const [key, amount] of Object.entries(doc.v)) {
      if (!key.endsWith(suffix) || !(key.startsWith('dr|') || key.startsWith('cr|'))) continue;
      const account = key.slice(3, -suffix.length);
      addPostings(totals, [key.startsWith('dr|') ? { account, debit: amount, credit: 0 } : { account, debit: 0, credit: amount }]);
    }
  }
  for (const sub of await subscriptionsOf(rm, book)) {
    if (sub.state.currency !== currency) continue;
    const recognised = recognisedThrough(sub.state.books, asOf);
    if (recognised) addPostings(totals, [{ account: ACCOUNT.deferred, debit: recognised, credit: 0 }, { account: ACCOUNT.revenue(sub.state.plan.plan_id), debit: 0, credit: recognised }]);
  }
  const accounts = trialBalanceOf(totals);
  const debit = accounts.reduce((n, a) => n + a.debit, 0);
  const credit = accounts.reduce((n, a) => n + a.credit, 0);
  return { asOf, book, currency, accounts, debit, credit, balanced: debit === credit };
}

export interface LedgerPage {
  book: Book;
  from: string;
  to: string;
  total: number;
  entries: LedgerEntry[];
}

/**
 * The ledger between two days (both included): each event's entry, and each day's revenue recognised per plan — or,
 * for one subscription, its own entries and its days — in time order (a day's recognition after its events), paged.
 */
export async function ledgerEntries(
  rm: ReadModelStore,
  options: { book: Book; from: string; to: string; currency?: string; subscriptionId?: string; offset: number; limit: number },
): Promise<LedgerPage> {
  const { book, from, to } = options;
  const startId = pad(dayStartMs(from), 15);
  const ids = (await rm.range(FINANCE, financeModel.entries(book), { offset: 0, limit: 10_000_000, order: 'asc', maxScore: dayStartMs(to) + 86_399_999 })).filter((id) => id >= startId);
  const wanted = (e: { currency: string; subscriptionId?: string }) => (!options.currency || e.currency === options.currency) && (!options.subscriptionId || e.subscriptionId === options.subscriptionId);
  const events = (await rm.getMany<StoredEntry>(FINANCE, financeModel.entry, ids)).filter((e): e is StoredEntry => e !== null && wanted(e));
  // Revenue recognised each day: per plan and currency across the book, or the one subscription's own.
  const days = new Map<string, LedgerEntry>();
  for (const sub of await subscriptionsOf(rm, book)) {
    if (!wanted({ currency: sub.state.currency, subscriptionId: sub.state.id })) continue;
    const plan = sub.state.plan.plan_id;
    for (const [day, amount] of recognitionBetween(sub.state.books, from, to)) {
      if (amount === 0) continue;
      const key = `${day}|${plan}|${sub.state.currency}${options.subscriptionId ? `|${sub.state.id}` : ''}`;
      let entry = days.get(key);
      if (!entry) {
        entry = {
          id: `recognition-${key}`,
          day,
          at: `${day}T23:59:59.999Z`,
          kind: 'recognition',
          plan,
          currency: sub.state.currency,
          ...(options.subscriptionId ? { subscriptionId: sub.state.id } : {}),
          postings: [{ account: ACCOUNT.deferred, debit: 0, credit: 0 }, { account: ACCOUNT.revenue(plan), debit: 0, credit: 0 }],
        };
        days.set(key, entry);
      }
      entry.postings[0]!.debit += amount;
      entry.postings[1]!.credit += amount;
    }
  }
  const all = [...events, ...days.values()].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { book, from, to, total: all.length, entries: all.slice(options.offset, options.offset + options.limit) };
}
