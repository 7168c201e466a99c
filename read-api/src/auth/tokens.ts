import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { ROLES, type Role } from '@relaycast/contracts';

/** What a session token says about itself, signed so it can be checked without any store. */
export interface TokenClaims {
  /** Random session id: the token is unguessable even to someone who knows the secret's output format. */
  sid: string;
  uid: string;
  role: Role;
  /** Expiry, epoch milliseconds. */
  exp: number;
}

/**
 * Session tokens are `base64url(claims).base64url(HMAC-SHA256(secret, claims))`. The server still keeps every
 * session (revocation, logout) and reads the user fresh on each request; the signature lets it tell a genuine
 * token from a forged one when the session store is unreachable, so a Redis outage does not sign everyone out.
 */
export function createTokenSigner(secret: string) {
  const mac = (payload: string) => createHmac('sha256', secret).update(payload).digest();
  return {
    issue(uid: string, role: Role, exp: number): string {
      const claims: TokenClaims = { sid: randomBytes(24).toString('base64url'), uid, role, exp };
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${payload}.${mac(payload).toString('base64url')}`;
    },
    /** The claims of a genuine, unexpired token; null for anything else. */
    verify(token: string, now = Date.now()): TokenClaims | null {
      const dot = token.indexOf('.');
      if (dot <= 0 || token.length > 1024) return null;
      const payload = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1), 'base64url');
      const expected = mac(payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenClaims;
        if (typeof claims.uid !== 'string' || typeof claims.exp !== 'number' || !(ROLES as readonly string[]).includes(claims.role)) return null;
        return claims.exp > now ? claims : null;
      } catch {
        return null;
      }
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;
