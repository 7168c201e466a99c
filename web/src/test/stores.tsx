import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { reactReduxState } from '../app/seams.js';
import { StateProvider } from '../app/shell/state.js';
import type { AppStore } from '../app/shell/store.js';
import { makeStore } from '../app/store.js';
import { islandState } from '../public/state.js';
import { makeIslandStore } from '../public/store.js';

/**
 * Both builds' stores over the same slices: the app's (Redux Toolkit's configureStore, app/store.ts) and the
 * islands' (redux's createStore, public/store.ts). Slice tests run through each.
 */
export const STORES: readonly (readonly [name: string, make: () => AppStore])[] = [
  ['the app’s store (Redux Toolkit)', () => makeStore()],
  ['the islands’ store (redux)', makeIslandStore],
];

export interface StateBuild {
  store: AppStore;
  /** Renders children with the state seam on this build's store. */
  wrap: (children: ReactNode) => ReactNode;
}

/** The state seam in each build: the app's store read through react-redux, the islands' through useSyncExternalStore. */
export const STATE_BUILDS: readonly (readonly [name: string, make: () => StateBuild])[] = [
  [
    'Redux Toolkit + react-redux (the app)',
    () => {
      const store = makeStore();
      return {
        store,
        wrap: (children) => (
          <Provider store={store}>
            <StateProvider value={reactReduxState}>{children}</StateProvider>
          </Provider>
        ),
      };
    },
  ],
  [
    'redux + useSyncExternalStore (the islands)',
    () => {
      const store = makeIslandStore();
      const state = islandState(store);
      return { store, wrap: (children) => <StateProvider value={state}>{children}</StateProvider> };
    },
  ],
];
