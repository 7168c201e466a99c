import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import expressStaticGzip from 'express-static-gzip';
import express, { type Router } from 'express';
import { NotFoundError } from '@relaycast/contracts';
import type { Logger } from '../logger.js';
import type { PageRenderer } from '../content/renderer.js';
import { langOfPath, type SiteContent } from '../content/site-content.js';
import { escapeHtml } from '../html.js';

interface RoutesManifest {
  prerendered: string[];
  spaPrefixes: string[];
  spaShell: string;
  notFound: { en: string; ru: string };
  /** What the pages were built with in place of the deployment's settings. */
  placeholders?: { publicUrl: string; contactEmail: string; marketplaceUrl: string; downloadsUrl: string };
}

/** The deployment's settings pages show (PUBLIC_URL, CONTACT_EMAIL, CLOUD_MARKETPLACE_URL). */
export interface SiteSettings {
  publicUrl: string;
  contactEmail: string | null;
  marketplaceUrl: string | null;
  downloadsUrl: string;
  /**
   * PAYMENTS: with `demo`, every page says "Demo payments: no money moves" — elements marked
   * `data-setting="demo-payments"` are kept, and left out otherwise; the meta tag carries it for hydration.
   */
  payments?: 'paypal' | 'demo' | 'off';
  /** Google sign-in is configured (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET): false hides "Continue with Google". */
  google?: boolean;
}


/**
 * Puts the deployment's settings where the build put placeholders: the public origin (canonical, hreflang, Open
 * Graph, sitemap, robots, code examples), the contact address and the marketplace listing — or leaves the elements
 * marked `data-setting` out when the deployment has none. HTML pages also get the settings as a meta tag, which the
 * browser reads (web/src/app/siteSettings.ts) so that hydration renders the same.
 */
function settingsRewriter(placeholders: RoutesManifest['placeholders'], settings: SiteSettings) {
  return (text: string, kind: 'html' | 'xml' | 'text' | 'json'): string => {
    if (!placeholders) return text;
    const value = (v: string) => (kind === 'text' ? v : kind === 'json' ? JSON.stringify(v).slice(1, -1) : escapeHtml(v));
    let out = text.split(placeholders.downloadsUrl).join(value(settings.downloadsUrl));
    out = out.split(placeholders.publicUrl).join(value(settings.publicUrl));
    if (kind !== 'html') return out;
    out = settings.marketplaceUrl
      ? out.split(escapeHtml(placeholders.marketplaceUrl)).join(value(settings.marketplaceUrl))
      : out.replace(/<a\b[^>]*\bdata-setting="marketplace"[^>]*>[\s\S]*?<\/a>/g, '');
    out = settings.contactEmail
      ? out.split(placeholders.contactEmail).join(value(settings.contactEmail))
      : out.replace(/<p\b[^>]*\bdata-setting="contact-email"[^>]*>[\s\S]*?<\/p>/g, '');
    if (settings.payments !== 'demo') out = out.replace(/<(p|div|aside)\b[^>]*\bdata-setting="demo-payments"[^>]*>[\s\S]*?<\/\1>/g, '');
    const meta = `<meta name="relaycast-settings" content="${escapeHtml(JSON.stringify(settings))}" />`;
    return out.replace('</head>', `    ${meta}\n  </head>`);
  };
}

export interface StaticSite {
  /** sha256 sources of the inline scripts of every page, for the Content-Security-Policy. */
  inlineScriptHashes: string[];
  available: boolean;
}

function htmlFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...htmlFiles(path));
    else if (name.endsWith('.html')) out.push(path);
  }
  return out;
}

/** Hashes of executable inline scripts (the no-flash theme script), so the CSP needs no 'unsafe-inline'. */
function inlineScriptHashes(dist: string): string[] {
  const hashes = new Set<string>();
  for (const file of htmlFiles(dist)) {
    const html = readFileSync(file, 'utf8');
    for (const match of html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>([\s\S]*?)<\/script>/g)) {
      const attrs = match[1] ?? '';
      if (/type="application\/(ld\+)?json"/.test(attrs)) continue;
      hashes.add(`'sha256-${createHash('sha256').update(match[2] ?? '').digest('base64')}'`);
    }
  }
  return [...hashes];
}

interface PreparedFile {
  raw: Buffer;
  /** A weak validator of the text (pages are no-cache: a browser asks again and gets 304 while it is the same). */
  etag: string;
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
}

function prepared(text: string): PreparedFile {
  const raw = Buffer.from(text);
  return { raw, etag: `W/"${createHash('sha256').update(raw).digest('base64url').slice(0, 27)}"`, encoded: {} };
}

/** The site's copy as administrators changed it (section overrides) and the renderer that puts it in pages. */
export interface SiteCopy {
  content: SiteContent;
  renderer: PageRenderer;
}

/** Said above a preview of a page's drafts (outside the app's root: React never sees it). */
const PREVIEW_NOTICE = {
  en: 'Preview: this page with its draft texts, as visitors will see it once they are published. Visitors still see the published page.',
  ru: 'Предпросмотр: страница с черновыми текстами — так её увидят посетители после публикации. Сейчас посетители видят опубликованную страницу.',
} as const;

/** Rendered pages and locale files with overrides, by path and the fingerprint of their overrides: at most this many. */
const RENDERED_MAX = 200;
type Encoding = 'br' | 'gzip';
const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);
/**
 * Pages are compressed in process (they carry the deployment's settings), the first time each is asked for: Brotli
 * at quality 10, not 11, because that first reader waits for it (home page: 14.4 KB in ~35 ms at 10, 14.1 KB in
 * ~100 ms at 11, 16.5 KB at gzip 9).
 */
const ENCODE: Record<Encoding, (raw: Buffer) => Promise<Buffer>> = {
  br: (raw) => brotli(raw, { params: { [constants.BROTLI_PARAM_QUALITY]: 10, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length } }),
  gzip: (raw) => gzipped(raw, { level: 9 }),
};

/** If-None-Match names this validator (weak comparison, as for GET: RFC 9110 13.1.2), or any (`*`). */
function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === opaque(etag));
}

/** Brotli when the client takes it (it is smaller), else gzip, else none; q-values and `*` as HTTP says. */
function preferredEncoding(req: express.Request): Encoding | null {
  if (req.acceptsEncodings('br') === 'br') return 'br';
  if (req.acceptsEncodings('gzip') === 'gzip') return 'gzip';
  return null;
}

/** The build writes its assets flat, named `<name>-<hash>.<ext>` (web/vite.config.ts); anything else is no asset. */
const ASSET_NAME = /^\/[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** The asset a path names, decoded (`/index-x%2Ejs` is `/index-x.js`), or null when it names none. */
export function assetName(path: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    return null; // a malformed escape
  }
  return ASSET_NAME.test(decoded) && !decoded.includes('..') ? decoded : null;
}

/**
 * Serves the built web app (web/dist): prerendered pages as their own HTML, client-only routes (account, admin,
 * sign-in, embeds) as the SPA shell, hashed assets cached for a year, and a 404 page with status 404 for
 * anything else. Mounted after the API, so API paths never reach it.
 */
export function mountStaticSite(router: Router, dist: string, logger: Logger, settings: SiteSettings, copy?: SiteCopy): StaticSite {
  const manifestPath = join(dist, 'routes.json');
  if (!existsSync(manifestPath)) {
    logger.warn({ dist }, 'web app not built (no routes.json): run `npm run build -w web` or `make build`; serving the API only');
    return { inlineScriptHashes: [], available: false };
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as RoutesManifest;
  const prerendered = new Set(manifest.prerendered);
  const file = (urlPath: string) => join(dist, normalize(urlPath).split('/').filter(Boolean).join(sep));
  const rewrite = settingsRewriter(manifest.placeholders, settings);
  // Each file rewritten once (the settings do not change while the process runs), and compressed once per encoding
  // (Brotli 10, gzip 9; see ENCODE), off the event loop, the first time a browser asks for it that way.
  const files = new Map<string, PreparedFile>();
  // Texts with overrides are keyed by what they show (path and overrides' fingerprint): a publication makes a new
  // entry, so no compressed copy of an earlier version is ever sent; old ones leave oldest first.
  const rendered = new Map<string, PreparedFile>();
  const remember = (key: string, file: PreparedFile) => {
    rendered.set(key, file);
    if (rendered.size > RENDERED_MAX) rendered.delete(rendered.keys().next().value!);
    return file;
  };
  const send = (req: express.Request, res: express.Response, path: string, kind: 'html' | 'xml' | 'text' | 'json', status = 200) => {
    let file = files.get(path);
    if (!file) {
      file = prepared(rewrite(readFileSync(path, 'utf8'), kind));
      files.set(path, file);
    }
    return sendPrepared(req, res, file, kind, status);
  };
  const sendPrepared = async (req: express.Request, res: express.Response, file: PreparedFile, kind: 'html' | 'xml' | 'text' | 'json', status = 200) => {
    // With the charset spelled out: res.send adds it to a string body, not to a Buffer.
    res.status(status).setHeader('Content-Type', `${{ html: 'text/html', xml: 'application/xml', text: 'text/plain', json: 'application/json' }[kind]}; charset=utf-8`);
    res.setHeader('Vary', 'Accept-Encoding');
    res.setHeader('ETag', file.etag);
    if (status === 200 && matchesEtag(req.headers['if-none-match'], file.etag)) return void res.status(304).end();
    const encoding = preferredEncoding(req);
    if (!encoding) return void res.send(file.raw);
    let pending = file.encoded[encoding];
    if (!pending) {
      const encoded = (pending = ENCODE[encoding](file.raw));
      file.encoded[encoding] = encoded;
      encoded.catch(() => delete file.encoded[encoding]); // tried again next time
    }
    const body = await pending;
    res.setHeader('Content-Encoding', encoding);
    res.send(body);
  };

  router.get('/sitemap.xml', (req, res) => send(req, res, file('/sitemap.xml'), 'xml'));
  router.get('/robots.txt', (req, res) => send(req, res, file('/robots.txt'), 'text'));
  // Locale texts carry install commands with the downloads address. A page's own texts (client-side navigation
  // loads them) carry its published section overrides: asked again each time (no-cache, 304 while unchanged), so a
  // publication is seen at the next navigation; the others are cached for an hour.
  router.get(/^\/locales\/[a-z-]+\/[a-z0-9-]+\.json$/i, async (req, res, next) => {
    const path = file(req.path);
    if (!existsSync(path)) return next();
    const [, lang = '', ns = ''] = /^\/locales\/([a-z-]+)\/([a-z0-9-]+)\.json$/i.exec(req.path) ?? [];
    if (!copy?.content.catalogue.ownerOf(ns) || (lang !== 'en' && lang !== 'ru')) {
      res.setHeader('Cache-Control', 'public, max-age=3600');
      return send(req, res, path, 'json');
    }
    res.setHeader('Cache-Control', 'no-cache');
    const texts = await copy.content.namespace(ns, lang, 'published').catch((error: unknown) => {
      logger.error({ err: error, ns, lang }, 'section overrides could not be read: the default texts are served');
      return null;
    });
    if (!texts) return send(req, res, path, 'json');
    const key = `json ${lang}/${ns} ${texts.fingerprint}`;
    return sendPrepared(req, res, rendered.get(key) ?? remember(key, prepared(rewrite(JSON.stringify(texts.bundle), 'json'))), 'json');
  });
  // An HTML file asked for by its own name gets the same settings as its page.
  router.get(/\.html$/, (req, res, next) => {
    const path = file(req.path);
    if (!path.startsWith(dist) || !existsSync(path)) return next();
    res.setHeader('Cache-Control', 'no-cache');
    return send(req, res, path, 'html');
  });

  // The build compresses the assets once, at the highest levels (web/scripts/precompress.ts): browsers get the .br or
  // .gz file they accept; the compression middleware leaves an answer that is already encoded alone.
  const assets = expressStaticGzip(join(dist, 'assets'), { enableBrotli: true, orderPreference: ['br', 'gzip'], index: false, serveStatic: { immutable: true, maxAge: '365d', index: false, fallthrough: false } });
  // The encoding is chosen here, as for pages: the library's own choice ignores a refusal such as `*, br;q=0`.
  router.use('/assets', (req, res, next) => {
    // Only a name shaped like the build's goes on (e2e/assets.spec.ts checks every built file passes), decoded: the library looked up percent-encoded names as they were (an
    // escaped dot came back with `Content-Type: false`), answered a malformed escape with its own HTML page, and
    // `..` with a 403 that read as a bad request.
    const name = assetName(req.path);
    if (!name) return next(new NotFoundError('No such file'));
    req.url = name;
    req.headers['accept-encoding'] = preferredEncoding(req) ?? 'identity';
    assets(req, res, next);
  });
  router.use(express.static(dist, { index: false, maxAge: '1h', redirect: false }));

  /**
   * A prerendered page as visitors get it: the prerendered file, or — when administrators published section
   * overrides for it — the page rendered with them (the same renderer and template). `?preview` from an
   * administrator: the drafts, never stored by a cache, under a notice.
   */
  const sendPage = async (req: express.Request, res: express.Response, path: string) => {
    const preview = req.query.preview !== undefined && req.auth?.user?.role === 'ROLE_ADMIN';
    const builtIn = join(file(path), 'index.html');
    if (!copy?.renderer.available) return send(req, res, builtIn, 'html');
    const texts = await copy.content.page(path, preview ? 'draft' : 'published').catch((error: unknown) => {
      logger.error({ err: error, path }, 'section overrides could not be read: the built-in page is served');
      return null;
    });
    if (preview) res.setHeader('Cache-Control', 'private, no-store');
    if (!texts && !preview) return send(req, res, builtIn, 'html');
    const key = `html ${path} ${texts?.fingerprint ?? 'built-in'}${preview ? ' preview' : ''}`;
    let page = rendered.get(key);
    if (!page) {
      let html: string;
      try {
        html = texts ? await copy.renderer.render(path, texts.texts) : readFileSync(builtIn, 'utf8');
      } catch (error) {
        logger.error({ err: error, path }, 'the page could not be rendered with its overrides: the built-in page is served');
        return send(req, res, builtIn, 'html');
      }
      html = rewrite(html, 'html');
      if (preview) {
        const notice = `<div class="preview-notice" role="status" data-testid="preview-notice">${escapeHtml(PREVIEW_NOTICE[langOfPath(path)])}</div>`;
        html = html.replace(/<body([^>]*)>/, (body) => `${body}\n    ${notice}`);
      }
      page = remember(key, prepared(html));
    }
    return sendPrepared(req, res, page, 'html');
  };

  router.get(/.*/, (req, res) => {
    const path = req.path.length > 1 ? req.path.replace(/\/+$/, '') : '/';
    res.setHeader('Cache-Control', 'no-cache');
    if (prerendered.has(path)) return sendPage(req, res, path);
    if (manifest.spaPrefixes.some((prefix) => `${path}/`.startsWith(prefix))) return send(req, res, file(manifest.spaShell), 'html');
    const notFound = path === '/ru' || path.startsWith('/ru/') ? manifest.notFound.ru : manifest.notFound.en;
    return send(req, res, file(notFound), 'html', 404);
  });
  return { inlineScriptHashes: inlineScriptHashes(dist), available: true };
}
