import type { Language } from '@relaycast/contracts/constants';

/**
 * The picture a page shows in the reader's language: the illustrations carry words, and the build writes a
 * Russian `<name>.ru.svg` beside each English one (web/scripts/illustrations-ru.ts).
 */
export function illustration(src: string, lang: Language): string {
  return lang === 'ru' ? src.replace(/\.svg$/, '.ru.svg') : src;
}
