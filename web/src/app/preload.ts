import type { i18n as I18n } from 'i18next';
import type { Language } from '@relaycast/contracts/constants';

/**
 * Starts loading a site page's code and texts before it is opened (a link hovered or focused). The route table
 * registers the loader (app/App.tsx): links import this leaf module, not the table, so no import cycle runs from
 * the pages (which render links) back to the table that loads them.
 */
type Preloader = (pathname: string, lang: Language, i18n: I18n) => void;
let preloader: Preloader | null = null;

export function registerPreloader(fn: Preloader): void {
  preloader = fn;
}

export function preloadPage(pathname: string, lang: Language, i18n: I18n): void {
  preloader?.(pathname, lang, i18n);
}
