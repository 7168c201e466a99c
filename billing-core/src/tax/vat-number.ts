/**
 * VAT numbers, checked offline by format and check digits with `jsvat-next` (no network), and the port an online check
 * in the EU's VIES may implement (docs/tax.md, "VAT numbers"). The result is evidence: it is recorded with the billing
 * details (and, by the lead's integration, with each sale) as it was answered, with its date.
 */
import { EU_MEMBER_STATES, isCountryCode, type CountryCode, type VatNumberCheck, type ViesAnswer } from '@relaycast/contracts';
import jsvat from 'jsvat-next';

type JsvatCountry = (typeof jsvat.countries)[number];

/** A tax input that cannot be used: `field` names it (`vatNumber`, `country`), `reason` says why (the HTTP layer makes a 400). */
export class TaxInputError extends Error {
  constructor(
    readonly field: string,
    readonly reason: string,
    /** What was broken, for the web to word in the reader's language (a FieldProblem's rule and params). */
    readonly rule?: string,
    readonly params?: Record<string, string>,
  ) {
    super(`${field} ${reason}`);
    this.name = 'TaxInputError';
  }
}

/** The checker of each country jsvat-next knows, by ISO 3166-1 alpha-2 code (its first code), and by VAT number prefix. */
const CHECKERS = new Map<string, JsvatCountry>(jsvat.countries.map((c) => [c.codes[0]!, c]));
/** The prefixes VAT numbers start with that are not their country's ISO code: Greece's EL, Northern Ireland's XI (UK VAT). */
const PREFIX_COUNTRY: Record<string, string> = { EL: 'GR', XI: 'GB' };
/** The prefix a country's VAT numbers start with, where it is not its ISO code. */
const COUNTRY_PREFIX: Record<string, string> = { GR: 'EL' };

/** The prefix a customer in `country` writes before their VAT number: DE for Germany, EL for Greece. */
export const vatPrefixOf = (country: string): string => COUNTRY_PREFIX[country] ?? country;

/** A VAT number as stored and compared: capital letters and digits only ("de 136.695-976" → "DE136695976"). */
export function compactVatNumber(raw: string): string {
  return raw.toUpperCase().replace(/[\s.\-/]+/g, '');
}

/** The country a VAT number's prefix names (DE → DE, EL → GR), or null when it starts with no known prefix. */
export function countryOfVatNumber(vatNumber: string): CountryCode | null {
  const compact = compactVatNumber(vatNumber);
  const prefix = compact.slice(0, 2);
  if (!/^[A-Z]{2}$/.test(prefix)) return null;
  const country = PREFIX_COUNTRY[prefix] ?? prefix;
  return CHECKERS.has(country) && isCountryCode(country) ? country : null;
}

/**
 * Checks a VAT number offline for a customer in `country` (or, without one, in the country its prefix names), at `at`.
 *
 * Refused (TaxInputError naming `vatNumber`): a number whose prefix is not the country's (in the EU the prefix is
 * required; outside it a number may be written without one); a number without a known prefix and no country; a number
 * that does not have the country's format. Accepted, with `offline`: `valid`;
 * `invalid` — the format is right but the check digits are not (a typo, or a number jsvat-next judges wrongly: kept, and
 * the customer is treated as a consumer with a notice, never refused); `unsupported` — a country jsvat-next has no
 * checker for (kept as given; never the ground of a reverse charge).
 */
export function checkVatNumber(raw: string, options: { country?: CountryCode; at: string }): VatNumberCheck {
  const vatNumber = compactVatNumber(raw);
  if (!/^[A-Z0-9]{2,32}$/.test(vatNumber)) throw new TaxInputError('vatNumber', 'must be letters and digits, its country prefix first (such as DE123456789)', 'vatChars');
  const prefixCountry = countryOfVatNumber(vatNumber);
  const country = options.country ?? prefixCountry;
  if (!country) throw new TaxInputError('vatNumber', 'must start with its country prefix (such as DE123456789)', 'vatPrefixMissing');
  const checker = CHECKERS.get(country);
  if (!checker) {
    // No checker for this country (outside the EU and the countries jsvat-next knows): kept as given.
    return { vatNumber, country, offline: 'unsupported', checkedAt: options.at };
  }
  const expected = vatPrefixOf(country);
  const eu = (EU_MEMBER_STATES as readonly string[]).includes(country);
  // A few countries' numbers may be written without a prefix (Norway's 123456789MVA, the UK's): their format says so.
  // Outside the EU the prefix is a VIES habit, not the way numbers are written (a Russian INN is its digits): there a
  // number without it is checked as if it had it, and kept as written.
  let checked = vatNumber;
  if (!vatNumber.startsWith(expected) && !checker.rules.regex.some((r) => r.test(vatNumber))) {
    if (eu || prefixCountry) throw new TaxInputError('vatNumber', `must start with ${expected} for a customer in ${country}`, 'vatPrefix', { prefix: expected, country });
    checked = expected + vatNumber;
  }
  const result = jsvat.checkVAT(checked, [checker]);
  if (!result.isValidFormat) throw new TaxInputError('vatNumber', `is not in the format of ${country}'s VAT numbers`, 'vatFormat', { country });
  return { vatNumber, country, offline: result.isValid ? 'valid' : 'invalid', checkedAt: options.at };
}

/**
 * The online check in VIES (the EU's VAT Information Exchange System), behind a port: the read API may implement it
 * with VIES's REST service; it is not reachable from here, so the default answers `unavailable`. Whatever it answers
 * is recorded with its date as evidence. `requester` is the seller's own VAT number, for a consultation number.
 */
export interface ViesPort {
  check(input: { vatNumber: string; country: CountryCode; requester?: string; now: string }): Promise<ViesAnswer>;
}

/** The default VIES port: no online check here; it says so, dated. */
export const viesUnavailable: ViesPort = {
  async check({ now }) {
    return { result: 'unavailable', checkedAt: now };
  },
};

/** A business is known as such when its number passed the offline check and VIES did not say it is unregistered. */
export function isValidBusinessNumber(check: VatNumberCheck | undefined): boolean {
  return check?.offline === 'valid' && check.vies?.result !== 'invalid';
}

/**
 * Asks VIES about a VAT number when the answer can matter: a number of an EU member state that passed the offline
 * check (VIES knows nothing else). A port that fails answers `unavailable`: a check never blocks anything.
 */
export async function askVies(port: ViesPort, input: { vatNumber: string; country: CountryCode; requester?: string; now: string }): Promise<ViesAnswer | undefined> {
  let check: VatNumberCheck;
  try {
    check = checkVatNumber(input.vatNumber, { country: input.country, at: input.now });
  } catch (error) {
    if (error instanceof TaxInputError) return undefined;
    throw error;
  }
  if (check.offline !== 'valid' || !(EU_MEMBER_STATES as readonly string[]).includes(check.country)) return undefined;
  try {
    return await port.check({ vatNumber: check.vatNumber, country: check.country, ...(input.requester ? { requester: input.requester } : {}), now: input.now });
  } catch {
    return { result: 'unavailable', checkedAt: input.now };
  }
}
