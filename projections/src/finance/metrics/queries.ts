import type { ReadModelStore } from '../../readmodel/port.js';
import { addDays, dayOf, dayStartMs, lastDayOfMonth, monthOfDay, monthStartMs, monthsFrom, previousMonth } from '@relaycast/billing-core';
import { MOVEMENTS, type Movement } from './mrr.js';
import { FINANCE, financeModel, type DayFigures, type RecognitionMonth } from './projection.js';
import type { Book } from './subscription.js';

/** Cents by currency. */
export type Money = Record<string, number>;

export interface FinanceMonth {
  month: string;
  /** MRR at the end of the month before, and at the end of this one (or at the as-of day, for its month). */
  mrrStart: Money;
  mrrEnd: Money;
  /** Per currency: each movement; they add up to mrrEnd − mrrStart. */
  movements: Record<string, Record<Movement, number>>;
  payingStart: number;
  payingEnd: number;
  /** Paying subscriptions that stopped paying during the month (each time one did). */
  churnedSubscribers: number;
  captured: Money;
  refunded: Money;
  reversed: Money;
  /** captured − refunded − reversed. */
  net: Money;
  /**
   * Tax charged with the month's payments (VAT inside what was captured and the credit they used: a tax authority's
   * money, never revenue), and tax that went back with money given back in the month (credit notes reverse it).
   */
  tax: Money;
  taxReturned: Money;
  refunds: number;
  reversals: number;
  disputes: number;
  disputed: Money;
  /** Trials started in the month, and how many of them have converted (paid) by the as-of day. */
  trialsStarted: number;
  trialsConverted: number;
  /** Renewals that failed in the month; dunning episodes (failures after paid time) begun in it, and recovered by the as-of day. */
  renewalsFailed: number;
  dunningStarted: number;
  dunningRecovered: number;
  /** Revenue recognised in the month (to the as-of day for its month), and deferred at its end. */
  recognised: Money;
  deferred: Money;
}

export interface FinanceOverview {
  asOf: string;
  book: Book;
  currencies: string[];
  mrr: Money;
  arr: Money;
  mrrByPlan: { plan: string; currency: string; mrr: number }[];
  payingSubscribers: number;
  payingByPlan: Record<string, number>;
  /** Captured − refunded − reversed in the as-of day's month, up to that day. */
  netRevenueThisMonth: Money;
  /** Account credit owed to customers: a liability, not revenue. */
  creditLiability: Money;
  /** Tax collected for tax authorities and not given back, at the as-of day: a liability (tax payable), never revenue. */
  taxPayable: Money;
  /** Subscribers who stopped paying in the 30 days to the as-of day, over those paying 30 days before. */
  churn30d: { churned: number; base: number; rate: number | null };
  months: FinanceMonth[];
  /** The MRR and paying subscribers at the end of each day that changed them. */
  series: { day: string; mrr: Money; paying: number }[];
}

const sumInto = (target: Money, key: string, amount: number) => {
  target[key] = (target[key] ?? 0) + amount;
};
const minus = (a: Money, ...b: Money[]): Money => {
  const out: Money = { ...a };
  for (const m of b) for (const [k, v] of Object.entries(m)) out[k] = (out[k] ?? 0) - v;
  return out;
};

async function daysUpTo(rm: ReadModelStore, book: Book, asOf: string): Promise<DayFigures[]> {
  const ids = await rm.range(FINANCE, financeModel.days(book), { offset: 0, limit: 1_000_000, order: 'asc', maxScore: dayStartMs(asOf) });
  return (await rm.getMany<DayFigures>(FINANCE, financeModel.day, ids)).filter((d): d is DayFigures => d !== null);
}

async function recognitionUpTo(rm: ReadModelStore, book: Book, month: string): Promise<RecognitionMonth[]> {
  const ids = await rm.range(FINANCE, financeModel.recognitions(book), { offset: 0, limit: 1_000_000, order: 'asc', maxScore: monthStartMs(month) });
  return (await rm.getMany<RecognitionMonth>(FINANCE, financeModel.recognition, ids)).filter((d): d is RecognitionMonth => d !== null);
}

/** Revenue recognised on each day up to `asOf`, by day, plan and currency: `${day}|${plan}|${currency}` → cents. */
function recognisedByDay(docs: readonly RecognitionMonth[], asOf: string): Map<string, number> {
  const out = new Map<string, number>();
  for (const doc of docs) {
    for (const days of Object.values(doc.b)) {
      days.forEach((amount, i) => {
        if (amount === 0) return;
        const day = `${doc.rec}-${String(i + 1).padStart(2, '0')}`;
        if (day > asOf) return;
        const key = `${day}|${doc.plan}|${doc.currency}`;
        out.set(key, (out.get(key) ?? 0) + amount);
      });
    }
  }
  return out;
}

function emptyMonth(month: string): FinanceMonth {
  return {
    month, mrrStart: {}, mrrEnd: {}, movements: {}, payingStart: 0, payingEnd: 0, churnedSubscribers: 0,
    captured: {}, refunded: {}, reversed: {}, net: {}, tax: {}, taxReturned: {}, refunds: 0, reversals: 0, disputes: 0, disputed: {},
    trialsStarted: 0, trialsConverted: 0, renewalsFailed: 0, dunningStarted: 0, dunningRecovered: 0, recognised: {}, deferred: {},
  };
}

/**
 * Every figure of the finance overview as of a day (its end, UTC), from the days the projection kept: nothing
 * recorded after that day counts (the projection records every change on the day it became known or later).
 */
export async function financeOverview(rm: ReadModelStore, options: { asOf: string; book: Book }): Promise<FinanceOverview> {
  const { asOf, book } = options;
  const [days, recognitionDocs] = await Promise.all([daysUpTo(rm, book, asOf), recognitionUpTo(rm, book, monthOfDay(asOf))]);
  const recognised = recognisedByDay(recognitionDocs, asOf);

  // Keyed by plan ids: maps, as a plan id may be any word ("constructor" is one).
  const mrrByKey = new Map<string, number>();
  const paying = new Map<string, number>();
  const credit: Money = {};
  const taxPayable: Money = {};
  const months = new Map<string, FinanceMonth>();
  const month = (m: string) => {
    let found = months.get(m);
    if (!found) months.set(m, (found = emptyMonth(m)));
    return found;
  };
  const currencies = new Set<string>();
  const series: FinanceOverview['series'] = [];
  const churnedByDay = new Map<string, number>();
  const payingTotal = () => [...paying.values()].reduce((a, b) => a + b, 0);
  const mrrTotal = (): Money => {
    const out: Money = {};
    for (const [key, v] of mrrByKey) if (v !== 0) sumInto(out, key.split('|')[1]!, v);
    return out;
  };

  for (const { day, v } of days) {
    const m = month(monthOfDay(day));
    let mrrChanged = false;
    for (const [key, amount] of Object.entries(v)) {
      const [kind, a, b] = key.split('|') as [string, string, string | undefined];
      switch (kind) {
        case 'mrr':
          mrrByKey.set(`${a}|${b}`, (mrrByKey.get(`${a}|${b}`) ?? 0) + amount);
          currencies.add(b!);
          mrrChanged = true;
          break;
        case 'paying':
          paying.set(a, (paying.get(a) ?? 0) + amount);
          mrrChanged = true;
          break;
        case 'churned':
          m.churnedSubscribers += amount;
          churnedByDay.set(day, (churnedByDay.get(day) ?? 0) + amount);
          break;
        case 'mv': {
          const movements = (m.movements[b!] ??= Object.fromEntries(MOVEMENTS.map((k) => [k, 0])) as Record<Movement, number>);
          movements[a as Movement] += amount;
          break;
        }
        case 'credit':
          sumInto(credit, a, amount);
          break;
        case 'tax':
          sumInto(m.tax, a, amount);
          sumInto(taxPayable, a, amount);
          break;
        case 'taxBack':
          sumInto(m.taxReturned, a, amount);
          sumInto(taxPayable, a, -amount);
          break;
        case 'captured':
          sumInto(m.captured, b!, amount);
          currencies.add(b!);
          break;
        case 'refunded':
          sumInto(m.refunded, b!, amount);
          break;
        case 'reversed':
          sumInto(m.reversed, b!, amount);
          break;
        case 'refunds':
          m.refunds += amount;
          break;
        case 'reversals':
          m.reversals += amount;
          break;
        case 'disputes':
          m.disputes += amount;
          break;
        case 'disputed':
          sumInto(m.disputed, b!, amount);
          break;
        case 'trialStarted':
          month(a).trialsStarted += amount;
          break;
        case 'trialConverted':
          month(a).trialsConverted += amount;
          break;
        case 'renewalFailed':
          m.renewalsFailed += amount;
          break;
        case 'dunningStarted':
          month(a).dunningStarted += amount;
          break;
        case 'dunningRecovered':
          month(a).dunningRecovered += amount;
          break;
      }
    }
    if (mrrChanged) series.push({ day, mrr: mrrTotal(), paying: payingTotal() });
  }

  // Month by month: MRR and paying at each end, revenue recognised and deferred.
  const first = days.length ? monthOfDay(days[0]!.day) : monthOfDay(asOf);
  const allMonths = monthsFrom(first, monthOfDay(asOf));
  let s = 0;
  let previousEnd: { mrr: Money; paying: number } = { mrr: {}, paying: 0 };
  const recognisedByMonth = new Map<string, Money>();
  for (const [key, amount] of recognised) {
    const [day, , currency] = key.split('|') as [string, string, string];
    const m = recognisedByMonth.get(monthOfDay(day)) ?? {};
    sumInto(m, currency, amount);
    recognisedByMonth.set(monthOfDay(day), m);
  }
  let billedToDate: Money = {};
  let recognisedToDate: Money = {};
  const dayIndex = new Map(days.map((d) => [d.day, d]));
  for (const m of allMonths) {
    const row = month(m);
    const end = m === monthOfDay(asOf) ? asOf : lastDayOfMonth(m);
    // Walk the series up to the month's end for MRR and paying.
    while (s < series.length && series[s]!.day <= end) {
      previousEnd = { mrr: series[s]!.mrr, paying: series[s]!.paying };
      s++;
    }
    row.mrrEnd = previousEnd.mrr;
    row.payingEnd = previousEnd.paying;
    row.net = minus(row.captured, row.refunded, row.reversed);
    // Billed revenue and credit to the month's end, for what is deferred then.
    for (let d = `${m}-01`; d <= end; d = addDays(d, 1)) {
      const figures = dayIndex.get(d);
      if (!figures) continue;
      for (const [key, amount] of Object.entries(figures.v)) {
        const [kind, a, b] = key.split('|');
        if (kind === 'revenue') billedToDate = { ...billedToDate, [b!]: (billedToDate[b!] ?? 0) + amount };
      }
    }
    row.recognised = recognisedByMonth.get(m) ?? {};
    recognisedToDate = { ...recognisedToDate };
    for (const [c, v] of Object.entries(row.recognised)) recognisedToDate[c] = (recognisedToDate[c] ?? 0) + v;
    row.deferred = minus(billedToDate, recognisedToDate);
  }
  // Each month starts where the one before ended.
  for (const m of allMonths) {
    const before = months.get(previousMonth(m));
    const row = month(m);
    row.mrrStart = before?.mrrEnd ?? {};
    row.payingStart = before?.payingEnd ?? 0;
  }

  const mrr = mrrTotal();
  const arr = Object.fromEntries(Object.entries(mrr).map(([c, v]) => [c, v * 12]));
  const mrrByPlan = [...mrrByKey]
    .filter(([, v]) => v !== 0)
    .map(([key, v]) => ({ plan: key.split('|')[0]!, currency: key.split('|')[1]!, mrr: v }))
    .sort((a, b) => a.plan.localeCompare(b.plan) || a.currency.localeCompare(b.currency));

  // Churn over the 30 days to the as-of day: those who stopped paying, over those paying at the start.
  const windowStart = addDays(asOf, -30);
  let churned = 0;
  for (const [day, n] of churnedByDay) if (day > windowStart && day <= asOf) churned += n;
  let base = 0;
  for (const point of series) if (point.day <= windowStart) base = point.paying;
  const thisMonth = month(monthOfDay(asOf));

  return {
    asOf,
    book,
    currencies: [...currencies].sort(),
    mrr,
    arr,
    mrrByPlan,
    payingSubscribers: payingTotal(),
    payingByPlan: Object.fromEntries([...paying].filter(([, n]) => n !== 0)),
    netRevenueThisMonth: thisMonth.net,
    creditLiability: Object.fromEntries(Object.entries(credit).filter(([, v]) => v !== 0)),
    taxPayable: Object.fromEntries(Object.entries(taxPayable).filter(([, v]) => v !== 0)),
    churn30d: { churned, base, rate: base > 0 ? churned / base : null },
    months: allMonths.map((m) => month(m)),
    series,
  };
}

export interface RecognitionReport {
  asOf: string;
  book: Book;
  /** By plan and currency: billed revenue (money kept for service, credit excluded), recognised to the as-of day, deferred then. */
  byPlan: { plan: string; currency: string; billed: number; recognised: number; deferred: number }[];
  /** By recognition month up to the as-of month, per plan and currency. */
  months: { month: string; plan: string; currency: string; recognised: number }[];
  /**
   * The waterfall as it stood at the end of the as-of month: rows by billing month, cells by recognition month
   * (those after the as-of month are what was then deferred, as scheduled).
   */
  waterfall: { currency: string; rows: { billMonth: string; cells: Record<string, number>; total: number }[] }[];
}

/** Revenue recognition as of a day: recognised per month and plan, deferred, and the waterfall as of its month. */
export async function financeRecognition(rm: ReadModelStore, options: { asOf: string; book: Book }): Promise<RecognitionReport> {
  const { asOf, book } = options;
  const asOfMonth = monthOfDay(asOf);
  const [days, docs] = await Promise.all([daysUpTo(rm, book, asOf), recognitionUpTo(rm, book, asOfMonth)]);
  const billed: Record<string, number> = {};
  for (const { v } of days) for (const [key, amount] of Object.entries(v)) if (key.startsWith('revenue|')) billed[key.slice(8)] = (billed[key.slice(8)] ?? 0) + amount;
  const recognised = new Map<string, number>();
  const byMonth = new Map<string, number>();
  for (const [key, amount] of recognisedByDay(docs, asOf)) {
    const [day, plan, currency] = key.split('|') as [string, string, string];
    recognised.set(`${plan}|${currency}`, (recognised.get(`${plan}|${currency}`) ?? 0) + amount);
    const mk = `${monthOfDay(day)}|${plan}|${currency}`;
    byMonth.set(mk, (byMonth.get(mk) ?? 0) + amount);
  }
  const keys = new Set([...Object.keys(billed), ...recognised.keys()]);
  const byPlan = [...keys].sort().map((key) => {
    const [plan, currency] = key.split('|') as [string, string];
    const b = billed[key] ?? 0;
    const r = recognised.get(key) ?? 0;
    return { plan, currency, billed: b, recognised: r, deferred: b - r };
  });
  const waterfall = new Map<string, Map<string, Record<string, number>>>();
  for (const doc of docs) {
    let rows = waterfall.get(doc.currency);
    if (!rows) waterfall.set(doc.currency, (rows = new Map()));
    for (const [billMonth, amounts] of Object.entries(doc.b)) {
      const cells = rows.get(billMonth) ?? {};
      cells[doc.rec] = (cells[doc.rec] ?? 0) + amounts.reduce((a, b) => a + b, 0);
      rows.set(billMonth, cells);
    }
  }
  return {
    asOf,
    book,
    byPlan,
    months: [...byMonth].sort(([a], [b]) => a.localeCompare(b)).map(([key, amount]) => {
      const [m, plan, currency] = key.split('|') as [string, string, string];
      return { month: m, plan, currency, recognised: amount };
    }),
    waterfall: [...waterfall].sort(([a], [b]) => a.localeCompare(b)).map(([currency, rows]) => ({
      currency,
      rows: [...rows].sort(([a], [b]) => a.localeCompare(b)).map(([billMonth, cells]) => {
        const clean = Object.fromEntries(Object.entries(cells).filter(([, v]) => v !== 0).sort(([a], [b]) => a.localeCompare(b)));
        return { billMonth, cells: clean, total: Object.values(clean).reduce((a, b) => a + b, 0) };
      }),
    })),
  };
}

/** Today as a day, for callers without a chosen as-of day. */
export const todayOf = (nowIso: string) => dayOf(nowIso);
