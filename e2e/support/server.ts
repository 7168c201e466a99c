/**
 * The site under test. With E2E_BASE_URL set, tests run against that server (the real read-api serving
 * web/dist). Otherwise a small static server serves web/dist with the same rules the read-api implements:
 *   - a prerendered route /a/b is web/dist/a/b/index.html (home: web/dist/index.html), with or without a slash;
 *   - client-only routes (routes.json spaPrefixes: /auth/, /user/, /admin/, embeds; also under /ru) get spa.html;
 *   - files are served as they are, gzip-compressed when the client accepts it;
 *   - anything else is a 404 with dist/404.html (dist/ru/404.html under /ru).
 * It also stands in for the two public API calls the site makes (empty CMS, signed-out user), so pages behave
 * as they do against an API with no content.
 */
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';

export const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
  '.m3u8': 'application/vnd.apple.mpegurl',
  '.ts': 'video/mp2t',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.svg', '.xml', '.txt', '.m3u8']);

interface RoutesManifest {
  prerendered: string[];
  spaPrefixes: string[];
}

function isFile(file: string): boolean {
  try {
    return statSync(file).isFile();
  } catch {
    return false;
  }
}

/** Which file answers a GET for this path, and with what status. */
export function resolvePath(pathname: string, routes: RoutesManifest, dist = DIST): { file: string; status: number } {
  let clean = decodeURIComponent(pathname).replace(/\/+$/, '') || '/';
  if (clean.includes('..')) return { file: path.join(dist, '404.html'), status: 404 };
  if (path.extname(clean)) {
    const file = path.join(dist, clean);
    if (isFile(file)) return { file, status: 200 };
  } else {
    const page = clean === '/' ? path.join(dist, 'index.html') : path.join(dist, clean, 'index.html');
    if (isFile(page)) return { file: page, status: 200 };
    if (routes.spaPrefixes.some((p) => `${clean}/`.startsWith(p))) return { file: path.join(dist, 'spa.html'), status: 200 };
  }
  clean = clean === '/ru' || clean.startsWith('/ru/') ? 'ru' : 'en';
  return { file: clean === 'ru' ? path.join(dist, 'ru', '404.html') : path.join(dist, '404.html'), status: 404 };
}

function send(req: IncomingMessage, res: ServerResponse, file: string, status: number) {
  const ext = path.extname(file);
  const headers: Record<string, string> = { 'content-type': TYPES[ext] ?? 'application/octet-stream' };
  headers['cache-control'] = file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
  const gzip = COMPRESSIBLE.has(ext) && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  if (gzip) headers['content-encoding'] = 'gzip';
  headers.vary = 'accept-encoding';
  res.writeHead(status, headers);
  if (req.method === 'HEAD') return res.end();
  const stream = createReadStream(file);
  (gzip ? stream.pipe(createGzip()) : stream).pipe(res);
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
}

export function createStaticServer(dist = DIST): Server {
  const routesFile = path.join(dist, 'routes.json');
  if (!existsSync(routesFile)) throw new Error(`${routesFile} is missing: run "npm run build -w web" first`);
  const routes: RoutesManifest = JSON.parse(readFileSync(routesFile, 'utf8'));
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (req.method === 'POST') {
      req.resume();
      if (url.pathname === '/admin/entry/getEntriesByURL') return json(res, 200, { data: [] });
      if (url.pathname === '/auth/google/getUser') return json(res, 200, { data: {} });
      return json(res, 404, { error: { code: 'NOT_FOUND', message: `No API at ${url.pathname} in the static test server` } });
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return json(res, 405, { error: { code: 'METHOD', message: 'GET only' } });
    // The billing clock every page asks about (the shell's test-clock banner): the system clock here.
    if (url.pathname === '/billing/clock') return json(res, 200, { data: { mode: 'system', now: new Date().toISOString() } });
    const { file, status } = resolvePath(url.pathname, routes, dist);
    send(req, res, file, status);
  });
}

export interface Site {
  baseUrl: string;
  close(): Promise<void>;
}

/** The site to test: E2E_BASE_URL, or the static server on a free port. */
export async function startSite(): Promise<Site> {
  const external = process.env.E2E_BASE_URL;
  if (external) return { baseUrl: external.replace(/\/+$/, ''), close: async () => {} };
  const server = createStaticServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
