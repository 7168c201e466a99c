import { useLang } from '../../../app/shell/hooks.js';
import { useTexts } from '../../../app/shell/texts.js';

/**
 * A whole namespace as a typed object (structured content: sections, FAQs, feature lists). In the app, suspends
 * until the namespace is loaded. The locale files are trusted build inputs; locales.spec.ts checks their shape.
 */
export function useContent<T>(ns: string): T {
  const lang = useLang();
  const bundle = useTexts().useNamespace(ns, lang) as T | undefined;
  if (!bundle) throw new Error(`Missing locale namespace ${lang}/${ns}`);
  return bundle;
}
