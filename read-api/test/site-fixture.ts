import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * A built site for the back-end tests, made from the web app's real locale files (web/src/locales) without building
 * it: `content.json` and the locale files the server's content catalogue reads (read-api/src/content/catalogue.ts),
 * and — for the tests that serve pages — prerendered pages and a server renderer with the web build's interface
 * (web/src/entry-server.tsx `renderDocument`), which writes each section's heading and paragraphs and embeds the
 * texts as the real one does. What the real renderer makes of them is the browser tests' (e2e/site-copy.spec.ts).
 */

const LOCALES = join(import.meta.dirname, '..', '..', 'web', 'src', 'locales');

export const FIXTURE_PAGES = [
  { id: 'how-to-use', path: '/how-to-use', ns: ['page-how-to-use'] },
  { id: 'faq', path: '/faq', ns: ['page-faq'] },
  { id: 'news', path: '/news', ns: ['page-news'] },
  { id: 'pricing', path: '/pricing', ns: ['pricing'] },
] as const;

/** `dist/content.json` and the pages' locale files in both languages: what /admin/content/* needs. */
export function writeContentCatalogue(dist: string): void {
  mkdirSync(dist, { recursive: true });
  writeFileSync(join(dist, 'content.json'), JSON.stringify({ pages: FIXTURE_PAGES }));
  for (const lang of ['en', 'ru']) {
    mkdirSync(join(dist, 'locales', lang), { recursive: true });
    for (const page of FIXTURE_PAGES) for (const ns of page.ns) copyFileSync(join(LOCALES, lang, `${ns}.json`), join(dist, 'locales', lang, `${ns}.json`));
  }
}

const TEMPLATE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <!--app-head-->
  </head>
  <body>
    <div id="root"><!--app-html--></div>
    <!--app-data-->
  </body>
</html>
`;

/** The stand-in of dist-server/entry-server.js: sections' headings and paragraphs, added sections, embedded texts. */
const RENDERER = `
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
export async function renderDocument(url, template, texts) {
  const lang = url === '/ru' || url.startsWith('/ru/') ? 'ru' : 'en';
  const [ns] = Object.keys(texts);
  const t = texts[ns];
  const list = (v) => (Array.isArray(v) ? v : []);
  const sections = list(t.sections).map((s) => '<section id="' + esc(s.id) + '"><h2>' + esc(s.title) + '</h2>' + list(s.blocks).filter((b) => b.p).map((b) => '<p>' + esc(b.p) + '</p>').join('') + '</section>');
  const items = list(t.items).map((i) => '<article id="' + esc(i.id) + '"><h2>' + esc(i.title) + '</h2></article>');
  const added = list(t.cmsSections).map((s) => '<section id="material-' + esc(s.id) + '"><h2>' + esc(s.title) + '</h2><div class="cms-body">' + s.bodyHtml + '</div></section>');
  const hero = t.hero ? '<h1>' + esc(t.hero.title) + '</h1>' : '';
  return template
    .replace('<html lang="en">', '<html lang="' + lang + '">')
    .replace('<!--app-head-->', '<title>' + esc(t.meta ? t.meta.title : ns) + '</title>')
    .replace('<!--app-html-->', () => hero + sections.join('') + items.join('') + added.join(''))
    .replace('<!--app-data-->', () => '<script id="i18n-data" type="application/json">' + JSON.stringify({ [lang]: texts }).replace(/</g, '\\\\u003c') + '</script>');
}
`;

/**
 * A whole built site under `root`: dist/ (routes.json, content.json, locales, the pages prerendered in both languages
 * with their built-in texts, 404 and SPA pages) and dist-server/ (the renderer above and the template). Returns dist.
 */
export async function writeSiteFixture(root: string): Promise<string> {
  const dist = join(root, 'dist');
  const server = join(root, 'dist-server');
  writeContentCatalogue(dist);
  mkdirSync(server, { recursive: true });
  writeFileSync(join(server, 'entry-server.js'), RENDERER);
  writeFileSync(join(server, 'template.html'), TEMPLATE);
  const renderer = (await import(pathToFileURL(join(server, 'entry-server.js')).href)) as { renderDocument(url: string, template: string, texts: Record<string, unknown>): Promise<string> };
  const prerendered: string[] = [];
  for (const page of FIXTURE_PAGES) {
    for (const lang of ['en', 'ru'] as const) {
      const url = lang === 'en' ? page.path : `/ru${page.path}`;
      const texts = Object.fromEntries(page.ns.map((ns) => [ns, JSON.parse(readFileSync(join(LOCALES, lang, `${ns}.json`), 'utf8')) as unknown]));
      mkdirSync(join(dist, url), { recursive: true });
      writeFileSync(join(dist, url, 'index.html'), await renderer.renderDocument(url, TEMPLATE, texts));
      prerendered.push(url);
    }
  }
  writeFileSync(join(dist, 'routes.json'), JSON.stringify({ prerendered, spaPrefixes: ['/admin/', '/ru/admin/'], spaShell: '/spa.html', notFound: { en: '/404.html', ru: '/ru/404.html' } }));
  writeFileSync(join(dist, 'spa.html'), TEMPLATE.replace('<!--app-head-->', '<title>Relaycast</title>'));
  writeFileSync(join(dist, '404.html'), '<!doctype html><html lang="en"><head><title>Page not found</title></head><body>Page not found</body></html>');
  mkdirSync(join(dist, 'ru'), { recursive: true });
  writeFileSync(join(dist, 'ru', '404.html'), '<!doctype html><html lang="ru"><head><title>Страница не найдена</title></head><body>Страница не найдена</body></html>');
  return dist;
}
