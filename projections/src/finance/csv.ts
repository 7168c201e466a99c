import type { FinanceReport, Totals } from './report.js';

/** The CSV columns, in order. Amounts are in major units with two decimals (the catalogue's currencies have cents). */
export const CSV_COLUMNS = [
  'line', 'subscription_id', 'user_id', 'plan_id', 'currency', 'period', 'status',
  'paypal_order_ids', 'capture_ids', 'refund_ids',
  'ordered', 'captured', 'refunded', 'outstanding', 'withdrawn', 'net',
  'service_period_start', 'service_period_end', 'subscriptions', 'orders', 'captures', 'refunds', 'demo',
] as const;

/** 1234 → "12.34", -5 → "-0.05": exact, from integer cents, never through floating point. */
export function formatAmount(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/**
 * RFC 4180 field: quoted when it holds a comma, a quote, CR or LF, with quotes doubled. A text field a spreadsheet
 * would run as a formula (=, +, -, @ first) gets a leading apostrophe; amounts are never text fields.
 */
export function csvField(value: string, text = true): string {
  const safe = text && /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function amounts(t: Pick<Totals, 'ordered' | 'captured' | 'refunded' | 'outstanding' | 'withdrawn' | 'net'>): string[] {
  return [t.ordered, t.captured, t.refunded, t.outstanding, t.withdrawn, t.net].map(formatAmount);
}

/**
 * One rectangular table: a `subscription` line per report row, then `plan-total` lines (per plan and currency) and
 * `currency-total` lines — real money only —, then `demo-plan-total` and `demo-currency-total` lines for demo payments
 * (PAYMENTS=demo: no money moved). The last column, `demo`, is `true` on demo lines. Lines end with CRLF (RFC 4180).
 */
export function reportToCsv(report: FinanceReport): string {
  const lines: string[] = [CSV_COLUMNS.join(',')];
  const line = (texts: string[], money: string[], rest: string[]) =>
    lines.push([...texts.slice(0, 10).map((v) => csvField(v)), ...money, ...texts.slice(10).map((v) => csvField(v)), ...rest].join(','));
  for (const r of report.rows) {
    line(
      ['subscription', r.subscriptionId, r.userId, r.planId, r.currency, r.period, r.status, r.paypalOrderIds.join(' '), r.captureIds.join(' '), r.refundIds.join(' '), r.servicePeriodStart ?? '', r.servicePeriodEnd ?? ''],
      amounts(r),
      ['1', String(r.paypalOrderIds.length), String(r.captureIds.length), String(r.refundIds.length), String(r.demo)],
    );
  }
  for (const [prefix, totals] of [['', report.totals], ['demo-', report.totals.demo]] as const) {
    const demo = String(prefix === 'demo-');
    for (const t of totals.byPlan) {
      line([`${prefix}plan-total`, '', '', t.planId, t.currency, '', '', '', '', '', '', ''], amounts(t), [...[t.subscriptions, t.orders, t.captures, t.refunds].map(String), demo]);
    }
    for (const t of totals.byCurrency) {
      line([`${prefix}currency-total`, '', '', '', t.currency, '', '', '', '', '', '', ''], amounts(t), [...[t.subscriptions, t.orders, t.captures, t.refunds].map(String), demo]);
    }
  }
  return lines.join('\r\n') + '\r\n';
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
