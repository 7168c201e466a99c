import { createContext, useContext, type ReactNode } from 'react';

/**
 * A seam: an interface of ours whose implementation the composition root provides (app/seams.tsx for the app's
 * build, public/IslandRoot.tsx for the public pages' islands), and the hook that reads it. Components use the
 * interface only, so the same component runs on either build's implementation.
 */
export function createSeam<T>(name: string) {
  const Context = createContext<T | null>(null);
  function Provider({ value, children }: { value: T; children: ReactNode }) {
    return <Context.Provider value={value}>{children}</Context.Provider>;
  }
  function use(): T {
    const value = useContext(Context);
    if (!value) throw new Error(`no ${name}: render inside its provider (app/seams.tsx, public/IslandRoot.tsx)`);
    return value;
  }
  return [Provider, use] as const;
}
