import { useT } from '../hooks.js';
import { siteSettings } from '../siteSettings.js';

/**
 * With demo payments (PAYMENTS=demo) every page says so, at its top, in the flow of the page: it scrolls away with
 * the header's first screen and never covers content, a form's button or a video's controls. Prerendered on every
 * page and marked `data-setting="demo-payments"`: the server leaves it out of the HTML unless payments are demo, and
 * the page's settings (the meta tag) say the same to the browser, so hydration agrees.
 */
export function DemoPaymentsBanner() {
  const { t } = useT('common');
  if (siteSettings().payments !== 'demo') return null;
  return (
    <aside className="demo-payments-banner" data-setting="demo-payments" data-testid="demo-payments-banner" aria-label={t('demoPayments.label')}>
      <strong>{t('demoPayments.title')}</strong> <span>{t('demoPayments.text')}</span>
    </aside>
  );
}
