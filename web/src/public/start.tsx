import { startTransition, useEffect, type ComponentType, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import type { i18n as I18n, Resource } from 'i18next';
import { COOKIE_NAMES } from '@relaycast/contracts/constants';
import { readCookie } from '../app/cookies.js';
import { createI18n, fetchBackend } from '../app/i18n.js';
import { IslandRoot } from '../app/IslandRoot.js';
import { langFromPath, localizePath } from '../app/lang.js';
import { makeStore, type AppStore } from '../app/store.js';
import { initCookieConsent, initTheme } from '../features/ui/actions.js';
import { wantedLanguage } from '../features/ui/useAppEffects.js';
import { ISLANDS } from './islands.js';

declare global {
  interface Window {
    /** Hydration problems React recovered from (the browser tests assert there are none). */
    __recoverableErrors?: string[];
  }
}

function embeddedResources(): Resource {
  const text = document.getElementById('i18n-data')?.textContent;
  if (!text) return {};
  try {
    return JSON.parse(text) as Resource;
  } catch {
    return {};
  }
}

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

export interface Page {
  store: AppStore;
  i18n: I18n;
  lang: 'en' | 'ru';
  /** The public build's stand-in router in the browser; a memory router in tests. */
  router: (children: ReactNode) => ReactNode;
}

export interface LoadedIsland {
  el: HTMLElement;
  Component: ComponentType<object>;
}

/** Loads the code of every island under `container` (features/ui/Island.tsx), from src/public/islands.ts. */
export async function loadIslands(container: ParentNode): Promise<LoadedIsland[]> {
  const elements = [...container.querySelectorAll<HTMLElement>('[data-island][data-island-id]')];
  return Promise.all(
    elements.map(async (el) => {
      const load = ISLANDS[el.dataset.island ?? ''];
      if (!load) throw new Error(`no island called ${el.dataset.island ?? '(none)'} (src/public/islands.ts)`);
      return { el, Component: (await load()) as ComponentType<object> };
    }),
  );
}

/**
 * Hydrates loaded islands, each a root of its own with the id prefix and the props the server rendered it with
 * (app/renderPage.server.tsx); `onHydrated` runs once every one has committed. The islands' hydration tests call it too.
 */
export function hydrateIslands(islands: readonly LoadedIsland[], page: Page, onRecoverableError: (error: unknown) => void, onHydrated: () => void): Root[] {
  const roots: Root[] = [];
  let left = islands.length;
  if (left === 0) onHydrated();
  const committed = () => {
    left -= 1;
    if (left === 0) onHydrated();
  };
  for (const { el, Component } of islands) {
    // As transitions, hydration is time-sliced: the prerendered page stays responsive while React attaches.
    startTransition(() => {
      roots.push(hydrateRoot(
        el,
        <IslandRoot store={page.store} i18n={page.i18n} lang={page.lang} router={page.router}>
          <Committed onCommit={committed}>
            <Component {...propsOf(el)} />
          </Committed>
        </IslandRoot>,
        { identifierPrefix: `${el.dataset.islandId}-`, onRecoverableError },
      ));
    });
  }
  return roots;
}

/**
 * Starts a public page (the public build puts this module in the place of start.tsx): the page is prerendered, so
 * only its islands hydrate. Then what the server could not know is read from the browser — the language choice,
 * the theme, the cookie consent — and the shell's extras (cookie window, toasts, tooltip) mount at the page's end.
 */
export async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');
  const lang = langFromPath(location.pathname);
  const browser = navigator.languages?.length ? navigator.languages : [navigator.language];
  const wanted = wantedLanguage(lang, readCookie(COOKIE_NAMES.language), browser);
  if (wanted) {
    location.replace(localizePath(location.pathname, wanted) + location.search + location.hash);
    return;
  }
  const page: Page = {
    store: makeStore(),
    i18n: createI18n(lang, embeddedResources(), fetchBackend('/locales', __LOCALES_VERSION__)),
    lang,
    router: (children) => <BrowserRouter>{children}</BrowserRouter>,
  };
  window.__recoverableErrors = [];
  const islands = await loadIslands(container);
  await new Promise<void>((resolve) => {
    hydrateIslands(
      islands,
      page,
      (error) => {
        const message = error instanceof Error ? error.message : String(error);
        window.__recoverableErrors?.push(message);
        console.error('Hydration error:', message);
      },
      resolve,
    );
  });
  page.store.dispatch(initTheme());
  page.store.dispatch(initCookieConsent());
  document.documentElement.setAttribute('data-hydrated', 'true');
  const { default: ShellExtras } = await import('../features/ui/ShellExtras.js');
  const extras = document.createElement('div');
  extras.className = 'island';
  container.appendChild(extras);
  createRoot(extras).render(
    <IslandRoot store={page.store} i18n={page.i18n} lang={page.lang} router={page.router}>
      <ShellExtras />
    </IslandRoot>,
  );
}
