import { lazy, Suspense, use, useEffect } from 'react';
import { Outlet, useLocation, useRoutes, type RouteObject } from 'react-router';
import type { Language } from '@relaycast/contracts/constants';
import { LangContext, useLang, useT } from './hooks.js';
import { applyHead, pageHead } from './head.js';
import { stripLang } from './lang.js';
import { ALL_PAGES, NOT_FOUND_PAGE, type PageRoute } from './pages.js';
import { loadedPage, loadPage, matchPage } from './routing.js';
import { COMMON_NS, loadNamespacesFor } from './i18n.js';
import { registerPreloader } from './preload.js';
import { SiteLayout } from './SiteLayout.js';
import { PageLoading } from '../features/ui/PageLoading.js';
import { useAppEffects } from '../features/ui/useAppEffects.js';

/**
 * Renders one page: its module (loaded before hydration for the first page, lazily afterwards) and its
 * namespaces (useT suspends until they are there), then keeps <head> in step on client-side navigation.
 */
function PageHost({ route }: { route: PageRoute }) {
  const mod = loadedPage(route) ?? use(loadPage(route));
  const lang = useLang();
  const { t } = useT(['common', ...route.ns]);
  const { pathname } = useLocation();
  useEffect(() => {
    applyHead(pageHead(route, lang, t, route.prerender ? stripLang(pathname) : route.path));
  }, [route, lang, t, pathname]);
  const Page = mod.default;
  return <Page page={route} />;
}

const Toaster = lazy(() => import('../features/ui/Toaster.js').then((m) => ({ default: m.Toaster })));
// The general tooltip is on every page (seed §2), embeds included.
const TooltipHost = lazy(() => import('../features/ui/Tooltip.js').then((m) => ({ default: m.TooltipHost })));

function BareLayout() {
  useAppEffects({ site: false });
  return (
    <>
      <main id="main" className="bare">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Suspense fallback={null}>
        <Toaster />
        <TooltipHost />
      </Suspense>
    </>
  );
}

function LangRoot({ lang }: { lang: Language }) {
  const { pathname } = useLocation();
  const { route } = matchPage(pathname);
  return <LangContext.Provider value={lang}>{route.layout === 'bare' ? <BareLayout /> : <SiteLayout />}</LangContext.Provider>;
}

/**
 * Links start loading the page they point to (hover or focus): its module and its texts. Not on public pages
 * (the public build, vite.config.ts): there a link loads the next document.
 */
if (typeof __PUBLIC_PAGES__ === 'undefined' || !__PUBLIC_PAGES__) {
  registerPreloader((pathname, lang, i18n) => {
    const { route } = matchPage(pathname);
    void loadPage(route);
    void loadNamespacesFor(i18n, lang, [COMMON_NS, ...route.ns]);
  });
}

/**
 * The route table as React Router route objects: every page of app/pages.ts, each a lazy element (PageHost loads
 * its module on first render, or finds it loaded before hydration), and the not-found page for anything else.
 */
function pageRouteObjects(): RouteObject[] {
  return [
    ...ALL_PAGES.map((route): RouteObject => (route.path === '/' ? { index: true, element: <PageHost route={route} /> } : { path: route.path.slice(1), element: <PageHost route={route} /> })),
    { path: '*', element: <PageHost route={NOT_FOUND_PAGE} /> },
  ];
}

/** English pages at the seed's paths, Russian ones under /ru. */
export const APP_ROUTES: RouteObject[] = [
  { path: '/ru', element: <LangRoot lang="ru" />, children: pageRouteObjects() },
  { path: '/', element: <LangRoot lang="en" />, children: pageRouteObjects() },
];

export function AppRoutes() {
  return useRoutes(APP_ROUTES);
}
