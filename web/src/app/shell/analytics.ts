import { ANALYTICS_CONVERSION_EVENT, COOKIE_NAMES } from '@relaycast/contracts/constants';
import { readCookie } from './cookies.js';

/**
 * Measuring (the conversion event, and whatever tag manager reads it) only with the visitor's consent: the consent
 * cookie says "true". Refused ("false") or not answered yet, nothing is measured and no measuring cookie is set.
 */
export function measuringAllowed(cookies?: string): boolean {
  return readCookie(COOKIE_NAMES.consent, cookies) === 'true';
}

export interface ConversionEvent {
  event: typeof ANALYTICS_CONVERSION_EVENT;
  unitQuantity: number;
  /** The monthly self-hosted price of the configuration in US dollars (analytics tools expect a decimal value). */
  value: number;
  currency: 'USD';
}

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}
type AnalyticsWindow = { dataLayer?: unknown[] };

/**
 * Sends the conversion event (seed §7: "an analytics conversion event is sent when the unit quantity is
 * calculated") as a Google Tag Manager style dataLayer push. With no tag manager on the page the push lands in a
 * plain array and nothing else happens; outside a browser it is a no-op. Never throws.
 */
export function trackUnitQuantity(unitQuantity: number, monthlyCents: number, target?: AnalyticsWindow): ConversionEvent | null {
  const w = target ?? (typeof window === 'undefined' ? undefined : window);
  if (!w) return null;
  const event: ConversionEvent = {
    event: ANALYTICS_CONVERSION_EVENT,
    unitQuantity,
    value: monthlyCents / 100,
    currency: 'USD',
  };
  try {
    if (!Array.isArray(w.dataLayer)) w.dataLayer = [];
    w.dataLayer.push(event);
    return event;
  } catch {
    return null;
  }
}
