import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from './shell/navigation.js';
import { COOKIE_NAMES } from '@relaycast/contracts/constants';
import { readCookie } from './shell/cookies.js';
import { useAppDispatch, useAppSelector, useT } from './shell/hooks.js';
import { MAIN_MENU, type NavGroup } from './shell/nav.js';
import { stripLang } from './shell/lang.js';
import { AppLink } from './shell/ui/AppLink.js';
import { ChevronIcon, CloseIcon, Logo, MenuIcon, UserIcon } from './shell/ui/icons.js';
import { LanguageSelector } from './shell/ui/LanguageSelector.js';
import { ThemeToggle } from './shell/ui/ThemeToggle.js';
import { burgerClosed, burgerToggled, loginFormClosed, loginFormOpened, loginFormToggled, selectBurgerOpen, selectLoginFormOpen } from './shell/ui/uiSlice.js';

// The auth feature's login form and account menu, each its own chunk: the header belongs to the composition, where
// features are put together (the shell imports no feature).
const loadLoginForm = () => import('../features/auth/LoginForm.js');
const LoginForm = lazy(loadLoginForm);
const AccountMenu = lazy(() => import('../features/auth/AccountMenu.js'));

function MenuGroup({ group, current }: { group: NavGroup; current: string }) {
  const { t } = useT('common');
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLLIElement>(null);
  const { pathname } = useLocation();
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  const active = group.items.some((item) => item.to === current);
  const panelId = `menu-${group.key}`;
  return (
    <li ref={ref} className={`nav-group${open ? ' is-open' : ''}`}>
      <button
        type="button"
        className={`nav-trigger${active ? ' is-active' : ''}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
      >
        {t(`nav.${group.key}`)}
        <ChevronIcon />
      </button>
      <ul id={panelId} className={`nav-panel nav-panel-${group.key}`} hidden={!open}>
        {group.items.map((item) => (
          <li key={item.to}>
            <AppLink to={item.to} aria-current={item.to === current ? 'page' : undefined}>
              <span className="nav-label">{t(item.label)}</span>
              {item.hint && <span className="nav-hint">{t(item.hint)}</span>}
            </AppLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

function MainNav({ open }: { open: boolean }) {
  const { t } = useT('common');
  const { pathname } = useLocation();
  const current = stripLang(pathname);
  return (
    <nav id="main-menu" className={`main-nav${open ? ' is-open' : ''}`} aria-label={t('nav.main')}>
      <ul className="nav-list">
        {MAIN_MENU.map((entry) =>
          'to' in entry ? (
            <li key={entry.key}>
              <AppLink className="nav-trigger" to={entry.to} aria-current={current === entry.to ? 'page' : undefined}>
                {t(`nav.${entry.key}`)}
              </AppLink>
            </li>
          ) : (
            <MenuGroup key={entry.key} group={entry} current={current} />
          ),
        )}
      </ul>
    </nav>
  );
}

function LoginButton() {
  const { t } = useT('common');
  const dispatch = useAppDispatch();
  const open = useAppSelector(selectLoginFormOpen);
  return (
    <button
      type="button"
      className="btn btn-small btn-outline login-button"
      aria-expanded={open}
      aria-controls="login-form"
      onMouseEnter={() => void loadLoginForm()}
      onFocus={() => void loadLoginForm()}
      onClick={() => dispatch(loginFormToggled())}
    >
      <UserIcon width="18" height="18" />
      <span>{t('login.open')}</span>
    </button>
  );
}

/**
 * The header: logo, main menu (a burger menu on narrow screens), language selector, theme toggle, and the
 * login form or the account menu. The UI-state rules live in uiSlice; here the login form's state is mirrored
 * in the URL: opening it sets #login, closing it clears the hash, and arriving with #login opens it.
 */
export function Header() {
  const { t } = useT('common');
  const dispatch = useAppDispatch();
  const burgerOpen = useAppSelector(selectBurgerOpen);
  const loginOpen = useAppSelector(selectLoginFormOpen);
  const location = useLocation();
  const navigate = useNavigate();
  const [signedInStrategy, setSignedInStrategy] = useState<string | null>(null);

  useEffect(() => {
    setSignedInStrategy(readCookie(COOKIE_NAMES.strategy));
  }, []);

  useEffect(() => {
    if (location.hash === '#login') dispatch(loginFormOpened());
  }, [location.hash, dispatch]);

  // Escape closes the burger menu and gives the focus back to its button (as the menu groups and dialogs do).
  const burgerRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!burgerOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      dispatch(burgerClosed());
      burgerRef.current?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [burgerOpen, dispatch]);

  const wasOpen = useRef(loginOpen);
  useEffect(() => {
    const { pathname, search, hash } = location;
    if (wasOpen.current && !loginOpen && hash) navigate({ pathname, search, hash: '' }, { replace: true, preventScrollReset: true });
    if (!wasOpen.current && loginOpen && hash !== '#login') navigate({ pathname, search, hash: '#login' }, { replace: true, preventScrollReset: true });
    wasOpen.current = loginOpen;
  }, [loginOpen, location, navigate]);

  return (
    <header className="site-header">
      <div className="container header-bar">
        <AppLink to="/" className="logo" aria-label={t('nav.home')}>
          <Logo />
          <span className="logo-text">Relaycast</span>
        </AppLink>
        <MainNav open={burgerOpen} />
        <div className="header-actions">
          <LanguageSelector />
          <ThemeToggle />
          {signedInStrategy ? (
            <Suspense fallback={<LoginButton />}>
              <AccountMenu fallback={<LoginButton />} />
            </Suspense>
          ) : (
            <LoginButton />
          )}
          <button
            ref={burgerRef}
            type="button"
            className="icon-btn burger"
            aria-expanded={burgerOpen}
            aria-controls="main-menu"
            aria-label={burgerOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => dispatch(burgerToggled())}
          >
            {burgerOpen ? <CloseIcon /> : <MenuIcon />}
          </button>
        </div>
      </div>
      {loginOpen && (
        <Suspense fallback={null}>
          <LoginForm onClose={() => dispatch(loginFormClosed())} />
        </Suspense>
      )}
    </header>
  );
}
