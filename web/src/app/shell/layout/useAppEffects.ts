import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from '../navigation.js';
import { COOKIE_NAMES, DEFAULT_LANGUAGE } from '@relaycast/contracts/constants';
import { readCookie } from '../cookies.js';
import { useAppDispatch, useLang } from '../hooks.js';
import { isLanguage, localizePath, preferredLanguage } from '../lang.js';
import { initCookieConsent, initTheme } from '../ui/actions.js';
import { navigated } from '../ui/uiSlice.js';

/** The language a first page view should switch to: the saved choice, else the browser's (from English pages). */
export function wantedLanguage(current: 'en' | 'ru', saved: string | null, browser: readonly string[]): 'en' | 'ru' | null {
  if (isLanguage(saved)) return saved === current ? null : saved;
  if (current !== DEFAULT_LANGUAGE) return null;
  const preferred = preferredLanguage(browser);
  return preferred && preferred !== current ? preferred : null;
}

/**
 * Where a first page view goes for the language the visitor chose (the cookie) or the browser prefers: this page in
 * that language, with its query and hash; null to stay.
 */
export function languageRedirect(lang: 'en' | 'ru', at: { pathname: string; search: string; hash: string }): string | null {
  const browser = navigator.languages?.length ? navigator.languages : [navigator.language];
  const wanted = wantedLanguage(lang, readCookie(COOKIE_NAMES.language), browser);
  return wanted ? localizePath(at.pathname, wanted) + at.search + at.hash : null;
}

/**
 * What happens once the prerendered page is hydrated: the theme, the cookie window and the language choice are
 * read from the browser (they cannot be known at build time), and route changes close open panels.
 */
export function useAppEffects({ site }: { site: boolean }) {
  const dispatch = useAppDispatch();
  const lang = useLang();
  const location = useLocation();
  const navigate = useNavigate();

  useEffect(() => {
    dispatch(initTheme());
    if (site) dispatch(initCookieConsent());
    const elsewhere = languageRedirect(lang, location);
    if (elsewhere) navigate(elsewhere, { replace: true });
    document.documentElement.setAttribute('data-hydrated', 'true');
    // Once per mount: these read the browser, not the route.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const firstPath = useRef(location.pathname);
  useEffect(() => {
    if (firstPath.current === location.pathname) return;
    firstPath.current = location.pathname;
    dispatch(navigated());
    if (location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [dispatch, location.pathname, location.hash]);

  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
}
