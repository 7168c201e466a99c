import type { ComponentType, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { i18n as I18n } from 'i18next';
import { IslandCollectorContext, islandPlaceholder, type IslandCollector } from '../features/ui/Island.js';
import { IslandRoot } from './IslandRoot.js';
import { langFromPath } from './lang.js';
import { Root } from './Root.js';
import { makeStore } from './store.js';

/**
 * The HTML of #root for a URL, as the prerenderer writes it and the server renders a page with changed texts: the
 * whole page, then each island (features/ui/Island.tsx) rendered on its own — in the providers, with the props (as
 * JSON gives them back) and the id prefix the browser hydrates it with (src/public/start.tsx) — in its place.
 */
export function renderPageHtml(url: string, i18n: I18n): string {
  const store = makeStore();
  const router = (children: ReactNode) => <StaticRouter location={url}>{children}</StaticRouter>;
  const islands: { id: string; Component: ComponentType<object>; props: object }[] = [];
  const collector: IslandCollector = {
    add(_name, Component, props) {
      const id = `i${islands.length}`;
      islands.push({ id, Component: Component as ComponentType<object>, props: JSON.parse(JSON.stringify(props)) as object });
      return id;
    },
  };
  let html = renderToString(
    <IslandCollectorContext.Provider value={collector}>
      <Root store={store} i18n={i18n} router={router} />
    </IslandCollectorContext.Provider>,
  );
  const lang = langFromPath(url);
  for (const { id, Component, props } of islands) {
    const inner = renderToString(
      <IslandRoot store={store} i18n={i18n} lang={lang} router={router}>
        <Component {...props} />
      </IslandRoot>,
      { identifierPrefix: `${id}-` },
    );
    html = html.replace(islandPlaceholder(id), () => inner);
  }
  return html;
}
