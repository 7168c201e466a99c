import type { ComponentType, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { i18n as I18n } from 'i18next';
import { randomUUID } from 'node:crypto';
import { IslandCollectorContext, type IslandCollector } from '../features/ui/Island.js';
import { IslandRoot, islandPage } from '../public/IslandRoot.js';
import { fixedSource } from '../public/navigation.js';
import { langFromPath } from './shell/lang.js';
import type { Resources } from './shell/texts.js';
import { Root } from './Root.js';
import { makeStore } from './store.js';

/**
 * The HTML of #root for a URL, as the prerenderer writes it and the server renders a page with changed texts: the
 * whole page (the app's build: React Router, i18next, Redux Toolkit), then each island (features/ui/Island.tsx)
 * rendered on its own — as the browser hydrates it (public/start.tsx): in the islands' providers, over the texts
 * the page embeds (`embedded`), with its props as JSON gives them back and its id prefix — in its place.
 */
export function renderPageHtml(url: string, i18n: I18n, embedded: Resources): string {
  const router = (children: ReactNode) => <StaticRouter location={url}>{children}</StaticRouter>;
  const islands: { id: string; placeholder: string; Component: ComponentType<object>; props: object }[] = [];
  // A token of this render in each placeholder: HTML that administrators wrote (a material's body) cannot name one.
  const token = randomUUID();
  const collector: IslandCollector = {
    add(Component, props) {
      const id = `i${islands.length}`;
      const placeholder = `<!--island:${token}:${id}-->`;
      islands.push({ id, placeholder, Component: Component as ComponentType<object>, props: JSON.parse(JSON.stringify(props)) as object });
      return { id, placeholder };
    },
  };
  let html = renderToString(
    <IslandCollectorContext.Provider value={collector}>
      <Root store={makeStore()} i18n={i18n} router={router} />
    </IslandCollectorContext.Provider>,
  );
  const page = islandPage(langFromPath(url), embedded, fixedSource(url));
  for (const { id, placeholder, Component, props } of islands) {
    const inner = renderToString(
      <IslandRoot page={page}>
        <Component {...props} />
      </IslandRoot>,
      { identifierPrefix: `${id}-` },
    );
    html = html.replace(placeholder, () => inner);
  }
  return html;
}
