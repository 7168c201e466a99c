import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { Resource } from 'i18next';
import { JSDOM } from 'jsdom';
import { createI18n } from '../app/i18n.js';
import { langFromPath } from '../app/lang.js';
import { Root } from '../app/Root.js';
import { ALL_PAGES, NOT_FOUND_PAGE, type PageModule } from '../app/pages.js';
import { matchPage, providePage } from '../app/routing.js';
import * as HomePage from '../features/home/HomePage.js';
import * as ArticlePage from '../features/content/ArticlePage.js';
import * as NewsPage from '../features/content/NewsPage.js';
import * as AboutPage from '../features/content/AboutPage.js';
import * as SelfHostedPage from '../features/content/SelfHostedPage.js';
import * as DocsIndexPage from '../features/docs/DocsIndexPage.js';
import * as DocsPage from '../features/docs/DocsPage.js';
import * as ProductPage from '../features/products/ProductPage.js';
import * as VideoApiPage from '../features/products/VideoApiPage.js';
import * as PricingPage from '../features/pricing/PricingPage.js';
import * as SignInPage from '../features/auth/SignInPage.js';
import * as NotFoundPage from '../features/ui/NotFoundPage.js';

/** Page modules by source path, imported statically (see providePage). */
const MODULES: Record<string, PageModule> = {
  'src/features/home/HomePage.tsx': HomePage,
  'src/features/content/ArticlePage.tsx': ArticlePage,
  'src/features/content/NewsPage.tsx': NewsPage,
  'src/features/content/AboutPage.tsx': AboutPage,
  'src/features/content/SelfHostedPage.tsx': SelfHostedPage,
  'src/features/docs/DocsIndexPage.tsx': DocsIndexPage,
  'src/features/docs/DocsPage.tsx': DocsPage,
  'src/features/products/ProductPage.tsx': ProductPage,
  'src/features/products/VideoApiPage.tsx': VideoApiPage,
  'src/features/pricing/PricingPage.tsx': PricingPage,
  'src/features/auth/SignInPage.tsx': SignInPage,
  'src/features/ui/NotFoundPage.tsx': NotFoundPage,
};
for (const route of [...ALL_PAGES, NOT_FOUND_PAGE]) {
  const mod = MODULES[route.module];
  if (mod) providePage(route, mod);
}
import { makeStore } from '../app/store.js';

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

/** Server-renders a URL the way the prerenderer does (the HTML of #root). */
export function renderHtml(url: string): string {
  const { route } = matchPage(url);
  if (!MODULES[route.module]) throw new Error(`renderUrl cannot render ${route.module}`);
  const i18n = createI18n(langFromPath(url), resources);
  return renderToString(<Root store={makeStore()} i18n={i18n} router={(children) => <StaticRouter location={url}>{children}</StaticRouter>} />);
}

/** Server-renders a URL the way the prerenderer does and parses the result. */
export async function renderUrl(url: string): Promise<Document> {
  return new JSDOM(`<!doctype html><body><div id="root">${renderHtml(url)}</div></body>`).window.document;
}

export { resources as testResources };
