import type { RequestHandler } from 'express';
import { AUTH_TOKEN_HEADER, COOKIE_NAMES, ForbiddenError, type UserView } from '@relaycast/contracts';
import type { Runtime } from '../runtime.js';

/**
 * Finds the caller: a session token from the httpOnly cookie (browsers) or the AUTH_TOKEN_VALUE header (API
 * clients; the seed's clients send the cookie's value there with slashes decoded). The user is read fresh from
 * the read model on every request, so a role change or a removal takes effect at once.
 */
export function sessionMiddleware(rt: Runtime): RequestHandler {
  return async (req, _res, next) => {
    req.auth = { user: null, token: null, via: null };
    const header = req.get(AUTH_TOKEN_HEADER);
    const cookie = (req.cookies as Record<string, string> | undefined)?.[COOKIE_NAMES.token];
    const token = header ? decodeURIComponent(header) : cookie;
    if (!token) return next();
    const session = await rt.auth.getSession(token);
    if (!session) return next();
    const user = await rt.readSide.queries.getUser(session.userId);
    if (!user) return next();
    req.auth = { user, token, via: header ? 'header' : 'cookie' };
    next();
  };
}

/**
 * Cross-site request forgery: a write authenticated by the cookie must come from a page of this site. Browsers
 * send Origin on every POST; a request without it, or from another origin, is refused. (SameSite=Lax cookies
 * already keep cross-site POSTs cookieless in current browsers; this is the second lock.)
 */
export function csrfGuard(publicUrl: string): RequestHandler {
  const publicHost = new URL(publicUrl).host;
  return (req, _res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS' || req.auth.via !== 'cookie') return next();
    const source = req.get('origin') ?? req.get('referer');
    let host: string | null = null;
    try {
      host = source ? new URL(source).host : null;
    } catch {
      host = null;
    }
    if (host && (host === req.get('host') || host === publicHost)) return next();
    next(new ForbiddenError('Cross-site request refused: send it from this site (Origin header missing or foreign)'));
  };
}

export type Caller = UserView;
