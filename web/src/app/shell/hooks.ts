import { createContext, useContext, useEffect, useState } from 'react';
import type { Language } from '@relaycast/contracts/constants';
import { useStateAccess } from './state.js';
import type { AppDispatch, RootState } from './store.js';
import { COMMON_NS, useTexts, type TFunction } from './texts.js';

export function useAppDispatch(): AppDispatch {
  return useStateAccess().useDispatch();
}

export function useAppSelector<T>(selector: (state: RootState) => T): T {
  return useStateAccess().useSelector(selector);
}

/** The page language comes from the URL (/ru prefix), not from global i18n state, so SSR and hydration agree. */
export const LangContext = createContext<Language>('en');
export function useLang(): Language {
  return useContext(LangContext);
}

/** Texts of these namespaces (the common one by default) in the page's language; in the app, suspends while one loads. */
export function useT(ns: string | readonly string[] = COMMON_NS): { t: TFunction } {
  const lng = useLang();
  return { t: useTexts().useT(typeof ns === 'string' ? [ns] : ns, lng) };
}

/**
 * False on the server and during hydration, true from the first effect on. Use it in small leaf components
 * only: the switch re-renders the component that calls it (a useSyncExternalStore-based flag would re-render
 * synchronously, which is what we avoid at the top of the tree).
 */
export function useMounted(): boolean {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted;
}
