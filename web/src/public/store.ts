import { applyMiddleware, legacy_createStore as createStore } from 'redux';
import { thunk } from 'redux-thunk';
import { rootReducer, type AppStore } from '../app/shell/store.js';

/**
 * The islands' store: the same root reducer and slices as the app's (app/store.ts, Redux Toolkit), on redux's own
 * store with thunks — about 1 KB instead of Redux Toolkit's 9 (immer and its development checks, which the plain
 * reducers need neither). RTK Query is not used by any island.
 */
export function makeIslandStore(): AppStore {
  return createStore(rootReducer, applyMiddleware(thunk)) as AppStore;
}
