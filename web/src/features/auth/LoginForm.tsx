import { useEffect, useId, useRef } from 'react';
import { useLocation } from '../../app/shell/navigation.js';
import { useT } from '../../app/shell/hooks.js';
import { CloseIcon } from '../../app/shell/ui/icons.js';
import { SignInMethods } from './SignInMethods.js';

/**
 * The header's login form (loaded on first open, with RTK Query). Escape or the close button closes it; the
 * header then clears the URL hash.
 */
export default function LoginForm({ onClose }: { onClose: () => void }) {
  const { t } = useT('common');
  const { pathname, search } = useLocation();
  const panel = useRef<HTMLDivElement>(null);
  const ids = useId();

  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('a, input')?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return (
    <div className="login-layer">
      <div ref={panel} id="login-form" className="login-form" role="dialog" aria-modal="false" aria-labelledby={`${ids}-title`}>
        <div className="login-head">
          <h2 id={`${ids}-title`}>{t('login.title')}</h2>
          <button type="button" className="icon-btn" aria-label={t('login.close')} onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <p className="muted">{t('login.intro')}</p>
        <SignInMethods returnTo={pathname + search} onSignedIn={onClose} />
      </div>
    </div>
  );
}
