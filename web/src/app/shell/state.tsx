import { createContext, useContext, type ReactNode } from 'react';
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

const StateContext = createContext<StateAccess | null>(null);

export function StateProvider({ value, children }: { value: StateAccess; children: ReactNode }) {
  return <StateContext.Provider value={value}>{children}</StateContext.Provider>;
}

export function useStateAccess(): StateAccess {
  const state = useContext(StateContext);
  if (!state) throw new Error('no state: render inside a StateProvider (app/seams.tsx, public/IslandRoot.tsx)');
  return state;
}
