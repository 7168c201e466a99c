import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, sep } from 'node:path';
import express, { type Router } from 'express';
import type { Logger } from '../logger.js';

interface RoutesManifest {
  prerendered: string[];
  spaPrefixes: string[];
  spaShell: string;
  notFound: { en: string; ru: string };
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

/**
 * Serves the built web app (web/dist): prerendered pages as their own HTML, client-only routes (account, admin,
 * sign-in, embeds) as the SPA shell, hashed assets cached for a year, and a 404 page with status 404 for
 * anything else. Mounted after the API, so API paths never reach it.
 */
export function mountStaticSite(router: Router, dist: string, logger: Logger): StaticSite {
  const manifestPath = join(dist, 'routes.json');
  if (!existsSync(manifestPath)) {
    logger.warn({ dist }, 'web app not built (no routes.json): run `npm run build -w web` or `make build`; serving the API only');
    return { inlineScriptHashes: [], available: false };
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as RoutesManifest;
  const prerendered = new Set(manifest.prerendered);
  const file = (urlPath: string) => join(dist, normalize(urlPath).split('/').filter(Boolean).join(sep));

  router.use('/assets', express.static(join(dist, 'assets'), { immutable: true, maxAge: '365d', index: false, fallthrough: false }));
  router.use(express.static(dist, { index: false, maxAge: '1h', redirect: false }));

  router.get(/.*/, (req, res) => {
    const path = req.path.length > 1 ? req.path.replace(/\/+$/, '') : '/';
    res.setHeader('Cache-Control', 'no-cache');
    if (prerendered.has(path)) return res.sendFile(join(file(path), 'index.html'));
    if (manifest.spaPrefixes.some((prefix) => `${path}/`.startsWith(prefix))) return res.sendFile(file(manifest.spaShell));
    const notFound = path === '/ru' || path.startsWith('/ru/') ? manifest.notFound.ru : manifest.notFound.en;
    res.status(404).sendFile(file(notFound));
  });
  return { inlineScriptHashes: inlineScriptHashes(dist), available: true };
}
