import type { CookieOptions, Response } from 'express';
import { COOKIE_MAX_AGE_SECONDS, COOKIE_NAMES, COOKIE_PATH, type AuthStrategy } from '@relaycast/contracts';

/**
 * Sign-in stores two cookies (seed §4): the strategy (readable by the page, which uses it to decide whether to ask
 * for the user) and the session token (httpOnly: scripts never see it). Both SameSite=Lax, 30 days, path /.
 */
function base(secure: boolean): CookieOptions {
  return { path: COOKIE_PATH, sameSite: 'lax', secure, maxAge: COOKIE_MAX_AGE_SECONDS * 1000 };
}

export function setAuthCookies(res: Response, token: string, strategy: AuthStrategy, secure: boolean): void {
  res.cookie(COOKIE_NAMES.token, token, { ...base(secure), httpOnly: true });
  res.cookie(COOKIE_NAMES.strategy, strategy, { ...base(secure), httpOnly: false });
}

export function clearAuthCookies(res: Response, secure: boolean): void {
  const { maxAge: _maxAge, ...options } = base(secure);
  res.clearCookie(COOKIE_NAMES.token, { ...options, httpOnly: true });
  res.clearCookie(COOKIE_NAMES.strategy, options);
}
