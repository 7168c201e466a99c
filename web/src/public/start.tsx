import { startTransition, useEffect, type ComponentType, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { langFromPath } from '../app/shell/lang.js';
import { embeddedResources, recordRecoverableError } from '../app/shell/pageData.js';
import { initCookieConsent, initTheme } from '../app/shell/ui/actions.js';
import { languageRedirect } from '../app/shell/layout/useAppEffects.js';
import { IslandRoot, islandPage, type IslandPage } from './IslandRoot.js';
import { ISLANDS } from './islands.js';
import { windowSource } from './navigation.js';

function propsOf(el: HTMLElement): object {
  try {
    const props: unknown = JSON.parse(el.dataset.props ?? '{}');
    return typeof props === 'object' && props !== null ? props : {};
  } catch {
    return {};
  }
}

/**
 * Calls back once its island has committed (a parent's effects run after its children's): how the page knows an
 * island root is hydrated. It renders its one child only, so the ids React derives from the tree (useId) stay those
 * the server rendered without it; a sibling beside the island would change them.
 */
function Committed({ onCommit, children }: { onCommit: () => void; children: ReactNode }) {
  useEffect(onCommit, [onCommit]);
  return children;
}

export interface LoadedIsland {
  el: HTMLElement;
  Component: ComponentType<object>;
}

/**
 * The islands under `container` (features/ui/Island.tsx) with their code, from src/public/islands.ts. Only the
 * server's marks count: none inside another island or inside administrators' HTML (the server strips them there
 * too). An island whose code does not load (an unknown name, a chunk gone with a deployment) is left as the server
 * rendered it and said on the console; the others hydrate.
 */
export async function loadIslands(container: ParentNode): Promise<LoadedIsland[]> {
  const elements = [...container.querySelectorAll<HTMLElement>('[data-island][data-island-id]')].filter(
    (el) => !el.parentElement?.closest('[data-island], [data-source="cms"]'),
  );
  const loaded = await Promise.allSettled(
    elements.map(async (el) => {
      const load = ISLANDS[el.dataset.island ?? ''];
      if (!load) throw new Error(`no island called ${el.dataset.island ?? '(none)'} (src/public/islands.ts)`);
      return { el, Component: (await load()) as ComponentType<object> };
    }),
  );
  return loaded.flatMap((result) => {
    if (result.status === 'fulfilled') return [result.value];
    console.error('Island not loaded:', result.reason instanceof Error ? result.reason.message : String(result.reason));
    return [];
  });
}

/**
 * Hydrates loaded islands, each a root of its own with the id prefix and the props the server rendered it with
 * (app/renderPage.server.tsx); `onHydrated` runs once every one has committed, or failed (its error on the console).
 * Each counts once (StrictMode runs a development build's effects twice). The islands' hydration tests call it too.
 */
export function hydrateIslands(islands: readonly LoadedIsland[], page: IslandPage, onRecoverableError: (error: unknown) => void, onHydrated: () => void): Root[] {
  const roots: Root[] = [];
  const pending = new Set(islands.map(({ el }) => el));
  const settled = (el: HTMLElement) => {
    if (!pending.delete(el) || pending.size > 0) return;
    onHydrated();
  };
  if (pending.size === 0) onHydrated();
  for (const { el, Component } of islands) {
    const committed = () => settled(el);
    // As transitions, hydration is time-sliced: the prerendered page stays responsive while React attaches.
    startTransition(() => {
      roots.push(
        hydrateRoot(
          el,
          <IslandRoot page={page}>
            <Committed onCommit={committed}>
              <Component {...propsOf(el)} />
            </Committed>
          </IslandRoot>,
          {
            identifierPrefix: `${el.dataset.islandId}-`,
            onRecoverableError,
            onUncaughtError(error) {
              console.error(`Island ${el.dataset.island ?? ''} failed:`, error instanceof Error ? error.message : String(error));
              committed();
            },
          },
        ),
      );
    });
  }
  return roots;
}

/**
 * How long the page waits for its islands before it reads the browser's settings and mounts the shell's extras
 * anyway (the cookie window must come up even if an island waits on a request that never answers).
 */
const HYDRATION_WAIT_MS = 10_000;

/**
 * Starts a public page (the public build's entry, public/main.tsx): the page is prerendered, so
 * only its islands hydrate. Then what the server could not know is read from the browser — the language choice,
 * the theme, the cookie consent — and the shell's extras (cookie window, toasts, tooltip) mount at the page's end.
 */
export async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  const lang = langFromPath(location.pathname);
  const elsewhere = languageRedirect(lang, location);
  if (elsewhere) {
    location.replace(elsewhere);
    return;
  }
  const page = islandPage(lang, embeddedResources(), windowSource());
  window.__recoverableErrors = [];
  const islands = await loadIslands(container);
  await new Promise<void>((resolve) => {
    hydrateIslands(islands, page, recordRecoverableError, resolve);
    setTimeout(resolve, HYDRATION_WAIT_MS);
  });
  page.store.dispatch(initTheme());
  page.store.dispatch(initCookieConsent());
  document.documentElement.setAttribute('data-hydrated', 'true');
  const { default: ShellExtras } = await import('../app/shell/layout/ShellExtras.js');
  const extras = document.createElement('div');
  extras.className = 'island';
  container.appendChild(extras);
  createRoot(extras).render(
    <IslandRoot page={page}>
      <ShellExtras />
    </IslandRoot>,
  );
}
