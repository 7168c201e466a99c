import type { OrderCaptured, PaidChangeTakenBack, PaymentDisputed, PaymentRefunded, RefundOwed } from '@relaycast/contracts';
import { dayOf } from '../../books/calendar.js';
import { ACCOUNT } from '../../books/postings.js';
import { capturedItem, creditPartOf, endService, lessFuture, oweBack, periodsChanged, grossOut, refundFrom, unusedGross, withTaxBack, type BookItem, type Books, type PeriodSlot, type RaiseSlot } from '../../books/items.js';
import { configurationAt, configurationOf, grantedTime, type ExistingSubscription, type PaidTime } from '../state.js';
import { grantedSlots } from '../money.js';

/**
 * The subscription's books as its money events change them (billing-core/src/books holds the accounting itself):
 * this module only says which item an event touches, with what the decider's state knows (the paid periods).
 */

type S = ExistingSubscription;

const withItem = (books: Books, captureId: string, change: (i: BookItem) => BookItem): Books => ({
  ...books,
  items: books.items.map((i) => (i.captureId === captureId ? change(i) : i)),
});

/**
 * What a balance captured at `at` is prorated over: the paid periods as they stand, and each billing period's share
 * of the trial and complimentary time still running, at what it covers then (money.ts prorates the same).
 */
function raiseSlots(s: S, at: string): RaiseSlot[] {
  const paid = s.paid.map((p) => ({ captureId: p.captureId, start: p.start, end: p.end, amount: p.amount }));
  const granted = grantedTime(s)
    .filter((g) => g.end > at)
    .flatMap((g) => {
      const amount = configurationAt(g, g.start > at ? g.start : at).amount;
      return grantedSlots(s.plan.billingMonths, g).map((slot) => ({ captureId: g.key, ...slot, amount }));
    });
  return [...paid, ...granted];
}

/** The tax inside a capture's money and the account it is payable to (one rate per document). */
function taxOf(d: OrderCaptured): { account: string; amount: number } | undefined {
  const line = d.tax?.taxLines.find((l) => l.amount > 0);
  return line && d.tax ? { account: ACCOUNT.taxPayable(line.country, line.rate), amount: d.tax.tax } : undefined;
}

/** A capture recorded (before `s` records it): what it paid for. */
export function captured(s: S, d: OrderCaptured, period: PaidTime | undefined): Books {
  const raise = d.purpose === 'balance' && d.credited !== true ? { paid: raiseSlots(s, d.capturedAt), from: configurationOf(s), to: d.configuration ?? configurationOf(s) } : undefined;
  const item = capturedItem({
    captureId: d.captureId,
    capturedAt: d.capturedAt,
    cash: d.amount,
    creditUsed: d.credit ?? 0,
    credited: d.credited === true,
    ...(period ? { period: { captureId: period.captureId, start: period.start, end: period.end } } : {}),
    ...(raise ? { raise } : {}),
    ...(taxOf(d) ? { tax: taxOf(d)! } : {}),
  });
  return { ...s.books, items: [...s.books.items, item] };
}

/** The payment that spent account credit last: what a refund of credit already spent takes back. */
export const creditBuyer = (books: Books): BookItem | undefined => [...books.items].reverse().find((i) => i.kind !== 'credit' && i.creditUsed > 0);

/** How a refund splits (the decider's rule and the books' alike): what it pays of what is owed, of credit, of the rest. */
export function refundSplit(s: S, captureId: string, amount: number): { fromDue: number; fromCredit: number; unspent: number; spent: number; rest: number } {
  const item = s.books.items.find((i) => i.captureId === captureId);
  const fromDue = Math.min(amount, item?.due ?? 0);
  const fromCredit = item ? Math.min(amount - fromDue, creditPartOf(item)) : 0;
  const unspent = Math.min(fromCredit, s.credit);
  return { fromDue, fromCredit, unspent, spent: fromCredit - unspent, rest: amount - fromDue - fromCredit };
}

/**
 * Money given back from a capture (`s` as it was before): what was owed back is paid first; then what of its money is
 * account credit — unspent credit is used up, credit already spent comes out of the last payment that used credit;
 * the rest out of what the capture still defers, and beyond that out of revenue. Answers the books and the credit.
 */
export function refunded(s: S, d: PaymentRefunded): { books: Books; credit: number } {
  const day = dayOf(d.refundedAt);
  const item = s.books.items.find((i) => i.captureId === d.captureId);
  if (!item) return { books: s.books, credit: s.credit };
  const { fromDue, fromCredit, unspent, spent, rest } = refundSplit(s, d.captureId, d.amount);
  let books = s.books;
  if (rest > 0 && item.kind !== 'credit') {
    // Before the refund is counted (its tax share is of the money out with it, once): the tax inside the money
    // refunded goes back in proportion; the rest comes out of the service.
    books = withItem(books, d.captureId, (i) => {
      const { item: taxed, net } = withTaxBack(i, rest);
      return { ...refundFrom(taxed, net, day).item, spans: lessFuture(i.spans, d.refundedAt, net) };
    });
  }
  books = withItem(books, d.captureId, (i) => ({ ...i, refunded: i.refunded + d.amount, due: i.due - fromDue, ...(fromCredit && i.kind !== 'credit' ? { creditRefunded: (i.creditRefunded ?? 0) + fromCredit } : {}) }));
  // A reversal takes the money PayPal held for an open dispute of this capture first.
  if (d.reversal) books = { ...books, disputes: takeHeld(books.disputes, d.captureId, d.amount) };
  if (spent > 0) {
    const target = creditBuyer(books);
    if (target) {
      books = withItem(books, target.captureId, (i) => {
        const { item: taxed, net } = withTaxBack(i, spent);
        return { ...refundFrom(taxed, net, day).item, spans: lessFuture(i.spans, d.refundedAt, net), takenBack: i.takenBack + spent };
      });
    }
  }
  return { books, credit: s.credit - unspent };
  function takeHeld(disputes: Books['disputes'], captureId: string, amount: number): Books['disputes'] {
    let left = amount;
    const out: Books['disputes'] = {};
    for (const [id, hold] of Object.entries(disputes)) {
      const taken = hold.captureId === captureId ? Math.min(left, hold.held) : 0;
      left -= taken;
      out[id] = { ...hold, held: hold.held - taken };
    }
    return out;
  }
}

/** The paid periods changed (a refund ended one, the later ones moved back): the items follow them. */
export function periodsMoved(s: S, paidAfter: readonly PeriodSlot[], endedCapture: string, endedAt: string): Books {
  return { ...s.books, items: periodsChanged(s.books.items, s.paid, paidAfter, endedCapture, dayOf(endedAt)) };
}

/**
 * Cancelled at `at`: what is owed back (a cancellation with a refund) leaves what the items defer, the service ends
 * (each span stops at `at`), and what they still defer is recognised that day: kept.
 */
export function cancelled(s: S, at: string, refunds: readonly RefundOwed[] = []): Books {
  const day = dayOf(at);
  const owed = new Map(refunds.map((r) => [r.captureId, r.amount]));
  return {
    ...s.books,
    items: s.books.items.map((item) => {
      if (item.kind === 'credit') return item;
      const amount = owed.get(item.captureId) ?? 0;
      const afterOwed = amount > 0 ? oweBack(item, amount, day).item : item;
      const spans = afterOwed.spans.filter((sp) => sp.start < at).map((sp) => (sp.end > at ? { ...sp, end: at } : sp));
      return endService({ ...afterOwed, spans }, day);
    }),
  };
}

/**
 * A raise taken back at `endedAt` (its balance refunded in full): its spans end; the raises paid after it end too,
 * their unused money (as the event recorded it) moving to account credit.
 */
export function raiseTakenBack(s: S, d: PaidChangeTakenBack): Books {
  const day = dayOf(d.endedAt);
  const credited = new Map((d.credited ?? []).map((c) => [c.captureId, c.amount]));
  const cut = (item: BookItem): BookItem => ({ ...item, spans: item.spans.filter((sp) => sp.start < d.endedAt).map((sp) => (sp.end > d.endedAt ? { ...sp, end: d.endedAt } : sp)), ...(item.raise ? { raise: { ...item.raise, endedAt: d.endedAt } } : {}) });
  return {
    ...s.books,
    items: s.books.items.map((item) => {
      if (item.captureId === d.captureId) return cut(item);
      const moved = credited.get(item.captureId);
      if (moved === undefined) return item;
      // The money moved to credit (tax included) leaves what it defers; the rest of it is recognised that day.
      const { item: taxed, net } = withTaxBack(item, moved);
      return endService({ ...refundFrom(cut(taxed), net, day).item, toCredit: item.toCredit + moved }, day);
    }),
  };
}

/** The raises paid after (and with) `captureId` whose spans still run at `at`: what each leaves unused, for credit. */
export function laterRaises(s: S, captureId: string, at: string): { captureId: string; amount: number }[] {
  const index = s.books.items.findIndex((i) => i.captureId === captureId);
  return s.books.items
    .slice(index + 1)
    .filter((i) => i.kind === 'raise' && !i.raise?.endedAt && i.spans.some((sp) => sp.end > at))
    .map((i) => ({ captureId: i.captureId, amount: Math.min(unusedGross(i, at), i.cash + i.creditUsed - grossOut(i)) }));
}

/** PayPal holds money for a dispute while it is open (and releases it when resolved). */
export function disputed(s: S, d: PaymentDisputed): Books {
  const known = s.books.disputes[d.disputeId];
  const ours = d.captureId !== undefined && s.books.items.some((i) => i.captureId === d.captureId);
  if (d.stage === 'RESOLVED') return known ? { ...s.books, disputes: { ...s.books.disputes, [d.disputeId]: { ...known, held: 0 } } } : s.books;
  if (known || !ours || !d.amount) return s.books;
  return { ...s.books, disputes: { ...s.books.disputes, [d.disputeId]: { captureId: d.captureId!, held: d.amount } } };
}
