import type { RequestHandler, Router } from 'express';
import { AppError } from '@relaycast/contracts';

/** A path the API serves with a fixed set of methods: how to recognise it, and which methods (Allow). */
export interface ServedPath {
  path: string;
  matches(requestPath: string): boolean;
  methods: ReadonlySet<string>;
}

/** Express's matching of a route path: case-insensitive, an optional trailing slash; `:name` a segment. */
function matcher(path: string | RegExp): (requestPath: string) => boolean {
  if (path instanceof RegExp) return (p) => path.test(p);
  if (!path.includes(':')) {
    const literal = path.toLowerCase();
    return (p) => p.toLowerCase() === literal || p.toLowerCase() === `${literal}/`;
  }
  const pattern = new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/:\w+/g, '[^/]+')}/?$`, 'i');
  return (p) => pattern.test(p);
}

/**
 * Every path the API router serves, with its methods: the JSON calls (`jsonPaths`, POST, served by one middleware
 * rather than as express routes) and the router's own routes (downloads, health, webhooks, the licence check…), by
 * literal path, `:param` path or regular expression. GET brings HEAD with it (Express answers HEAD from GET).
 */
export function servedPaths(router: Router, jsonPaths: Iterable<string>): ServedPath[] {
  const byPath = new Map<string | RegExp, Set<string>>();
  const key = (path: string | RegExp) => (typeof path === 'string' ? path : ([...byPath.keys()].find((k) => k instanceof RegExp && String(k) === String(path)) ?? path));
  for (const layer of router.stack as unknown as { route?: { path: unknown; methods: Record<string, boolean> } }[]) {
    const path = layer.route?.path;
    if (typeof path !== 'string' && !(path instanceof RegExp)) continue;
    const k = key(path);
    const methods = byPath.get(k) ?? new Set<string>();
    for (const [method, on] of Object.entries(layer.route!.methods)) if (on && method !== '_all') methods.add(method.toUpperCase());
    byPath.set(k, methods);
  }
  for (const path of jsonPaths) byPath.set(path, new Set([...(byPath.get(path) ?? []), 'POST']));
  return [...byPath].map(([path, methods]) => {
    if (methods.has('GET')) methods.add('HEAD');
    return { path: String(path), matches: matcher(path), methods };
  });
}

/** The methods a path is served with, as the Allow header lists them. */
const allowOf = (methods: ReadonlySet<string>) => ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => methods.has(m)).join(', ');

/**
 * A method a path of the API is not served with answers 405 with `Allow` (POST on a download or on /health, GET on a
 * JSON call…), in the API's error shape (not the site's "Page not found" page); OPTIONS answers 204 with the same
 * Allow. Before sessions and the cross-site check: nothing runs. `served` is filled once the routes are mounted.
 */
export function methodNotAllowed(served: readonly ServedPath[]): RequestHandler {
  return (req, res, next) => {
    const found = served.find((s) => s.matches(req.path));
    if (!found || (found.methods.has(req.method) && req.method !== 'OPTIONS')) return next();
    const allow = allowOf(found.methods);
    res.setHeader('Allow', allow);
    // The metrics' route label: a known path, so the label stays bounded.
    (res.locals as { routePath?: string }).routePath = found.path;
    if (req.method === 'OPTIONS') return void res.status(204).end();
    const what = found.methods.has('POST') && !found.methods.has('GET') ? 'it is a POST call (a JSON body, answered with { data })' : `it answers ${allow}`;
    next(new AppError('METHOD_NOT_ALLOWED', `${req.method} is not served at ${req.path}: ${what}`));
  };
}
