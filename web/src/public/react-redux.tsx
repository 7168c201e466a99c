/**
 * The part of react-redux the public pages (and RTK Query's hooks, when a signed-in visitor's account menu loads)
 * use, on React's own useSyncExternalStore: the public build (vite.config.ts, mode `public`) resolves
 * `react-redux` here. The store is the app's (Redux Toolkit, app/store.ts): the seed's UI-state and calculator
 * rules stay in their slices.
 */
import { createContext, useContext, useRef, useSyncExternalStore, type Context, type ReactNode } from 'react';

interface Store {
  getState(): unknown;
  dispatch(action: unknown): unknown;
  subscribe(listener: () => void): () => void;
}
type Equality = (a: unknown, b: unknown) => boolean;

export const ReactReduxContext = createContext<{ store: Store } | null>(null);

export function Provider({ store, context, children }: { store: Store; context?: Context<{ store: Store } | null>; children?: ReactNode }) {
  const Ctx = context ?? ReactReduxContext;
  const value = useRef({ store });
  value.current.store = store;
  return <Ctx.Provider value={value.current}>{children}</Ctx.Provider>;
}

export function useStore(): Store {
  const ctx = useContext(ReactReduxContext);
  if (!ctx) throw new Error('could not find react-redux context value; please ensure the component is wrapped in a <Provider>');
  return ctx.store;
}
useStore.withTypes = () => useStore;

export function useDispatch() {
  return useStore().dispatch;
}
useDispatch.withTypes = () => useDispatch;

const same: Equality = (a, b) => a === b;

export function useSelector(selector: (state: never) => unknown, equality?: Equality | { equalityFn?: Equality }) {
  const store = useStore();
  const equal = (typeof equality === 'function' ? equality : equality?.equalityFn) ?? same;
  const last = useRef<{ state: unknown; selector: unknown; selected: unknown } | null>(null);
  const snapshot = () => {
    const state = store.getState();
    const prev = last.current;
    if (prev && prev.state === state && prev.selector === selector) return prev.selected;
    const selected = (selector as (s: unknown) => unknown)(state);
    if (prev && equal(prev.selected, selected)) {
      last.current = { state, selector, selected: prev.selected };
      return prev.selected;
    }
    last.current = { state, selector, selected };
    return selected;
  };
  return useSyncExternalStore(store.subscribe, snapshot, snapshot);
}
useSelector.withTypes = () => useSelector;

export function batch(fn: () => void): void {
  fn();
}

export function shallowEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return false;
  const keysA = Object.keys(a);
  if (keysA.length !== Object.keys(b).length) return false;
  return keysA.every((k) => Object.prototype.hasOwnProperty.call(b, k) && Object.is((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}
