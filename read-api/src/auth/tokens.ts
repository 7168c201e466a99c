import { createHmac, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { ROLES, type Role } from '@relaycast/contracts';
import { legacyLinkClaims, legacySessionClaims } from './legacy-tokens.js';

/**
 * One token format for everything the server signs with SESSION_SECRET — session tokens, the e-mailed links
 * (address verification, password reset, one-click unsubscribe) and the Google sign-in state: a JWT (JWS compact,
 * HS256, through `jose`) whose audience names its purpose, so a token for one purpose is nothing for another. The key
 * derives from the secret (the same on every process in deploy), so a token is checked without any store. Tokens of
 * the formats before this one (legacy-tokens.ts: sessions and links issued earlier) are still accepted when verified;
 * only this one is issued.
 */

export type TokenPurpose = 'session' | 'verify' | 'reset' | 'unsubscribe' | 'google-state';

const MAX_TOKEN_LENGTH = 2048;

export interface TokenCodec {
  /** A token for `purpose` carrying `claims` (no issue time: the same claims always sign to the same token), valid until `expiresAtMs` when given. */
  sign(purpose: TokenPurpose, claims: Record<string, unknown>, expiresAtMs?: number): Promise<string>;
  /** The claims of a genuine token for `purpose`, unexpired at `nowMs`; null for anything else. */
  verify(purpose: TokenPurpose, token: string, nowMs?: number): Promise<JWTPayload | null>;
}

export function createTokenCodec(secret: string): TokenCodec {
  const key = createHmac('sha256', secret).update('relaycast tokens v2').digest();
  return {
    async sign(purpose, claims, expiresAtMs) {
      const jwt = new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setAudience(purpose);
      if (expiresAtMs !== undefined) jwt.setExpirationTime(Math.ceil(expiresAtMs / 1000));
      return jwt.sign(key);
    },
    async verify(purpose, token, nowMs) {
      if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH || token.split('.').length !== 3) return null;
      try {
        const { payload } = await jwtVerify(token, key, { audience: purpose, algorithms: ['HS256'], ...(nowMs !== undefined ? { currentDate: new Date(nowMs) } : {}) });
        return payload;
      } catch {
        return null;
      }
    },
  };
}

/** What a session token says about itself, signed so it can be checked without any store. */
export interface TokenClaims {
  /** Random session id: the token is unguessable even to someone who knows the secret. */
  sid: string;
  uid: string;
  role: Role;
  /** Expiry, epoch milliseconds (to the second). */
  exp: number;
}

/**
 * Session tokens. The server still keeps every session (revocation, logout) and reads the user fresh on each
 * request; the signature lets it tell a genuine token from a forged one when the session store is unreachable, so a
 * Redis outage does not sign everyone out.
 */
export function createTokenSigner(secret: string) {
  const codec = createTokenCodec(secret);
  const legacy = legacySessionClaims(secret);
  return {
    issue(uid: string, role: Role, exp: number): Promise<string> {
      return codec.sign('session', { sid: randomBytes(24).toString('base64url'), uid, role }, exp);
    },
    /** The claims of a genuine, unexpired token; null for anything else. */
    async verify(token: string, now = Date.now()): Promise<TokenClaims | null> {
      if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
      if (token.split('.').length === 2) return legacy(token, now);
      const claims = await codec.verify('session', token, now);
      if (!claims || typeof claims.uid !== 'string' || typeof claims.sid !== 'string' || typeof claims.exp !== 'number' || !(ROLES as readonly string[]).includes(claims.role as string)) return null;
      return { sid: claims.sid, uid: claims.uid, role: claims.role as Role, exp: claims.exp * 1000 };
    },
  };
}
export type TokenSigner = ReturnType<typeof createTokenSigner>;

export type LinkPurpose = 'verify' | 'reset' | 'unsubscribe';

export interface VerifyClaims {
  uid: string;
  email: string;
  /** Until when the link works, ISO (from the causing event's time: deterministic). */
  exp: string;
}
export interface ResetClaims {
  uid: string;
  /** The PasswordResetRequested's request id. */
  rid: string;
}
export interface UnsubscribeClaims {
  uid: string;
}
type LinkClaims = { verify: VerifyClaims; reset: ResetClaims; unsubscribe: UnsubscribeClaims };

export interface LinkSigner {
  sign<P extends LinkPurpose>(purpose: P, claims: LinkClaims[P]): Promise<string>;
  /** The claims of a genuine token for this purpose, or null (expiry is the caller's to check against its clock). */
  verify<P extends LinkPurpose>(purpose: P, token: string): Promise<LinkClaims[P] | null>;
}

/**
 * The signed links messages carry. The same message renders the same link every time (a resend is byte-identical).
 * What a link may do is decided by the event log, not the token: a reset token names its request, which the user's
 * stream says is unused and unexpired; a verification link's end is a claim (`until`) its route checks, to tell an
 * expired link from a forged one.
 */
export function createLinkSigner(secret: string): LinkSigner {
  const codec = createTokenCodec(secret);
  const legacy = legacyLinkClaims(secret);
  return {
    sign(purpose, claims) {
      const { exp, ...rest } = claims as Partial<VerifyClaims> & Record<string, unknown>;
      return codec.sign(purpose, exp !== undefined ? { ...rest, until: exp } : rest);
    },
    async verify(purpose, token) {
      if (typeof token !== 'string' || token.length > MAX_TOKEN_LENGTH) return null;
      if (token.split('.').length === 2) return legacy(purpose, token) as never;
      const claims = await codec.verify(purpose, token);
      if (!claims || typeof claims.uid !== 'string') return null;
      const { aud: _aud, until, ...rest } = claims;
      return (until !== undefined ? { ...rest, exp: until } : rest) as never;
    },
  };
}
