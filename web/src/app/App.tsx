import { lazy, Suspense, use, useEffect } from 'react';
import { Outlet, useLocation, useRoutes } from 'react-router';
import type { Language } from '@relaycast/contracts/constants';
import { LangContext, useLang, useT } from './shell/hooks.js';
import { applyHead, pageHead } from './head.js';
import { stripLang } from './shell/lang.js';
import type { PageRoute } from './pages.js';
import { loadedPage, loadPage, matchPage, pageRouteObjects } from './routing.js';
import { Header } from './Header.js';
import { island } from '../features/ui/Island.js';
import { SiteLayout } from './shell/layout/SiteLayout.js';
import { PageLoading } from './shell/layout/PageLoading.js';
import { useAppEffects } from './shell/layout/useAppEffects.js';

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

const Toaster = lazy(() => import('./shell/ui/Toaster.js').then((m) => ({ default: m.Toaster })));
// The general tooltip is on every page (seed §2), embeds included.
const TooltipHost = lazy(() => import('./shell/ui/Tooltip.js').then((m) => ({ default: m.TooltipHost })));

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

/** The header is the one island every page has (menus, language, theme, sign-in). */
const HeaderIsland = island('header', Header);

function LangRoot({ lang }: { lang: Language }) {
  const { pathname } = useLocation();
  const { route } = matchPage(pathname);
  return (
    <LangContext.Provider value={lang}>
      {route.layout === 'bare' ? (
        <BareLayout />
      ) : (
        <SiteLayout header={<HeaderIsland />}>
          <Outlet />
        </SiteLayout>
      )}
    </LangContext.Provider>
  );
}

/** The page of each route: its module and texts (PageHost). */
const pageRoutes = pageRouteObjects((route) => <PageHost route={route} />);

/** English pages at the seed's paths, Russian ones under /ru (React Router ranks the two, and the pages in each). */
export const APP_ROUTES = [
  { path: '/ru', element: <LangRoot lang="ru" />, children: pageRoutes },
  { path: '/', element: <LangRoot lang="en" />, children: pageRoutes },
];

export function AppRoutes() {
  return useRoutes(APP_ROUTES);
}
