/**
 * The part of react-i18next the public pages use, over the small i18next of ./i18next.ts: the public build
 * resolves `react-i18next` here. Texts are there before hydration (embedded in the HTML), so nothing suspends.
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import type { I18nInstance, TFunction } from './i18next.js';

const I18nContext = createContext<I18nInstance | null>(null);

export const initReactI18next = { type: '3rdParty' as const, init() {} };

export function I18nextProvider({ i18n, children }: { i18n: I18nInstance; children?: ReactNode }) {
  return <I18nContext.Provider value={i18n}>{children}</I18nContext.Provider>;
}

const pending = new Map<string, Promise<void>>();
function loading(i18n: I18nInstance, lng: string, namespaces: readonly string[]): Promise<void> {
  const key = `${lng}|${namespaces.join('|')}`;
  let promise = pending.get(key);
  if (!promise) {
    promise = new Promise<void>((resolve) => i18n.services.backendConnector?.load([lng], [...namespaces], () => resolve()));
    pending.set(key, promise);
  }
  return promise;
}

export function useTranslation(ns?: string | readonly string[], options: { lng?: string } = {}): { t: TFunction; i18n: I18nInstance; ready: true } {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useTranslation outside I18nextProvider');
  const key = ns === undefined ? '' : typeof ns === 'string' ? ns : ns.join('\n');
  const lng = options.lng ?? i18n.language;
  // A namespace the page did not embed (a part loaded later) suspends while the backend fetches it, as i18next does.
  const missing = (ns === undefined ? [] : typeof ns === 'string' ? [ns] : ns).filter((n) => !i18n.hasResourceBundle(lng, n));
  if (missing.length > 0 && i18n.services.backendConnector) throw loading(i18n, lng, missing);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const t = useMemo(() => i18n.getFixedT(lng, ns), [i18n, lng, key]);
  return { t, i18n, ready: true };
}
