import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { JSDOM } from 'jsdom';
import { COMMON_NS, createI18n } from '../app/i18n.js';
import type { Resources } from '../app/shell/texts.js';
import { langFromPath } from '../app/shell/lang.js';
import { renderPageHtml } from '../app/renderPage.server.js';
import { ALL_PAGES, NOT_FOUND_PAGE, PUBLIC_PAGES } from '../app/pages.js';
import { loadedPage, loadPage, matchPage } from '../app/routing.js';

/**
 * The pages tests render — every public page, the not-found page and the sign-in page — loaded before any test
 * runs, through the route table's own loaders (which also give pages their parts from other features).
 */
const RENDERABLE = [...PUBLIC_PAGES, NOT_FOUND_PAGE, ...ALL_PAGES.filter((route) => route.id === 'sign-in')];
await Promise.all(RENDERABLE.map(loadPage));

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../locales');

/** All locale files read from disk (what the prerender build bundles through import.meta.glob). */
export function localeResources(): Resources {
  const out: Resources = {};
  for (const lang of readdirSync(localesDir)) {
    if (lang.includes('.')) continue;
    out[lang] = {};
    for (const f of readdirSync(path.join(localesDir, lang))) {
      (out[lang] ??= {})[f.replace(/\.json$/, '')] = JSON.parse(readFileSync(path.join(localesDir, lang, f), 'utf8'));
    }
  }
  return out;
}

const resources = localeResources();

/** The texts a page at `url` embeds (as entry-server.tsx picks them): its language's common namespace and its route's. */
export function embeddedTexts(url: string, all: Resources = resources): Resources {
  const lang = langFromPath(url);
  return { [lang]: Object.fromEntries([COMMON_NS, ...matchPage(url).route.ns].map((ns) => [ns, all[lang]?.[ns] ?? {}])) };
}

/**
 * Server-renders a URL the way the prerenderer does (the HTML of #root); with `withTexts`, as the server does for a
 * page whose texts administrators changed (those resources instead of the locale files).
 */
export function renderHtml(url: string, withTexts: Resources = resources): string {
  const { route } = matchPage(url);
  if (!loadedPage(route)) throw new Error(`renderUrl cannot render ${route.module}`);
  const lang = langFromPath(url);
  const i18n = createI18n(lang, withTexts);
  return renderPageHtml(url, i18n, embeddedTexts(url, withTexts));
}

/** Server-renders a URL the way the prerenderer does and parses the result. */
export async function renderUrl(url: string): Promise<Document> {
  return new JSDOM(`<!doctype html><body><div id="root">${renderHtml(url)}</div></body>`).window.document;
}

export { resources as testResources };
