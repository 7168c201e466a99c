import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Resource } from 'i18next';
import { JSDOM } from 'jsdom';
import { createI18n } from '../app/i18n.js';
import { langFromPath } from '../app/lang.js';
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
export function localeResources(): Resource {
  const out: Resource = {};
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

/**
 * Server-renders a URL the way the prerenderer does (the HTML of #root); with `withTexts`, as the server does for a
 * page whose texts administrators changed (those resources instead of the locale files).
 */
export function renderHtml(url: string, withTexts: Resource = resources): string {
  const { route } = matchPage(url);
  if (!loadedPage(route)) throw new Error(`renderUrl cannot render ${route.module}`);
  const i18n = createI18n(langFromPath(url), withTexts);
  return renderPageHtml(url, i18n);
}

/** Server-renders a URL the way the prerenderer does and parses the result. */
export async function renderUrl(url: string): Promise<Document> {
  return new JSDOM(`<!doctype html><body><div id="root">${renderHtml(url)}</div></body>`).window.document;
}

export { resources as testResources };
