/**
 * Build step 3 of 3 (after the client and SSR builds): renders every public route in both languages to
 * dist/<path>/index.html with its own <title>, description, canonical and hreflang links, Open Graph tags and
 * lang; the page's texts are embedded so the browser hydrates without fetching them. Also writes
 * dist/spa.html (client-only routes), dist/404.html and dist/ru/404.html, sitemap.xml, robots.txt,
 * routes.json (what a server needs to serve dist: prerendered paths and client-only prefixes) and content.json (the
 * pages whose copy administrators may override, which the server renders with dist-server/ and its template.html).
 */
import { cp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LANGUAGES, type Language } from '@relaycast/contracts/constants';

type ServerEntry = typeof import('../src/entry-server.js');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
}
type Manifest = Record<string, ManifestChunk>;

const server: ServerEntry = await import(pathToFileURL(path.join(root, 'dist-server/entry-server.js')).href);
const builtTemplate = await readFile(path.join(dist, 'index.html'), 'utf8');
/**
 * The public pages' scripts (vite.config.ts, mode `public`: the islands' entry, src/public/main.tsx, on the seams'
 * island implementations) are built into dist-public/: they join dist/assets, and its index.html is the template of
 * every prerendered page (and of the pages the server renders with overrides). spa.html keeps the app's build.
 */
const publicDir = path.join(root, 'dist-public');
/** The public build's manifest: what the prerendered pages load. */
const manifest: Manifest = JSON.parse(await readFile(path.join(publicDir, '.vite/manifest.json'), 'utf8'));
await cp(path.join(publicDir, 'assets'), path.join(dist, 'assets'), { recursive: true });
const publicTemplate = await readFile(path.join(publicDir, 'index.html'), 'utf8');
await rm(publicDir, { recursive: true, force: true });
/**
 * The stylesheet is small (about 5 KB gzip), so prerendered pages carry it inline: no render-blocking request
 * before the first paint. spa.html keeps the <link>.
 */
async function inlineStylesheets(html: string): Promise<string> {
  let out = html;
  for (const m of html.matchAll(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g)) {
    const css = await readFile(path.join(dist, m[1] ?? ''), 'utf8');
    out = out.replace(m[0], () => `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`);
  }
  return out;
}
/**
 * Prerendered pages carry no modulepreload hints. The page is readable before any script runs, and ~140 KB of
 * preloaded modules competed with the HTML and the hero image for the first paint: Lighthouse (mobile, simulated
 * throttling) measured FCP 2.2 s → 1.5 s and performance 96 → 99 without them. The entry script still starts at
 * once; the chunks it imports follow it, one round trip later. spa.html, blank until its scripts run, keeps them.
 */
function withoutModulePreloads(html: string): string {
  return html.replace(/\s*<link rel="modulepreload" crossorigin href="[^"]+">/g, '');
}
const template = withoutModulePreloads(await inlineStylesheets(publicTemplate));
if (template.includes('rel="stylesheet"')) throw new Error('a stylesheet link was not inlined');
if (template.includes('modulepreload')) throw new Error('a modulepreload link was left in the prerender template');
for (const marker of ['<!--app-head-->', '<!--app-html-->', '<!--app-data-->', '<html lang="en">']) {
  if (!template.includes(marker)) throw new Error(`index.html template lacks ${marker}`);
}

const entryKey = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
const entryFiles = new Set<string>();
const entryCss = new Set<string>();
function collect(key: string, files: Set<string>, css: Set<string>) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  chunk.css?.forEach((c) => css.add(c));
  chunk.imports?.forEach((k) => collect(k, files, css));
}
if (entryKey) collect(entryKey, entryFiles, entryCss);

/**
 * Checks that no script of the public pages (the islands, src/public/islands.ts, and what they load) brings a
 * stylesheet of its own: the entry's is inlined in every page, and there is one global sheet (src/styles).
 */
for (const key of Object.keys(manifest)) {
  const files = new Set<string>();
  const css = new Set<string>();
  collect(key, files, css);
  const extraCss = [...css].filter((c) => !entryCss.has(c));
  if (extraCss.length > 0) throw new Error(`${key} has its own CSS (${extraCss.join(', ')}); keep styles in src/styles`);
}

function fillTemplate(base: string, parts: { lang: Language; head: string; html: string; data: string }): string {
  return base
    .replace('<html lang="en">', `<html lang="${parts.lang}">`)
    .replace('<!--app-head-->', parts.head)
    .replace('<!--app-html-->', () => parts.html)
    .replace('<!--app-data-->', () => parts.data);
}

function outFile(urlPath: string): string {
  return urlPath === '/' ? path.join(dist, 'index.html') : path.join(dist, urlPath.slice(1), 'index.html');
}

async function write(file: string, content: string) {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, content);
}

const written: { path: string; alternates: Record<string, string> }[] = [];
for (const route of server.PUBLIC_PAGES) {
  for (const lang of LANGUAGES) {
    const url = server.localizePath(route.path, lang);
    const page = await server.renderPage(url);
    if (page.route.id !== route.id) throw new Error(`${url} rendered ${page.route.id}, expected ${route.id}`);
    await write(outFile(url), server.documentHtml(template, page, server.headHtml(page.head)));
    written.push({ path: url, alternates: Object.fromEntries(page.head.alternates.map((a) => [a.hreflang, a.href])) });
  }
}

// Not-found pages (served with status 404 for unknown public paths).
for (const lang of LANGUAGES) {
  const url = server.localizePath('/__not-found__', lang);
  const page = await server.renderPage(url);
  const head = server.headHtml({ ...page.head, alternates: [] }, 'noindex');
  const file = lang === 'en' ? path.join(dist, '404.html') : path.join(dist, lang, '404.html');
  await write(file, server.documentHtml(template, page, head));
}

// The client-only shell: no prerendered content, mounted with createRoot.
await write(
  path.join(dist, 'spa.html'),
  fillTemplate(builtTemplate, { lang: 'en', head: '<title>Relaycast</title>\n    <meta name="robots" content="noindex" />', html: '', data: '' }),
);

const site = server.SITE_URL;
const sitemap = [
  '<?xml version="1.0" encoding="UTF-8"?>',
  '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
  ...written.map((w) =>
    [
      '  <url>',
      `    <loc>${site}${w.path}</loc>`,
      ...Object.entries(w.alternates).map(([lang, href]) => `    <xhtml:link rel="alternate" hreflang="${lang}" href="${href}"/>`),
      '  </url>',
    ].join('\n'),
  ),
  '</urlset>',
  '',
].join('\n');
await writeFile(path.join(dist, 'sitemap.xml'), sitemap);
await writeFile(
  path.join(dist, 'robots.txt'),
  ['User-agent: *', 'Allow: /', 'Disallow: /admin/', 'Disallow: /user/', 'Disallow: /auth/', '', `Sitemap: ${site}/sitemap.xml`, ''].join('\n'),
);
await writeFile(
  path.join(dist, 'routes.json'),
  JSON.stringify(
    {
      prerendered: written.map((w) => w.path),
      spaPrefixes: server.SPA_PATH_PREFIXES.flatMap((p) => [p, `/ru${p}`]),
      spaShell: '/spa.html',
      notFound: { en: '/404.html', ru: '/ru/404.html' },
      // What the pages were built with, so that the server can put its deployment's settings in their place.
      placeholders: server.SITE_PLACEHOLDERS,
    },
    null,
    2,
  ) + '\n',
);
// What the server needs to render a page whose texts administrators changed (read-api/src/content): the built-in
// pages and their namespaces, and the template the pages above were filled in, beside the server renderer
// (dist-server/entry-server.js, kept; outside dist, so it is never served).
await writeFile(
  path.join(dist, 'content.json'),
  JSON.stringify({ pages: server.PUBLIC_PAGES.map((route) => ({ id: route.id, path: route.path, ns: route.ns })) }, null, 2) + '\n',
);
await writeFile(path.join(root, 'dist-server', 'template.html'), template);
console.log(`prerendered ${written.length} pages, 2 not-found pages, spa.html, sitemap.xml, robots.txt, content.json`);
