import express, { type Router } from 'express';
import { Type, type Static } from '@sinclair/typebox';
import { StringEnum, ValidationError, validate } from '@relaycast/contracts';
import { FinanceAsOfQuery, FinanceLedgerEntryView, FinanceOssQuery, FinanceOssReportView, FinanceLedgerQuery, FinanceOverviewView, FinanceRecognitionView, FinanceReportView, FinanceTrialBalanceQuery, FinanceTrialBalanceView, LEDGER_MAX_DAYS, PageMeta, ReadModelVerificationView } from '@relaycast/contracts';
import { daysBetween } from '@relaycast/billing-core';
import { projectionsNamed } from '@relaycast/projections';
import { CutError, dayOf, financeOverview, financeRecognition, isDay, ledgerEntries, ossQuarterReport, parseCut, quarterRange, replayFinance, reportToCsv, trialBalance, verifyReadModels, type FinanceReport, type LedgerPage, type OssReport } from '@relaycast/projections/finance';
import { ledgerCsv } from '../finance/ledger-csv.js';
import { ossCsv } from '../finance/oss-csv.js';
import { authorize, defineRoute, JSON_BODY_LIMIT } from '../http/route.js';
import { jsonBodyGuard } from '../http/body-guard.js';
import type { Runtime } from '../runtime.js';

/** /finance/replay: up to a date (YYYY-MM-DD, inclusive), an ISO date-time or a position; everything when absent. */
export const FinanceReplayQuery = Type.Object({
  to: Type.Optional(Type.String({ minLength: 1, maxLength: 40 })),
  format: Type.Optional(StringEnum(['json', 'csv'] as const)),
});
export const FinanceVerifyQuery = Type.Object({
  projections: Type.Optional(Type.Array(Type.String({ maxLength: 64 }), { maxItems: 16 })),
});

async function replay(rt: Runtime, to: string | undefined): Promise<FinanceReport> {
  let cut;
  try {
    cut = parseCut(to);
  } catch (error) {
    if (error instanceof CutError) throw ValidationError.field('to', 'must be a date (YYYY-MM-DD), an ISO date-time or an event position');
    throw error;
  }
  return replayFinance(rt.events, cut);
}

function projectionsOrError(names: readonly string[]) {
  try {
    return projectionsNamed(names);
  } catch (error) {
    throw ValidationError.field('projections', (error as Error).message);
  }
}

/** The day figures are as of: the one asked for (a real calendar day), else today by the billing clock. */
function asOfDay(rt: Runtime, asOf: string | undefined): string {
  if (asOf === undefined) return dayOf(rt.clock.now());
  if (!isDay(asOf)) throw ValidationError.field('asOf', 'must be a calendar day, YYYY-MM-DD');
  return asOf;
}

/** The ledger's range: two calendar days, `to` on or after `from`, at most LEDGER_MAX_DAYS days in all. */
function ledgerRange(body: { from: string; to: string }): { from: string; to: string } {
  if (!isDay(body.from)) throw ValidationError.field('from', 'must be a calendar day, YYYY-MM-DD');
  if (!isDay(body.to)) throw ValidationError.field('to', 'must be a calendar day, YYYY-MM-DD');
  if (body.to < body.from) throw ValidationError.field('to', 'must be on or after from');
  if (daysBetween(body.from, body.to) + 1 > LEDGER_MAX_DAYS) throw ValidationError.field('to', `must be within ${LEDGER_MAX_DAYS} days of from (both days included)`);
  return { from: body.from, to: body.to };
}

const LEDGER_PAGE_SIZE = 50;

/** The OSS report of a quarter of a book, for the seller of this configuration (its country: SELLER_COUNTRY). */
async function oss(rt: Runtime, body: Static<typeof FinanceOssQuery>): Promise<OssReport> {
  if (!quarterRange(body.quarter)) throw ValidationError.field('quarter', 'must be a calendar quarter, YYYY-Qn (2026-Q1)');
  return ossQuarterReport(rt.readModels, { quarter: body.quarter, book: body.book ?? 'real', sellerCountry: rt.config.tax.country });
}

/** The ledger's entries of a range: one page of them, or (`all`) every one, for the CSV file. */
async function ledger(rt: Runtime, body: Static<typeof FinanceLedgerQuery>, all = false): Promise<LedgerPage & { page: number; pageSize: number }> {
  const { from, to } = ledgerRange(body);
  const page = body.page ?? 1;
  const pageSize = body.pageSize ?? LEDGER_PAGE_SIZE;
  const found = await ledgerEntries(rt.readModels, {
    book: body.book ?? 'real',
    from,
    to,
    currency: body.currency ?? 'USD',
    ...(body.subscriptionId ? { subscriptionId: body.subscriptionId } : {}),
    offset: all ? 0 : (page - 1) * pageSize,
    limit: all ? Number.MAX_SAFE_INTEGER : pageSize,
  });
  return { ...found, page, pageSize };
}

/**
 * Administrators and the read-only finance role: the figures, the reconciliation report (JSON here; CSV through
 * `mountFinanceCsv`) and the read-model check. All of them read; none records an event.
 */
export const financeRoutes = [
  defineRoute({
    path: '/finance/overview',
    answer: FinanceOverviewView,
    query: true,
    access: 'finance',
    tag: 'Finance',
    summary: 'MRR, ARR, paying subscribers, net revenue, credit owed, 30-day churn and each month’s movements, trials, dunning, refunds, disputes and revenue recognised and deferred — as of a day, from the finance projection (docs/finance.md)',
    body: FinanceAsOfQuery,
    async handle({ body, rt }) {
      return { data: await financeOverview(rt.readModels, { asOf: asOfDay(rt, body.asOf), book: body.book ?? 'real' }) };
    },
  }),
  defineRoute({
    path: '/finance/recognition',
    answer: FinanceRecognitionView,
    query: true,
    access: 'finance',
    tag: 'Finance',
    summary: 'Revenue recognition as of a day: billed, recognised and deferred by plan, recognised by month, and the waterfall (billing month × recognition month) as it stood at the end of that day’s month',
    body: FinanceAsOfQuery,
    async handle({ body, rt }) {
      return { data: await financeRecognition(rt.readModels, { asOf: asOfDay(rt, body.asOf), book: body.book ?? 'real' }) };
    },
  }),
  defineRoute({
    path: '/finance/trialBalance',
    answer: FinanceTrialBalanceView,
    query: true,
    access: 'finance',
    tag: 'Finance',
    summary: 'The trial balance of a book at the end of a day: every account’s debits, credits and balance (debit-positive, integer cents), the totals, and whether they balance (docs/finance.md: the accounts)',
    body: FinanceTrialBalanceQuery,
    async handle({ body, rt }) {
      return { data: await trialBalance(rt.readModels, { asOf: asOfDay(rt, body.asOf), book: body.book ?? 'real', currency: body.currency ?? 'USD' }) };
    },
  }),
  defineRoute({
    path: '/finance/ledger',
    answer: Type.Array(FinanceLedgerEntryView),
    answerMeta: PageMeta,
    query: true,
    access: 'finance',
    tag: 'Finance',
    summary: 'The ledger of a book from one day to another (both included, at most 366): each entry with the event that made it (type, id, position, subscription) and each day’s revenue recognised per plan, in time order, paged. format "csv" answers every entry of the range as a text/csv file, one row per posting line',
    body: FinanceLedgerQuery,
    async handle({ body, rt }) {
      const found = await ledger(rt, body);
      return { data: found.entries, meta: { total: found.total, page: found.page, pageSize: found.pageSize } };
    },
  }),
  defineRoute({
    path: '/finance/tax/oss',
    answer: FinanceOssReportView,
    query: true,
    access: 'finance',
    tag: 'Finance',
    summary: 'The One Stop Shop (OSS) report of a quarter (UTC): per member state of consumption, rate and currency, the taxable amount and VAT of the quarter’s invoices less its credit notes (those of earlier quarters’ invoices also listed as corrections), in euros at the ECB rate of the quarter’s last day; beside it the seller’s domestic VAT, reverse charges per VAT number, sales outside the scope and documents without tax (docs/tax.md). format "csv" answers it as a text/csv file',
    body: FinanceOssQuery,
    async handle({ body, rt }) {
      return { data: await oss(rt, body) };
    },
  }),
  defineRoute({
    path: '/finance/replay',
    answer: FinanceReportView,
    query: true,
    access: 'finance',
    tag: 'Finance',
    summary: 'Replay the event store up to `to` into the reconciliation report: per subscription and order month, ordered, captured, refunded, outstanding, with PayPal ids; totals per plan and currency. format "csv" answers text/csv as a file',
    body: FinanceReplayQuery,
    async handle({ body, rt }) {
      return { data: await replay(rt, body.to) };
    },
  }),
  defineRoute({
    path: '/finance/verify',
    answer: ReadModelVerificationView,
    query: true,
    access: 'finance',
    tag: 'Finance',
    summary: 'Rebuild every read model (or those named) in a scratch space up to its live checkpoint and compare: ok, and the differing documents and index entries',
    body: FinanceVerifyQuery,
    async handle({ body, rt }) {
      const result = await verifyReadModels({ events: rt.events, live: rt.readModels, projections: projectionsOrError(body.projections ?? []) });
      return { data: result };
    },
  }),
];

/**
 * `/finance/replay`, `/finance/ledger` and `/finance/tax/oss` with `format: "csv"`: the same report, every entry of
 * the range, or the quarter's OSS report, as an RFC 4180 file. Mounted before the JSON routes; any other format falls through to the routes above.
 */
export function mountFinanceCsv(router: Router, rt: Runtime): void {
  router.post('/finance/replay', express.json({ limit: JSON_BODY_LIMIT, strict: true }), jsonBodyGuard, async (req, res, next) => {
    if ((req.body as { format?: unknown }).format !== 'csv') return next();
    authorize('finance', req.auth.user);
    const body = validate(FinanceReplayQuery, req.body);
    const report = await replay(rt, body.to);
    const label = (report.asOf.to?.slice(0, 10) ?? 'head').replace(/[^0-9A-Za-z-]/g, '');
    res.attachment(`relaycast-finance-${label}-p${report.asOf.position}.csv`);
    res.type('text/csv; charset=utf-8').send(reportToCsv(report));
  });
  router.post('/finance/ledger', express.json({ limit: JSON_BODY_LIMIT, strict: true }), jsonBodyGuard, async (req, res, next) => {
    if ((req.body as { format?: unknown }).format !== 'csv') return next();
    authorize('finance', req.auth.user);
    const body = validate(FinanceLedgerQuery, req.body);
    const found = await ledger(rt, body, true);
    res.setHeader('Cache-Control', 'private, no-store');
    res.attachment(`relaycast-ledger-${found.book}-${body.currency ?? 'USD'}-${found.from}-${found.to}.csv`);
    res.type('text/csv; charset=utf-8').send(ledgerCsv(found.entries));
  });
  router.post('/finance/tax/oss', express.json({ limit: JSON_BODY_LIMIT, strict: true }), jsonBodyGuard, async (req, res, next) => {
    if ((req.body as { format?: unknown }).format !== 'csv') return next();
    authorize('finance', req.auth.user);
    const report = await oss(rt, validate(FinanceOssQuery, req.body));
    res.setHeader('Cache-Control', 'private, no-store');
    res.attachment(`relaycast-oss-${report.book}-${report.quarter}.csv`);
    res.type('text/csv; charset=utf-8').send(ossCsv(report));
  });
}
