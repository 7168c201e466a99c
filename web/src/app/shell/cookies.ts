import { AUTH_TOKEN_HEADER, COOKIE_MAX_AGE_SECONDS, COOKIE_NAMES, COOKIE_PATH } from '@relaycast/contracts/constants';

/** Reads a cookie from a cookie string (document.cookie by default); null when absent. */
export function readCookie(name: string, source?: string): string | null {
  const jar = source ?? (typeof document === 'undefined' ? '' : document.cookie);
  for (const part of jar.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return null;
}

/** Writes a site cookie: max age 30 days and path / (seed §9) unless told otherwise. */
export function writeCookie(name: string, value: string, maxAgeSeconds: number = COOKIE_MAX_AGE_SECONDS): void {
  if (typeof document === 'undefined') return;
  const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=${COOKIE_PATH}; SameSite=Lax${secure}`;
}

export function deleteCookie(name: string): void {
  writeCookie(name, '', 0);
}

/** The header that carries the session token (from its cookie) on API calls; none when there is no token. */
export function authHeaders(): Record<string, string> {
  const token = readCookie(COOKIE_NAMES.token);
  return token ? { [AUTH_TOKEN_HEADER]: token.replace(/%2F/gi, '/') } : {};
}
