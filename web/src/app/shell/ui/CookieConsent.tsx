import { useAppDispatch, useAppSelector, useT } from '../hooks.js';
import { acceptCookieConsent, refuseCookieConsent } from './actions.js';
import { AppLink } from './AppLink.js';
import { selectCookieWindowOpen } from './uiSlice.js';

/**
 * The cookie-consent window (seed §1, §4): shown until answered. Accepting saves the consent cookie; refusing —
 * one click, a button of the same size beside it — saves the refusal, and nothing is measured.
 */
export function CookieConsent() {
  const open = useAppSelector(selectCookieWindowOpen);
  const dispatch = useAppDispatch();
  const { t } = useT('common');
  if (!open) return null;
  return (
    <section className="cookie-window" aria-labelledby="cookie-title" data-testid="cookie-window">
      <div className="cookie-text">
        <h2 id="cookie-title">{t('cookie.title')}</h2>
        <p>
          {t('cookie.text')} <AppLink to="/privacy#cookies">{t('cookie.more')}</AppLink>
        </p>
      </div>
      <div className="cookie-buttons">
        <button type="button" className="btn btn-primary" onClick={() => dispatch(acceptCookieConsent())} data-testid="cookie-accept">
          {t('cookie.accept')}
        </button>
        <button type="button" className="btn btn-primary" onClick={() => dispatch(refuseCookieConsent())} data-testid="cookie-refuse">
          {t('cookie.refuse')}
        </button>
      </div>
    </section>
  );
}
