import { useEffect, useRef } from 'react';
import { measuringAllowed, trackUnitQuantity } from '../../app/shell/analytics.js';

/** Debounce of the conversion event while a slider moves. */
export const CONVERSION_DEBOUNCE_MS = 400;

/**
 * Sends the analytics conversion event when the visitor's input produced a (new) unit quantity — only when the
 * visitor accepted measuring (the cookie notice). The first render (the defaults) is not a conversion; a slider
 * drag sends one event once it settles.
 */
export function useConversionTracking(unitQuantity: number, monthlyCents: number) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => {
      if (measuringAllowed()) trackUnitQuantity(unitQuantity, monthlyCents);
    }, CONVERSION_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [unitQuantity, monthlyCents]);
}
