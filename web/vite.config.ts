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
 * each, in the build and from the dev server. Russian pages ask for them (src/app/illustrations.ts).
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
 * The site shell and the small content primitives every page uses: app/ and features/ui/ (their own files, not
 * their subfolders) and four of features/ui/content/; not the lazily loaded extras, the API, or what only some
 * pages load (money formatting goes with the pricing chunk).
 */
const shell = (id: string) =>
  (/\/web\/src\/(app|features\/ui)\/[^/]+$/.test(id) &&
    !/\/(api|sessionApi|Tooltip|Toaster|CookieConsent|ShellExtras|throttle|NotFoundPage|validation|forms|list|problems|format|TestClockBanner)\.tsx?$/.test(id)) ||
  /\/web\/src\/features\/ui\/content\/(useContent|Faq|CodeBlock|types)\.tsx?$/.test(id) ||
  // The route table (app/pages.ts) lists the admin views from here: in another chunk, the two would import each
  // other and the shell would read ADMIN_VIEWS before it is defined.
  /\/web\/src\/features\/admin\/access\.ts$/.test(id) ||
  // The public build's stand-ins go with the shell that imports them: in the entry chunk, the two chunks would
  // import each other and the shell would run before the stand-ins it uses are defined.
  /\/web\/src\/public\/(router|i18next|react-i18next|react-redux|redux-toolkit|inlineMarkdown)\.tsx?$/.test(id) ||
  /\/contracts\/src\/constants\//.test(id);

/**
 * The public pages' build (`vite build --mode public`, into dist-public/; the prerenderer moves its scripts into
 * dist/assets and fills the public pages in its index.html): the same entry and components, but what the public
 * pages use of React Router, i18next, react-i18next and react-redux comes from small stand-ins in src/public/ (a public page is
 * one document: links load the next page), and inline Markdown comes lexed in the page (no marked). Account,
 * checkout, admin, sign-in and the embeds (spa.html) keep the whole app's build.
 */
const src = (file: string) => path.join(here, 'src', file);
const publicAliases = [
  { find: /^react-router$/, replacement: src('public/router.tsx') },
  { find: /^i18next$/, replacement: src('public/i18next.ts') },
  { find: /^react-i18next$/, replacement: src('public/react-i18next.tsx') },
  { find: /^react-redux$/, replacement: src('public/react-redux.tsx') },
  { find: /^\.\/inlineMarkdown\.js$/, replacement: src('public/inlineMarkdown.ts') },
];

/**
 * The public build's modules that stand in for one importer's: Redux Toolkit for the site's own modules
 * (src/public/redux-toolkit.ts: the slices and the store in about 1 KB; RTK Query, inside node_modules, keeps the
 * real package, and loads only with the login form), the islands' start for the entry's, and the account menu's
 * session without RTK Query.
 */
function publicModules(): Plugin {
  return {
    name: 'relaycast-public-modules',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!importer) return null;
      if (source === '@reduxjs/toolkit' && !importer.includes('/node_modules/')) return src('public/redux-toolkit.ts');
      // The page is prerendered: only its islands hydrate (src/public/start.tsx, features/ui/Island.tsx).
      if (source === './start.js' && importer === src('main.tsx')) return src('public/start.tsx');
      // The header's account menu: who is signed in, and signing out, without RTK Query.
      if (source === './session.js' && importer === src('features/auth/AccountMenu.tsx')) return src('public/session.ts');
      return null;
    },
  };
}

export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: mode === 'public' ? [publicModules(), react(), validatorsPlugin()] : [react(), localesPlugin(), validatorsPlugin(), illustrationsPlugin()],
  publicDir: mode === 'public' ? false : 'public',
  define: {
    __BUILD_YEAR__: JSON.stringify(new Date().getUTCFullYear()),
    __SITE_URL__: JSON.stringify((process.env.PUBLIC_URL ?? 'https://relaycast.example').replace(/\/+$/, '')),
    __LOCALES_VERSION__: JSON.stringify(localesVersion),
    __PUBLIC_PAGES__: JSON.stringify(mode === 'public'),
  },
  resolve: {
    alias: isSsrBuild ? [] : mode === 'public' ? publicAliases : [{ find: /^react-router$/, replacement: routerProduction }],
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
                  test: (id: string) => (/\/(billing-core\/src|web\/src\/features\/pricing)\//.test(id) && !/Page\.tsx$/.test(id)) || /\/web\/src\/features\/ui\/format\.ts$/.test(id),
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
