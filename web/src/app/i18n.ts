import i18next, { type BackendModule, type i18n as I18n, type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, type Language } from '@relaycast/contracts/constants';
import { COMMON_NS } from './shell/texts.js';

export { COMMON_NS };

/**
 * One i18next instance per app (per render on the server). Texts live in src/locales/<lang>/<namespace>.json.
 * The texts of the app's build (app/seams.tsx implements the shell's texts with it); the page language is passed to
 * useTranslation from the URL (useT), so nothing here depends on detection.
 * Russian and English files must have the same keys (locales.spec.ts checks it), so there is no fallback
 * language: a Russian page never needs the English files.
 */
export function createI18n(lng: Language, resources: Resource, backend?: BackendModule): I18n {
  const instance = i18next.createInstance();
  if (backend) instance.use(backend);
  instance.use(initReactI18next);
  void instance.init({
    lng,
    supportedLngs: LANGUAGES,
    fallbackLng: false,
    ns: [COMMON_NS],
    defaultNS: COMMON_NS,
    resources,
    partialBundledLanguages: true,
    initAsync: false,
    returnEmptyString: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: true, bindI18n: false, bindI18nStore: false },
  });
  return instance;
}

/**
 * An i18next backend that fetches a namespace's JSON file from `${base}/<lang>/<ns>.json?v=<version>` (the
 * build publishes src/locales as /locales; the dev server serves them from /src/locales).
 */
export function fetchBackend(base: string, version: string): BackendModule {
  return {
    type: 'backend',
    init() {},
    read(language, namespace, callback) {
      if (!/^[a-z-]+$/i.test(language) || !/^[a-z0-9-]+$/i.test(namespace)) {
        callback(new Error(`No translations for ${language}/${namespace}`), false);
        return;
      }
      const url = `${base}/${language}/${namespace}.json?v=${version}`;
      fetch(url)
        .then((res) => (res.ok ? res.json() : Promise.reject(new Error(`${res.status} for ${url}`))))
        .then((data) => callback(null, data), (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), false));
    },
  };
}

interface BackendConnector {
  load(languages: string[], namespaces: string[], callback: (err?: unknown) => void): void;
}

/** Loads namespaces of one language (not necessarily i18n.language) through the backend; resolves when done. */
export function loadNamespacesFor(i18n: I18n, lng: string, namespaces: readonly string[]): Promise<void> {
  const missing = namespaces.filter((ns) => !i18n.hasResourceBundle(lng, ns));
  const connector: BackendConnector | undefined = i18n.services.backendConnector;
  if (missing.length === 0 || !connector) return Promise.resolve();
  return new Promise((resolve) => connector.load([lng], missing, () => resolve()));
}
