import { lazy, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Navigate, useLocation } from 'react-router';
import { BUY_LICENCE_PATH } from '@relaycast/contracts/constants';
import type { PageProps } from '../../app/shell/pageTypes.js';
import { useLang, useT } from '../../app/shell/hooks.js';
import { localizePath, stripLang } from '../../app/shell/lang.js';
import { useGetUserQuery, type SessionUser } from '../../app/shell/sessionApi.js';
import { AppLink } from '../../app/shell/ui/AppLink.js';
import { ChevronIcon } from '../../app/shell/ui/icons.js';
import { PageLoading } from '../../app/shell/layout/PageLoading.js';
import { INVOICES_PATH, PROFILE_PATH } from '../../app/shell/accountPaths.js';
import { OwedBanner } from '../subscriptions/OwedBanner.js';
import { adminPath, areaOf, canOpen, menuFor, type AdminView } from './access.js';
import type { ViewProps } from './viewProps.js';
import { useDocumentTitle } from '../ui/forms.js';
import '../ui/area.css';

export type { ViewProps } from './viewProps.js';

/**
 * What the admin page shows from other features, passed in where it is composed (app/composed/AdminPage.tsx):
 * the sign-in methods (features/auth) to a signed-out visitor, a customer's own subscriptions (features/account,
 * lazily loaded) as their subscriptions list, and the account's reminder to verify its address (features/account).
 */
export interface AdminPageProps extends PageProps {
  SignInMethods: ComponentType<{ returnTo: string }>;
  AccountSubscriptions: ComponentType<{ user: SessionUser }>;
  VerifyEmailBanner: ComponentType;
}

/** Each view is its own chunk: the template builder's editor never loads for the users list. */
const VIEWS: Record<AdminView, ComponentType<ViewProps>> = {
  home: lazy(() => import('./home/AdminHomeView.js')),
  'users/create': lazy(() => import('./users/UserFormView.js')),
  'users/list': lazy(() => import('./users/UsersListView.js')),
  'subscriptions/create': lazy(() => import('./subscriptions/SubscriptionCreateView.js')),
  'subscriptions/purchase-details': lazy(() => import('./subscriptions/PurchaseDetailsView.js')),
  'subscriptions/change-payment-method': lazy(() => import('./subscriptions/ChangePaymentMethodView.js')),
  'subscriptions/list': lazy(() => import('./subscriptions/SubscriptionsListView.js')),
  'templates/create': lazy(() => import('./templates/TemplateBuilderView.js')),
  'templates/list': lazy(() => import('./templates/TemplatesListView.js')),
  'materials/create': lazy(() => import('./materials/MaterialFormView.js')),
  'materials/list': lazy(() => import('./materials/MaterialsListView.js')),
  pages: lazy(() => import('./pages/SitePagesView.js')),
  'pages/edit': lazy(() => import('./pages/SitePageView.js')),
  files: lazy(() => import('./files/FilesView.js')),
  finance: lazy(() => import('./finance/OverviewView.js')),
  'finance/recognition': lazy(() => import('./finance/RecognitionView.js')),
  'finance/reconciliation': lazy(() => import('./finance/ReconciliationView.js')),
  'finance/documents': lazy(() => import('./finance/DocumentsView.js')),
  'finance/ledger': lazy(() => import('./finance/LedgerView.js')),
  'finance/taxes': lazy(() => import('./finance/TaxesView.js')),
  mail: lazy(() => import('./mail/MailView.js')),
};

/** A view's entry in the menu: list and create views by that name; other views of an area by their own. */
const viewLabelKey = (v: AdminView) => (v.endsWith('/list') ? 'nav.list' : v.endsWith('/create') ? 'nav.create' : `nav.views.${v.replace('/', '-')}`);

/**
 * The admin area's menu, always in view: the home and the files as links of their own, the other areas with their
 * list and create views. The area of the view shown is marked, so a details page still says where it belongs.
 */
function AdminNav({ user, view }: { user: SessionUser; view: AdminView }) {
  const { t } = useT('admin');
  const { pathname } = useLocation();
  const customer = user.role === 'ROLE_CUSTOMER' || user.role === 'ROLE_USER';
  const currentArea = view === 'home' ? 'home' : areaOf(view);
  // On a phone the menu is one line (where the reader is) that opens it: the view comes first, not forty links.
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [pathname]);
  const areaName = currentArea === 'home' ? '' : t(customer && currentArea === 'subscriptions' ? 'nav.mySubscriptions' : `nav.${currentArea}`);
  // The view's own entry in the menu when it has one (a details page says its area only).
  const inMenu = menuFor(user.role).some((entry) => entry.views.includes(view));
  const viewName = view === 'home' || view === 'files' || view === 'mail' || view === 'pages' ? t(`nav.${view}`) : inMenu ? t(viewLabelKey(view)) : '';
  const here = [areaName, viewName].filter((x, i, all) => x && all.indexOf(x) === i).join(': ');
  return (
    <nav className="admin-nav" aria-label={t('nav.label')}>
      <button type="button" className="admin-nav-toggle" aria-expanded={open} aria-controls="admin-nav-list" onClick={() => setOpen((v) => !v)} data-testid="admin-nav-toggle">
        <span>
          <span className="muted">{t('nav.menu')}</span> · {here}
        </span>
        <ChevronIcon />
      </button>
      <ul id="admin-nav-list" className={open ? 'is-open' : undefined}>
        {menuFor(user.role).map(({ area, views }) => (
          <li key={area} className={area === currentArea ? 'is-current-area' : undefined}>
            {views.length === 1 && (area === 'home' || area === 'pages' || area === 'files' || area === 'mail') ? (
              <AppLink className="admin-nav-single" to={adminPath(views[0]!)} aria-current={views[0] === view ? 'page' : undefined} data-testid={`admin-nav-${area}`}>
                {t(`nav.${area}`)}
              </AppLink>
            ) : (
              <>
                <span className="admin-nav-area">{t(customer && area === 'subscriptions' ? 'nav.mySubscriptions' : `nav.${area}`)}</span>
                <ul>
                  {views.map((v) => (
                    <li key={v}>
                      <AppLink to={adminPath(v)} aria-current={v === view ? 'page' : undefined} data-testid={`admin-nav-${v.replace('/', '-')}`}>
                        {t(viewLabelKey(v))}
                      </AppLink>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </li>
        ))}
        {customer && (
          <>
            <li>
              <AppLink className="admin-nav-single" to={INVOICES_PATH} data-testid="admin-nav-invoices">
                {t('nav.invoices')}
              </AppLink>
            </li>
            <li>
              <AppLink className="admin-nav-single" to={PROFILE_PATH} data-testid="admin-nav-profile">
                {t('nav.profile')}
              </AppLink>
            </li>
            <li>
              <AppLink to={BUY_LICENCE_PATH}>{t('nav.buy')}</AppLink>
            </li>
          </>
        )}
      </ul>
    </nav>
  );
}

function SignInRequired({ SignInMethods }: Pick<AdminPageProps, 'SignInMethods'>) {
  const { t } = useT('admin');
  const { pathname, search } = useLocation();
  useDocumentTitle(t('signIn.title'));
  return (
    <section className="container admin-narrow" data-testid="admin-sign-in">
      <h1>{t('signIn.title')}</h1>
      <p className="muted">{t('signIn.intro')}</p>
      <div className="card">
        <SignInMethods returnTo={pathname + search} />
      </div>
    </section>
  );
}

function AccessDenied({ view, user }: { view: AdminView; user: SessionUser }) {
  const { t } = useT('admin');
  useDocumentTitle(t('denied.title'));
  const finance = user.role === 'ROLE_FINANCE';
  return (
    <section className="container admin-narrow" data-testid="access-denied" data-view={view}>
      <h1>{t('denied.title')}</h1>
      <p className="note note-warning" role="alert">
        {t('denied.text')}
      </p>
      <p>
        {finance ? <AppLink to={adminPath('finance')}>{t('denied.finance')}</AppLink> : <AppLink to="/admin/subscriptions/list">{t('denied.account')}</AppLink>} · <AppLink to="/">{t('denied.home')}</AppLink>
      </p>
    </section>
  );
}

/**
 * /admin and /admin/* (seed §2): the signed-in user's menu and the view of the route. Signed out: the sign-in methods, back
 * to this route afterwards. A role the seed's menu rules leave out is refused here — and by the API, which
 * enforces the same split on every call. A customer's subscriptions list is their account page.
 */
export function AdminPage({ page, SignInMethods, AccountSubscriptions, VerifyEmailBanner }: AdminPageProps) {
  const view = page.params.view as AdminView;
  const { pathname } = useLocation();
  const lang = useLang();
  const { data: user, isLoading, isError } = useGetUserQuery();
  if (isLoading) return <PageLoading />;
  if (!user || isError) return <SignInRequired SignInMethods={SignInMethods} />;
  // A customer's admin area is their subscriptions, the finance role's the finance area: /admin takes them there.
  const first = menuFor(user.role)[0]?.views[0];
  if (view === 'home' && first && !canOpen('home', user.role)) return <Navigate to={localizePath(adminPath(first), lang)} replace />;
  if (!canOpen(view, user.role)) return <AccessDenied view={view} user={user} />;
  const View = view === 'subscriptions/list' && user.role !== 'ROLE_ADMIN' ? AccountSubscriptions : VIEWS[view];
  return (
    <div className="container admin-layout" data-testid="admin-page" data-view={view} data-role={user.role}>
      <AdminNav user={user} view={view} />
      <div className="admin-main">
        {/* What a customer owes comes first, with the button that pays it. */}
        {(user.role === 'ROLE_CUSTOMER' || user.role === 'ROLE_USER') && <OwedBanner />}
        <VerifyEmailBanner />
        <Suspense fallback={<PageLoading />}>
          {/* Keyed by path: a view's local state starts afresh on another route (edit → create). */}
          <View key={stripLang(pathname)} user={user} />
        </Suspense>
      </div>
    </div>
  );
}
