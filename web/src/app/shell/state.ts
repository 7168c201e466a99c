import { createSeam } from './seam.js';
import type { AppDispatch, RootState } from './store.js';

/**
 * How components read and change the page's state (store.ts) — an interface of ours with two implementations:
 * react-redux in the app's build (app/seams.tsx, over Redux Toolkit's store) and, on the public pages' islands,
 * React's useSyncExternalStore over redux's own store (public/state.ts, public/store.ts). Both re-render a component only when what
 * it selects changes. public/state.spec.tsx drives both with the same actions.
 */
export interface StateAccess {
  /** What `selector` picks from the state; re-renders when that changes (by identity). */
  useSelector<T>(selector: (state: RootState) => T): T;
  /** The store's dispatch (plain actions and thunks). */
  useDispatch(): AppDispatch;
}

export const [StateProvider, useStateAccess] = createSeam<StateAccess>('state');
