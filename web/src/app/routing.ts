import type { ReactNode } from 'react';
import { matchRoutes, type RouteObject } from 'react-router';
import { ALL_PAGES, NOT_FOUND_PAGE, type PageModule, type PageRoute } from './pages.js';
import { langFromPath, stripLang } from './shell/lang.js';

export interface PageMatch {
  route: PageRoute;
  params: Record<string, string | undefined>;
}

/**
 * The route table as React Router's route objects: each page (home as the index), each with `element(page)`, and
 * the not-found page for anything else. App.tsx renders them under each language's prefix; matchPage ranks them.
 */
export function pageRouteObjects(element: (route: PageRoute) => ReactNode, pages: readonly PageRoute[] = ALL_PAGES): RouteObject[] {
  return [
    ...pages.map((route): RouteObject => (route.path === '/' ? { index: true, element: element(route), handle: route } : { path: route.path.slice(1), element: element(route), handle: route })),
    { path: '*', element: element(NOT_FOUND_PAGE), handle: NOT_FOUND_PAGE },
  ];
}

const tables = new WeakMap<readonly PageRoute[], RouteObject[]>();

/**
 * The route a URL path shows (in either language), chosen as React Router chooses the page it renders (it ranks
 * routes: a static segment before a parameter, a parameter before `*`, whatever the table's order); the not-found
 * page when none matches.
 */
export function matchPage(pathname: string, pages: readonly PageRoute[] = ALL_PAGES): PageMatch {
  let table = tables.get(pages);
  if (!table) tables.set(pages, (table = [{ path: '/', children: pageRouteObjects(() => null, pages) }]));
  const matches = matchRoutes(table, stripLang(pathname.replace(/\/+$/, '') || '/'));
  const leaf = matches?.[matches.length - 1];
  const route = leaf?.route.handle as PageRoute | undefined;
  if (!leaf || !route || route === NOT_FOUND_PAGE) return { route: NOT_FOUND_PAGE, params: {} };
  return { route, params: { ...leaf.params } };
}

export { langFromPath };

const loaded = new Map<string, PageModule>();
const pending = new Map<string, Promise<PageModule>>();

/** Loads a page's module once; the same promise is returned while it loads (React's use() needs that). */
export function loadPage(route: PageRoute): Promise<PageModule> {
  let promise = pending.get(route.module);
  if (!promise) {
    promise = route.load().then((mod) => {
      loaded.set(route.module, mod);
      return mod;
    });
    pending.set(route.module, promise);
  }
  return promise;
}

/** The page's module if it has loaded (so a prerendered page hydrates without suspending). */
export function loadedPage(route: PageRoute): PageModule | undefined {
  return loaded.get(route.module);
}
