import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const require = createRequire(import.meta.url);
// react-router's package exports point every bundler at its development build; the browser bundle takes the
// production build (same API, no dev-only checks). The SSR build keeps the package as an external.
const routerDir = path.dirname(require.resolve('react-router/package.json'));
const routerProduction = path.join(routerDir, 'dist/production/index.mjs');

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  define: {
    __BUILD_YEAR__: JSON.stringify(new Date().getUTCFullYear()),
    __SITE_URL__: JSON.stringify((process.env.PUBLIC_URL ?? 'https://relaycast.example').replace(/\/+$/, '')),
  },
  resolve: {
    alias: isSsrBuild ? [] : [{ find: /^react-router$/, replacement: routerProduction }],
  },
  build: {
    target: 'es2022',
    outDir: isSsrBuild ? 'dist-server' : 'dist',
    manifest: !isSsrBuild,
    // Locale files are fetched as JSON assets; never inline them into the bundle as data URLs.
    assetsInlineLimit: (file: string) => (file.endsWith('.json') ? false : undefined),
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
  },
  ssr: {
    noExternal: ['@relaycast/contracts', '@relaycast/billing-core'],
  },
}));
