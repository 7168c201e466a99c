import { StrictMode, type ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { AppRoutes } from './App.js';
import type { AppStore } from './store.js';

/** The app with its providers; the router (browser or static) is the caller's. */
export function Root({ store, i18n, router }: { store: AppStore; i18n: I18n; router: (children: ReactNode) => ReactNode }) {
  return (
    <StrictMode>
      <Provider store={store}>
        <I18nextProvider i18n={i18n}>{router(<AppRoutes />)}</I18nextProvider>
      </Provider>
    </StrictMode>
  );
}
