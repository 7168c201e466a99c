import { act } from 'react';
import { MemoryRouter } from 'react-router';
import type { Resource } from 'i18next';
import { COMMON_NS, createI18n } from '../app/i18n.js';
import { langFromPath } from '../app/lang.js';
import { matchPage } from '../app/routing.js';
import { makeStore, type AppStore } from '../app/store.js';
import { hydrateIslands, loadIslands } from '../public/start.js';

/**
 * Hydrates a server-rendered page's islands as a browser does (src/public/start.tsx), in jsdom with React's
 * development build, which reports every mismatch (text, attributes, structure) on console.error. The texts are
 * those the page embeds (its language, the common namespace and the route's): an island that needs others fails here.
 */
export async function hydratePage(container: HTMLElement, url: string, resources: Resource) {
  const lang = langFromPath(url);
  const embedded: Resource = { [lang]: Object.fromEntries([COMMON_NS, ...matchPage(url).route.ns].map((ns) => [ns, resources[lang]?.[ns] ?? {}])) };
  const islands = await loadIslands(container);
  const recovered: unknown[] = [];
  const store: AppStore = makeStore();
  let hydrated = false;
  let roots: ReturnType<typeof hydrateIslands> = [];
  // Synchronous act: render, commit and effects are flushed here, before any lazily imported chunk resolves.
  act(() => {
    roots = hydrateIslands(
      islands,
      { store, i18n: createI18n(lang, embedded), lang, router: (children) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter> },
      (e) => recovered.push(e),
      () => (hydrated = true),
    );
  });
  return {
    names: islands.map((i) => i.el.dataset.island),
    recovered,
    hydrated,
    store,
    unmount: () => act(() => roots.forEach((r) => r.unmount())),
  };
}
