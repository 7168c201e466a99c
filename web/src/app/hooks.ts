import { createContext, useContext, useSyncExternalStore } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useTranslation } from 'react-i18next';
import type { Language } from '@relaycast/contracts/constants';
import type { AppDispatch, RootState } from './store.js';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/** The page language comes from the URL (/ru prefix), not from global i18n state, so SSR and hydration agree. */
export const LangContext = createContext<Language>('en');
export function useLang(): Language {
  return useContext(LangContext);
}

/** Translations in the page's language; suspends while a namespace loads. */
export function useT(ns?: string | readonly string[]) {
  const lng = useLang();
  return useTranslation(ns, { lng });
}

const noopSubscribe = () => () => {};
/** False while rendering on the server and during hydration, true afterwards (for browser-only extras). */
export function useHydrated(): boolean {
  return useSyncExternalStore(noopSubscribe, () => true, () => false);
}
