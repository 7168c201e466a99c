import { useEffect, useRef, useState, type ReactNode } from 'react';
import { BUY_LICENCE_PATH, MENU_ACCESS, type Role } from '@relaycast/contracts/constants';
import { useAppDispatch, useAppSelector, useT } from '../../app/shell/hooks.js';
import { INVOICES_PATH, PROFILE_PATH, SUBSCRIPTIONS_PATH } from '../../app/shell/accountPaths.js';
import { AppLink } from '../../app/shell/ui/AppLink.js';
import { ChevronIcon } from '../../app/shell/ui/icons.js';
import { accountMenuCollapsed, accountMenuToggled, selectAccountMenuExpanded } from '../../app/shell/ui/uiSlice.js';
import { useSessionUser, useSignOut } from './session.js';

const ADMIN_LINKS = [
  { to: '/admin/subscriptions/list', label: 'account.subscriptions', area: 'subscriptions' },
  { to: '/admin/users/list', label: 'account.users', area: 'users' },
  { to: '/admin/templates/list', label: 'account.templates', area: 'templates' },
  { to: '/admin/materials/list', label: 'account.materials', area: 'materials' },
  { to: '/admin/finance', label: 'account.finance', area: 'finance' },
] as const;

function allowed(area: keyof typeof MENU_ACCESS, role: Role): boolean {
  return (MENU_ACCESS[area] as readonly Role[]).includes(role);
}

/**
 * The signed-in visitor's menu (loaded only when the auth_strategy cookie says someone signed in). Its
 * expanded flag is ui.accountMenuExpanded (seed §2). Admin entries follow the seed's menu rules (§2, §6).
 */
export default function AccountMenu({ fallback }: { fallback: ReactNode }) {
  const { t } = useT('common');
  const user = useSessionUser();
  const signOut = useSignOut();
  const expanded = useAppSelector(selectAccountMenuExpanded);
  const dispatch = useAppDispatch();
  const ref = useRef<HTMLDivElement>(null);
  // A Google picture that does not load (expired link, blocked host, offline) gives way to the initials.
  const [pictureFailed, setPictureFailed] = useState<string | null>(null);

  useEffect(() => {
    if (!expanded) return;
    const onDown = (e: PointerEvent) => {
      if (ref.current && !ref.current.contains(e.target as Node)) dispatch(accountMenuCollapsed());
    };
    document.addEventListener('pointerdown', onDown);
    return () => document.removeEventListener('pointerdown', onDown);
  }, [expanded, dispatch]);

  if (!user) return <>{fallback}</>;
  const customer = user.role === 'ROLE_CUSTOMER' || user.role === 'ROLE_USER';
  const name = [user.givenName, user.familyName].filter(Boolean).join(' ') || user.email;
  // On a narrow screen the button shows the initials (or the picture); the menu starts with the whole name.
  const initials = ([user.givenName, user.familyName].map((n) => n?.trim()[0] ?? '').join('') || user.email[0] || '?').toUpperCase();
  return (
    <div className="account-menu" ref={ref}>
      <button
        type="button"
        className="btn btn-small btn-ghost"
        aria-expanded={expanded}
        aria-controls="account-menu"
        onClick={() => dispatch(accountMenuToggled())}
      >
        {user.picture && pictureFailed !== user.picture ? (
          <img src={user.picture} alt="" width="24" height="24" className="avatar" onError={() => setPictureFailed(user.picture ?? null)} />
        ) : (
          <span className="avatar-initials" aria-hidden="true">
            {initials}
          </span>
        )}
        <span className="account-name" data-testid="account-name">
          {name}
        </span>
        <ChevronIcon />
      </button>
      <ul id="account-menu" className="menu-popover" hidden={!expanded}>
        <li className="menu-user" data-testid="menu-user">
          <strong>{name}</strong>
          {name !== user.email && <span>{user.email}</span>}
        </li>
        {/* The finance role buys nothing: no purchase link. */}
        {user.role !== 'ROLE_FINANCE' && (
          <li>
            <AppLink to={BUY_LICENCE_PATH}>{t('account.buy')}</AppLink>
          </li>
        )}
        {/* A customer's own subscriptions and invoices (administrators reach theirs from the profile's tabs). */}
        {customer && (
          <>
            <li>
              <AppLink to={SUBSCRIPTIONS_PATH} data-testid="menu-subscriptions">
                {t('account.mySubscriptions')}
              </AppLink>
            </li>
            <li>
              <AppLink to={INVOICES_PATH} data-testid="menu-invoices">
                {t('account.invoices')}
              </AppLink>
            </li>
          </>
        )}
        <li>
          <AppLink to={PROFILE_PATH} data-testid="menu-profile">
            {t('account.profile')}
          </AppLink>
        </li>
        {ADMIN_LINKS.filter((l) => allowed(l.area, user.role) && !(customer && l.area === 'subscriptions')).map((l) => (
          <li key={l.to}>
            <AppLink to={l.to}>{t(l.label)}</AppLink>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="menu-button"
            onClick={async () => {
              const ok = await signOut();
              if (ok) window.location.reload();
            }}
          >
            {t('account.logout')}
          </button>
        </li>
      </ul>
    </div>
  );
}
