import { COOKIE_NAMES, type Language } from '@relaycast/contracts/constants';
import { readCookie, writeCookie } from '../cookies.js';
import type { AppDispatch } from '../store.js';
import { cookieConsentAccepted, cookieConsentRefused, cookieWindowShown, themeSet, type Theme } from './uiSlice.js';

/** Accepting cookies saves the consent cookie (true, 30 days, path /) and hides the window (seed §4, §9). */
export const acceptCookieConsent = () => (dispatch: AppDispatch) => {
  writeCookie(COOKIE_NAMES.consent, 'true');
  dispatch(cookieConsentAccepted());
};

/**
 * Refusing is as easy as accepting: one click saves the refusal (the consent cookie "false", 30 days, so the question
 * is not asked again on every page) and hides the window; nothing is measured (analytics.ts asks `measuringAllowed`).
 */
export const refuseCookieConsent = () => (dispatch: AppDispatch) => {
  writeCookie(COOKIE_NAMES.consent, 'false');
  dispatch(cookieConsentRefused());
};

/** Shows the cookie window unless the visitor answered before (accepted or refused). */
export const initCookieConsent = () => (dispatch: AppDispatch) => {
  const answer = readCookie(COOKIE_NAMES.consent);
  if (answer !== 'true' && answer !== 'false') dispatch(cookieWindowShown());
};

function isTheme(value: unknown): value is Theme {
  return value === 'light' || value === 'dark';
}

/** The theme the head script painted: the saved choice, else the system preference (prefers-color-scheme). */
export function detectTheme(): Theme {
  const painted = document.documentElement.getAttribute('data-theme');
  if (isTheme(painted)) return painted;
  const saved = readCookie(COOKIE_NAMES.theme) ?? safeLocalStorageGet(COOKIE_NAMES.theme);
  if (isTheme(saved)) return saved;
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
}

function safeLocalStorageGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

export const initTheme = () => (dispatch: AppDispatch) => {
  dispatch(themeSet(detectTheme()));
};

/** An explicit theme choice is applied at once and persisted (cookie for the head script, localStorage too). */
export const chooseTheme = (theme: Theme) => (dispatch: AppDispatch) => {
  document.documentElement.setAttribute('data-theme', theme);
  writeCookie(COOKIE_NAMES.theme, theme);
  try {
    localStorage.setItem(COOKIE_NAMES.theme, theme);
  } catch {
    // Storage may be disabled; the cookie is enough.
  }
  dispatch(themeSet(theme));
};

/** Remembers the visitor's language choice; the selector then navigates to the page in that language. */
export function rememberLanguage(lang: Language): void {
  writeCookie(COOKIE_NAMES.language, lang);
}
