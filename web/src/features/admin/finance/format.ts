import type { Language } from '@relaycast/contracts/constants';

/** Cents by currency code, as the finance API answers them: never added across currencies. */
export type Money = Record<string, number>;

/** The finance area is client-rendered only (no hydration to agree with), so it formats with Intl in the reader's language. */
const moneyLocale = (lang: Language) => (lang === 'ru' ? 'ru-RU' : 'en-US');
const dateLocale = (lang: Language) => (lang === 'ru' ? 'ru-RU' : 'en-GB');

const moneyFormats = new Map<string, Intl.NumberFormat>();
function moneyFormat(currency: string, lang: Language, whole = false): Intl.NumberFormat {
  const key = `${lang}|${currency}|${whole}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(moneyLocale(lang), { style: 'currency', currency, minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: whole ? 0 : 2 });
    moneyFormats.set(key, format);
  }
  return format;
}

/** Integer cents of one currency: en $1,234.50 / −$10.00, ru 1 234,50 $ (the currency's own sign, Intl's spacing). */
export function formatMoney(cents: number, currency: string, lang: Language): string {
  return moneyFormat(currency, lang).format(cents / 100);
}

/** Whole units of a currency, for chart axes: $1,200 / 1 200 $. */
export function formatMoneyShort(cents: number, currency: string, lang: Language): string {
  return moneyFormat(currency, lang, true).format(Math.round(cents / 100));
}

/**
 * The currencies to show an amount in: those it has, and those the page shows anyway (so that nothing reads as
 * "no money" when it is zero dollars), in alphabetical order.
 */
export function currenciesOf(money: Money, shown: readonly string[]): string[] {
  return [...new Set([...shown, ...Object.keys(money)])].sort();
}

/** An amount in several currencies, each on its own and never added: "$20.00 · €5.00". */
export function formatMoneyList(money: Money, lang: Language, shown: readonly string[] = ['USD']): string {
  return currenciesOf(money, shown)
    .map((currency) => formatMoney(money[currency] ?? 0, currency, lang))
    .join(' · ');
}

/** A count with the language's grouping: 1,234 / 1 234. */
export function formatCount(n: number, lang: Language): string {
  return new Intl.NumberFormat(moneyLocale(lang)).format(n);
}

/** A share: 50% / 50 %; one decimal when it has one (12.5%). Null (nothing to divide by) is a dash. */
export function formatShare(rate: number | null, lang: Language): string {
  if (rate === null || !Number.isFinite(rate)) return '—';
  return new Intl.NumberFormat(moneyLocale(lang), { style: 'percent', maximumFractionDigits: 1 }).format(rate);
}

/**
 * A month (YYYY-MM, UTC) in words: "March 2026" / "Март 2026 г."; short: "Mar 2026" / "Мар. 2026 г."; inside a
 * sentence (`inText`) a Russian month keeps its small letter: "за май 2026 г.".
 */
export function formatMonth(month: string, lang: Language, style: 'long' | 'short' = 'long', inText = false): string {
  const [y, m] = month.split('-').map(Number);
  if (!y || !m) return month;
  const text = new Intl.DateTimeFormat(dateLocale(lang), { month: style, year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(y, m - 1, 1));
  // Russian month names stand alone in a table heading: "Март 2026 г.", not "марта".
  return lang === 'ru' && !inText ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}

/** A day (YYYY-MM-DD, UTC): "10 Mar 2026" / "10 мар. 2026 г.". */
export function formatDay(day: string, lang: Language): string {
  const time = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(time)) return day;
  return new Intl.DateTimeFormat(dateLocale(lang), { dateStyle: 'medium', timeZone: 'UTC' }).format(time);
}

/** A day on a chart's axis: "14 Mar" / "14 мар.". */
export function formatDayShort(day: string, lang: Language): string {
  const time = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(time)) return day;
  return new Intl.DateTimeFormat(dateLocale(lang), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(time);
}

/** The UTC day of an instant (YYYY-MM-DD). */
export const dayOfInstant = (iso: string): string => new Date(iso).toISOString().slice(0, 10);

/** A real calendar day written YYYY-MM-DD (what the date input gives and the API takes). */
export function isDay(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const time = Date.parse(`${text}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === text;
}

/** The month of a day (YYYY-MM). */
export const monthOfDay = (day: string): string => day.slice(0, 7);

/** The first and last day of a day's month: the default range of the invoices export. */
export function monthRange(day: string): { from: string; to: string } {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${day.slice(0, 7)}-01`, to: `${day.slice(0, 7)}-${String(last).padStart(2, '0')}` };
}
