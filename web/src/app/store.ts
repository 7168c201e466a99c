import { combineSlices, configureStore, createDynamicMiddleware } from '@reduxjs/toolkit';
import { toastsSlice } from '../features/ui/toastsSlice.js';
import { tooltipSlice } from '../features/ui/tooltipSlice.js';
import { uiSlice } from '../features/ui/uiSlice.js';

/**
 * Slices that live in lazily loaded chunks (calculator, pricing, the RTK Query api) add themselves to this
 * interface with `declare module` and inject their reducer when their chunk loads (Redux code-splitting).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(uiSlice, toastsSlice, tooltipSlice).withLazyLoadedSlices<LazyLoadedSlices>();
export type RootState = ReturnType<typeof rootReducer>;

/** Middleware added at runtime: RTK Query's api middleware joins when the api chunk loads. */
export const dynamicMiddleware = createDynamicMiddleware();

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(dynamicMiddleware.middleware),
  });
}
export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
