import { useEffect, useState } from 'react';
import { useLang, useT } from '../hooks.js';

/** Dispatched on `window` when an administrator moved the test clock (detail: the new time), so the banner follows. */
export const CLOCK_MOVED_EVENT = 'relaycast:billing-clock-moved';

export function announceClockMoved(now: string): void {
  window.dispatchEvent(new CustomEvent<string>(CLOCK_MOVED_EVENT, { detail: now }));
}

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
    // Moved in the admin area: the new time, without asking the server again.
    const moved = (e: Event) => setNow((e as CustomEvent<string>).detail);
    window.addEventListener(CLOCK_MOVED_EVENT, moved);
    return () => {
      live = false;
      window.removeEventListener(CLOCK_MOVED_EVENT, moved);
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
