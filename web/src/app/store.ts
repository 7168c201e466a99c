import { configureStore } from '@reduxjs/toolkit';
import { dynamicMiddleware } from './shell/apiMiddleware.js';
import { rootReducer, type AppStore, type RootState } from './shell/store.js';

/**
 * The app's store (spa.html: sign-in, account, checkout, admin, embeds; and the server's render of a whole page):
 * Redux Toolkit's configureStore over the shell's root reducer, with thunks, its development checks, and the
 * dynamic middleware RTK Query joins when the api chunk loads. The islands' store is public/store.ts: the same
 * reducers on redux's own createStore.
 */
export function makeStore(preloadedState?: Partial<RootState>): AppStore {
  return configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault().concat(dynamicMiddleware.middleware),
  });
}
