import { lazy, Suspense, use, useEffect, type ReactNode } from 'react';
import { Outlet, Route, Routes, useLocation } from 'react-router';
import type { Language } from '@relaycast/contracts/constants';
import { LangContext, useLang, useT } from './hooks.js';
import { applyHead, pageHead } from './head.js';
import { stripLang } from './lang.js';
import { ALL_PAGES, NOT_FOUND_PAGE, type PageRoute } from './pages.js';
import { loadedPage, loadPage, matchPage } from './routing.js';
import { SiteLayout } from '../features/ui/SiteLayout.js';
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

function pageRoutes(): ReactNode[] {
  const routes = ALL_PAGES.map((route) =>
    route.path === '/' ? (
      <Route key={route.id} index element={<PageHost route={route} />} />
    ) : (
      <Route key={route.id} path={route.path.slice(1)} element={<PageHost route={route} />} />
    ),
  );
  routes.push(<Route key="not-found" path="*" element={<PageHost route={NOT_FOUND_PAGE} />} />);
  return routes;
}

/** English pages at the seed's paths, Russian ones under /ru. */
export function AppRoutes() {
  const children = pageRoutes();
  return (
    <Routes>
      <Route path="/ru" element={<LangRoot lang="ru" />}>
        {children}
      </Route>
      <Route path="/" element={<LangRoot lang="en" />}>
        {children}
      </Route>
    </Routes>
  );
}
