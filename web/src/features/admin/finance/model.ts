import type { FinanceOverviewView, FinanceRecognitionView, FinanceReportView, ReadModelVerificationView } from './types.js';
import type { TFunction } from '../../../app/shell/texts.js';

export type FinanceBook = 'real' | 'demo';
export type FinanceMonth = FinanceOverviewView['months'][number];

/**
 * The MRR movements (docs/finance.md), in the order a month's bar stacks them: what adds MRR upwards (new,
 * expansion, reactivation), what takes it away downwards (contraction, churn).
 */
export const MOVEMENTS = ['new', 'expansion', 'reactivation', 'contraction', 'churn'] as const;
export type Movement = (typeof MOVEMENTS)[number];

export interface MovementRow {
  month: string;
  start: number;
  end: number;
  movements: Record<Movement, number>;
  /** start + the movements = end (docs/finance.md: one movement per subscription and month, no balancing bucket). */
  addsUp: boolean;
}

/** One currency's MRR bridge, month by month: MRR at the start, each movement, MRR at the end. */
export function movementRows(months: readonly FinanceMonth[], currency: string): MovementRow[] {
  return months.map((m) => {
    const movements = Object.fromEntries(MOVEMENTS.map((k) => [k, m.movements[currency]?.[k] ?? 0])) as Record<Movement, number>;
    const start = m.mrrStart[currency] ?? 0;
    const end = m.mrrEnd[currency] ?? 0;
    return { month: m.month, start, end, movements, addsUp: start + MOVEMENTS.reduce((sum, k) => sum + movements[k], 0) === end };
  });
}

/** The currencies an overview has figures in (USD when it has none yet, so that zero reads as $0.00). */
export function overviewCurrencies(overview: Pick<FinanceOverviewView, 'currencies'>): string[] {
  return overview.currencies.length ? [...overview.currencies] : ['USD'];
}

/** The months of a waterfall's columns: every recognition month of any row, in order. */
export function waterfallColumns(rows: FinanceRecognitionView['waterfall'][number]['rows']): string[] {
  return [...new Set(rows.flatMap((r) => Object.keys(r.cells)))].sort();
}

/** Recognised revenue by month (rows) and plan (columns) for one currency, from the recognition report. */
export function recognisedByMonthAndPlan(report: FinanceRecognitionView, currency: string): { plans: string[]; rows: { month: string; byPlan: Record<string, number>; total: number }[] } {
  const lines = report.months.filter((m) => m.currency === currency);
  const plans = [...new Set(lines.map((m) => m.plan))].sort();
  const months = [...new Set(lines.map((m) => m.month))].sort();
  return {
    plans,
    rows: months.map((month) => {
      const byPlan = Object.fromEntries(plans.map((p) => [p, lines.filter((l) => l.month === month && l.plan === p).reduce((s, l) => s + l.recognised, 0)]));
      return { month, byPlan, total: Object.values(byPlan).reduce((a, b) => a + b, 0) };
    }),
  };
}

type ReportRow = FinanceReportView['rows'][number];
type ReportTotals = Pick<FinanceReportView['totals'], 'byPlan' | 'byCurrency'>;

/** The reconciliation of one book: its rows and its totals (demo payments never in the real ones). */
export function reportOfBook(report: FinanceReportView, book: FinanceBook): { rows: ReportRow[]; totals: ReportTotals } {
  const rows = report.rows.filter((r) => Boolean(r.demo) === (book === 'demo'));
  const totals = book === 'demo' ? (report.totals.demo ?? { byPlan: [], byCurrency: [] }) : report.totals;
  return { rows, totals: { byPlan: totals.byPlan, byCurrency: totals.byCurrency } };
}

/** A plan in words ("Builder", "Self-hosted unlimited"); a plan this page has no word for: "Other plan". */
export function planWord(planId: string, t: TFunction): string {
  return t(`plans.${planId}`, { defaultValue: t('plans.other') });
}

/**
 * A subscription status of the reconciliation in words: the seed's statuses as the account pages word them (`ta`,
 * the account namespace), a removed subscription as such (`t`, the finance namespace).
 */
export function statusWord(status: string, t: TFunction, ta: TFunction): string {
  const other = t('statuses.other');
  return status.startsWith('SUBSCRIPTION_STATUS_') ? ta(`status.${status}`, { defaultValue: other }) : t(`statuses.${status}`, { defaultValue: other });
}

/** A read model's name in words ("subscriptions" → "Subscriptions list"). */
export function readModelWord(name: string, t: TFunction): string {
  return t(`verify.models.${name}`, { defaultValue: t('verify.models.other') });
}

/** The read-model check's result in words: a sentence, and one line per read model that differs. */
export function verifyWords(result: ReadModelVerificationView, t: TFunction): { ok: boolean; sentence: string; lines: string[] } {
  if (result.ok) return { ok: true, sentence: t('verify.ok', { count: result.projections.length }), lines: [] };
  const lines = result.projections
    .filter((p) => p.differences > 0 || p.unstable)
    .map((p) => (p.unstable ? t('verify.unstable', { model: readModelWord(p.projection, t) }) : t('verify.differs', { model: readModelWord(p.projection, t), count: p.differences })));
  return { ok: false, sentence: t('verify.failed', { count: lines.length }), lines };
}

/**
 * For a stacked bar chart: at each x, the top of the upward stack and the bottom of the downward one, so that the
 * axis holds every bar (0 always in view).
 */
export function stackedExtent(series: readonly (readonly number[])[]): { min: number; max: number } {
  let min = 0;
  let max = 0;
  const length = Math.max(0, ...series.map((s) => s.length));
  for (let i = 0; i < length; i++) {
    let up = 0;
    let down = 0;
    for (const s of series) {
      const v = s[i] ?? 0;
      if (v > 0) up += v;
      else down += v;
    }
    max = Math.max(max, up);
    min = Math.min(min, down);
  }
  return { min, max };
}
