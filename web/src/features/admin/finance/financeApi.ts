import { api } from '../../../app/shell/api.js';
import type { FinanceBook } from './model.js';
import type { FinanceLedgerEntryView, FinanceOssReportView, FinanceOverviewView, FinanceRecognitionView, FinanceReportView, FinanceTrialBalanceView, ReadModelVerificationView } from './types.js';
import { toPage, type ListPage } from '../../ui/list.js';

export interface AsOfArgs {
  /** A day, YYYY-MM-DD (UTC): figures as the log knew them at its end. */
  asOf: string;
  book: FinanceBook;
}

/** The ledger of a range of days (both included, UTC) of one book and currency. */
export interface LedgerArgs {
  from: string;
  to: string;
  book: FinanceBook;
  currency: string;
}

/**
 * The finance area's calls (administrators and the finance role; read-api/src/routes/finance.ts): the overview and
 * revenue recognition as of a day, from the finance projection; the reconciliation report replayed up to a day or a
 * position; the read-model check. All of them read; failures are shown on the page, in words.
 */
export const financeApi = api.injectEndpoints({
  endpoints: (build) => ({
    financeOverview: build.query<FinanceOverviewView, AsOfArgs>({
      query: (body) => ({ url: '/finance/overview', body }),
    }),
    financeRecognition: build.query<FinanceRecognitionView, AsOfArgs>({
      query: (body) => ({ url: '/finance/recognition', body }),
    }),
    /** Every account of a book at the end of a day: debits, credits, balance (POST /finance/trialBalance). */
    financeTrialBalance: build.query<FinanceTrialBalanceView, AsOfArgs & { currency: string }>({
      query: (body) => ({ url: '/finance/trialBalance', body }),
    }),
    /** One page of the ledger of a range of days (POST /finance/ledger). */
    financeLedger: build.query<ListPage<FinanceLedgerEntryView>, LedgerArgs & { page: number; pageSize: number }>({
      query: (body) => ({ url: '/finance/ledger', body }),
      transformResponse: (data: unknown, meta) => toPage<FinanceLedgerEntryView>(data, meta),
    }),
    /** The One Stop Shop report of a quarter (YYYY-Qn) of a book (POST /finance/tax/oss). */
    financeOss: build.query<FinanceOssReportView, { quarter: string; book: FinanceBook }>({
      query: (body) => ({ url: '/finance/tax/oss', body }),
    }),
    /** `to`: a day (its end, UTC) or an event position (digits). */
    financeReplay: build.query<FinanceReportView, { to: string }>({
      query: (body) => ({ url: '/finance/replay', body }),
    }),
    /** Each run is asked for anew (the argument counts the runs): the check is of the read models as they are now. */
    financeVerify: build.query<ReadModelVerificationView, number>({
      query: () => ({ url: '/finance/verify', body: {} }),
      keepUnusedDataFor: 0,
    }),
  }),
});

export const { useFinanceOverviewQuery, useFinanceRecognitionQuery, useFinanceReplayQuery, useFinanceVerifyQuery, useFinanceTrialBalanceQuery, useFinanceLedgerQuery, useFinanceOssQuery } = financeApi;

/** The billing clock's time (the test clock's under BILLING_CLOCK=test): GET /billing/clock, public. */
export async function fetchBillingNow(): Promise<{ mode: string; now: string } | null> {
  try {
    const res = await fetch('/billing/clock', { credentials: 'same-origin' });
    if (!res.ok) return null;
    const body = (await res.json()) as { data?: { mode?: string; now?: string } };
    return body.data?.now ? { mode: body.data.mode ?? 'system', now: body.data.now } : null;
  } catch {
    return null;
  }
}

/** Where the invoices and credit notes of a range download from as CSV (GET, the session cookie). */
export function invoicesCsvUrl(range: { from: string; to: string; book: FinanceBook | 'all' }): string {
  const query = new URLSearchParams({ from: range.from, to: range.to, book: range.book });
  return `/invoices/export.csv?${query.toString()}`;
}
