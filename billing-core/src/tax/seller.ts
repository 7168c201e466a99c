/**
 * The seller's tax identity (SELLER_COUNTRY, SELLER_VAT_NUMBER, TAX; read in read-api/src/config.ts and passed in —
 * never read from the environment here): where supplies are made from, its VAT number, and whether tax is computed.
 */
import { EU_MEMBER_STATES, isCountryCode, type CountryCode } from '@relaycast/contracts';
import jsvat from 'jsvat-next';
import { checkVatNumber, compactVatNumber, TaxInputError } from './vat-number.js';

export interface SellerTaxIdentity {
  /** ISO 3166-1 alpha-2: the country supplies are made from. */
  country: CountryCode;
  /** Compact (capital letters and digits), its country prefix first; checked at start. */
  vatNumber?: string;
  /** false with TAX=off: no tax is computed, no tax lines are made. */
  enabled: boolean;
}

/** Unset, the seller is in Estonia (the Cyprus office is not where supplies are made from) and VAT is computed. */
export const DEFAULT_SELLER_COUNTRY: CountryCode = 'EE';

const isEu = (value: string): boolean => (EU_MEMBER_STATES as readonly string[]).includes(value);

/**
 * Checks the seller's identity as configured. Refused (TaxInputError naming `country` or `vatNumber`): a country that
 * is not an ISO 3166-1 alpha-2 code; a VAT number that is malformed, whose prefix is not the country's, or whose check
 * digits are wrong. A seller outside the EU may give the EU number of the non-Union One Stop Shop (EU + 9 digits).
 */
export function sellerTaxIdentity(input: { country?: string; vatNumber?: string; enabled?: boolean }, at: string): SellerTaxIdentity {
  const country = (input.country ?? '').trim() || DEFAULT_SELLER_COUNTRY;
  if (!isCountryCode(country)) throw new TaxInputError('country', `must be an ISO 3166-1 alpha-2 country code such as EE (got "${country}")`);
  const enabled = input.enabled ?? true;
  const raw = (input.vatNumber ?? '').trim();
  if (!raw) return { country, enabled };
  const compact = compactVatNumber(raw);
  if (!isEu(country) && compact.startsWith('EU')) {
    const europe = jsvat.countries.find((c) => c.codes[0] === 'EU')!;
    const result = jsvat.checkVAT(compact, [europe]);
    if (!result.isValid) throw new TaxInputError('vatNumber', `fails the check of a non-Union One Stop Shop number (EU and 9 digits) (got "${raw}")`);
    return { country, vatNumber: compact, enabled };
  }
  const check = checkVatNumber(raw, { country, at });
  if (check.offline === 'invalid') throw new TaxInputError('vatNumber', `fails its check digits (got "${raw}")`);
  return { country, vatNumber: check.vatNumber, enabled };
}
