import { dayOf, daysBetween } from './calendar.js';
import type { BookItem, Books } from './items.js';
import { forEachEntry, heldBy } from './recognition.js';

/**
 * Double entry over the books: every event that moves money posts balanced entries (debits equal credits, in
 * integer cents) to named accounts, and every day of service moves deferred revenue to recognised revenue (computed
 * when read from the items' allocations: no row per day is stored). A pure function of the events, like every read
 * model; the same in the decider (a subscription's sub-ledger) and in finance (the trial balance of a book).
 *
 * Accounts (`docs/finance.md` has the posting table):
 * - `paypal-clearing` (asset): money PayPal holds for us.
 * - `paypal-disputed` (asset): money PayPal holds back while a buyer's dispute is open.
 * - `deferred-revenue` (liability, per subscription): money kept for service still to give.
 * - `customer-credit` (liability, per subscription): money owed to the customer — account credit, and refunds a
 *   cancellation owes until PayPal makes them. Never revenue.
 * - `revenue:<plan>` (income): revenue recognised, day by day.
 * - `refunds:<plan>` (contra-income): money given back out of revenue already recognised.
 * - `tax-payable:<country>:<rate>` (liability): tax collected for a tax authority, by the customer's country and the rate (docs/tax.md).
 * PayPal's fees are not in the books (PayPal does not report them to these workflows): the clearing account is gross.
 */

export type AccountKind = 'asset' | 'liability' | 'income' | 'contra-income';

export const ACCOUNT = {
  clearing: 'paypal-clearing',
  disputed: 'paypal-disputed',
  deferred: 'deferred-revenue',
  credit: 'customer-credit',
  revenue: (plan: string) => `revenue:${plan}`,
  refunds: (plan: string) => `refunds:${plan}`,
  taxPayable: (country: string, rate: string) => `tax-payable:${country}:${rate}`,
} as const;

/** What kind an account is, from its name. */
export function accountKind(account: string): AccountKind {
  if (account === ACCOUNT.clearing || account === ACCOUNT.disputed) return 'asset';
  if (account.startsWith('revenue:')) return 'income';
  if (account.startsWith('refunds:')) return 'contra-income';
  return 'liability';
}

/** One line of an entry: an account debited or credited (one of the two is 0). */
export interface Posting {
  account: string;
  debit: number;
  credit: number;
}

/** The money side of a subscription that postings read: its books, its account credit and its plan. */
export interface Ledgered {
  books: Books;
  credit: number;
  plan: { plan_id: string };
}

/** Cents an item's allocations hold in all (recognised or still deferred). */
const heldByItem = (i: BookItem) => i.allocs.reduce((s, a) => s + heldBy(a), 0);

/**
 * How a sum over the items changed from one state of the books to the next: only the items replaced are read (an
 * evolve keeps every other item as the same object in its place); the same as the sum after less the sum before.
 */
function changeOver(before: Books, after: Books, of: (i: BookItem) => number): number {
  if (before.items === after.items) return 0;
  let delta = 0;
  for (let k = 0; k < Math.max(before.items.length, after.items.length); k++) {
    const a = before.items[k];
    const b = after.items[k];
    if (a === b) continue;
    if (b) delta += of(b);
    if (a) delta -= of(a);
  }
  return delta;
}

/** How tax payable changed by account (accounts that did not change left out), from the items replaced. */
function taxChangeOver(before: Books, after: Books): Map<string, number> {
  const out = new Map<string, number>();
  if (before.items === after.items) return out;
  const add = (i: BookItem | undefined, sign: number) => {
    if (i?.tax) out.set(i.tax.account, (out.get(i.tax.account) ?? 0) + sign * (i.tax.amount - i.tax.back));
  };
  for (let k = 0; k < Math.max(before.items.length, after.items.length); k++) {
    const a = before.items[k];
    const b = after.items[k];
    if (a === b) continue;
    add(b, 1);
    add(a, -1);
  }
  for (const [account, amount] of out) if (amount === 0) out.delete(account);
  return out;
}
/** Tax payable by account: what the items' money holds for tax authorities, less what went back. */
function taxPayable(books: Books): Map<string, number> {
  const out = new Map<string, number>();
  for (const i of books.items) if (i.tax) out.set(i.tax.account, (out.get(i.tax.account) ?? 0) + i.tax.amount - i.tax.back);
  return out;
}
const held = (books: Books) => Object.values(books.disputes).reduce((sum, d) => sum + d.held, 0);

/**
 * The entry one event posts, from the subscription's money side before and after it and the cash PayPal moved
 * (captured +, refunded or reversed −). Deferred revenue changes by what the items' allocations hold; the customer's
 * credit by what is owed to them; tax payable by the tax inside the items' money (less what went back); clearing by
 * the cash less what a dispute holds back; and what the items gave back out of revenue already recognised goes to
 * contra-income. Each is read from the books on its own, so an entry that
 * does not balance is a bug the property finds; empty when nothing moved.
 */
export function postingsOf(before: Ledgered | undefined, after: Ledgered, cash: number): Posting[] {
  const was = before ?? { books: { items: [], disputes: {} }, credit: 0, plan: after.plan };
  // Read per changed item (finance posts every money event of the log): the same as each sum after less before.
  const deferred = changeOver(was.books, after.books, heldByItem);
  const credit = after.credit - was.credit + changeOver(was.books, after.books, (i) => i.due);
  const disputed = was.books.disputes === after.books.disputes ? 0 : held(after.books) - held(was.books);
  const clearing = cash - disputed;
  const fromRevenue = changeOver(was.books, after.books, (i) => i.fromRevenue);
  const plan = after.plan.plan_id;
  const lines: Posting[] = [];
  const add = (account: string, amount: number, side: 'debit' | 'credit') => {
    if (amount === 0) return;
    const [debit, credit_] = (amount > 0) === (side === 'debit') ? [Math.abs(amount), 0] : [0, Math.abs(amount)];
    lines.push({ account, debit, credit: credit_ });
  };
  add(ACCOUNT.clearing, clearing, 'debit');
  add(ACCOUNT.disputed, disputed, 'debit');
  add(ACCOUNT.deferred, deferred, 'credit');
  add(ACCOUNT.credit, credit, 'credit');
  add(ACCOUNT.refunds(plan), fromRevenue, 'debit');
  const taxChanges = taxChangeOver(was.books, after.books);
  if (taxChanges.size > 1) {
    // More than one tax account moved (rare): in the order the accounts first appear in the books, as always.
    const taxBefore = taxPayable(was.books);
    const taxAfter = taxPayable(after.books);
    for (const account of new Set([...taxBefore.keys(), ...taxAfter.keys()])) add(account, (taxAfter.get(account) ?? 0) - (taxBefore.get(account) ?? 0), 'credit');
  } else for (const [account, amount] of taxChanges) add(account, amount, 'credit');
  return lines;
}

/** The cash PayPal moved in an event: a capture's money in, a refund's or reversal's out. */
export function cashOf(event: { type: string; data: unknown }): number {
  const d = event.data as { amount?: number };
  if (event.type === 'OrderCaptured') return d.amount ?? 0;
  if (event.type === 'PaymentRefunded') return -(d.amount ?? 0);
  return 0;
}

/**
 * Revenue recognised day by day from a subscription's books, between two days (both included): each day's cents
 * (Dr deferred-revenue, Cr revenue:<plan>), computed from the items' allocations as they stand. A day already
 * recognised never changes (a refund or a move re-spreads only the days from its own on).
 */
export function recognitionBetween(books: Books, from: string, to: string): Map<string, number> {
  const days = new Map<string, number>();
  for (const item of books.items) {
    for (const a of item.allocs) {
      forEachEntry(a, (day, amount) => {
        if (day >= from && day <= to) days.set(day, (days.get(day) ?? 0) + amount);
      });
    }
  }
  return days;
}

/**
 * Revenue recognised up to a day (included) from a subscription's books: for each allocation, what its days up to
 * then hold — none before the day its money was known, all of its early days on that day (recognition.ts).
 */
export function recognisedThrough(books: Books, day: string): number {
  let total = 0;
  for (const item of books.items) {
    for (const a of item.allocs) {
      if (day < a.known) continue;
      const k = Math.min(a.to, Math.max(a.from, daysBetween(a.start, day) + 1));
      total += heldBy(a, a.from, k);
    }
  }
  return total;
}

/** Balances by account: debits, credits, and the balance (debit-positive). */
export interface AccountBalance {
  account: string;
  kind: AccountKind;
  debit: number;
  credit: number;
  balance: number;
}

/** Adds postings into balances by account. */
export function addPostings(into: Map<string, { debit: number; credit: number }>, postings: readonly Posting[]): void {
  for (const p of postings) {
    const b = into.get(p.account) ?? { debit: 0, credit: 0 };
    into.set(p.account, { debit: b.debit + p.debit, credit: b.credit + p.credit });
  }
}

/** Balances in account order (assets, liabilities, income, contra-income), each debit-positive. */
export function trialBalanceOf(totals: ReadonlyMap<string, { debit: number; credit: number }>): AccountBalance[] {
  const order: AccountKind[] = ['asset', 'liability', 'income', 'contra-income'];
  return [...totals]
    .map(([account, t]) => ({ account, kind: accountKind(account), debit: t.debit, credit: t.credit, balance: t.debit - t.credit }))
    .sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind) || (a.account < b.account ? -1 : a.account > b.account ? 1 : 0));
}

/** The day an instant falls on (UTC): entries are dated by day in the trial balance. */
export const entryDay = (at: string): string => dayOf(at);
