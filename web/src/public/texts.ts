import type { Language } from '@relaycast/contracts/constants';
import type { Resources, TFunction, TextOptions, Texts } from '../app/shell/texts.js';

/**
 * The shell's texts (app/shell/texts.ts) on the public pages' islands: the texts the page embeds, looked up as
 * i18next does with the app's settings (app/i18n.ts) — `.` between levels (or a flat key with dots), `ns:key`,
 * `{{value}}` placeholders (not escaped: React escapes), `count` choosing `key_<plural form>`, `defaultValue`, an
 * empty text counting as missing, no fallback language. Nothing loads: an island's namespaces are the page's.
 * public/texts.spec.tsx compares it with i18next and react-i18next on every text of the site.
 */

function find(obj: unknown, key: string): unknown {
  if (obj === null || typeof obj !== 'object') return undefined;
  const record = obj as Record<string, unknown>;
  if (key in record) return record[key];
  const parts = key.split('.');
  // A key with dots may also be a flat key at a deeper level ("a.b.c" → a["b.c"]).
  for (let i = 1; i < parts.length; i++) {
    const head = parts.slice(0, i).join('.');
    if (head in record) {
      const found = find(record[head], parts.slice(i).join('.'));
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

function interpolate(text: string, values: TextOptions): string {
  return text.replace(/\{\{(-?)\s*([^}]+?)\s*\}\}/g, (match, _raw: string, name: string) => {
    const value = name in values ? values[name] : find(values, name);
    // As i18next: a placeholder without a value stays as written.
    return value === undefined || value === null ? match : String(value);
  });
}

/** `t` over `resources` in `lng`, looking in `defaultNs` unless the key or the options name namespaces. */
export function translator(resources: Resources, lng: string, defaultNs: string): TFunction {
  const lookup = (namespaces: readonly string[], key: string): string | undefined => {
    const cut = key.indexOf(':');
    const [spaces, k] = cut > 0 ? [[key.slice(0, cut)], key.slice(cut + 1)] : [namespaces, key];
    for (const ns of spaces) {
      const found = find(resources[lng]?.[ns], k);
      if (typeof found === 'string' && found !== '') return found;
    }
    return undefined;
  };
  const plural = new Intl.PluralRules(lng);
  return (key, options = {}) => {
    const namespaces = options.ns === undefined ? [defaultNs] : typeof options.ns === 'string' ? [options.ns] : options.ns;
    for (const k of typeof key === 'string' ? [key] : key) {
      const found = (typeof options.count === 'number' ? lookup(namespaces, `${k}_${plural.select(options.count)}`) : undefined) ?? lookup(namespaces, k);
      if (found !== undefined) return interpolate(found, options);
    }
    if (options.defaultValue !== undefined) return interpolate(options.defaultValue, options);
    // As i18next: a key with no text says itself (of several, the last), without its namespace.
    const last = typeof key === 'string' ? key : (key[key.length - 1] ?? '');
    return last.includes(':') ? last.slice(last.indexOf(':') + 1) : last;
  };
}

/** The texts a page embeds, for its islands. */
export function embeddedTexts(resources: Resources): Texts {
  const cache = new Map<string, TFunction>();
  return {
    useT(namespaces, lng: Language) {
      const defaultNs = namespaces[0] ?? 'common';
      const id = `${lng}|${defaultNs}`;
      let t = cache.get(id);
      if (!t) cache.set(id, (t = translator(resources, lng, defaultNs)));
      return t;
    },
    useNamespace(ns, lng) {
      return resources[lng]?.[ns];
    },
  };
}
