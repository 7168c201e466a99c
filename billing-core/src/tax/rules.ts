/**
 * Tax rules as data with effective dates, in one place (issue 35; docs/tax.md, "The rates").
 *
 * The standard VAT rate of each EU member state for electronically supplied services comes from the npm package
 * `sales-tax`: its data file (res/sales_tax_rates.json) keeps a country's current rate and, under `before`, the rates
 * that applied before given instants. Only that file is read — never the package's "current date" functions: a rate is
 * always asked for the date of a sale. Our own table (own-rules.json) is merged over it: an entry there gives one
 * country's whole timeline and replaces the package's (corrections of the package's dates, and other countries' taxes
 * on foreign e-services — the UK, Norway, Russia — collected only once the seller is registered there). Adding a
 * country's rule is a data change, no code.
 *
 * A rate change applies from its instant: a sale at or after it uses the new rate, a sale before it the old one.
 */
import { createRequire } from 'node:module';
import { EU_MEMBER_STATES } from '@relaycast/contracts';
import ownRulesFile from './own-rules.json' with { type: 'json' };
import { decimalString } from './arithmetic.js';

/** One rate and the instant it applies from (ISO 8601, UTC); `from: null` — since always (the first of a timeline). */
export interface RateChange {
  from: string | null;
  rate: string;
}

/** A country's tax on e-services: its rates over time, and whether the seller collects it. */
export interface CountryTaxRule {
  country: string;
  /** `EU` for a member state's VAT (collected through the One Stop Shop); otherwise the name of the country's own tax. */
  scheme: string;
  /** EU VAT: always. Another country's tax: only once the seller is registered there (own-rules.json). */
  collect: boolean;
  /** In order of `from`; the first `from` is null. */
  changes: readonly RateChange[];
  /** Where the timeline comes from. */
  source: 'sales-tax' | 'own-rules';
  note?: string;
}

/** The rules a tax decision reads: per country, and which countries are EU member states. */
export interface TaxRules {
  countries: ReadonlyMap<string, CountryTaxRule>;
  euMemberStates: ReadonlySet<string>;
}

/** A rule of our own as own-rules.json writes it. */
export interface OwnRule {
  country: string;
  scheme: string;
  collect: boolean;
  changes: RateChange[];
  note?: string;
}

/**
 * sales-tax's data files, read through require: the service bundles keep npm packages external, and an external
 * `import … with { type: 'json' }` loses its attribute in the bundle (Node then refuses it).
 */
const requireFromHere = createRequire(import.meta.url);
const salesTaxRates: unknown = requireFromHere('sales-tax/res/sales_tax_rates.json');
const salesTaxRegions: unknown = requireFromHere('sales-tax/res/region_countries.json');

/** The shape of sales-tax's data file, as far as it is read here. */
interface LibraryRate {
  type: string;
  rate: number;
  before?: Record<string, { type: string; rate: number }>;
}
export type LibraryRates = Record<string, LibraryRate | undefined>;

/** A tax data file that cannot be read as rules: names the country and what is wrong. */
export class TaxRulesError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TaxRulesError';
  }
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z$/;
const RATE = /^(?:0|0\.\d{0,5}[1-9])$/;

/** sales-tax's timeline of one country: each `before` instant ends the rate listed under it; the top-level rate is the latest. */
export function libraryTimeline(country: string, entry: LibraryRate): RateChange[] {
  const befores = Object.entries(entry.before ?? {})
    .map(([instant, earlier]) => {
      const at = Date.parse(instant);
      if (Number.isNaN(at)) throw new TaxRulesError(`sales-tax: ${country} has an unreadable date "${instant}"`);
      return { at, rate: earlier.rate };
    })
    .sort((a, b) => a.at - b.at);
  const changes: RateChange[] = [];
  let from: string | null = null;
  for (const b of befores) {
    changes.push({ from, rate: decimalString(b.rate) });
    from = new Date(b.at).toISOString();
  }
  changes.push({ from, rate: decimalString(entry.rate) });
  return changes;
}

function checkOwnRule(rule: OwnRule, euMemberStates: ReadonlySet<string>): void {
  const where = `own tax rule ${JSON.stringify(rule.country)}`;
  if (typeof rule.country !== 'string' || !/^[A-Z]{2}$/.test(rule.country)) throw new TaxRulesError(`${where}: country must be an ISO 3166-1 alpha-2 code`);
  if (typeof rule.scheme !== 'string' || !rule.scheme) throw new TaxRulesError(`${where}: scheme is missing`);
  if (typeof rule.collect !== 'boolean') throw new TaxRulesError(`${where}: collect must be true or false`);
  const eu = euMemberStates.has(rule.country);
  if (eu !== (rule.scheme === 'EU')) throw new TaxRulesError(`${where}: scheme EU is for the EU member states, and theirs is EU`);
  if (eu && !rule.collect) throw new TaxRulesError(`${where}: EU VAT is always collected (collect: true)`);
  if (!Array.isArray(rule.changes) || rule.changes.length === 0) throw new TaxRulesError(`${where}: changes is empty`);
  let previous = -Infinity;
  rule.changes.forEach((change, i) => {
    if (typeof change.rate !== 'string' || !RATE.test(change.rate)) throw new TaxRulesError(`${where}: changes[${i}].rate must be a decimal such as "0.2" (got ${JSON.stringify(change.rate)})`);
    if (i === 0) {
      if (change.from !== null) throw new TaxRulesError(`${where}: changes[0].from must be null (the rate since always)`);
      return;
    }
    if (typeof change.from !== 'string' || !ISO_INSTANT.test(change.from)) throw new TaxRulesError(`${where}: changes[${i}].from must be an instant such as "2025-06-30T21:00:00.000Z"`);
    const at = Date.parse(change.from);
    if (!(at > previous)) throw new TaxRulesError(`${where}: changes must be in order of from`);
    previous = at;
  });
}

/**
 * The rules: sales-tax's EU rates with our own rules merged over them. Tests pass other data (another country's rule,
 * a bad file); the application uses TAX_RULES.
 */
export function createTaxRules(options: { own?: readonly OwnRule[]; library?: LibraryRates; euMemberStates?: readonly string[] } = {}): TaxRules {
  const library = options.library ?? (salesTaxRates as LibraryRates);
  const euMemberStates = new Set(options.euMemberStates ?? EU_MEMBER_STATES);
  const countries = new Map<string, CountryTaxRule>();
  for (const country of euMemberStates) {
    const entry = library[country];
    if (!entry || entry.type !== 'vat') throw new TaxRulesError(`sales-tax has no VAT rate for the member state ${country}`);
    countries.set(country, { country, scheme: 'EU', collect: true, changes: libraryTimeline(country, entry), source: 'sales-tax' });
  }
  for (const rule of options.own ?? (ownRulesFile.rules as OwnRule[])) {
    checkOwnRule(rule, euMemberStates);
    if (countries.get(rule.country)?.source === 'own-rules') throw new TaxRulesError(`own tax rule "${rule.country}" is listed twice`);
    countries.set(rule.country, {
      country: rule.country,
      scheme: rule.scheme,
      collect: rule.collect,
      changes: rule.changes.map((c) => ({ from: c.from, rate: c.rate })),
      source: 'own-rules',
      ...(rule.note ? { note: rule.note } : {}),
    });
  }
  return { countries, euMemberStates };
}

/** The package's list of EU member states (held against ours in rules.spec.ts). */
export const SALES_TAX_EU_LIST: readonly string[] = (salesTaxRegions as { EU: string[] }).EU;

/** The rules the application uses: sales-tax's rates with own-rules.json over them. */
export const TAX_RULES: TaxRules = createTaxRules();

function instant(at: string | Date): number {
  const ms = at instanceof Date ? at.getTime() : Date.parse(at);
  if (Number.isNaN(ms)) throw new RangeError(`not a date: ${String(at)}`);
  return ms;
}

/** A country's rate at an instant, with the instant it has applied from (null: since always). */
export interface RateOnDate {
  country: string;
  scheme: string;
  rate: string;
  since: string | null;
}

/**
 * The rate of a country's tax that the seller collects, at an instant (a sale's date): the last change at or before
 * it. Null when the seller collects no tax there (outside the EU, or a country whose tax is not collected).
 */
export function rateOn(rules: TaxRules, country: string, at: string | Date): RateOnDate | null {
  const rule = rules.countries.get(country);
  if (!rule || !rule.collect) return null;
  const t = instant(at);
  let current = rule.changes[0]!;
  for (const change of rule.changes) {
    if (change.from !== null && Date.parse(change.from) > t) break;
    current = change;
  }
  return { country, scheme: rule.scheme, rate: current.rate, since: current.from };
}

export const isEuMemberState = (rules: TaxRules, country: string): boolean => rules.euMemberStates.has(country);
