import type { ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Provider, useDispatch, useSelector } from 'react-redux';
import { Link as RouterLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { SessionProvider } from '../features/auth/session.js';
import { rtkQuerySession } from '../features/auth/session.rtk.js';
import { COMMON_NS, loadNamespacesFor } from './i18n.js';
import { langFromPath } from './shell/lang.js';
import { NavigationProvider, type LinkProps, type Navigation } from './shell/navigation.js';
import { StateProvider, type StateAccess } from './shell/state.js';
import type { AppStore } from './shell/store.js';
import { TextsProvider, type TFunction, type Texts } from './shell/texts.js';
import { loadPage, matchPage } from './routing.js';

/** A site link, client-side; hovering or focusing it starts loading the page's code and texts, so a click renders at once. */
function PreloadingLink({ to, onMouseEnter, onFocus, ...rest }: LinkProps) {
  const { i18n } = useTranslation();
  const preload = () => {
    const pathname = typeof to === 'string' ? to.split(/[?#]/)[0] : to.pathname;
    if (!pathname) return;
    const { route } = matchPage(pathname);
    void loadPage(route);
    void loadNamespacesFor(i18n, langFromPath(pathname), [COMMON_NS, ...route.ns]);
  };
  return (
    <RouterLink
      to={to}
      onMouseEnter={(e) => {
        preload();
        onMouseEnter?.(e);
      }}
      onFocus={(e) => {
        preload();
        onFocus?.(e);
      }}
      {...rest}
    />
  );
}

/** The shell's navigation (app/shell/navigation.tsx) by React Router: client-side, within the app's routes. */
export const routerNavigation: Navigation = { useLocation, useNavigate, useSearchParams: () => useSearchParams(), Link: PreloadingLink };

/** The shell's texts (app/shell/texts.ts) by i18next and react-i18next: a namespace loads when first used. */
export const i18nextTexts: Texts = {
  useT(namespaces, lng) {
    return useTranslation(namespaces, { lng }).t as unknown as TFunction;
  },
  useNamespace(ns, lng) {
    return useTranslation(ns, { lng }).i18n.getResourceBundle(lng, ns) as unknown;
  },
};

/** The shell's state (app/shell/state.ts) by react-redux. */
export const reactReduxState: StateAccess = {
  useSelector: (selector) => useSelector(selector),
  useDispatch: () => useDispatch<AppStore['dispatch']>(),
};

/**
 * The app's build of the seams: React Router, i18next with react-i18next, react-redux over Redux Toolkit's store,
 * RTK Query's session. The router itself is the caller's (a browser router, or a static one on the server).
 */
export function AppSeams({ store, i18n, children }: { store: AppStore; i18n: I18n; children: ReactNode }) {
  return (
    <Provider store={store}>
      <I18nextProvider i18n={i18n}>
        <StateProvider value={reactReduxState}>
          <TextsProvider value={i18nextTexts}>
            <NavigationProvider value={routerNavigation}>
              <SessionProvider value={rtkQuerySession}>{children}</SessionProvider>
            </NavigationProvider>
          </TextsProvider>
        </StateProvider>
      </I18nextProvider>
    </Provider>
  );
}
