import { Type, type Static } from '@sinclair/typebox';
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

/** A calendar quarter, YYYY-Qn (UTC): 2026-Q1 is 1 January to 31 March 2026. */
export const QUARTER_PATTERN = '^2\\d{3}-Q[1-4]$';

/** `/finance/tax/oss`: the OSS report of a quarter (docs/tax.md, "The OSS report"). */
export const FinanceOssQuery = Type.Object({
  quarter: Type.String({ pattern: QUARTER_PATTERN, description: 'A calendar quarter (UTC), YYYY-Qn: "2026-Q1" is January to March 2026' }),
  book: Type.Optional(StringEnum(FINANCE_BOOKS, { description: 'Real money or the demo payments; real when absent' })),
  format: Type.Optional(StringEnum(['json', 'csv'] as const, { description: '"csv": the report as a text/csv file, one row per country and rate, then the other sections' })),
});

const CountryCode = Type.String({ pattern: '^[A-Z]{2}$', description: 'ISO 3166-1 alpha-2' });
const CurrencyCode = Type.String({ pattern: '^[A-Z]{3}$' });
const RateText = Type.String({ description: 'A decimal fraction: "0.19" is 19 %' });
/** Documents of one kind in a line: how many, and their taxable amount and VAT in the line's currency (cents, positive). */
const OssDocuments = Type.Object({ count: Type.Integer({ minimum: 0 }), taxable: Type.Integer(), vat: Type.Integer() });
/** Cents in euros. */
const EuroAmounts = Type.Object({ taxable: Type.Integer(), vat: Type.Integer() });

/**
 * One line of VAT: a country, a rate and a currency; what the quarter's invoices charged, what its credit notes gave
 * back (whenever their invoices were issued), and the difference (`taxable`, `vat`: cents of the currency). OSS lines
 * also in euros at the quarter's rate (absent when no rate is known for the currency), half-up once per line.
 */
export const OssVatLineView = Type.Object({
  country: CountryCode,
  rate: RateText,
  currency: CurrencyCode,
  taxable: Type.Integer(),
  vat: Type.Integer(),
  invoices: OssDocuments,
  creditNotes: OssDocuments,
  euro: Type.Optional(EuroAmounts),
});

export const FinanceOssReportView = Type.Object({
  quarter: Type.String(),
  book: StringEnum(FINANCE_BOOKS),
  /** The quarter's first and last days (UTC), both included. */
  from: Type.String(),
  to: Type.String(),
  sellerCountry: CountryCode,
  /** The One Stop Shop scheme the seller files: `union` (established in a member state), `non-union` (outside the EU). */
  scheme: StringEnum(['union', 'non-union'] as const),
  /** The ECB rate each currency of the OSS lines converts at: the one published on the quarter's last day, or the next. */
  exchangeRates: Type.Array(Type.Object({ currency: CurrencyCode, rate: Type.String(), published: Type.String(), day: Type.String(), stale: Type.Boolean() })),
  /** Currencies of OSS lines with no ECB rate at all: those lines have no euros, and the euro totals leave them out. */
  unconverted: Type.Array(CurrencyCode),
  oss: Type.Object({
    /** Per member state of consumption, rate and currency (country, then rate, then currency). */
    lines: Type.Array(OssVatLineView),
    /** Per member state, in euros: the sum of its lines' euros. */
    countries: Type.Array(Type.Object({ country: CountryCode, taxable: Type.Integer(), vat: Type.Integer() })),
    /** All member states, in euros. */
    total: EuroAmounts,
  }),
  /**
   * The quarter's credit notes of invoices issued in an earlier quarter, per tax line (VAT and reverse charges): they
   * reduce this quarter's lines and are listed here with the invoice's quarter. Amounts: what they take off (cents).
   */
  corrections: Type.Array(
    Type.Object({
      section: StringEnum(['oss', 'domestic', 'otherVat', 'reverseCharge'] as const),
      creditNote: Type.String(),
      issuedAt: Type.String(),
      invoice: Type.String(),
      invoiceQuarter: Type.String(),
      country: CountryCode,
      rate: RateText,
      currency: CurrencyCode,
      taxable: Type.Integer(),
      vat: Type.Integer(),
    }),
  ),
  /** VAT of the seller's own country (its national return), per rate and currency. */
  domestic: Type.Array(OssVatLineView),
  /** VAT of countries outside the EU whose tax the seller collects (`collect: true`), per country, rate and currency. */
  otherVat: Type.Array(OssVatLineView),
  /** Reverse-charged supplies to businesses in other member states (the EC Sales List): per country and VAT number. */
  reverseCharge: Type.Array(Type.Object({ country: CountryCode, vatNumber: Type.String(), currency: CurrencyCode, taxable: Type.Integer(), invoices: OssDocuments, creditNotes: OssDocuments })),
  /** Sales outside the scope of the VAT the seller collects (customers outside the EU), per country. */
  outsideScope: Type.Array(Type.Object({ country: CountryCode, currency: CurrencyCode, taxable: Type.Integer(), invoices: OssDocuments, creditNotes: OssDocuments })),
  /**
   * Documents without tax lines: `accountCredit` — money kept as account credit (its VAT is charged when it pays for a
   * service); `none` — no tax decided (no country known, tax off, or issued before taxes).
   */
  untaxed: Type.Array(Type.Object({ reason: StringEnum(['accountCredit', 'none'] as const), currency: CurrencyCode, amount: Type.Integer(), invoices: OssDocuments, creditNotes: OssDocuments })),
  /** How many of the book's invoices and credit notes were issued in the quarter. */
  documents: Type.Object({ invoices: Type.Integer({ minimum: 0 }), creditNotes: Type.Integer({ minimum: 0 }) }),
});
export type FinanceOssReport = Static<typeof FinanceOssReportView>;
