import {
  DEFAULT_LANGUAGE,
  KNOWN_LANGUAGE_CODES,
  LANGUAGE_ALIASES,
  LANGUAGES,
  type Language,
} from '@relaycast/contracts/constants';

const KNOWN = new Map<string, string>(KNOWN_LANGUAGE_CODES.map((code) => [code.toLowerCase(), code]));

function lookup(tag: string): string | undefined {
  return KNOWN.get(tag) ?? LANGUAGE_ALIASES[tag];
}

/**
 * Normalises a browser language tag to a known code (seed §9): regional variants map to their base language
 * (ru-RU → ru, en-GB → en), codes listed as distinct keep their region (zh-CN stays zh-CN), script and legacy
 * aliases are resolved (zh-Hans → zh-CN, iw → he), and anything unknown becomes the default language.
 */
export function normalizeLanguage(tag: string | null | undefined): string {
  return knownLanguage(tag) ?? DEFAULT_LANGUAGE;
}

/** The known code a tag names, trying ever shorter prefixes (zh-Hans-CN → zh-Hans → zh); undefined if none. */
function knownLanguage(tag: string | null | undefined): string | undefined {
  if (!tag) return undefined;
  const parts = tag.trim().replace(/_/g, '-').toLowerCase().split('-').filter(Boolean);
  while (parts.length > 0) {
    const hit = lookup(parts.join('-'));
    if (hit) return hit;
    parts.pop();
  }
  return undefined;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The interface language for a tag: its normalised code when the site speaks it, else the default. */
export function resolveLanguage(tag: string | null | undefined): Language {
  const code = normalizeLanguage(tag);
  return isLanguage(code) ? code : DEFAULT_LANGUAGE;
}

/** The first of the browser's preferred languages the site speaks, or null when it speaks none of them. */
export function preferredLanguage(tags: readonly string[]): Language | null {
  for (const tag of tags) {
    const code = knownLanguage(tag);
    if (isLanguage(code)) return code;
  }
  return null;
}

/**
 * URLs: English lives at the seed's paths, Russian under a /ru prefix (/ru/products/multi-streaming), so both
 * languages are prerendered and indexable.
 */
export function langFromPath(pathname: string): Language {
  return pathname === '/ru' || pathname.startsWith('/ru/') ? 'ru' : DEFAULT_LANGUAGE;
}

/** The language-neutral (English) path of a localised path: /ru/faq → /faq, /ru → /. */
export function stripLang(pathname: string): string {
  if (pathname === '/ru') return '/';
  return pathname.startsWith('/ru/') ? pathname.slice(3) : pathname;
}

/** The path of a page in a language: localizePath('/faq', 'ru') → /ru/faq. */
export function localizePath(path: string, lang: Language): string {
  const base = stripLang(path);
  if (lang === DEFAULT_LANGUAGE) return base;
  return base === '/' ? `/${lang}` : `/${lang}${base}`;
}
