import type { ComponentType, ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { i18n as I18n } from 'i18next';
import { randomUUID } from 'node:crypto';
import { IslandCollectorContext, type IslandCollector } from '../features/ui/Island.js';
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
      <Root store={store} i18n={i18n} router={router} />
    </IslandCollectorContext.Provider>,
  );
  const lang = langFromPath(url);
  for (const { id, placeholder, Component, props } of islands) {
    const inner = renderToString(
      <IslandRoot store={store} i18n={i18n} lang={lang} router={router}>
        <Component {...props} />
      </IslandRoot>,
      { identifierPrefix: `${id}-` },
    );
    html = html.replace(placeholder, () => inner);
  }
  return html;
}
