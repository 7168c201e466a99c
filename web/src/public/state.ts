import { useRef, useSyncExternalStore } from 'react';
import type { StateAccess } from '../app/shell/state.js';
import type { AppStore, RootState } from '../app/shell/store.js';

/**
 * The shell's state (app/shell/state.ts) on the public pages' islands: React's useSyncExternalStore over the
 * page's store (public/store.ts), as react-redux reads it — a selector runs again only when the state changed, and
 * its component re-renders only when what it picks changed (by identity). public/state.spec.tsx compares the two.
 */
export function islandState(store: AppStore): StateAccess {
  return {
    useSelector<T>(selector: (state: RootState) => T): T {
      const last = useRef<{ state: RootState; selector: (state: RootState) => T; picked: T } | null>(null);
      const snapshot = () => {
        const state = store.getState();
        const prev = last.current;
        if (prev && prev.state === state && prev.selector === selector) return prev.picked;
        const picked = selector(state);
        last.current = { state, selector, picked: prev && Object.is(prev.picked, picked) ? prev.picked : picked };
        return last.current.picked;
      };
      return useSyncExternalStore(store.subscribe, snapshot, snapshot);
    },
    useDispatch: () => store.dispatch,
  };
}
