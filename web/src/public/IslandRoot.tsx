import { StrictMode, type ReactNode } from 'react';
import type { Language } from '@relaycast/contracts/constants';
import { SessionProvider } from '../features/auth/session.js';
import { fetchSession } from '../features/auth/session.fetch.js';
import { InsideIslandContext } from '../features/ui/Island.js';
import { LangContext } from '../app/shell/hooks.js';
import { NavigationProvider, type Navigation } from '../app/shell/navigation.js';
import { StateProvider, type StateAccess } from '../app/shell/state.js';
import type { AppStore } from '../app/shell/store.js';
import { TextsProvider, type Resources, type Texts } from '../app/shell/texts.js';
import { islandNavigation, type LocationSource } from './navigation.js';
import { islandState } from './state.js';
import { makeIslandStore } from './store.js';
import { embeddedTexts } from './texts.js';

/**
 * One public page as its islands see it: its language, its store (one for all its islands: the period chosen in one
 * price table shows in the others), and the seams' island implementations — the page's location, its embedded
 * texts, the store read through useSyncExternalStore, the session by one request per call.
 */
export interface IslandPage {
  lang: Language;
  store: AppStore;
  navigation: Navigation;
  texts: Texts;
  state: StateAccess;
}

/** A page's islands over its texts and its location (the window in the browser; the page's address on the server). */
export function islandPage(lang: Language, resources: Resources, location: LocationSource): IslandPage {
  const store = makeIslandStore();
  return { lang, store, navigation: islandNavigation(location), texts: embeddedTexts(resources), state: islandState(store) };
}

/**
 * What an island is rendered in, on the server (app/renderPage.server.tsx) and in the browser (public/start.tsx)
 * alike, so that the two agree.
 */
export function IslandRoot({ page, children }: { page: IslandPage; children: ReactNode }) {
  return (
    <StrictMode>
      <StateProvider value={page.state}>
        <TextsProvider value={page.texts}>
          <NavigationProvider value={page.navigation}>
            <SessionProvider value={fetchSession}>
              <LangContext.Provider value={page.lang}>
                <InsideIslandContext.Provider value={true}>{children}</InsideIslandContext.Provider>
              </LangContext.Provider>
            </SessionProvider>
          </NavigationProvider>
        </TextsProvider>
      </StateProvider>
    </StrictMode>
  );
}
