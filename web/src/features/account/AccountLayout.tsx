import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { BUY_LICENCE_PATH, SIGN_IN_PATH } from '@relaycast/contracts/constants';
import { useLang, useT } from '../../app/shell/hooks.js';
import { localizePath, stripLang } from '../../app/shell/lang.js';
import { useGetUserQuery, type SessionUser } from '../../app/shell/sessionApi.js';
import { AppLink } from '../../app/shell/ui/AppLink.js';
import { PageLoading } from '../../app/shell/layout/PageLoading.js';
import { INVOICES_PATH, PROFILE_PATH, SUBSCRIPTIONS_PATH } from '../../app/shell/accountPaths.js';
import { useDocumentTitle } from '../ui/forms.js';
import { OwedBanner } from '../subscriptions/OwedBanner.js';
import { VerifyEmailBanner } from './VerifyEmailBanner.js';
import '../ui/area.css';

/** Who buys (and so has subscriptions and invoices): everyone but the finance role, which reads and buys nothing. */
export const buys = (user: SessionUser) => user.role !== 'ROLE_FINANCE';

/** The account's pages, as tabs: subscriptions, invoices, profile (the finance role has the profile only). */
function AccountTabs({ user }: { user: SessionUser }) {
  const { t } = useT('account');
  const { pathname } = useLocation();
  const here = stripLang(pathname);
  const tabs = buys(user)
    ? ([
        [SUBSCRIPTIONS_PATH, 'tabs.subscriptions'],
        [INVOICES_PATH, 'tabs.invoices'],
        [PROFILE_PATH, 'tabs.profile'],
      ] as const)
    : ([[PROFILE_PATH, 'tabs.profile']] as const);
  if (tabs.length < 2) return null;
  return (
    <nav className="account-tabs" aria-label={t('tabs.label')}>
      <ul>
        {tabs.map(([to, label]) => (
          <li key={to}>
            <AppLink to={to} aria-current={here === to ? 'page' : undefined} data-testid={`account-tab-${to.split('/').pop()}`}>
              {t(label)}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The frame of the signed-in user's own pages (/user/subscriptions, /user/invoices, /user/profile), as the best
 * account areas have it (Stripe's customer portal, GitHub's settings): the title, the account's tabs, then — first,
 * before anything else — what is owed and the button that pays it, and the reminder to verify the address.
 * Signed out: the sign-in page, back here afterwards.
 */
export function AccountLayout({ title, testId, children, extra }: { title: string; testId: string; children: (user: SessionUser) => ReactNode; extra?: ReactNode }) {
  const { t } = useT('account');
  const lang = useLang();
  const { pathname } = useLocation();
  const { data: user, isLoading } = useGetUserQuery();
  useDocumentTitle(title);
  if (isLoading) return <PageLoading />;
  if (!user) return <Navigate to={`${localizePath(SIGN_IN_PATH, lang)}?returnTo=${encodeURIComponent(pathname)}`} replace />;
  return (
    <section className="container account-page" data-testid={testId}>
      <div className="admin-head">
        <h1>{title}</h1>
        {buys(user) && (
          <AppLink className="btn btn-primary" to={BUY_LICENCE_PATH}>
            {t('account.buy')}
          </AppLink>
        )}
      </div>
      <AccountTabs user={user} />
      {buys(user) && <OwedBanner />}
      {extra}
      <VerifyEmailBanner />
      {children(user)}
    </section>
  );
}
