import { centsToDecimal } from '@relaycast/contracts';
import { stringify } from 'csv-stringify/sync';
import type { CreditNoteView, InvoiceView } from '@relaycast/contracts';

/**
 * Invoices and credit notes as one CSV file for finance (RFC 4180: CRLF line ends, fields quoted where needed, by
 * csv-stringify): one row per document, oldest first; invoices positive, credit notes negative, in cents and as a
 * decimal, both number cells. No tax column: no tax is computed (every document says so). Names are the customer's
 * as typed: a text cell a spreadsheet would run as a formula (=, +, -, @, tab or CR first) gets a leading apostrophe
 * (csv-stringify's `escape_formulas`).
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
] as const;

/** `amount` holds cents too: it is written as the decimal (a number cell, never text). */
type Row = Record<(typeof DOCUMENT_CSV_COLUMNS)[number], string | number>;

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
      paid_or_refunded_at: d.paidAt, amount_cents: d.total, amount: d.total, description: d.lines.map((l) => l.description).join('; '),
    };
  }
  const d = entry.doc;
  return {
    document: 'credit_note', number: d.number, ...common(d), invoice_number: d.invoiceNumber, reason: d.reason, paypal_order_id: '', refund_id: d.refundId,
    paid_or_refunded_at: d.refundedAt, amount_cents: -d.amount, amount: -d.amount, description: `${d.reason === 'REVERSAL' ? 'Reversal' : 'Refund'} on invoice ${d.invoiceNumber}`,
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
    cast: { number: (value, { column }) => (column === 'amount' ? centsToDecimal(value) : String(value)) },
  });
}
