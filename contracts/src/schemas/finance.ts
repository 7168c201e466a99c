import { Type } from '@sinclair/typebox';
import { StringEnum } from './common.js';

/**
 * The finance figures the read API answers (projections/src/finance/metrics; definitions in docs/finance.md). Money
 * is integer cents by currency code; months are YYYY-MM, days YYYY-MM-DD (UTC).
 */
const Money = Type.Record(Type.String({ pattern: '^[A-Z]{3}$' }), Type.Integer());
const Movements = Type.Object({
  new: Type.Integer(),
  expansion: Type.Integer(),
  contraction: Type.Integer(),
  churn: Type.Integer(),
  reactivation: Type.Integer(),
});

export const FINANCE_BOOKS = ['real', 'demo'] as const;

/** `/finance/overview` and `/finance/recognition`: as of a day (its end, UTC), real money or the demo payments. */
export const FinanceAsOfQuery = Type.Object({
  asOf: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'A day, YYYY-MM-DD (UTC); today by the billing clock when absent' })),
  book: Type.Optional(StringEnum(FINANCE_BOOKS)),
});

export const FinanceMonthView = Type.Object({
  month: Type.String(),
  mrrStart: Money,
  mrrEnd: Money,
  movements: Type.Record(Type.String(), Movements),
  payingStart: Type.Integer(),
  payingEnd: Type.Integer(),
  churnedSubscribers: Type.Integer(),
  captured: Money,
  refunded: Money,
  reversed: Money,
  net: Money,
  /** Tax charged with the month's payments, and tax given back with money given back in it (never revenue). */
  tax: Money,
  taxReturned: Money,
  refunds: Type.Integer(),
  reversals: Type.Integer(),
  disputes: Type.Integer(),
  disputed: Money,
  trialsStarted: Type.Integer(),
  trialsConverted: Type.Integer(),
  renewalsFailed: Type.Integer(),
  dunningStarted: Type.Integer(),
  dunningRecovered: Type.Integer(),
  recognised: Money,
  deferred: Money,
});

export const FinanceOverviewView = Type.Object({
  asOf: Type.String(),
  book: StringEnum(FINANCE_BOOKS),
  currencies: Type.Array(Type.String()),
  mrr: Money,
  arr: Money,
  mrrByPlan: Type.Array(Type.Object({ plan: Type.String(), currency: Type.String(), mrr: Type.Integer() })),
  payingSubscribers: Type.Integer(),
  payingByPlan: Type.Record(Type.String(), Type.Integer()),
  netRevenueThisMonth: Money,
  creditLiability: Money,
  /** Tax collected and not given back at the as-of day: owed to tax authorities (a liability). */
  taxPayable: Money,
  churn30d: Type.Object({ churned: Type.Integer(), base: Type.Integer(), rate: Type.Union([Type.Number(), Type.Null()]) }),
  months: Type.Array(FinanceMonthView),
  series: Type.Array(Type.Object({ day: Type.String(), mrr: Money, paying: Type.Integer() })),
});

export const FinanceRecognitionView = Type.Object({
  asOf: Type.String(),
  book: StringEnum(FINANCE_BOOKS),
  byPlan: Type.Array(Type.Object({ plan: Type.String(), currency: Type.String(), billed: Type.Integer(), recognised: Type.Integer(), deferred: Type.Integer() })),
  months: Type.Array(Type.Object({ month: Type.String(), plan: Type.String(), currency: Type.String(), recognised: Type.Integer() })),
  waterfall: Type.Array(
    Type.Object({
      currency: Type.String(),
      rows: Type.Array(Type.Object({ billMonth: Type.String(), cells: Type.Record(Type.String(), Type.Integer()), total: Type.Integer() })),
    }),
  ),
});

/** A day, YYYY-MM-DD (UTC). The routes also refuse one that is not on the calendar (2026-02-30), naming the field. */
const Day = (description: string) => Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description });
const Currency = Type.String({ pattern: '^[A-Z]{3}$', description: 'A currency code (ISO 4217): one currency per book; USD when absent' });

/** The longest range of days `/finance/ledger` answers in one call (both ends included). */
export const LEDGER_MAX_DAYS = 366;

/** `/finance/trialBalance`: every account of a book at the end of a day (UTC). */
export const FinanceTrialBalanceQuery = Type.Object({
  asOf: Type.Optional(Day('A day, YYYY-MM-DD (UTC): the balances at its end; today by the billing clock when absent')),
  book: Type.Optional(StringEnum(FINANCE_BOOKS, { description: 'Real money or the demo payments; real when absent' })),
  currency: Type.Optional(Currency),
});

/** `/finance/ledger`: the entries of the days from `from` to `to` (both included, at most 366 days), paged; or all of them as CSV. */
export const FinanceLedgerQuery = Type.Object({
  from: Day('The first day, YYYY-MM-DD (UTC)'),
  to: Day('The last day, YYYY-MM-DD (UTC), on or after `from`; at most 366 days in all'),
  book: Type.Optional(StringEnum(FINANCE_BOOKS, { description: 'Real money or the demo payments; real when absent' })),
  currency: Type.Optional(Currency),
  subscriptionId: Type.Optional(Type.String({ minLength: 1, maxLength: 128, description: 'Only this subscription’s entries and its own revenue recognised' })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, description: '50 when absent' })),
  format: Type.Optional(StringEnum(['json', 'csv'] as const, { description: '"csv": every entry of the range as a text/csv file, one row per posting line (no paging)' })),
});

export const LEDGER_ACCOUNT_KINDS = ['asset', 'liability', 'income', 'contra-income'] as const;

/** One line of an entry: an account and the cents debited or credited to it (one of the two is 0). */
export const FinancePostingView = Type.Object({
  account: Type.String({ description: 'paypal-clearing, paypal-disputed, deferred-revenue, customer-credit, revenue:<plan>, refunds:<plan>, tax-payable:<country>:<rate>' }),
  debit: Type.Integer({ minimum: 0 }),
  credit: Type.Integer({ minimum: 0 }),
});

/** An account's debits and credits to the day, and its balance (debits − credits: positive on the debit side). */
export const FinanceAccountBalanceView = Type.Object({
  account: Type.String(),
  kind: StringEnum(LEDGER_ACCOUNT_KINDS),
  debit: Type.Integer(),
  credit: Type.Integer(),
  balance: Type.Integer(),
});

export const FinanceTrialBalanceView = Type.Object({
  asOf: Type.String(),
  book: StringEnum(FINANCE_BOOKS),
  currency: Type.String(),
  accounts: Type.Array(FinanceAccountBalanceView),
  debit: Type.Integer(),
  credit: Type.Integer(),
  /** Debits equal credits: the balances add up to zero. */
  balanced: Type.Boolean(),
});

/**
 * An entry of the ledger: the postings one event made (with the event: its type, id, global position and
 * subscription), or one day's revenue recognised for a plan (for a subscription, when the ledger is of one).
 */
export const FinanceLedgerEntryView = Type.Object({
  id: Type.String(),
  day: Type.String(),
  at: Type.String({ description: 'When the event happened; a day’s recognition: the end of its day' }),
  kind: StringEnum(['event', 'recognition'] as const),
  eventType: Type.Optional(Type.String()),
  eventId: Type.Optional(Type.String()),
  position: Type.Optional(Type.String({ description: 'The event’s global position in the log (digits)' })),
  subscriptionId: Type.Optional(Type.String()),
  plan: Type.String(),
  currency: Type.String(),
  postings: Type.Array(FinancePostingView),
});
