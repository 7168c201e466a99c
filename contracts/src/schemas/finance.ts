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
