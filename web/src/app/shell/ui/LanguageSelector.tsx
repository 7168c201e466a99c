import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from '../navigation.js';
import { LANGUAGES } from '@relaycast/contracts/constants';
import { useAppDispatch, useAppSelector, useLang, useT } from '../hooks.js';
import { localizePath } from '../lang.js';
import { rememberLanguage } from './actions.js';
import { ChevronIcon, GlobeIcon } from './icons.js';
import { languageMenuClosed, languageMenuToggled, selectLanguageMenuOpen } from './uiSlice.js';

/**
 * The language selector (seed §1, §2): English (default) or Russian. Each option is a real link to the same
 * page in that language (crawlable, matches the hreflang alternates); choosing one remembers it in the
 * language cookie.
 */
export function LanguageSelector() {
  const { t } = useT('common');
  const lang = useLang();
  const open = useAppSelector(selectLanguageMenuOpen);
  const dispatch = useAppDispatch();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) dispatch(languageMenuClosed());
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') dispatch(languageMenuClosed());
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, dispatch]);

  return (
    <div className="lang-select" ref={ref}>
      <button
        type="button"
        className="btn btn-small btn-ghost"
        aria-expanded={open}
        aria-controls="language-menu"
        onClick={() => dispatch(languageMenuToggled())}
      >
        <GlobeIcon width="18" height="18" />
        <span>{lang.toUpperCase()}</span>
        <span className="sr-only">{t('language.label', { language: t(`language.${lang}`) })}</span>
        <ChevronIcon />
      </button>
      <ul id="language-menu" className="menu-popover" hidden={!open}>
        {LANGUAGES.map((code) => {
          const href = localizePath(pathname, code) + search;
          return (
            <li key={code}>
              <a
                href={href}
                hrefLang={code}
                lang={code}
                aria-current={code === lang ? 'true' : undefined}
                onClick={(e) => {
                  e.preventDefault();
                  rememberLanguage(code);
                  dispatch(languageMenuClosed());
                  if (code !== lang) navigate(href);
                }}
              >
                {t(`language.${code}`)}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
