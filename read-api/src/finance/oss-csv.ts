import { centsToDecimal } from '@relaycast/contracts';
import { stringify } from 'csv-stringify/sync';
import type { OssReport } from '@relaycast/projections/finance';

/**
 * The OSS report of a quarter as one CSV file for finance (docs/tax.md, "The OSS report"; RFC 4180, CRLF line ends,
 * written by csv-stringify): one rectangular table whose first column says what a row is —
 *
 * - `oss`: a member state, a rate and a currency: taxable amount and VAT in the currency and in euros, and how many
 *   invoices and credit notes made it; `oss-country`: a member state's euros; `oss-total`: all of them;
 * - `exchange-rate`: the ECB rate a currency converts at (`ecb_rate`, published `ecb_published`; `ecb_stale` true when
 *   the rates held stop before the quarter's end and the latest was used);
 * - `correction`: a credit note of the quarter whose invoice was of an earlier quarter (`applies_to`: the section of
 *   its line; `invoice_quarter`), already taken off the lines above;
 * - `domestic`, `other-vat`, `reverse-charge` (per `vat_number`), `outside-scope`, `untaxed` (`reason`): the rest of
 *   the quarter, which does not go in the OSS return.
 *
 * Amounts are in the currency's units with two decimals (`12.50`, `-4.47`), written from integer cents without
 * floating point, and stay number cells; a text cell a spreadsheet would run as a formula gets a leading apostrophe
 * (csv-stringify's escape_formulas).
 */
export const OSS_CSV_COLUMNS = [
  'section',
  'country',
  'vat_rate',
  'currency',
  'taxable',
  'vat',
  'taxable_eur',
  'vat_eur',
  'invoices',
  'credit_notes',
  'vat_number',
  'reason',
  'applies_to',
  'credit_note',
  'invoice',
  'invoice_quarter',
  'ecb_rate',
  'ecb_published',
  'ecb_stale',
] as const;

type Column = (typeof OSS_CSV_COLUMNS)[number];
type Row = Partial<Record<Column, string | number>>;
const MONEY = new Set<Column>(['taxable', 'vat', 'taxable_eur', 'vat_eur']);

export function ossRows(r: OssReport): Row[] {
  const counts = (l: { invoices: { count: number }; creditNotes: { count: number } }) => ({ invoices: l.invoices.count, credit_notes: l.creditNotes.count });
  const vatRows = (section: string, lines: OssReport['domestic']) =>
    lines.map((l): Row => ({ section, country: l.country, vat_rate: l.rate, currency: l.currency, taxable: l.taxable, vat: l.vat, ...(l.euro ? { taxable_eur: l.euro.taxable, vat_eur: l.euro.vat } : {}), ...counts(l) }));
  return [
    ...vatRows('oss', r.oss.lines),
    ...r.oss.countries.map((c): Row => ({ section: 'oss-country', country: c.country, taxable_eur: c.taxable, vat_eur: c.vat })),
    { section: 'oss-total', taxable_eur: r.oss.total.taxable, vat_eur: r.oss.total.vat },
    ...r.exchangeRates.map((x): Row => ({ section: 'exchange-rate', currency: x.currency, ecb_rate: x.rate, ecb_published: x.published, ecb_stale: x.stale ? 'true' : 'false' })),
    ...r.corrections.map((c): Row => ({ section: 'correction', applies_to: c.section, country: c.country, vat_rate: c.rate, currency: c.currency, taxable: c.taxable, vat: c.vat, credit_note: c.creditNote, invoice: c.invoice, invoice_quarter: c.invoiceQuarter })),
    ...vatRows('domestic', r.domestic),
    ...vatRows('other-vat', r.otherVat),
    ...r.reverseCharge.map((l): Row => ({ section: 'reverse-charge', country: l.country, vat_rate: '0', currency: l.currency, taxable: l.taxable, vat: 0, vat_number: l.vatNumber, ...counts(l) })),
    ...r.outsideScope.map((l): Row => ({ section: 'outside-scope', country: l.country, vat_rate: '0', currency: l.currency, taxable: l.taxable, vat: 0, ...counts(l) })),
    ...r.untaxed.map((l): Row => ({ section: 'untaxed', currency: l.currency, taxable: l.amount, vat: 0, reason: l.reason, ...counts(l) })),
  ];
}

export function ossCsv(r: OssReport): string {
  return stringify(ossRows(r), {
    header: true,
    columns: [...OSS_CSV_COLUMNS],
    record_delimiter: 'windows',
    escape_formulas: true,
    cast: { number: (value, { column }) => (MONEY.has(column as Column) ? centsToDecimal(value) : String(value)) },
  });
}
