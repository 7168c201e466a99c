import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import type { Resource } from 'i18next';
import { COMMON_NS, createI18n, fetchBackend, loadNamespacesFor } from './app/i18n.js';
import { langFromPath } from './app/lang.js';
import { Root } from './app/Root.js';
import { loadPage, matchPage } from './app/routing.js';
import { makeStore } from './app/store.js';

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

/**
 * Starts the app. Not top-level await: page chunks import shared modules from the entry chunk, and a module
 * still evaluating a top-level await cannot be imported by the chunks it waits for.
 */
export async function start() {
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing');

  const lang = langFromPath(location.pathname);
  const i18n = createI18n(lang, embeddedResources(), fetchBackend(import.meta.env.DEV ? '/src/locales' : '/locales', __LOCALES_VERSION__));
  const { route } = matchPage(location.pathname);
  // The first page's code and texts are ready before React starts, so hydration never suspends.
  await Promise.all([loadPage(route), loadNamespacesFor(i18n, lang, [COMMON_NS, ...route.ns])]);

  const store = makeStore();
  const app = <Root store={store} i18n={i18n} router={(children) => <BrowserRouter>{children}</BrowserRouter>} />;

  if (container.firstElementChild) {
    window.__recoverableErrors = [];
    // As a transition, hydration is time-sliced: the prerendered page stays responsive while React attaches.
    startTransition(() => {
      hydrateRoot(container, app, {
        onRecoverableError(error) {
          const message = error instanceof Error ? error.message : String(error);
          window.__recoverableErrors?.push(message);
          console.error('Hydration error:', message);
        },
      });
    });
  } else {
    // spa.html: a client-only route (sign-in, embeds, account, admin).
    createRoot(container).render(app);
  }
}

