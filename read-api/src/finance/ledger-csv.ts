import { centsToDecimal } from '@relaycast/contracts';
import { stringify } from 'csv-stringify/sync';
import type { LedgerEntry } from '@relaycast/projections/finance';

/**
 * The ledger as one CSV file for finance (RFC 4180, CRLF line ends, written by csv-stringify): one row per posting
 * line, in the ledger's order (time, then the log's order; a day's revenue recognised after its events). `debit` and
 * `credit` are amounts in the currency's units with two decimals (`12.50`), written from integer cents without
 * floating point, and stay numbers; a text cell a spreadsheet would run as a formula (=, +, -, @, tab or CR first)
 * gets a leading apostrophe (csv-stringify's escape_formulas).
 */
export const LEDGER_CSV_COLUMNS = [
  'day',
  'time',
  'entry_id',
  'kind',
  'event_type',
  'event_id',
  'position',
  'subscription_id',
  'plan',
  'currency',
  'account',
  'debit',
  'credit',
] as const;

type Row = Record<(typeof LEDGER_CSV_COLUMNS)[number], string | number>;

export function ledgerRows(entries: readonly LedgerEntry[]): Row[] {
  return entries.flatMap((e) =>
    e.postings.map((p) => ({
      day: e.day,
      time: e.at,
      entry_id: e.id,
      kind: e.kind,
      event_type: e.eventType ?? '',
      event_id: e.eventId ?? '',
      position: e.position ?? '',
      subscription_id: e.subscriptionId ?? '',
      plan: e.plan,
      currency: e.currency,
      account: p.account,
      // Numbers (cents), written as units by the cast below: a number is never taken for a formula.
      debit: p.debit,
      credit: p.credit,
    })),
  );
}

export function ledgerCsv(entries: readonly LedgerEntry[]): string {
  return stringify(ledgerRows(entries), {
    header: true,
    columns: [...LEDGER_CSV_COLUMNS],
    record_delimiter: 'windows',
    escape_formulas: true,
    cast: { number: (cents) => centsToDecimal(cents) },
  });
}
