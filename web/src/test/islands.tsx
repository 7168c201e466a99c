import { act } from 'react';
import { MemoryRouter } from 'react-router';
import type { Resource } from 'i18next';
import { COMMON_NS, createI18n } from '../app/i18n.js';
import { langFromPath } from '../app/lang.js';
import { matchPage } from '../app/routing.js';
import { makeStore, type AppStore } from '../app/store.js';
import { hydrateIslands, loadIslands } from '../public/start.js';
import { installDom } from './dom.js';

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

/**
 * Runs `body` with a jsdom page at `url` whose #root holds `html`, as React's act environment, with console.error
 * recorded (React's development build reports mismatches there) and an API that has no content (the CMS loader may
 * start after hydration); every global is put back afterwards.
 */
export async function inPage(url: string, html: string, body: (page: { root: HTMLElement; errors: string[] }) => Promise<void>): Promise<void> {
  const dom = installDom(`https://relaycast.example${url}`);
  const g = globalThis as Record<string, unknown>;
  const saved = { navigator: g.navigator, IS_REACT_ACT_ENVIRONMENT: g.IS_REACT_ACT_ENVIRONMENT, fetch: g.fetch };
  g.fetch = async () => new Response(JSON.stringify({ data: [] }), { headers: { 'content-type': 'application/json' } });
  Object.defineProperty(globalThis, 'navigator', { value: dom.window.navigator, configurable: true });
  g.IS_REACT_ACT_ENVIRONMENT = true;
  const errors: string[] = [];
  const original = console.error;
  console.error = (...args: unknown[]) => errors.push(args.map(String).join(' '));
  try {
    const root = dom.window.document.createElement('div');
    root.id = 'root';
    root.innerHTML = html;
    dom.window.document.body.appendChild(root);
    await body({ root, errors });
  } finally {
    console.error = original;
    Object.defineProperty(globalThis, 'navigator', { value: saved.navigator, configurable: true });
    g.IS_REACT_ACT_ENVIRONMENT = saved.IS_REACT_ACT_ENVIRONMENT;
    g.fetch = saved.fetch;
    dom.restore();
  }
}
