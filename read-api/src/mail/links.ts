import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signed links messages carry: address verification, password reset, one-click unsubscribe. Each token is
 * `base64url(JSON payload).base64url(HMAC-SHA256(key, purpose + payload))`, the key derived from the session secret
 * (the same on every process in deploy), so a link is checked without any store, and the same message renders the
 * same link every time (a resend is byte-identical). What a link may do is decided by the event log, not the token:
 * a reset token names its request, which the user's stream says is unused and unexpired.
 */

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
type Claims = { verify: VerifyClaims; reset: ResetClaims; unsubscribe: UnsubscribeClaims };

export interface LinkSigner {
  sign<P extends LinkPurpose>(purpose: P, claims: Claims[P]): string;
  /** The claims of a genuine token for this purpose, or null (expiry is the caller's to check against its clock). */
  verify<P extends LinkPurpose>(purpose: P, token: string): Claims[P] | null;
}

export function createLinkSigner(sessionSecret: string): LinkSigner {
  const key = createHmac('sha256', sessionSecret).update('relaycast mail links v1').digest();
  const mac = (purpose: string, payload: string) => createHmac('sha256', key).update(`${purpose}.${payload}`).digest();
  return {
    sign(purpose, claims) {
      const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
      return `${payload}.${mac(purpose, payload).toString('base64url')}`;
    },
    verify(purpose, token) {
      if (typeof token !== 'string' || token.length > 2048) return null;
      const dot = token.indexOf('.');
      if (dot <= 0) return null;
      const payload = token.slice(0, dot);
      const given = Buffer.from(token.slice(dot + 1), 'base64url');
      const expected = mac(purpose, payload);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
      try {
        const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
        if (typeof claims !== 'object' || claims === null || typeof claims.uid !== 'string') return null;
        return claims as never;
      } catch {
        return null;
      }
    },
  };
}

/** The pages and calls the links lead to (the web app's routes, and the read-api's own). */
export const LINK_PATHS = {
  verify: '/auth/verify-email',
  reset: '/auth/reset-password',
  forgotPassword: '/auth/forgot-password',
  unsubscribe: '/mail/unsubscribe',
  pay: (subscriptionId: string) => `/user/pay/${encodeURIComponent(subscriptionId)}`,
  subscriptions: '/admin/subscriptions/list',
  profile: '/user/profile',
} as const;
