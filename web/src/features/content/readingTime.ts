import type { Language } from '@relaycast/contracts/constants';
import type { AddedSection } from '../ui/content/materials.js';

/** Reading speed of prose on screen (words a minute); Russian words are longer. */
const WORDS_PER_MINUTE: Record<Language, number> = { en: 200, ru: 180 };
/** Strings that are no prose a reader reads: ids, links, code, names of examples, widgets and pictures. */
const NOT_READ = new Set(['id', 'to', 'code', 'lang', 'tone', 'example', 'widget', 'figure']);

const words = (text: string) => text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;

/** The words of a page's texts (not counting code, links and the like). */
export function wordsIn(value: unknown, key = ''): number {
  if (NOT_READ.has(key)) return 0;
  if (typeof value === 'string') return words(value);
  if (Array.isArray(value)) return value.reduce<number>((n, v) => n + wordsIn(v, key), 0);
  if (value && typeof value === 'object') return Object.entries(value).reduce<number>((n, [k, v]) => n + wordsIn(v, k), 0);
  return 0;
}

/**
 * Minutes to read a page's sections and the sections added after them, at least one: counted from the texts as
 * they are, so a section an administrator rewrote or a material added after them changes it.
 */
export function readingMinutes(sections: unknown, added: readonly AddedSection[], lang: Language): number {
  const addedWords = added.reduce((n, s) => n + words(`${s.title} ${s.description} ${s.bodyHtml.replace(/<[^>]*>/g, ' ')}`), 0);
  return Math.max(1, Math.round((wordsIn(sections) + addedWords) / WORDS_PER_MINUTE[lang]));
}
