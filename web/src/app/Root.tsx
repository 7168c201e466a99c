import { StrictMode, type ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { AppRoutes } from './App.js';
import { AppSeams } from './seams.js';
import type { AppStore } from './shell/store.js';

/** The app with its providers; the router (browser or static) is the caller's. */
export function Root({ store, i18n, router }: { store: AppStore; i18n: I18n; router: (children: ReactNode) => ReactNode }) {
  return (
    <StrictMode>
      <AppSeams store={store} i18n={i18n}>
        {router(<AppRoutes />)}
      </AppSeams>
    </StrictMode>
  );
}
