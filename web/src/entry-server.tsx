import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { Resource } from 'i18next';
import type { Language } from '@relaycast/contracts/constants';
import { pageHead, type PageHead } from './app/head.js';
import { COMMON_NS, createI18n } from './app/i18n.js';
import { langFromPath, stripLang } from './app/lang.js';
import { ALL_RESOURCES } from './app/localeFiles.server.js';
import type { PageRoute } from './app/pageTypes.js';
import { Root } from './app/Root.js';
import { loadPage, matchPage } from './app/routing.js';
import { makeStore } from './app/store.js';

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
}

/** Renders a URL to HTML with a fresh store and i18n instance (build-time prerendering). */
export async function renderPage(url: string): Promise<RenderedPage> {
  const lang = langFromPath(url);
  const { route } = matchPage(url);
  await loadPage(route);
  const i18n = createI18n(lang, ALL_RESOURCES);
  const store = makeStore();
  const html = renderToString(
    <Root store={store} i18n={i18n} router={(children) => <StaticRouter location={url}>{children}</StaticRouter>} />,
  );
  const namespaces = [COMMON_NS, ...route.ns];
  const all = ALL_RESOURCES[lang] ?? {};
  const resources: Resource = { [lang]: Object.fromEntries(namespaces.map((ns) => [ns, all[ns] ?? {}])) };
  const head = pageHead(route, lang, i18n.getFixedT(lang), route.prerender ? stripLang(url) : route.path);
  return { html, head, route, lang, resources };
}
