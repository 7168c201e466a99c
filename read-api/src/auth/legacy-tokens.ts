import { createHmac, timingSafeEqual } from 'node:crypto';
import { ROLES, type Role } from '@relaycast/contracts';

/**
 * The token formats issued before the one format of tokens.ts, still accepted when verified so that sessions and
 * e-mailed links already out keep working: `base64url(JSON claims).base64url(HMAC-SHA256)` — sessions signed with the
 * secret itself, links with a key derived from it and the purpose. Nothing issues them any more; a session lasts at
 * most SESSION_MS and a verification link VERIFY_LINK_DAYS, but unsubscribe links in old messages never expire, so
 * this stays until those are deemed gone.
 */

function parts(token: string): { payload: string; mac: Buffer } | null {
  const dot = token.indexOf('.');
  if (dot <= 0) return null;
  return { payload: token.slice(0, dot), mac: Buffer.from(token.slice(dot + 1), 'base64url') };
}

const same = (a: Buffer, b: Buffer) => a.length === b.length && timingSafeEqual(a, b);

function json(payload: string): Record<string, unknown> | null {
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** A session token of the earlier format: its claims when genuine and unexpired (exp in epoch milliseconds). */
export function legacySessionClaims(secret: string) {
  return (token: string, now: number): { sid: string; uid: string; role: Role; exp: number } | null => {
    const t = parts(token);
    if (!t || !same(t.mac, createHmac('sha256', secret).update(t.payload).digest())) return null;
    const claims = json(t.payload);
    if (!claims || typeof claims.uid !== 'string' || typeof claims.sid !== 'string' || typeof claims.exp !== 'number' || !(ROLES as readonly string[]).includes(claims.role as string)) return null;
    return claims.exp > now ? { sid: claims.sid, uid: claims.uid, role: claims.role as Role, exp: claims.exp } : null;
  };
}

/** An e-mailed link's token of the earlier format: its claims when genuine for the purpose. */
export function legacyLinkClaims(secret: string) {
  const key = createHmac('sha256', secret).update('relaycast mail links v1').digest();
  return (purpose: string, token: string): Record<string, unknown> | null => {
    const t = parts(token);
    if (!t || !same(t.mac, createHmac('sha256', key).update(`${purpose}.${t.payload}`).digest())) return null;
    const claims = json(t.payload);
    return claims && typeof claims.uid === 'string' ? claims : null;
  };
}
