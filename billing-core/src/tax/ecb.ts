/**
 * The ECB's euro foreign exchange reference rates, held as data (ecb-rates.json; no network here), for the VAT in euros
 * an invoice in another currency must show (docs/tax.md, "VAT in euros"). Rates are kept as the ECB publishes them:
 * units of the currency for one euro ("1.0956" US dollars), by the day they were published (YYYY-MM-DD).
 *
 * `through` is the day the table is complete to (the latest day of the ECB file it was last updated from): for a day
 * up to it, the last rate published on or before that day is known; for a later day it is not, and nothing is guessed.
 * `npm run ecb-rates -w billing-core -- <eurofxref-hist.csv|.xml>` brings the table up to date (ecb-cli.ts).
 */
import ecbRatesFile from './ecb-rates.json' with { type: 'json' };
import { toEuroCents } from './arithmetic.js';

export interface EcbRateTable {
  /** Where the rates come from. */
  source: string;
  /** The day the table is complete to (YYYY-MM-DD). */
  through: string;
  /** Per currency: day → units of the currency for one euro. */
  rates: Record<string, Record<string, string>>;
}

export const ECB_RATES: EcbRateTable = ecbRatesFile as EcbRateTable;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const RATE = /^\d+(?:\.\d+)?$/;

/** No ECB rate is known for that day: before the table's first rate, or after the day it is complete to. */
export class EcbRateUnknownError extends Error {
  constructor(
    readonly currency: string,
    readonly day: string,
    readonly through: string,
  ) {
    super(`No ECB reference rate for ${currency} is known on or before ${day} (the table is complete to ${through}): update it with npm run ecb-rates -w billing-core -- <eurofxref-hist file>`);
    this.name = 'EcbRateUnknownError';
  }
}

/** The calendar day (UTC) of a date: "2025-07-01" as it is, "2025-07-01T10:00:00Z" → "2025-07-01". */
export function dayOf(at: string | Date): string {
  if (typeof at === 'string' && DAY.test(at)) return at;
  const ms = at instanceof Date ? at.getTime() : Date.parse(at);
  if (Number.isNaN(ms)) throw new RangeError(`not a date: ${String(at)}`);
  return new Date(ms).toISOString().slice(0, 10);
}

/** An ECB rate and the day it was published. */
export interface EcbRate {
  currency: string;
  /** Units of the currency for one euro. */
  rate: string;
  /** The day the rate was published (on or before the day asked). */
  published: string;
}

/** The last rate the ECB published for a currency on or before a day; null when the table cannot say. */
export function ecbRateOn(currency: string, at: string | Date, table: EcbRateTable = ECB_RATES): EcbRate | null {
  const day = dayOf(at);
  if (currency === 'EUR') return { currency, rate: '1', published: day };
  if (day > table.through) return null;
  const byDay = table.rates[currency];
  if (!byDay) return null;
  let best: string | null = null;
  for (const d of Object.keys(byDay)) if (d <= day && (best === null || d > best)) best = d;
  return best === null ? null : { currency, rate: byDay[best]!, published: best };
}

/** An amount's VAT in euros: the euro cents, and the rate and its day used. */
export interface VatInEuros extends EcbRate {
  euroCents: number;
}

/**
 * The VAT in euros at the ECB rate of a day (the last rate published on or before it), half-up to the euro cent:
 * 1501 US cents on a day whose rate is "1.1787" → 1273 euro cents. Throws EcbRateUnknownError when the table cannot say.
 */
export function vatInEuros(amountCents: number, currency: string, at: string | Date, table: EcbRateTable = ECB_RATES): VatInEuros {
  const rate = ecbRateOn(currency, at, table);
  if (!rate) throw new EcbRateUnknownError(currency, dayOf(at), table.through);
  return { ...rate, euroCents: toEuroCents(amountCents, rate.rate) };
}

/**
 * The VAT in euros for a document: at the ECB rate of its day, or — when the table has not been updated to that day
 * (no network here: `npm run ecb-rates -w billing-core -- <file>`) — at the latest rate it has, said so (`stale`): a
 * document is never refused for it, and the administrator is told to update the rates.
 */
export function vatInEurosForDocument(amountCents: number, currency: string, at: string | Date, table: EcbRateTable = ECB_RATES): (VatInEuros & { stale: boolean }) | null {
  const rate = ecbRateOn(currency, at, table) ?? ecbRateOn(currency, table.through, table);
  if (!rate) return null;
  return { ...rate, euroCents: toEuroCents(amountCents, rate.rate), stale: dayOf(at) > table.through };
}

/** The rate a tax return converts at, the day it was for, and whether the table held it (`stale`: it did not). */
export interface PeriodEndRate extends EcbRate {
  /** The period's last day, whose rate the return asks for. */
  day: string;
  /** The table does not yet hold the rate for `day`: the latest rate it holds was taken instead (update the table). */
  stale: boolean;
}

/**
 * The rate a VAT return for a period converts at (the VAT Directive, article 369h(2) for the Union One Stop Shop,
 * 366(2) for the non-Union one): the rate the ECB published on the period's last day, or — when it published none
 * that day (a weekend, a holiday) — the next it published. 2024-Q1 ends on Sunday 31 March; Good Friday and Easter
 * Monday had no rate either, so the return takes Tuesday 2 April's. When the table does not yet hold that publication
 * (not updated since, or the period not over), the latest rate it holds, said `stale`: a report is never refused for
 * it, and says so. Null when the table holds no rate of that currency on or before the day (nothing to fall back on:
 * a period before the table starts).
 */
export function ecbRateForPeriodEnd(currency: string, lastDay: string, table: EcbRateTable = ECB_RATES): PeriodEndRate | null {
  const day = dayOf(lastDay);
  if (currency === 'EUR') return { currency, rate: '1', published: day, day, stale: false };
  const byDay = table.rates[currency];
  if (!byDay) return null;
  let first: string | null = null;
  let next: string | null = null;
  let latest: string | null = null;
  for (const d of Object.keys(byDay)) {
    if (first === null || d < first) first = d;
    if (d >= day && d <= table.through && (next === null || d < next)) next = d;
    if (d <= table.through && (latest === null || d > latest)) latest = d;
  }
  // The table must reach back to the day itself, or a publication between the day and its first rate could be missing.
  if (first === null || first > day) return null;
  if (next !== null && daysApart(day, next) <= MAX_DAYS_BETWEEN_PUBLICATIONS) return { currency, rate: byDay[next]!, published: next, day, stale: false };
  return latest === null ? null : { currency, rate: byDay[latest]!, published: latest, day, stale: true };
}

const daysApart = (from: string, to: string): number => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** Rates read from an ECB file: per currency, day → rate; and the first and latest days the file covers. */
export interface EcbFileRates {
  rates: Map<string, Map<string, string>>;
  earliest: string;
  latest: string;
}

/** A file that is not the ECB's reference rates (CSV or XML): says where. */
export class EcbFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'EcbFileError';
  }
}

function put(rates: Map<string, Map<string, string>>, currency: string, day: string, value: string, where: string): void {
  if (!DAY.test(day) || Number.isNaN(Date.parse(day))) throw new EcbFileError(`${where}: "${day}" is not a day (YYYY-MM-DD)`);
  if (value === 'N/A' || value === '') return;
  if (!RATE.test(value) || Number(value) <= 0) throw new EcbFileError(`${where}: the ${currency} rate "${value}" is not a positive decimal`);
  if (!/^[A-Z]{3}$/.test(currency)) throw new EcbFileError(`${where}: "${currency}" is not a currency code`);
  let byDay = rates.get(currency);
  if (!byDay) rates.set(currency, (byDay = new Map()));
  byDay.set(day, value);
}

/** eurofxref-hist.csv (or the daily eurofxref.csv): "Date,USD,JPY,…" then one line a day, N/A where none. */
function parseCsv(text: string): Map<string, Map<string, string>> {
  const lines = text.split(/\r?\n/).filter((l) => l.trim() !== '');
  const header = lines.shift()?.split(',').map((h) => h.trim());
  if (!header || header[0] !== 'Date') throw new EcbFileError('line 1: an ECB CSV file starts with "Date," and the currencies');
  const rates = new Map<string, Map<string, string>>();
  lines.forEach((line, i) => {
    const cells = line.split(',').map((c) => c.trim());
    const day = cells[0]!;
    for (let c = 1; c < header.length; c++) if (header[c]) put(rates, header[c]!, day, cells[c] ?? '', `line ${i + 2}`);
  });
  return rates;
}

/** eurofxref-hist.xml (or eurofxref-daily.xml): <Cube time="…"> holding <Cube currency="…" rate="…"/>. */
function parseXml(text: string): Map<string, Map<string, string>> {
  if (!/<gesmes:Envelope|<Cube/.test(text)) throw new EcbFileError('not an ECB XML file (no <Cube> elements)');
  const rates = new Map<string, Map<string, string>>();
  const dayBlock = /<Cube\s+time\s*=\s*["']([^"']+)["']\s*>([\s\S]*?)<\/Cube>\s*(?=<Cube\s+time|<\/Cube>)/g;
  const rateCube = /<Cube\s+currency\s*=\s*["']([^"']+)["']\s+rate\s*=\s*["']([^"']+)["']\s*\/>/g;
  for (const block of text.matchAll(dayBlock)) {
    for (const r of block[2]!.matchAll(rateCube)) put(rates, r[1]!, block[1]!, r[2]!, `<Cube time="${block[1]}">`);
  }
  return rates;
}

/** Reads an ECB reference rate file, CSV or XML, as downloaded from the ECB. */
export function parseEcbFile(text: string): EcbFileRates {
  const body = text.replace(/^\uFEFF/, '').trimStart();
  const rates = body.startsWith('<') ? parseXml(body) : parseCsv(body);
  let latest = '';
  let earliest = '';
  for (const byDay of rates.values()) {
    for (const d of byDay.keys()) {
      if (d > latest) latest = d;
      if (!earliest || d < earliest) earliest = d;
    }
  }
  if (!latest) throw new EcbFileError('the file holds no rates');
  return { rates, earliest, latest };
}

/** The ECB publishes every TARGET working day: two publications are never more than five days apart (Easter). */
const MAX_DAYS_BETWEEN_PUBLICATIONS = 5;
const addDays = (day: string, days: number): string => new Date(Date.parse(day) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The table updated from an ECB file: the file's rates of `currencies` (from `since` on, when given) added to the
 * table's, a day in both taking the file's; `through` moves to the file's latest day, or to `asOf` (the day the file
 * was downloaded: a weekend's invoices then have Friday's rate) when that is later. A file that starts more than five
 * days after the table ends would leave a gap the ECB never leaves, and is refused: use the full history file.
 * Returns the new table and how many rates were added or changed.
 */
export function mergeEcbRates(table: EcbRateTable, file: EcbFileRates, options: { currencies: readonly string[]; since?: string; asOf?: string }): { table: EcbRateTable; added: number; changed: number } {
  if (table.through && file.earliest > addDays(table.through, MAX_DAYS_BETWEEN_PUBLICATIONS)) {
    throw new EcbFileError(`the file starts on ${file.earliest}, more than ${MAX_DAYS_BETWEEN_PUBLICATIONS} days after the table ends (${table.through}): the days between would be missing — use the ECB's full history file (eurofxref-hist)`);
  }
  if (options.asOf !== undefined && (!DAY.test(options.asOf) || options.asOf < file.latest)) throw new EcbFileError(`asOf must be a day (YYYY-MM-DD) on or after the file's latest day ${file.latest}`);
  let added = 0;
  let changed = 0;
  const rates: Record<string, Record<string, string>> = {};
  for (const [currency, byDay] of Object.entries(table.rates)) rates[currency] = { ...byDay };
  for (const currency of options.currencies) {
    const fromFile = file.rates.get(currency);
    if (!fromFile) throw new EcbFileError(`the file has no ${currency} rates`);
    const into = (rates[currency] ??= {});
    for (const [day, value] of fromFile) {
      if (options.since && day < options.since) continue;
      if (into[day] === undefined) added++;
      else if (into[day] !== value) changed++;
      into[day] = value;
    }
  }
  // Days in order, newest last, so a diff of the data file reads as the days added.
  for (const currency of Object.keys(rates)) rates[currency] = Object.fromEntries(Object.entries(rates[currency]!).sort(([a], [b]) => (a < b ? -1 : 1)));
  const fileThrough = options.asOf ?? file.latest;
  const through = fileThrough > table.through ? fileThrough : table.through;
  return { table: { source: table.source, through, rates }, added, changed };
}
