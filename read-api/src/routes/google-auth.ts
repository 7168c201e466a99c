import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { CookieOptions, Request, Response, Router } from 'express';
import { Passport } from 'passport';
import { Strategy as GoogleStrategy, type Profile, type StrategyOptionsWithRequest, type VerifyCallback } from 'passport-google-oauth20';
import type OAuth2Strategy from 'passport-oauth2';
import { googleUserId } from '@relaycast/billing-core';
import { BUY_LICENCE_PATH, ConflictError, DEFAULT_LANGUAGE, NAME_MAX_LENGTH, landingAfterSignIn, type Language, type UserView } from '@relaycast/contracts';
import type { Runtime } from '../runtime.js';
import { registerAndRead } from './registered-user.js';
import { signIn } from './auth.js';
import { createTokenCodec } from '../auth/tokens.js';

/**
 * Sign-in with Google (seed §7: /auth/google, a browser redirect) through passport-google-oauth20:
 *
 *   GET /auth/google?returnTo=/path   → Google's consent page (a short-lived signed cookie holds the OAuth state)
 *   GET /auth/google/callback         → the state is checked, the user registered on first sign-in or signed in,
 *                                       the strategy and token cookies set, and the browser sent back to returnTo
 *                                       (administrators to the admin home, unless returnTo is in it or a purchase)
 *
 * Without returnTo, /auth/google?infrastructure=…&plan=…&period=… (the query /auth/sign-in carries) returns to
 * the purchase page with that query, so a purchase continues after sign-in. Failures land on
 * /auth/sign-in?error=<code> with the purchase query kept: google-not-configured, google-denied, google-state,
 * google-email-unverified, google-failed.
 */

const STATE_COOKIE = 'google_oauth_state';
const STATE_TTL_MS = 10 * 60 * 1000;
const CALLBACK_PATH = '/auth/google/callback';
const PURCHASE_KEYS = ['infrastructure', 'plan', 'period'] as const;

class GoogleSignInError extends Error {
  constructor(readonly code: string, message: string) {
    super(message);
  }
}

/** A same-site path to return to: "/x?y#z", never "//host", "/\host" or an absolute URL. */
export function safeReturnTo(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 2000 || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (/[\u0000-\u001f\u007f]/.test(value)) return null;
  const base = 'http://same-site.invalid';
  let url: URL;
  try {
    url = new URL(value, base);
  } catch {
    return null;
  }
  return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : null;
}

function purchaseParams(source: URLSearchParams | Request['query']): URLSearchParams {
  const get = (key: string) => (source instanceof URLSearchParams ? source.get(key) : source[key]);
  const params = new URLSearchParams();
  for (const key of PURCHASE_KEYS) {
    const value = get(key);
    if (typeof value === 'string' && /^[a-z-]{1,32}$/.test(value)) params.set(key, value);
  }
  return params;
}

/** Where the browser goes after sign-in: returnTo, else the purchase page for a purchase query, else home. */
export function returnToOf(query: Request['query']): string {
  const given = safeReturnTo(query.returnTo);
  if (given) return given;
  const purchase = purchaseParams(query);
  return purchase.has('plan') ? `${BUY_LICENCE_PATH}?${purchase}` : '/';
}

/** /auth/sign-in with an error code, keeping the purchase query of the page the user was headed to. */
function signInPage(code: string, returnTo: string): string {
  const url = new URL(returnTo, 'http://same-site.invalid');
  // The sign-in page in the language the visitor came from (/ru/... stays Russian).
  const russian = /^\/ru(\/|$)/.test(url.pathname);
  const path = russian ? url.pathname.slice(3) || '/' : url.pathname;
  const params = path === BUY_LICENCE_PATH ? purchaseParams(url.searchParams) : new URLSearchParams();
  params.set('error', code);
  return `${russian ? '/ru' : ''}/auth/sign-in?${params}`;
}

/**
 * OAuth `state` against login CSRF: a random nonce goes to Google and, with the return path, into an httpOnly
 * cookie holding a token signed with SESSION_SECRET (auth/tokens.ts, purpose google-state), valid 10 minutes, sent
 * only to /auth/google. The callback must bring the same nonce in the same browser; the cookie is spent either way.
 */
function cookieStateStore(codec: StateCodec, secure: boolean): OAuth2Strategy.StateStore {
  const cookieOptions: CookieOptions = { httpOnly: true, sameSite: 'lax', secure, path: '/auth/google' };
  return {
    store(req: Request, metaOrCallback: OAuth2Strategy.Metadata | OAuth2Strategy.StateStoreStoreCallback, maybeCallback?: OAuth2Strategy.StateStoreStoreCallback) {
      const callback = typeof metaOrCallback === 'function' ? metaOrCallback : maybeCallback!;
      const nonce = randomBytes(24).toString('base64url');
      codec.sign({ n: nonce, r: returnToOf(req.query) }, Date.now() + STATE_TTL_MS).then(
        (token) => {
          req.res!.cookie(STATE_COOKIE, token, { ...cookieOptions, maxAge: STATE_TTL_MS });
          callback(null, nonce);
        },
        (error: Error) => callback(error, nonce),
      );
    },
    verify(req: Request, provided: string, metaOrCallback: OAuth2Strategy.Metadata | OAuth2Strategy.StateStoreVerifyCallback, maybeCallback?: OAuth2Strategy.StateStoreVerifyCallback) {
      const callback = typeof metaOrCallback === 'function' ? metaOrCallback : maybeCallback!;
      void codec.read(req).then((pending) => {
        req.res!.clearCookie(STATE_COOKIE, cookieOptions);
        if (!pending || !codec.same(pending.n, provided)) return callback(null, false, { message: 'The Google sign-in expired or was started in another browser; try again' });
        callback(null, true, { returnTo: pending.r });
      });
    },
  };
}

interface StateCodec {
  sign(state: { n: string; r: string }, expiresAtMs: number): Promise<string>;
  same(a: string, b: string): boolean;
  /** The state cookie of this request when its signature holds and it has not expired (read once per request). */
  read(req: Request): Promise<{ n: string; r: string } | null>;
}

function stateCodec(secret: string): StateCodec {
  const codec = createTokenCodec(secret);
  const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
  const read = new WeakMap<Request, Promise<{ n: string; r: string } | null>>();
  return {
    sign: (state, expiresAtMs) => codec.sign('google-state', state, expiresAtMs),
    same,
    read(req) {
      let pending = read.get(req);
      if (!pending) {
        const cookie = (req.cookies as Record<string, string> | undefined)?.[STATE_COOKIE] ?? '';
        pending = codec.verify('google-state', cookie).then((state) => {
          const returnTo = safeReturnTo(state?.r);
          return state && typeof state.n === 'string' && returnTo ? { n: state.n, r: returnTo } : null;
        });
        read.set(req, pending);
      }
      return pending;
    },
  };
}

/** Google's userinfo (OpenID Connect): sub, email, email_verified, name, given_name, family_name, picture. */
interface GoogleUserInfo {
  sub?: unknown;
  email?: unknown;
  email_verified?: unknown;
  name?: unknown;
  given_name?: unknown;
  family_name?: unknown;
  picture?: unknown;
}

const text = (value: unknown, max = NAME_MAX_LENGTH): string | null => (typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null);

/**
 * The user for a Google account: the one registered for this Google id (a stable id derived from `sub`), or the
 * account an administrator created for the same verified address, or a new customer (UserRegistered, strategy
 * google) on first sign-in.
 */
async function findOrRegister(rt: Runtime, info: GoogleUserInfo, correlationId: string, language: Language = DEFAULT_LANGUAGE): Promise<UserView> {
  const sub = text(info.sub, 255);
  const email = text(info.email, 254)?.toLowerCase();
  if (!sub || !email) throw new GoogleSignInError('google-failed', 'Google did not share an account id and e-mail address');
  const userId = googleUserId(sub);
  const own = await rt.readSide.queries.getUser(userId);
  if (own) return own;
  // An unverified address proves nothing: it must not open someone's account nor claim the address.
  const verified = info.email_verified === true || info.email_verified === 'true';
  if (!verified) throw new GoogleSignInError('google-email-unverified', `Google has not verified ${email}`);
  const existing = await rt.readSide.queries.findUserByEmail(email);
  if (existing) return existing;
  const picture = text(info.picture, 2048);
  const metadata = { now: new Date().toISOString(), actorId: userId, actorRole: 'ROLE_CUSTOMER' as const, correlationId, causationId: null };
  try {
    return await registerAndRead(
      rt,
      {
        userId,
        email,
        givenName: text(info.given_name) ?? text(info.name) ?? email.split('@')[0]!.slice(0, NAME_MAX_LENGTH),
        familyName: text(info.family_name) ?? '-',
        ...(picture && /^https?:\/\//.test(picture) ? { picture } : {}),
        role: 'ROLE_CUSTOMER',
        strategy: 'google',
        // Google verified the address (checked above); the site's language the visitor signed up from.
        emailVerified: true,
        language,
      },
      metadata,
    );
  } catch (error) {
    // Two first sign-ins at once: the other one registered the account.
    if (error instanceof ConflictError) {
      const winner = (await rt.readSide.queries.getUser(userId)) ?? (await rt.readSide.queries.findUserByEmail(email));
      if (winner) return winner;
    }
    throw error;
  }
}

/** Reads userinfo with the access token in the Authorization header (the library's default puts it in the URL). */
class GoogleHeaderStrategy extends GoogleStrategy {
  constructor(options: StrategyOptionsWithRequest, verify: (req: Request, accessToken: string, refreshToken: string, profile: Profile, done: VerifyCallback) => void) {
    super(options, verify);
    this._oauth2.useAuthorizationHeaderforGET(true);
  }
}

export function mountGoogleAuth(router: Router, rt: Runtime): void {
  const { config, logger } = rt;
  const { clientId, clientSecret } = config.google;
  const secure = config.publicUrl.startsWith('https://');
  const redirect = (res: Response, location: string) => {
    res.setHeader('Cache-Control', 'no-store');
    res.redirect(302, location);
  };

  if (!clientId || !clientSecret) {
    router.get('/auth/google', (req, res) => redirect(res, signInPage('google-not-configured', returnToOf(req.query))));
    router.get(CALLBACK_PATH, (_req, res) => redirect(res, signInPage('google-not-configured', '/')));
    return;
  }

  // Its own Passport instance: strategies registered here never leak into another app in the same process.
  const passport = new Passport();
  const codec = stateCodec(config.sessionSecret);
  const store = cookieStateStore(codec, secure);
  passport.use(
    'google',
    new GoogleHeaderStrategy(
      {
        clientID: clientId,
        clientSecret,
        callbackURL: `${config.publicUrl}${CALLBACK_PATH}`,
        authorizationURL: config.google.authorizationUrl,
        tokenURL: config.google.tokenUrl,
        userProfileURL: config.google.userProfileUrl,
        store,
        passReqToCallback: true,
      },
      (req, _accessToken, _refreshToken, profile, done) => {
        // The site's language at sign-up: the page the visitor came from (/ru/… is Russian), from the signed state.
        codec
          .read(req)
          .then((state) => findOrRegister(rt, profile._json as GoogleUserInfo, String(req.id), /^\/ru(?=[/?#]|$)/.test(state?.r ?? '') ? 'ru' : DEFAULT_LANGUAGE))
          .then((user) => done(null, user), done);
      },
    ),
  );

  router.get('/auth/google', (req, res, next) => {
    res.setHeader('Cache-Control', 'no-store');
    passport.authenticate('google', { session: false, scope: ['openid', 'profile', 'email'], prompt: 'select_account' })(req, res, next);
  });

  router.get(CALLBACK_PATH, async (req, res, next) => {
    // Where a failure sends the user back to (the purchase query is kept); success uses the verified state.
    const pendingReturnTo = (await codec.read(req).catch(() => null))?.r ?? '/';
    // Without a code or an error this is not Google answering (passport would start a new sign-in): refuse.
    if (typeof req.query.code !== 'string' && typeof req.query.error !== 'string') return redirect(res, signInPage('google-failed', pendingReturnTo));
    passport.authenticate('google', { session: false }, (error: unknown, user: UserView | false, info: { state?: { returnTo?: string }; message?: string } | undefined) => {
      void (async () => {
        if (error) {
          const code = error instanceof GoogleSignInError ? error.code : 'google-failed';
          logger.warn({ err: error, reqId: req.id, code }, 'Google sign-in failed');
          return redirect(res, signInPage(code, pendingReturnTo));
        }
        if (!user) {
          const code = req.query.error === 'access_denied' ? 'google-denied' : req.query.error ? 'google-failed' : 'google-state';
          logger.warn({ reqId: req.id, code, reason: info?.message }, 'Google sign-in refused');
          return redirect(res, signInPage(code, pendingReturnTo));
        }
        await signIn({ rt, res }, user, 'google', String(req.id));
        // Administrators land on the admin home unless headed into the admin area or a purchase (contracts' one rule).
        redirect(res, landingAfterSignIn(safeReturnTo(info?.state?.returnTo) ?? '/', user.role));
      })().catch(next);
    })(req, res, next);
  });
}
