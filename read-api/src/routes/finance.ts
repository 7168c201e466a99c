import express, { type Router } from 'express';
import { Type } from '@sinclair/typebox';
import { StringEnum, ValidationError, validate } from '@relaycast/contracts';
import { FinanceAsOfQuery, FinanceOverviewView, FinanceRecognitionView, FinanceReportView, ReadModelVerificationView } from '@relaycast/contracts';
import { projectionsNamed } from '@relaycast/projections';
import { CutError, dayOf, financeOverview, financeRecognition, isDay, parseCut, replayFinance, reportToCsv, verifyReadModels, type FinanceReport } from '@relaycast/projections/finance';
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
 * `/finance/replay` with `format: "csv"`: the same report as an RFC 4180 file. Mounted before the JSON routes; any
 * other format falls through to the route above.
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
}
