import { createContext, useContext, type ComponentType, type ReactNode } from 'react';

/**
 * Islands: the interactive parts of a public page. A public page is prerendered whole, but the browser hydrates
 * only its islands — each one a React root of its own over its part of the page (src/public/start.tsx) — so a page
 * loads the code of what can be clicked, typed into or played, not of its text, its footer or its route table.
 *
 * `island(name, Component)` marks a component as one: wherever a page renders it, the server (app/renderPage.server.tsx)
 * renders it on its own, as the browser will hydrate it, inside `<div data-island="name" data-island-id
 * data-props>`; its props must be JSON (they are handed to the browser in data-props). Inside an island (and in the
 * whole app's build, which renders pages in the browser) it is the component itself. The name must be one of
 * src/public/islands.ts, which loads it in the browser.
 */

/** What the server's page render records of each island it meets (app/renderPage.server.tsx). */
export interface IslandCollector {
  /** Records an island; answers its id (its root's identifierPrefix) and the placeholder its HTML replaces. */
  add(Component: ComponentType<never>, props: object): { id: string; placeholder: string };
}

export const IslandCollectorContext = createContext<IslandCollector | null>(null);
/** True inside an island's own root: islands met there are parts of it. */
export const InsideIslandContext = createContext(false);

export function island<P extends object>(name: string, Component: ComponentType<P>): (props: P) => ReactNode {
  function Island(props: P): ReactNode {
    const collector = useContext(IslandCollectorContext);
    const inside = useContext(InsideIslandContext);
    if (inside) return <Component {...props} />;
    if (collector) {
      const { id, placeholder } = collector.add(Component as ComponentType<never>, props);
      return <div className="island" data-island={name} data-island-id={id} data-props={JSON.stringify(props)} dangerouslySetInnerHTML={{ __html: placeholder }} />;
    }
    return (
      <div className="island" data-island={name}>
        <Component {...props} />
      </div>
    );
  }
  Island.displayName = `Island(${name})`;
  return Island;
}
