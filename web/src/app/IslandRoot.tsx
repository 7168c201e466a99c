import { StrictMode, type ReactNode } from 'react';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import type { Language } from '@relaycast/contracts/constants';
import { InsideIslandContext } from '../features/ui/Island.js';
import { LangContext } from './hooks.js';
import type { AppStore } from './store.js';

/**
 * What an island is rendered in, on the server (app/renderPage.server.tsx) and in the browser (src/public/start.tsx) alike,
 * so that the two agree: the page's store (one for all the page's islands: the period chosen in one price table
 * shows in the others), its texts, its language and its location. The router is the caller's (a static one on the
 * server; the public build's stand-in in the browser).
 */
export function IslandRoot(props: { store: AppStore; i18n: I18n; lang: Language; router: (children: ReactNode) => ReactNode; children: ReactNode }) {
  return (
    <StrictMode>
      <Provider store={props.store}>
        <I18nextProvider i18n={props.i18n}>
          <LangContext.Provider value={props.lang}>
            <InsideIslandContext.Provider value={true}>{props.router(props.children)}</InsideIslandContext.Provider>
          </LangContext.Provider>
        </I18nextProvider>
      </Provider>
    </StrictMode>
  );
}
