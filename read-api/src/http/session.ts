import type { RequestHandler } from 'express';
import { AUTH_TOKEN_HEADER, COOKIE_NAMES, ForbiddenError, UnavailableError, type UserView } from '@relaycast/contracts';
import { SESSION_MS } from '../auth/store.js';
import type { TokenClaims } from '../auth/tokens.js';
import { boundedSet } from '../auth/session-cache.js';
import type { Runtime } from '../runtime.js';

/** Starts a session for a user and returns its token. */
export async function startSession(rt: Runtime, user: UserView, now = Date.now()): Promise<string> {
  const expiresAt = now + SESSION_MS;
  const token = await rt.tokens.issue(user._id, user.role, expiresAt);
  await rt.auth.saveSession(token, { userId: user._id, createdAt: now, expiresAt });
  return token;
}

/** The user a verified token names, as far as the token itself can tell (used only while the stores are away). */
function userFromClaims(claims: TokenClaims): UserView {
  const at = new Date(0).toISOString();
  return { _id: claims.uid, role: claims.role, email: '', givenName: '', familyName: '', strategy: 'local', version: 0, createdAt: at, updatedAt: at };
}

let lastDegradedLog = 0;

/**
 * Tokens whose signature was checked, with their claims: a signature does not change, so a token seen before
 * skips the signature check (the claims' expiry is still checked on every use). Bounded: the oldest go first.
 */
const verifiedBySigner = new WeakMap<Runtime['tokens'], Map<string, TokenClaims>>();
const MAX_VERIFIED = 10_000;
async function verifiedClaims(rt: Runtime, token: string, now = Date.now()): Promise<TokenClaims | null> {
  // Per signer: a token checked with one secret says nothing under another.
  let verified = verifiedBySigner.get(rt.tokens);
  if (!verified) verifiedBySigner.set(rt.tokens, (verified = new Map()));
  const known = verified.get(token);
  if (known) return known.exp > now ? known : null;
  const claims = await rt.tokens.verify(token, now);
  if (!claims) return null;
  boundedSet(verified, token, claims, MAX_VERIFIED);
  return claims;
}

/**
 * Finds the caller: a session token from the httpOnly cookie (browsers) or the AUTH_TOKEN_VALUE header (API
 * clients; the seed's clients send the cookie's value there with slashes decoded). A forged or expired token is
 * nobody. Otherwise the session must exist (logout revokes it) and the user is read fresh from the read model on
 * every request, so a role change or a removal takes effect at once. When the session store or the read models
 * are unreachable (Redis down), the signed claims stand in — degraded, so writes keep landing in the event store;
 * revocations made before the outage apply again as soon as the stores are back.
 */
export function sessionMiddleware(rt: Runtime): RequestHandler {
  return async (req, _res, next) => {
    req.auth = { user: null, token: null, via: null };
    const header = req.get(AUTH_TOKEN_HEADER);
    const cookie = (req.cookies as Record<string, string> | undefined)?.[COOKIE_NAMES.token];
    const token = header ? safeDecode(header) : cookie;
    if (!token) return next();
    const claims = await verifiedClaims(rt, token);
    if (!claims) return next();
    const via = header ? 'header' : 'cookie';
    try {
      const session = await rt.auth.getSession(token);
      if (!session) return next();
      const user = await rt.readSide.queries.getUser(session.userId);
      if (!user) return next();
      req.auth = { user, token, via };
    } catch (error) {
      if (!(error instanceof UnavailableError)) throw error;
      if (Date.now() - lastDegradedLog > 10_000) {
        lastDegradedLog = Date.now();
        rt.logger.warn({ err: error }, 'session store or read models unavailable: accepting signed session tokens without a store check');
      }
      req.auth = { user: userFromClaims(claims), token, via, degraded: true };
    }
    next();
  };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
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
