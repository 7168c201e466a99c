import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { useT } from '../../app/hooks.js';
import { CookieConsent } from './CookieConsent.js';
import { Footer } from './Footer.js';
import { Header } from './Header.js';
import { PageLoading } from './PageLoading.js';
import { Toaster } from './Toaster.js';
import { TooltipHost } from './Tooltip.js';
import { useAppEffects } from './useAppEffects.js';

export function SiteLayout() {
  const { t } = useT('common');
  useAppEffects({ site: true });
  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <Header />
      <main id="main" tabIndex={-1}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <CookieConsent />
      <Toaster />
      <TooltipHost />
    </>
  );
}
