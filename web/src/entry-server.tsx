import type { Resource, ResourceLanguage } from 'i18next';
import type { Language } from '@relaycast/contracts/constants';
import { headHtml, pageHead, type PageHead } from './app/head.js';
import { COMMON_NS, createI18n } from './app/i18n.js';
import { langFromPath, stripLang } from './app/shell/lang.js';
import { ALL_RESOURCES } from './app/localeFiles.server.js';
import type { PageRoute } from './app/shell/pageTypes.js';
import type { Resources } from './app/shell/texts.js';
import { renderPageHtml } from './app/renderPage.server.js';
import { loadPage, matchPage } from './app/routing.js';

export { CLIENT_PAGES, NOT_FOUND_PAGE, PUBLIC_PAGES, SPA_PATH_PREFIXES } from './app/pages.js';
export { headHtml, SITE_URL } from './app/head.js';
export { SITE_PLACEHOLDERS } from './app/shell/siteSettings.js';
export { localizePath } from './app/shell/lang.js';

export interface RenderedPage {
  html: string;
  head: PageHead;
  route: PageRoute;
  lang: Language;
  /** The texts the page needs, embedded in its HTML so its islands hydrate with them (no request). */
  resources: Resource;
}

/**
 * Renders a URL to HTML with a fresh store and i18n instance: at build time (prerendering, the built-in texts), and
 * on the server for a page whose texts administrators changed — `texts` replaces namespaces of the URL's language
 * (read-api/src/content: section overrides put in place). The texts embedded for hydration are the same ones.
 */
export async function renderPage(url: string, texts: Record<string, unknown> = {}): Promise<RenderedPage> {
  const lang = langFromPath(url);
  const { route } = matchPage(url);
  await loadPage(route);
  const all = { ...(ALL_RESOURCES[lang] ?? {}), ...(texts as Record<string, ResourceLanguage[string]>) };
  const i18n = createI18n(lang, { ...ALL_RESOURCES, [lang]: all });
  const namespaces = [COMMON_NS, ...route.ns];
  const resources: Resource = { [lang]: Object.fromEntries(namespaces.map((ns) => [ns, all[ns] ?? {}])) };
  const html = renderPageHtml(url, i18n, resources as Resources);
  const head = pageHead(route, lang, i18n.getFixedT(lang), route.prerender ? stripLang(url) : route.path);
  return { html, head, route, lang, resources };
}

/** Data as a JSON script: the page's texts the browser hydrates with (#i18n-data). */
function jsonScript(id: string, data: unknown): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `<script id="${id}" type="application/json">${json}</script>`;
}

/** A whole document from the build's template (index.html with its markers) and a rendered page. */
export function documentHtml(template: string, page: Pick<RenderedPage, 'lang' | 'html' | 'resources'>, head: string): string {
  return template
    .replace('<html lang="en">', `<html lang="${page.lang}">`)
    .replace('<!--app-head-->', head)
    .replace('<!--app-html-->', () => page.html)
    .replace('<!--app-data-->', () => jsonScript('i18n-data', page.resources));
}

/** A public page as a whole document, as the prerenderer writes it; the server's entry point for pages with overrides. */
export async function renderDocument(url: string, template: string, texts: Record<string, unknown> = {}): Promise<string> {
  const page = await renderPage(url, texts);
  return documentHtml(template, page, headHtml(page.head));
}
