import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../logger.js';
import type { Bundle } from './sections.js';

/** A built-in public page: its English path, and the locale files (namespaces) its texts come from, its own first. */
export interface CataloguePage {
  id: string;
  path: string;
  ns: string[];
}

export const CONTENT_LANGUAGES = ['en', 'ru'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

/**
 * The site's own copy as the build published it: `dist/content.json` (the public pages and their namespaces, written
 * by web/scripts/prerender.ts) and `dist/locales/<lang>/<ns>.json` (the default texts). Each namespace belongs to the
 * page whose own it is (its first): a section override of /pricing changes the pricing texts wherever they show.
 * Without a built site the catalogue is empty (the API still answers; there is nothing to edit).
 */
export interface Catalogue {
  pages: readonly CataloguePage[];
  /** A page by its English path, or by its Russian one (`/ru/...`). */
  page(path: string): CataloguePage | null;
  /** The page a namespace belongs to, or null for namespaces that are no page's own (common, admin…). */
  ownerOf(ns: string): CataloguePage | null;
  /** A namespace's default texts in a language (null when the build has none). */
  bundle(lang: ContentLanguage, ns: string): Bundle | null;
}

export function loadCatalogue(dist: string, logger: Logger): Catalogue {
  const file = join(dist, 'content.json');
  let pages: CataloguePage[] = [];
  if (existsSync(file)) {
    try {
      pages = (JSON.parse(readFileSync(file, 'utf8')) as { pages: CataloguePage[] }).pages;
    } catch (error) {
      logger.error({ err: error, file }, 'content.json is not readable: the site copy cannot be edited');
    }
  }
  const byPath = new Map(pages.map((p) => [p.path, p]));
  const owners = new Map<string, CataloguePage>();
  for (const page of pages) if (page.ns[0] && !owners.has(page.ns[0])) owners.set(page.ns[0], page);
  const bundles = new Map<string, Bundle | null>();
  return {
    pages,
    page(path) {
      const english = path === '/ru' ? '/' : path.startsWith('/ru/') ? path.slice(3) : path;
      return byPath.get(english) ?? null;
    },
    ownerOf: (ns) => owners.get(ns) ?? null,
    bundle(lang, ns) {
      const key = `${lang}/${ns}`;
      if (!bundles.has(key)) {
        const path = join(dist, 'locales', lang, `${ns}.json`);
        bundles.set(key, existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Bundle) : null);
      }
      return bundles.get(key) ?? null;
    },
  };
}
