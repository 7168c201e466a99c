import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { validatorsPlugin } from './scripts/validators-plugin.js';
import { illustrationFiles, illustrationInRussian } from './scripts/illustrations-ru.js';

const require = createRequire(import.meta.url);
const here = path.dirname(fileURLToPath(import.meta.url));
// react-router's package exports point every bundler at its development build; the browser bundle takes the
// production build (same API, no dev-only checks). The SSR build keeps the package as an external.
const routerDir = path.dirname(require.resolve('react-router/package.json'));
const routerProduction = path.join(routerDir, 'dist/production/index.mjs');

/** Every locale file: src/locales/<lang>/<ns>.json. */
const localesDir = path.join(here, 'src/locales');
const localeFiles = readdirSync(localesDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) => readdirSync(path.join(localesDir, d.name)).filter((f) => f.endsWith('.json')).map((f) => `${d.name}/${f}`));
const localesVersion = createHash('sha256')
  .update(localeFiles.map((f) => f + readFileSync(path.join(localesDir, f), 'utf8')).join('\n'))
  .digest('hex')
  .slice(0, 10);

/**
 * Publishes the locale files as dist/locales/<lang>/<ns>.json (minified). Pages embed the namespaces they need
 * in their HTML; these files serve client-side navigation, fetched with ?v=<content hash> for cache busting.
 */
function localesPlugin(): Plugin {
  return {
    name: 'relaycast-locales',
    apply: 'build',
    generateBundle() {
      if (this.environment.config.consumer !== 'client') return;
      for (const file of localeFiles) {
        const json = JSON.stringify(JSON.parse(readFileSync(path.join(localesDir, file), 'utf8')));
        this.emitFile({ type: 'asset', fileName: `locales/${file}`, source: json });
      }
    },
  };
}

/**
 * Russian versions of the illustrations (public/img, icons aside, which carry no words): `<name>.ru.svg` beside
 * each, in the build and from the dev server. Russian pages ask for them (src/app/shell/illustrations.ts).
 */
function illustrationsPlugin(): Plugin {
  const imgDir = path.join(here, 'public/img');
  return {
    name: 'relaycast-illustrations',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const name = /^\/img\/([\w/-]+)\.ru\.svg(?:\?.*)?$/.exec(req.url ?? '')?.[1];
        const file = name ? path.join(imgDir, `${name}.svg`) : '';
        if (!name || !existsSync(file)) return next();
        res.setHeader('Content-Type', 'image/svg+xml');
        res.end(illustrationInRussian(readFileSync(file, 'utf8'), file));
      });
    },
    generateBundle() {
      if (this.environment.config.consumer !== 'client') return;
      for (const rel of illustrationFiles(imgDir)) {
        const source = illustrationInRussian(readFileSync(path.join(imgDir, rel), 'utf8'), `public/img/${rel}`);
        this.emitFile({ type: 'asset', fileName: `img/${rel.split(path.sep).join('/').replace(/\.svg$/, '.ru.svg')}`, source });
      }
    },
  };
}

/**
 * The site shell every page loads with its header (app/shell/: the seams, the store and its slices, language,
 * cookies, the header's controls), the islands' start and their seams' implementations (public/), the island
 * marker, the session of the account menu and the contracts' constants: one chunk, not a dozen small ones. Not the
 * extras loaded after hydration (cookie window, toasts, tooltip, the test clock's banner), the API, or what only some
 * pages load (money formatting goes with the pricing chunk).
 */
const shell = (id: string) =>
  (/\/web\/src\/app\/shell\/(ui\/)?[^/]+$/.test(id) &&
    !/\/(api|apiMiddleware|sessionApi|Tooltip|Toaster|CookieConsent|throttle|format|purchaseQuery)\.tsx?$/.test(id)) ||
  /\/web\/src\/app\/shell\/layout\/useAppEffects\.ts$/.test(id) ||
  /\/web\/src\/public\/(IslandRoot|navigation|texts|state|store)\.tsx?$/.test(id) ||
  /\/web\/src\/features\/ui\/(Island|content\/(useContent|types))\.tsx?$/.test(id) ||
  /\/web\/src\/features\/auth\/session(\.fetch)?\.tsx?$/.test(id) ||
  // redux and its thunks go with the store that uses them: in the entry chunk, the two chunks would import each
  // other and the shell would run before the redux functions it calls are defined.
  /\/node_modules\/(redux|redux-thunk)\//.test(id) ||
  /\/contracts\/src\/constants\//.test(id);

/**
 * The public pages' build (`vite build --mode public`, into dist-public/; the prerenderer moves its scripts into
 * dist/assets and fills the public pages in its index.html): the same components, started from public/main.tsx —
 * a prerendered page hydrates only its islands, on the seams' island implementations (public/: the window's
 * location, the embedded texts, redux's own store). No library is replaced: React Router, i18next, react-i18next,
 * react-redux, Redux Toolkit and marked are simply not imported by anything an island runs (app/imports.spec.ts
 * checks it). Account, checkout, admin, sign-in and the embeds (spa.html) keep the whole app's build.
 */
function publicEntry(): Plugin {
  return {
    name: 'relaycast-public-entry',
    transformIndexHtml: { order: 'pre', handler: (html) => html.replace('src="/src/main.tsx"', 'src="/src/public/main.tsx"') },
  };
}

export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: mode === 'public' ? [publicEntry(), react(), validatorsPlugin()] : [react(), localesPlugin(), validatorsPlugin(), illustrationsPlugin()],
  publicDir: mode === 'public' ? false : 'public',
  define: {
    __BUILD_YEAR__: JSON.stringify(new Date().getUTCFullYear()),
    __SITE_URL__: JSON.stringify((process.env.PUBLIC_URL ?? 'https://relaycast.example').replace(/\/+$/, '')),
    __LOCALES_VERSION__: JSON.stringify(localesVersion),
  },
  resolve: {
    // The app's browser bundle: React Router's own production build (above). The islands never import React Router.
    alias: isSsrBuild || mode === 'public' ? [] : [{ find: /^react-router$/, replacement: routerProduction }],
  },
  build: {
    target: 'es2022',
    outDir: isSsrBuild ? 'dist-server' : mode === 'public' ? 'dist-public' : 'dist',
    manifest: !isSsrBuild,
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    chunkSizeWarningLimit: 600,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            // The site shell and the pricing code (with the calculator and the money formatting) are each shared
            // by many pages: one chunk each instead of a dozen small ones. Libraries keep the bundler's own split
            // (one large framework chunk would be one long task at hydration).
            codeSplitting: {
              includeDependenciesRecursively: false,
              groups: [
                {
                  name: 'pricing',
                  test: (id: string) => (/\/(billing-core\/src|web\/src\/features\/pricing)\//.test(id) && !/Page\.tsx$/.test(id)) || /\/web\/src\/app\/shell\/(format|purchaseQuery)\.ts$/.test(id),
                  priority: 20,
                },
                { name: 'shell', test: shell, priority: 10 },
              ],
            },
          },
        },
  },
  ssr: {
    noExternal: ['@relaycast/contracts', '@relaycast/billing-core'],
  },
}));
