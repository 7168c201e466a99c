import { centsToDecimal } from '@relaycast/contracts';
import { stringify } from 'csv-stringify/sync';
import type { FinanceReport, Totals } from './report.js';

/** The CSV columns, in order. Amounts are in major units with two decimals (the catalogue's currencies have cents). */
export const CSV_COLUMNS = [
  'line', 'subscription_id', 'user_id', 'plan_id', 'currency', 'period', 'status',
  'paypal_order_ids', 'capture_ids', 'refund_ids',
  'ordered', 'captured', 'refunded', 'outstanding', 'withdrawn', 'net', 'credit_used', 'vat', 'net_of_vat',
  'service_period_start', 'service_period_end', 'subscriptions', 'orders', 'captures', 'refunds', 'demo',
] as const;


/** The amount columns: integer cents in the report, written as numbers in major units (never as text cells). */
const MONEY_COLUMNS: ReadonlySet<string> = new Set(['ordered', 'captured', 'refunded', 'outstanding', 'withdrawn', 'net', 'credit_used', 'vat', 'net_of_vat']);

type Line = Record<(typeof CSV_COLUMNS)[number], string | number | boolean>;

function amounts(t: Pick<Totals, 'ordered' | 'captured' | 'refunded' | 'outstanding' | 'withdrawn' | 'net' | 'creditUsed' | 'vat' | 'netOfVat'>) {
  return { ordered: t.ordered, captured: t.captured, refunded: t.refunded, outstanding: t.outstanding, withdrawn: t.withdrawn, net: t.net, credit_used: t.creditUsed, vat: t.vat, net_of_vat: t.netOfVat };
}

/**
 * One rectangular table: a `subscription` line per report row, then `plan-total` lines (per plan and currency) and
 * `currency-total` lines — real money only —, then `demo-plan-total` and `demo-currency-total` lines for demo payments
 * (PAYMENTS=demo: no money moved). The last column, `demo`, is `true` on demo lines. Written by csv-stringify: RFC
 * 4180 (CRLF line ends; fields with a comma, a quote, CR or LF quoted), and a text field a spreadsheet would run as a
 * formula (=, +, -, @, tab or CR first) gets a leading apostrophe (`escape_formulas`). Amounts and counts are numbers.
 */
export function reportToCsv(report: FinanceReport): string {
  const lines: Line[] = [];
  const blank = { subscription_id: '', user_id: '', plan_id: '', currency: '', period: '', status: '', paypal_order_ids: '', capture_ids: '', refund_ids: '', service_period_start: '', service_period_end: '' };
  for (const r of report.rows) {
    lines.push({
      line: 'subscription', subscription_id: r.subscriptionId, user_id: r.userId, plan_id: r.planId, currency: r.currency, period: r.period, status: r.status,
      paypal_order_ids: r.paypalOrderIds.join(' '), capture_ids: r.captureIds.join(' '), refund_ids: r.refundIds.join(' '), ...amounts(r),
      service_period_start: r.servicePeriodStart ?? '', service_period_end: r.servicePeriodEnd ?? '',
      subscriptions: 1, orders: r.paypalOrderIds.length, captures: r.captureIds.length, refunds: r.refundIds.length, demo: r.demo,
    });
  }
  for (const [prefix, totals] of [['', report.totals], ['demo-', report.totals.demo]] as const) {
    const demo = prefix === 'demo-';
    for (const t of totals.byPlan) lines.push({ ...blank, line: `${prefix}plan-total`, plan_id: t.planId, currency: t.currency, ...amounts(t), subscriptions: t.subscriptions, orders: t.orders, captures: t.captures, refunds: t.refunds, demo });
    for (const t of totals.byCurrency) lines.push({ ...blank, line: `${prefix}currency-total`, currency: t.currency, ...amounts(t), subscriptions: t.subscriptions, orders: t.orders, captures: t.captures, refunds: t.refunds, demo });
  }
  return stringify(lines, {
    header: true,
    columns: [...CSV_COLUMNS],
    record_delimiter: 'windows',
    escape_formulas: true,
    // RFC 4180 quotes a field holding a line break of either kind (csv-stringify alone quotes only the delimiter's).
    quoted_match: /[\r\n]/,
    cast: { number: (value, { column }) => (MONEY_COLUMNS.has(String(column)) ? centsToDecimal(value) : String(value)), boolean: (value) => String(value) },
  });
}

/** A minimal RFC 4180 reader (quoted fields, doubled quotes, CRLF): for tests and for tools that read the report back. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}
