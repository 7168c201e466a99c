import type { Resources } from '../app/shell/texts.js';
import { act } from 'react';
import { langFromPath } from '../app/shell/lang.js';
import { islandPage } from '../public/IslandRoot.js';
import { windowSource } from '../public/navigation.js';
import { hydrateIslands, loadIslands } from '../public/start.js';
import { installDom } from './dom.js';
import { embeddedTexts } from './render.js';

/**
 * Hydrates a server-rendered page's islands as a browser does (src/public/start.tsx), on what the public bundle runs
 * — the seams' island implementations (public/: the window's location, the page's embedded texts, redux's store;
 * none of React Router, i18next, react-redux or Redux Toolkit) — in jsdom with React's development build, which
 * reports every mismatch (text, attributes, structure) on console.error. The texts are those the page embeds (its
 * language, the common namespace and the route's): an island that needs others fails here.
 */
export async function hydratePage(container: HTMLElement, url: string, resources: Resources) {
  const page = islandPage(langFromPath(url), embeddedTexts(url, resources), windowSource(() => {}));
  const islands = await loadIslands(container);
  const recovered: unknown[] = [];
  let hydrated = false;
  let roots: ReturnType<typeof hydrateIslands> = [];
  // Synchronous act: render, commit and effects are flushed here, before any lazily imported chunk resolves.
  act(() => {
    roots = hydrateIslands(
      islands,
      page,
      (e) => recovered.push(e),
      () => (hydrated = true),
    );
  });
  return {
    names: islands.map((i) => i.el.dataset.island),
    recovered,
    hydrated,
    store: page.store,
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
