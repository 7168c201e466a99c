import type { InvoiceView } from '@relaycast/contracts';
import { COUNTRY_CODES, type Language } from '@relaycast/contracts/constants';
import type { TFunction } from '../../app/shell/texts.js';
import { formatDate } from '../ui/forms.js';

/** What an invoice was for, in the reader's language: its first line (a service period, a change of plan, credit). */
export function invoicePurpose(invoice: InvoiceView, t: TFunction, lang: Language): string {
  const line = invoice.lines[0];
  if (!line) return '';
  const name = line.planId ? t(`billing.planName.${line.planId}`, { period: line.planPeriod ? t(`period.${line.planPeriod}`) : '' }) : '';
  const plan = line.planId === 'constructor' && line.quantity ? `${name} (${t('fields.unitsValue', { n: line.quantity })})` : name;
  switch (line.kind) {
    case 'period':
      return t('billing.line.period', { plan, from: formatDate(line.periodStart, lang), to: formatDate(line.periodEnd, lang) });
    case 'balance':
      return t('billing.line.balance', { plan });
    case 'credit':
      return t('billing.line.credit');
    default:
      return t('billing.line.creditApplied');
  }
}

/** Countries by their names in the reader's language (never the ISO codes the API takes), in that language's order. */
export function countryOptions(lang: Language): { code: string; name: string }[] {
  const names = new Intl.DisplayNames([lang], { type: 'region' });
  return COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, lang));
}

/** A country's name in the reader's language. */
export function countryName(code: string | undefined, lang: Language): string {
  return code ? (new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code) : '';
}

