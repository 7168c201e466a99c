import { centsToDecimal } from '@relaycast/contracts';
import { stringify } from 'csv-stringify/sync';
import type { CreditNoteTax, CreditNoteView, InvoiceView, TaxLine } from '@relaycast/contracts';

/** The tax columns, after the columns the file had before taxes (a reader by position still finds those). */
const TAX_COLUMNS = [
  'net_cents',
  'net',
  'tax_cents',
  'tax',
  'gross_cents',
  'gross',
  'tax_kind',
  'tax_country',
  'tax_rate',
  'tax_lines',
  'vat_eur_cents',
  'vat_eur',
  'ecb_rate',
  'ecb_rate_date',
  'ecb_rate_stale',
] as const;

/**
 * Invoices and credit notes as one CSV file for finance (RFC 4180: CRLF line ends, fields quoted where needed, by
 * csv-stringify): one row per document, oldest first; invoices positive, credit notes negative, in cents and as a
 * decimal, both number cells. `amount` is the money captured or given back, as before taxes.
 *
 * The tax (docs/tax.md), on documents that carry one — empty on those that do not (no tax was computed on them):
 * `net`, `tax` and `gross` (= net + tax; on an invoice paid partly from account credit, more than `amount`), in cents
 * and as decimals; the tax lines' `tax_kind` (vat, reverse-charge, outside-scope), `tax_country` (ISO code) and
 * `tax_rate` (a decimal fraction: 0.19 is 19 %); `tax_lines`, each line in full ("vat DE 0.19 15.01"); the VAT in euros
 * (`vat_eur_cents`, `vat_eur`) at the ECB's rate (`ecb_rate`: units of the currency for one euro), published on
 * `ecb_rate_date`, `ecb_rate_stale` true when that was the latest rate held rather than the rate of the document's day.
 * A document has one tax line per rate — one for every invoice (one customer, one day); a credit note that gives back
 * tax of two rates (account credit paid for at another rate) joins its kinds, countries and rates with "; " in the
 * order of `tax_lines` — one row per document still, so sums over rows never count a document twice.
 *
 * Names are the customer's as typed: a text cell a spreadsheet would run as a formula (=, +, -, @, tab or CR first)
 * gets a leading apostrophe (csv-stringify's `escape_formulas`); `tax_lines` starts with a word so a credit note's
 * negative amounts in it are never taken for one.
 */
export const DOCUMENT_CSV_COLUMNS = [
  'document',
  'number',
  'book',
  'issued_at',
  'invoice_number',
  'reason',
  'customer_id',
  'customer_name',
  'customer_company',
  'customer_country',
  'customer_vat_number',
  'subscription_id',
  'paypal_order_id',
  'capture_id',
  'refund_id',
  'paid_or_refunded_at',
  'currency',
  'amount_cents',
  'amount',
  'description',
  ...TAX_COLUMNS,
] as const;

/** The columns written as decimals from the cents they hold (number cells, never text). */
const DECIMAL_COLUMNS: ReadonlySet<string> = new Set(['amount', 'net', 'tax', 'gross', 'vat_eur']);

type Row = Record<(typeof DOCUMENT_CSV_COLUMNS)[number], string | number>;
type TaxCells = Record<(typeof TAX_COLUMNS)[number], string | number>;

/** A document's tax as cells (`sign` −1 on a credit note), every cell empty when it carries none. */
function taxCells(tax: (Pick<CreditNoteTax, 'net' | 'taxLines' | 'tax' | 'gross' | 'euro'>) | undefined, sign: 1 | -1): TaxCells {
  if (!tax) return Object.fromEntries(TAX_COLUMNS.map((c) => [c, ''])) as TaxCells;
  const joined = (pick: (l: TaxLine) => string) => tax.taxLines.map(pick).join('; ');
  return {
    net_cents: sign * tax.net,
    net: sign * tax.net,
    tax_cents: sign * tax.tax,
    tax: sign * tax.tax,
    gross_cents: sign * tax.gross,
    gross: sign * tax.gross,
    tax_kind: joined((l) => l.kind),
    tax_country: joined((l) => l.country),
    tax_rate: joined((l) => l.rate),
    tax_lines: joined((l) => `${l.kind} ${l.country} ${l.rate} ${centsToDecimal(sign * l.amount)}`),
    vat_eur_cents: tax.euro ? sign * tax.euro.tax : '',
    vat_eur: tax.euro ? sign * tax.euro.tax : '',
    ecb_rate: tax.euro?.rate ?? '',
    ecb_rate_date: tax.euro?.published ?? '',
    ecb_rate_stale: tax.euro ? String(tax.euro.stale) : '',
  };
}

export function documentRow(entry: { kind: 'invoice'; doc: InvoiceView } | { kind: 'credit-note'; doc: CreditNoteView }): Row {
  const common = (d: InvoiceView | CreditNoteView) => ({
    book: d.book,
    issued_at: d.issuedAt,
    customer_id: d.customer.userId,
    customer_name: d.customer.name,
    customer_company: d.customer.company ?? '',
    customer_country: d.customer.country ?? '',
    customer_vat_number: d.customer.vatNumber ?? '',
    subscription_id: d.subscriptionId,
    capture_id: d.captureId,
    currency: d.currency,
  });
  if (entry.kind === 'invoice') {
    const d = entry.doc;
    return {
      document: 'invoice', number: d.number, ...common(d), invoice_number: d.number, reason: '', paypal_order_id: d.paypalOrderID, refund_id: '',
      paid_or_refunded_at: d.paidAt, amount_cents: d.total, amount: d.total, description: d.lines.map((l) => l.description).join('; '), ...taxCells(d.tax, 1),
    };
  }
  const d = entry.doc;
  return {
    document: 'credit_note', number: d.number, ...common(d), invoice_number: d.invoiceNumber, reason: d.reason, paypal_order_id: '', refund_id: d.refundId,
    paid_or_refunded_at: d.refundedAt, amount_cents: -d.amount, amount: -d.amount, description: `${d.reason === 'REVERSAL' ? 'Reversal' : 'Refund'} on invoice ${d.invoiceNumber}`, ...taxCells(d.tax, -1),
  };
}

export function documentsCsv(rows: readonly Row[]): string {
  return stringify(rows as Row[], {
    header: true,
    columns: [...DOCUMENT_CSV_COLUMNS],
    record_delimiter: 'windows',
    escape_formulas: true,
    // RFC 4180 quotes a field holding a line break of either kind (csv-stringify alone quotes only the delimiter's).
    quoted_match: /[\r\n]/,
    cast: { number: (value, { column }) => (DECIMAL_COLUMNS.has(String(column)) ? centsToDecimal(value) : String(value)) },
  });
}
