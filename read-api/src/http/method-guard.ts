import type { RequestHandler, Router } from 'express';
import { AppError } from '@relaycast/contracts';

/** The routes a router serves itself (router.get/post…), by literal path: their methods. */
function routeMethods(router: Router): Map<string, Set<string>> {
  const methods = new Map<string, Set<string>>();
  for (const layer of router.stack as unknown as { route?: { path: unknown; methods: Record<string, boolean> } }[]) {
    if (!layer.route || typeof layer.route.path !== 'string') continue;
    const path = layer.route.path;
    const known = methods.get(path) ?? new Set<string>();
    for (const [method, on] of Object.entries(layer.route.methods)) if (on && method !== '_all') known.add(method.toUpperCase());
    methods.set(path, known);
  }
  return methods;
}

/**
 * The paths served with POST alone: every JSON call (`jsonPaths`, found by one middleware, not as express routes)
 * and the router's own POST routes (webhook, upload, licence check), unless the same path also has a GET route.
 */
export function postOnlyPaths(router: Router, jsonPaths: Iterable<string>): Set<string> {
  const methods = routeMethods(router);
  for (const path of jsonPaths) methods.set(path, new Set([...(methods.get(path) ?? []), 'POST']));
  return new Set([...methods].filter(([, m]) => m.size === 1 && m.has('POST')).map(([path]) => path));
}

/**
 * Other methods on a POST-only path answer 405 with `Allow: POST`, in the API's error shape (not the site's "Page
 * not found" page); OPTIONS answers 204 with the same Allow. Before sessions and the cross-site check: nothing runs.
 * Paths with GET routes (downloads, health…) are not in `postOnly` and answer as before. `postOnly` is filled once
 * the routes are mounted.
 */
export function methodNotAllowed(postOnly: ReadonlySet<string>): RequestHandler {
  return (req, res, next) => {
    if (req.method === 'POST' || !postOnly.has(req.path)) return next();
    res.setHeader('Allow', 'POST');
    // The metrics' route label: a known path, so the label stays bounded.
    (res.locals as { routePath?: string }).routePath = req.path;
    if (req.method === 'OPTIONS') return void res.status(204).end();
    next(new AppError('METHOD_NOT_ALLOWED', `${req.method} is not served at ${req.path}: it is a POST call (a JSON body, answered with { data })`));
  };
}
