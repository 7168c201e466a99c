import { useLang, useT } from '../../../app/hooks.js';

/**
 * A whole namespace as a typed object (structured content: sections, FAQs, feature lists). Suspends until the
 * namespace is loaded. The locale files are trusted build inputs; locales.spec.ts checks their shape.
 */
export function useContent<T>(ns: string): T {
  const lang = useLang();
  const { i18n } = useT(ns);
  const bundle: T | undefined = i18n.getResourceBundle(lang, ns);
  if (!bundle) throw new Error(`Missing locale namespace ${lang}/${ns}`);
  return bundle;
}
