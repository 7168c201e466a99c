import type { TFunction } from '../../../app/shell/texts.js';
import { planWord } from './model.js';
import { isDay } from './format.js';
import type { FinanceLedgerEntryView, FinanceTrialBalanceView } from './types.js';

/**
 * The books on screen (docs/finance.md, the accounts and the posting table): account names and what happened, in
 * the reader's words — never the accounts' codes or the events' type names —, the trial balance's rows with each
 * balance on its side, and the ledger's range rules (the API's: both days real, the last on or after the first, at
 * most LEDGER_MAX_DAYS days).
 */

/** The longest range the ledger shows at once (the API's LEDGER_MAX_DAYS, both days included). */
export const LEDGER_MAX_DAYS = 366;

/** An account in words: "PayPal clearing", "Revenue: Builder", "Tax payable: DE, 19%"; one not known: "Other account". */
export function accountWord(account: string, t: TFunction): string {
  const [head, ...rest] = account.split(':');
  switch (head) {
    case 'paypal-clearing':
    case 'paypal-disputed':
    case 'deferred-revenue':
    case 'customer-credit':
      return rest.length ? t('ledger.accounts.other') : t(`ledger.accounts.${head}`);
    case 'revenue':
    case 'refunds':
      return rest.length === 1 ? t(`ledger.accounts.${head}`, { plan: planWord(rest[0]!, t) }) : t('ledger.accounts.other');
    case 'tax-payable':
      return rest.length === 2 ? t('ledger.accounts.tax-payable', { country: rest[0], rate: rest[1] }) : t('ledger.accounts.other');
    default:
      return t('ledger.accounts.other');
  }
}

/** What kind an account is, in words (asset, liability, income, given back out of income). */
export function accountKindWord(kind: string, t: TFunction): string {
  return t(`ledger.kinds.${kind}`, { defaultValue: t('ledger.kinds.other') });
}

/** What made an entry, in words: the event ("Payment captured"), or a day's revenue recognised. */
export function entryWord(entry: Pick<FinanceLedgerEntryView, 'kind' | 'eventType'>, t: TFunction): string {
  if (entry.kind === 'recognition') return t('ledger.events.recognition');
  return t(`ledger.events.${entry.eventType ?? 'other'}`, { defaultValue: t('ledger.events.other') });
}

export interface TrialBalanceRow {
  account: string;
  kind: string;
  debit: number;
  credit: number;
  /** The balance on its side: a debit balance, or a credit balance (the other is 0). */
  debitBalance: number;
  creditBalance: number;
}

/**
 * The trial balance as a table: each account's debits and credits and its balance on the side it falls on, and the
 * totals of each column. Balanced when debits equal credits (then the balances' columns are equal too).
 */
export function trialBalanceTable(tb: Pick<FinanceTrialBalanceView, 'accounts'>): { rows: TrialBalanceRow[]; totals: Omit<TrialBalanceRow, 'account' | 'kind'>; balanced: boolean } {
  const rows = tb.accounts.map((a) => ({ account: a.account, kind: a.kind, debit: a.debit, credit: a.credit, debitBalance: Math.max(0, a.balance), creditBalance: Math.max(0, -a.balance) }));
  const sum = (k: keyof Omit<TrialBalanceRow, 'account' | 'kind'>) => rows.reduce((n, r) => n + r[k], 0);
  const totals = { debit: sum('debit'), credit: sum('credit'), debitBalance: sum('debitBalance'), creditBalance: sum('creditBalance') };
  return { rows, totals, balanced: totals.debit === totals.credit && totals.debitBalance === totals.creditBalance };
}

/** Why a range cannot be shown, or null: a day that is not one, the last before the first, more than 366 days. */
export function ledgerRangeProblem(from: string, to: string): 'day' | 'order' | 'tooLong' | null {
  if (!isDay(from) || !isDay(to)) return 'day';
  if (to < from) return 'order';
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
  return days > LEDGER_MAX_DAYS ? 'tooLong' : null;
}

/** The default range of the ledger for a day: from the first of its month to that day. */
export function ledgerRangeOf(day: string): { from: string; to: string } {
  return { from: `${day.slice(0, 7)}-01`, to: day };
}

/** One line of the ledger's table: a posting, with its entry on the entry's first line only (the cells span its lines). */
export interface LedgerLine {
  entry: FinanceLedgerEntryView;
  posting: FinanceLedgerEntryView['postings'][number];
  /** The entry's first line: it carries the entry's cells, spanning `lines` rows. */
  first: boolean;
  lines: number;
}

export function ledgerLines(entries: readonly FinanceLedgerEntryView[]): LedgerLine[] {
  return entries.flatMap((entry) => entry.postings.map((posting, i) => ({ entry, posting, first: i === 0, lines: entry.postings.length })));
}
