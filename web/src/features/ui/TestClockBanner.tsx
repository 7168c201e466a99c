import { useEffect, useState } from 'react';
import { useLang, useT } from '../../app/hooks.js';

/**
 * While the server runs a test billing clock (BILLING_CLOCK=test), every page says so and what time billing
 * thinks it is: renewals and dunning follow that clock, not the real one. Nothing shows with the system clock.
 */
export function TestClockBanner() {
  const { t } = useT('common');
  const lang = useLang();
  const [now, setNow] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    fetch('/billing/clock', { credentials: 'same-origin' })
      .then((r) => (r.ok ? (r.json() as Promise<{ data?: { mode?: string; now?: string } }>) : null))
      .then((body) => {
        if (live && body?.data?.mode === 'test' && body.data.now) setNow(body.data.now);
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  if (!now) return null;
  const date = new Intl.DateTimeFormat(lang === 'ru' ? 'ru-RU' : 'en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(now));
  return (
    <div className="test-clock-banner" role="status" data-testid="test-clock-banner">
      {t('testClock', { date: `${date} UTC` })}
    </div>
  );
}
