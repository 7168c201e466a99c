import type { Language } from '@relaycast/contracts/constants';
import type { TFunction } from '../../../app/shell/texts.js';
import { formatDay } from './format.js';
import type { FinanceOssReportView } from './types.js';

/**
 * The OSS report on screen (docs/tax.md, "The OSS report"): quarters, countries in the reader's language
 * (Intl.DisplayNames), rates as percentages, the table per member state and rate with each state's euro total, and
 * the exchange rate used — stale or not — in words. Never a code on screen where a word exists.
 */

export type OssLine = FinanceOssReportView['oss']['lines'][number];

const QUARTER = /^(\d{4})-Q([1-4])$/;
/** OSS returns began on 1 July 2021 (the One Stop Shop replaced the MOSS then): the first quarter offered. */
export const FIRST_OSS_YEAR = 2021;

export const isQuarter = (text: string): boolean => QUARTER.test(text);

/** The UTC calendar quarter of a day: 2026-02-14 → "2026-Q1". */
export function quarterOfDay(day: string): string {
  return `${day.slice(0, 4)}-Q${Math.floor((Number(day.slice(5, 7)) - 1) / 3) + 1}`;
}

/** A quarter's first and last days: "2024-Q1" → 2024-01-01 … 2024-03-31. */
export function quarterDays(quarter: string): { from: string; to: string } {
  const [, year, q] = QUARTER.exec(quarter) ?? [];
  const n = Number(q);
  const last = ['03-31', '06-30', '09-30', '12-31'][n - 1];
  return { from: `${year}-${String(3 * (n - 1) + 1).padStart(2, '0')}-01`, to: `${year}-${last}` };
}

/** The quarter before: "2024-Q1" → "2023-Q4". */
export function previousQuarter(quarter: string): string {
  const [, year, q] = QUARTER.exec(quarter) ?? [];
  return Number(q) === 1 ? `${Number(year) - 1}-Q4` : `${year}-Q${Number(q) - 1}`;
}

/** The quarter a return is filed for on a day: the last one that has ended ("2026-04-20" → "2026-Q1"). */
export const lastEndedQuarter = (today: string): string => previousQuarter(quarterOfDay(today));

/** The years the quarter picker offers: from the first OSS year to the year of today, newest first. */
export function quarterYears(today: string): number[] {
  const years: number[] = [];
  for (let y = Number(today.slice(0, 4)); y >= FIRST_OSS_YEAR; y--) years.push(y);
  return years;
}

/**
 * The day an OSS return and its payment are due: the last day of the month after the quarter (VAT Directive art.
 * 369f, 369i): 2024-Q1 → 2024-04-30, 2024-Q4 → 2025-01-31.
 */
export function filingDeadline(quarter: string): string {
  const [, year, q] = QUARTER.exec(quarter) ?? [];
  const n = Number(q);
  return n === 4 ? `${Number(year) + 1}-01-31` : `${year}-${['04-30', '07-31', '10-31'][n - 1]}`;
}

/** Whether a quarter is over on a day (else its figures can still change). */
export const quarterEnded = (quarter: string, today: string): boolean => quarterDays(quarter).to < today;

/** "Q1 2024 (1 Jan – 31 Mar 2024)" / "1-й квартал 2024 г. (…)". */
export function quarterWord(quarter: string, t: TFunction, lang: Language): string {
  const [, year, q] = QUARTER.exec(quarter) ?? [];
  const { from, to } = quarterDays(quarter);
  return t('oss.quarterName', { quarter: q, year, from: formatDay(from, lang), to: formatDay(to, lang) });
}

const regionNames = new Map<Language, Intl.DisplayNames>();
/** A country in the reader's language: DE → "Germany" / "Германия"; a code Intl does not know stays the code. */
export function countryName(code: string, lang: Language): string {
  let names = regionNames.get(lang);
  if (!names) regionNames.set(lang, (names = new Intl.DisplayNames([lang === 'ru' ? 'ru' : 'en'], { type: 'region', fallback: 'code' })));
  try {
    return names.of(code) ?? code;
  } catch {
    return code;
  }
}

/** A rate as a percentage in the reader's language: "0.19" → 19% / 19 %, "0.255" → 25.5% / 25,5 %. */
export function rateWord(rate: string, lang: Language): string {
  return new Intl.NumberFormat(lang === 'ru' ? 'ru-RU' : 'en-US', { style: 'percent', maximumFractionDigits: 4 }).format(Number(rate));
}

/** One member state of the OSS table: its lines (per rate and currency) and its euro total, named in the reader's language. */
export interface OssCountryGroup {
  country: string;
  name: string;
  lines: OssLine[];
  euro: { taxable: number; vat: number } | null;
}

/** The OSS lines grouped per member state, the states in the order of their names in the reader's language. */
export function ossCountryGroups(report: Pick<FinanceOssReportView, 'oss'>, lang: Language): OssCountryGroup[] {
  const groups = new Map<string, OssCountryGroup>();
  for (const line of report.oss.lines) {
    let group = groups.get(line.country);
    if (!group) groups.set(line.country, (group = { country: line.country, name: countryName(line.country, lang), lines: [], euro: null }));
    group.lines.push(line);
  }
  for (const c of report.oss.countries) {
    const group = groups.get(c.country);
    if (group) group.euro = { taxable: c.taxable, vat: c.vat };
  }
  const collator = new Intl.Collator(lang);
  return [...groups.values()].sort((a, b) => collator.compare(a.name, b.name));
}

/** Units of a currency for one euro, in the reader's language: "1.0749" → 1.0749 / 1,0749. */
const rateNumber = (rate: string, lang: Language) => new Intl.NumberFormat(lang === 'ru' ? 'ru-RU' : 'en-US', { maximumFractionDigits: 6 }).format(Number(rate));

/**
 * The exchange rates used, in sentences: each currency's ECB rate and the day it was published, for the quarter's last
 * day; when stale, that the rates held stop before it and which was used instead; a currency with no rate at all.
 */
export function exchangeSentences(report: Pick<FinanceOssReportView, 'exchangeRates' | 'unconverted' | 'to'>, t: TFunction, lang: Language): { text: string; stale: boolean }[] {
  const out = report.exchangeRates.map((x) => {
    const values = { currency: x.currency, rate: rateNumber(x.rate, lang), published: formatDay(x.published, lang), day: formatDay(x.day, lang) };
    if (x.stale) return { text: t('oss.rateStale', values), stale: true };
    return { text: t(x.published === x.day ? 'oss.rateOnDay' : 'oss.rateNextDay', values), stale: false };
  });
  for (const currency of report.unconverted) out.push({ text: t('oss.rateUnknown', { currency, day: formatDay(report.to, lang) }), stale: true });
  return out;
}

/** Why a document has no tax lines, in words. */
export const untaxedWord = (reason: string, t: TFunction): string => t(`oss.untaxedReasons.${reason}`, { defaultValue: t('oss.untaxedReasons.none') });

/** Which part of the report a correction belongs to, in words. */
export const correctionSectionWord = (section: string, t: TFunction): string => t(`oss.correctionSections.${section}`, { defaultValue: section });

/** How many documents made a line: "invoices: 2, credit notes: 1" (credit notes only when there are some). */
export function documentsWord(l: { invoices: { count: number }; creditNotes: { count: number } }, t: TFunction): string {
  const parts = l.invoices.count > 0 || l.creditNotes.count === 0 ? [t('oss.invoices', { n: l.invoices.count })] : [];
  if (l.creditNotes.count > 0) parts.push(t('oss.creditNotes', { n: l.creditNotes.count }));
  const text = parts.join(', ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Whether the report has anything at all in it. */
export const ossReportEmpty = (report: Pick<FinanceOssReportView, 'documents'>): boolean => report.documents.invoices + report.documents.creditNotes === 0;
