import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useMounted, useT } from './hooks.js';
import { Footer } from '../features/ui/Footer.js';
import { Header } from './Header.js';
import { island } from '../features/ui/Island.js';
import { PageLoading } from '../features/ui/PageLoading.js';
import { useAppEffects } from '../features/ui/useAppEffects.js';
import { DemoPaymentsBanner } from '../features/ui/DemoPaymentsBanner.js';

/** The header is the one island every page has (menus, language, theme, sign-in). */
const HeaderIsland = island('header', Header);

const ShellExtras = lazy(() => import('../features/ui/ShellExtras.js'));

/** Loads the shell extras once the page has hydrated; only this leaf re-renders when it does. */
function DeferredExtras() {
  const mounted = useMounted();
  return mounted ? (
    <Suspense fallback={null}>
      <ShellExtras />
    </Suspense>
  ) : null;
}

export function SiteLayout() {
  const { t } = useT('common');
  useAppEffects({ site: true });
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <DemoPaymentsBanner />
      <HeaderIsland />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      {/* A separate hydration unit (see ProductPage's sections). */}
      <Suspense fallback={null}>
        <Footer />
      </Suspense>
      <DeferredExtras />
    </>
  );
}
