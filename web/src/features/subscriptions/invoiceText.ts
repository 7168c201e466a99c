import type { CreditNoteView, InvoiceView, TaxLine } from '@relaycast/contracts';
import { COUNTRY_CODES, type Language } from '@relaycast/contracts/constants';
import type { TFunction } from '../../app/shell/texts.js';
import { formatUsd } from '../../app/shell/format.js';
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


/** A tax rate (a decimal fraction: "0.19", "0.255") as a percentage in the reader's language: 19 %, 25.5 % / 25,5 %. */
export function ratePercent(rate: string, lang: Language): string {
  const [whole = '0', fraction = ''] = rate.split('.');
  const digits = fraction.padEnd(2, '0');
  const rest = digits.slice(2).replace(/0+$/, '');
  return `${Number(whole) * 100 + Number(digits.slice(0, 2))}${rest ? `${lang === 'ru' ? ',' : '.'}${rest}` : ''} %`;
}

/** Euros from cents, written as dollars are: en €13.72, ru 13,72 €. */
export const formatEur = (cents: number, lang: Language) => formatUsd(cents, lang, { cents: true }).replace('$', '€');

/** What a document says of its tax: figures (label, amount) and sentences. */
export interface DocumentTaxText {
  rows: { label: string; amount: string }[];
  notes: string[];
}

function taxLineLabel(line: TaxLine, t: TFunction, lang: Language): string {
  const values = { rate: ratePercent(line.rate, lang), country: countryName(line.country, lang) };
  return t(line.kind === 'vat' ? 'billing.tax.vatLine' : line.kind === 'reverse-charge' ? 'billing.tax.reverseChargeLine' : 'billing.tax.outsideScopeLine', values);
}

/**
 * The tax of an invoice or a credit note as the PDF states it (docs/tax.md), in the reader's language: the net, each tax
 * line with its rate and country, and — an invoice — the total with VAT and the account credit used; the VAT in euros
 * at the ECB's rate, the reverse charge's words with both VAT numbers, outside the scope of EU VAT. A credit note's
 * figures are negative (money given back). A document without tax: that none was charged.
 */
export function documentTax(doc: InvoiceView | CreditNoteView, t: TFunction, lang: Language): DocumentTaxText {
  const tax = doc.tax;
  if (!tax) return { rows: [], notes: [t('billing.tax.none')] };
  const invoice = 'lines' in doc ? doc : null;
  const sign = invoice ? 1 : -1;
  const money = (cents: number) => formatUsd(sign * cents, lang, { cents: true });
  const rows = [{ label: t('billing.tax.net'), amount: money(tax.net) }, ...tax.taxLines.map((line) => ({ label: taxLineLabel(line, t, lang), amount: money(line.amount) }))];
  if (invoice) {
    rows.push({ label: t('billing.tax.gross'), amount: money(tax.gross) });
    const credit = invoice.lines.filter((l) => l.kind === 'creditApplied').reduce((sum, l) => sum + l.amount, 0);
    if (credit) rows.push({ label: t('billing.tax.creditUsed'), amount: money(credit) });
  }
  const notes: string[] = [];
  if (tax.euro) {
    const euro = t('billing.tax.vatInEuros', { date: formatDate(tax.euro.published, lang), rate: lang === 'ru' ? tax.euro.rate.replace('.', ',') : tax.euro.rate, currency: doc.currency, amount: formatEur(sign * tax.euro.tax, lang) });
    notes.push(tax.euro.stale ? `${euro} ${t('billing.tax.euroStale')}` : euro);
  }
  if (tax.taxLines.some((l) => l.kind === 'reverse-charge')) {
    const seller = (invoice?.tax?.sellerVatNumber ?? doc.seller.vatNumber) || '—';
    const customer = (invoice?.tax?.customerVatNumber ?? doc.customer.vatNumber) || '—';
    notes.push(t('billing.tax.reverseCharge', { seller, customer }));
  }
  if (tax.taxLines.some((l) => l.kind === 'outside-scope')) notes.push(t('billing.tax.outsideScope'));
  if (invoice?.tax?.included) notes.push(t('billing.tax.included'));
  return { rows, notes };
}
