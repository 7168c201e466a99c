import type { Resource, ResourceLanguage } from 'i18next';
import type { Language } from '@relaycast/contracts/constants';
import { headHtml, pageHead, type PageHead } from './app/head.js';
import { COMMON_NS, createI18n } from './app/i18n.js';
import { langFromPath, stripLang } from './app/lang.js';
import { ALL_RESOURCES } from './app/localeFiles.server.js';
import type { PageRoute } from './app/pageTypes.js';
import { renderPageHtml } from './app/renderPage.server.js';
import { collectInlineMarkdown, type InlineToken } from './features/ui/inlineMarkdown.js';
import { loadPage, matchPage } from './app/routing.js';

export { CLIENT_PAGES, NOT_FOUND_PAGE, PUBLIC_PAGES, SPA_PATH_PREFIXES } from './app/pages.js';
export { headHtml, SITE_URL } from './app/head.js';
export { SITE_PLACEHOLDERS } from './app/siteSettings.js';
export { localizePath } from './app/lang.js';

export interface RenderedPage {
  html: string;
  head: PageHead;
  route: PageRoute;
  lang: Language;
  /** The texts the page needs, embedded in its HTML so hydration needs no request. */
  resources: Resource;
  /** The page's texts with inline Markdown, lexed (the public pages' browser code renders them without marked). */
  markdown: Record<string, InlineToken[]>;
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
  const [html, markdown] = collectInlineMarkdown(() => renderPageHtml(url, i18n));
  const namespaces = [COMMON_NS, ...route.ns];
  const resources: Resource = { [lang]: Object.fromEntries(namespaces.map((ns) => [ns, all[ns] ?? {}])) };
  const head = pageHead(route, lang, i18n.getFixedT(lang), route.prerender ? stripLang(url) : route.path);
  return { html, head, route, lang, resources, markdown };
}

/** Data as a JSON script: the page's texts the browser hydrates with (#i18n-data), its lexed Markdown (#md-data). */
function jsonScript(id: string, data: unknown): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `<script id="${id}" type="application/json">${json}</script>`;
}

/** A whole document from the build's template (index.html with its markers) and a rendered page. */
export function documentHtml(template: string, page: Pick<RenderedPage, 'lang' | 'html' | 'resources'> & Partial<Pick<RenderedPage, 'markdown'>>, head: string): string {
  const markdown = page.markdown && Object.keys(page.markdown).length > 0 ? jsonScript('md-data', page.markdown) : '';
  return template
    .replace('<html lang="en">', `<html lang="${page.lang}">`)
    .replace('<!--app-head-->', head)
    .replace('<!--app-html-->', () => page.html)
    .replace('<!--app-data-->', () => jsonScript('i18n-data', page.resources) + markdown);
}

/** A public page as a whole document, as the prerenderer writes it; the server's entry point for pages with overrides. */
export async function renderDocument(url: string, template: string, texts: Record<string, unknown> = {}): Promise<string> {
  const page = await renderPage(url, texts);
  return documentHtml(template, page, headHtml(page.head));
}
