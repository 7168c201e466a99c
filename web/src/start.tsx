import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { COMMON_NS, createI18n, fetchBackend, loadNamespacesFor } from './app/i18n.js';
import { langFromPath } from './app/shell/lang.js';
import { embeddedResources, recordRecoverableError } from './app/shell/pageData.js';
import { Root } from './app/Root.js';
import { loadPage, matchPage } from './app/routing.js';
import { makeStore } from './app/store.js';

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
        onRecoverableError: recordRecoverableError,
      });
    });
  } else {
    // spa.html: a client-only route (sign-in, embeds, account, admin).
    createRoot(container).render(app);
  }
}

