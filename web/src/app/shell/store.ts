import { combineReducers, type Reducer, type Store, type UnknownAction } from 'redux';
import type { ThunkAction, ThunkDispatch } from 'redux-thunk';
import { toastsSlice } from './ui/toastsSlice.js';
import { tooltipSlice } from './ui/tooltipSlice.js';
import { uiSlice } from './ui/uiSlice.js';

/**
 * The page's state: the shell's slices (ui, toasts, tooltip) and those that join when their chunk loads (calculator,
 * pricing, RTK Query's api). Slices are plain reducers — the same code in both builds: the app's store is Redux
 * Toolkit's configureStore (app/store.ts), the islands' is redux's own createStore (public/store.ts) — and both run
 * this root reducer, so a slice injected here is in whichever store the page has.
 */
export interface Slice<S = unknown> {
  reducerPath: string;
  reducer: Reducer<S>;
}

/**
 * Slices that live in lazily loaded chunks add their state to this interface with `declare module` and inject
 * their reducer when their chunk loads (Redux code splitting); until their first action their state is absent, so
 * their selectors fall back to the initial state.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface LazyLoadedSlices {}

const SHELL_SLICES = { ui: uiSlice.reducer, toasts: toastsSlice.reducer, tooltip: tooltipSlice.reducer };
type ShellState = { [K in keyof typeof SHELL_SLICES]: ReturnType<(typeof SHELL_SLICES)[K]> };
export type RootState = ShellState & Partial<LazyLoadedSlices>;

const reducers: Record<string, Reducer> = { ...SHELL_SLICES };
let combined: Reducer = combineReducers(reducers);

/**
 * The root reducer (Redux's "reducer manager" for code splitting): the shell's slices combined, and more with
 * `injectSlice`. Injecting changes no state; the slice's part appears with the next action.
 */
export function rootReducer(state: RootState | undefined, action: UnknownAction): RootState {
  return combined(state, action) as RootState;
}

/** Adds a slice to the root reducer (once; a chunk evaluated again injects the same reducer). */
export function injectSlice<S>(slice: Slice<S>): void {
  if (reducers[slice.reducerPath] === slice.reducer) return;
  reducers[slice.reducerPath] = slice.reducer as Reducer;
  combined = combineReducers(reducers);
}

export type AppDispatch = ThunkDispatch<RootState, undefined, UnknownAction>;
export type AppThunk<R = void> = ThunkAction<R, RootState, undefined, UnknownAction>;
/** Either build's store: thunks dispatch in both. */
export type AppStore = Omit<Store<RootState, UnknownAction>, 'dispatch'> & { dispatch: AppDispatch };
