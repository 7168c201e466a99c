import { createContext, useContext, useEffect, useState } from 'react';
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
