import { matchPath } from 'react-router';
import { ALL_PAGES, NOT_FOUND_PAGE, type PageModule, type PageRoute } from './pages.js';
import { langFromPath, stripLang } from './lang.js';

export interface PageMatch {
  route: PageRoute;
  params: Record<string, string | undefined>;
}

/** The route a URL path shows (in either language); the not-found page when none matches. */
export function matchPage(pathname: string, pages: readonly PageRoute[] = ALL_PAGES): PageMatch {
  const path = stripLang(pathname.replace(/\/+$/, '') || '/');
  for (const route of pages) {
    const m = matchPath({ path: route.path, end: true }, path);
    if (m) return { route, params: m.params };
  }
  return { route: NOT_FOUND_PAGE, params: {} };
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
