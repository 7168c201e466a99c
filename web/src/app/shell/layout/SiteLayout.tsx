import { lazy, Suspense, type ReactNode } from 'react';
import { useMounted, useT } from '../hooks.js';
import { Footer } from './Footer.js';
import { PageLoading } from './PageLoading.js';
import { useAppEffects } from './useAppEffects.js';
import { DemoPaymentsBanner } from './DemoPaymentsBanner.js';

const ShellExtras = lazy(() => import('./ShellExtras.js'));

/** Loads the shell extras once the page has hydrated; only this leaf re-renders when it does. */
function DeferredExtras() {
  const mounted = useMounted();
  return mounted ? (
    <Suspense fallback={null}>
      <ShellExtras />
    </Suspense>
  ) : null;
}

/**
 * A site page's frame: skip link, the demo-payments banner, the header (the composition's: it holds the auth
 * feature's login form and account menu), the page, the footer, and after hydration the shell's extras.
 */
export function SiteLayout({ header, children }: { header: ReactNode; children: ReactNode }) {
  const { t } = useT('common');
  useAppEffects({ site: true });
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <DemoPaymentsBanner />
      {header}
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          {children}
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
