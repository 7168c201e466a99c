import { lazy, Suspense, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { BUY_LICENCE_PATH } from '@relaycast/contracts/constants';
import type { PageProps } from '../../app/pageTypes.js';
import { useT } from '../../app/hooks.js';
import { stripLang } from '../../app/lang.js';
import { useGetUserQuery, type SessionUser } from '../../app/sessionApi.js';
import { AppLink } from '../ui/AppLink.js';
import { PageLoading } from '../ui/PageLoading.js';
import { canOpen, menuFor, type AdminView } from './access.js';
import type { ViewProps } from './viewProps.js';
import { useDocumentTitle } from '../ui/forms.js';
import '../ui/area.css';

export type { ViewProps } from './viewProps.js';

/**
 * What the admin page shows from other features, passed in where it is composed (app/composed/AdminPage.tsx):
 * the sign-in methods (features/auth) to a signed-out visitor, and a customer's own subscriptions
 * (features/account, lazily loaded) as their subscriptions list.
 */
export interface AdminPageProps extends PageProps {
  SignInMethods: ComponentType<{ returnTo: string }>;
  AccountSubscriptions: ComponentType<{ user: SessionUser }>;
}

/** Each view is its own chunk: the template builder's editor never loads for the users list. */
const VIEWS: Record<AdminView, ComponentType<ViewProps>> = {
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
};

function AdminNav({ user, view }: { user: SessionUser; view: AdminView }) {
  const { t } = useT('admin');
  const customer = user.role !== 'ROLE_ADMIN';
  return (
    <nav className="admin-nav" aria-label={t('nav.label')}>
      <ul>
        {menuFor(user.role).map(({ area, views }) => (
          <li key={area}>
            <span className="admin-nav-area">{t(customer && area === 'subscriptions' ? 'nav.mySubscriptions' : `nav.${area}`)}</span>
            <ul>
              {views.map((v) => (
                <li key={v}>
                  <AppLink to={`/admin/${v}`} aria-current={v === view ? 'page' : undefined} data-testid={`admin-nav-${v.replace('/', '-')}`}>
                    {t(`nav.${v.endsWith('/list') ? 'list' : 'create'}`)}
                  </AppLink>
                </li>
              ))}
            </ul>
          </li>
        ))}
        {customer && (
          <li>
            <AppLink to={BUY_LICENCE_PATH}>{t('nav.buy')}</AppLink>
          </li>
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

function AccessDenied({ view }: { view: AdminView }) {
  const { t } = useT('admin');
  useDocumentTitle(t('denied.title'));
  return (
    <section className="container admin-narrow" data-testid="access-denied" data-view={view}>
      <h1>{t('denied.title')}</h1>
      <p className="note note-warning" role="alert">
        {t('denied.text')}
      </p>
      <p>
        <AppLink to="/admin/subscriptions/list">{t('denied.account')}</AppLink> · <AppLink to="/">{t('denied.home')}</AppLink>
      </p>
    </section>
  );
}

/**
 * /admin/* (seed §2): the signed-in user's menu and the view of the route. Signed out: the sign-in methods, back
 * to this route afterwards. A role the seed's menu rules leave out is refused here — and by the API, which
 * enforces the same split on every call. A customer's subscriptions list is their account page.
 */
export function AdminPage({ page, SignInMethods, AccountSubscriptions }: AdminPageProps) {
  const view = page.params.view as AdminView;
  const { pathname } = useLocation();
  const { data: user, isLoading, isError } = useGetUserQuery();
  if (isLoading) return <PageLoading />;
  if (!user || isError) return <SignInRequired SignInMethods={SignInMethods} />;
  if (!canOpen(view, user.role)) return <AccessDenied view={view} />;
  const View = view === 'subscriptions/list' && user.role !== 'ROLE_ADMIN' ? AccountSubscriptions : VIEWS[view];
  return (
    <div className="container admin-layout" data-testid="admin-page" data-view={view} data-role={user.role}>
      <AdminNav user={user} view={view} />
      <div className="admin-main">
        <Suspense fallback={<PageLoading />}>
          {/* Keyed by path: a view's local state starts afresh on another route (edit → create). */}
          <View key={stripLang(pathname)} user={user} />
        </Suspense>
      </div>
    </div>
  );
}
