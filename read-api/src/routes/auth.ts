import { randomUUID } from 'node:crypto';
import type { Router } from 'express';
import { rateLimit } from 'express-rate-limit';
import passport from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import { Type } from '@sinclair/typebox';
import { userDecider } from '@relaycast/billing-core';
import { AppError, Email, LANGUAGES, LocalSignIn, Name, StringEnum, UnauthorizedError, type AuthStrategy, UserView } from '@relaycast/contracts';
import { NobodyView, SignedInView } from '@relaycast/contracts';
import { defineRoute, mount, type RouteContext } from '../http/route.js';
import { httpStatusOf } from '../http/errors.js';
import { clearAuthCookies, setAuthCookies } from '../auth/cookies.js';
import { DUMMY_HASH, hashPassword, verifyPassword } from '../auth/passwords.js';
import { requireStrongPassword } from '../auth/password-strength.js';
import { registerAndRead } from './registered-user.js';
import { startSession } from '../http/session.js';
import type { Runtime } from '../runtime.js';
import { redisCounterStore } from '../http/write-quota.js';
import { passwordRoutes } from './account.js';

export const LocalRegister = Type.Object({
  email: Email,
  password: Type.String({ minLength: 8, maxLength: 200 }),
  givenName: Name,
  familyName: Name,
  /** Sign-up needs the privacy policy accepted (the web form's checkbox); the registration is the record of it. */
  privacy_policy_confirm: Type.Literal(true),
  /** The site's language the visitor signs up in: account pages and e-mails use it (changeable in the profile). */
  language: Type.Optional(StringEnum(LANGUAGES)),
});

/** Starts a session for a user: the cookies for browsers, the token in the answer for API clients. */
export async function signIn(ctx: Pick<RouteContext<unknown>, 'rt' | 'res'>, user: UserView, strategy: AuthStrategy, correlationId: string): Promise<string> {
  const { rt, res } = ctx;
  const token = await startSession(rt, user);
  setAuthCookies(res, token, strategy, rt.config.publicUrl.startsWith('https://'));
  await rt.execute(userDecider, user._id, {
    type: 'RecordSignIn',
    data: { strategy },
    metadata: { now: new Date().toISOString(), actorId: user._id, actorRole: user.role, correlationId, causationId: null },
  });
  return token;
}

/** Session routes of the seed (§7: getUser, logout) and local accounts for servers without Google credentials. */
export const authRoutes = [
  defineRoute({
    path: '/auth/google/getUser',
    answer: Type.Union([UserView, NobodyView]),
    storeless: true,
    query: true,
    access: 'public',
    tag: 'Auth',
    summary: 'The signed-in user, or {} when nobody is signed in',
    async handle({ user }) {
      return { data: user ?? {} };
    },
  }),
  defineRoute({
    path: '/auth/google/logout',
    answer: Type.Literal(true),
    recordsNothing: true,
    access: 'public',
    tag: 'Auth',
    summary: 'End the session: the token is revoked on the server and both cookies are cleared',
    async handle({ req, res, rt }) {
      if (req.auth.token) await rt.auth.revokeSession(req.auth.token);
      clearAuthCookies(res, rt.config.publicUrl.startsWith('https://'));
      return { data: true };
    },
  }),
];

const localRoutes = [
  defineRoute({
    path: '/auth/local/signin',
    answer: SignedInView,
    errors: ['UNAUTHORIZED', 'RATE_LIMITED'],
    access: 'public',
    tag: 'Auth',
    summary: 'Sign in with e-mail and password (accounts created by an administrator or by local sign-up)',
    body: LocalSignIn,
    async handle(ctx) {
      const { rt, req, res } = ctx;
      const user = await new Promise<UserView | false>((resolve, reject) => {
        passport.authenticate('local', { session: false }, (error: unknown, found: UserView | false) => (error ? reject(error) : resolve(found)))(req, res, reject);
      });
      if (!user) throw new UnauthorizedError('E-mail or password is wrong');
      const token = await signIn(ctx, user, 'local', String(req.id));
      return { data: { ...((await rt.readSide.queries.getUser(user._id)) ?? user), token } };
    },
  }),
  defineRoute({
    path: '/auth/local/register',
    answer: SignedInView,
    success: [201],
    errors: ['CONFLICT', 'RATE_LIMITED'],
    access: 'public',
    tag: 'Auth',
    summary: 'Create a customer account with e-mail and password, and sign in',
    body: LocalRegister,
    async handle(ctx) {
      const { body, rt, req } = ctx;
      requireStrongPassword(body.password, [body.email, body.givenName, body.familyName]);
      const userId = randomUUID();
      const passwordHash = await hashPassword(body.password);
      const metadata = { now: new Date().toISOString(), actorId: userId, actorRole: 'ROLE_CUSTOMER' as const, correlationId: String(req.id), causationId: null };
      const user = await registerAndRead(rt, { userId, email: body.email, givenName: body.givenName, familyName: body.familyName, role: 'ROLE_CUSTOMER', strategy: 'local', ...(body.language ? { language: body.language } : {}) }, metadata);
      await rt.auth.setPassword(user._id, passwordHash);
      const token = await signIn(ctx, user, 'local', String(req.id));
      return { data: { ...user, token }, status: 201 };
    },
  }),
];

/** passport-local: e-mail and password against the scrypt hash in the auth store. */
function localStrategy(rt: Runtime): LocalStrategy {
  return new LocalStrategy({ usernameField: 'email', passwordField: 'password', session: false }, (email, password, done) => {
    void (async () => {
      const user = await rt.readSide.queries.findUserByEmail(email);
      const stored = user ? await rt.auth.getPassword(user._id) : null;
      // Same work whether or not the address exists, so timing does not tell.
      const ok = await verifyPassword(password, stored ?? DUMMY_HASH);
      return user && stored && ok ? user : false;
    })().then((user) => done(null, user), done);
  });
}

/** What a client address asked too often, by the path under /auth/local (the limit is one count for all of them). */
const LIMITED: Record<string, string> = {
  '/register': 'Too many sign-up attempts',
  '/requestPasswordReset': 'Too many password-reset requests',
  '/resetPassword': 'Too many attempts to set a new password',
  '/changePassword': 'Too many password changes tried',
  '/resendVerification': 'Too many requests for a confirmation link',
};

/** Sign-in and sign-up are rate limited per client address. */
export function mountLocalAuth(router: Router, rt: Runtime): void {
  passport.use('local', localStrategy(rt));
  const limiter = rateLimit({
    // Counted in Redis when it is configured: every replica shares one count and a restart does not reset it.
    store: redisCounterStore(rt, 'rate-limit:sign-in'),
    // A Redis outage must not lock every customer out of their account; the API is degraded anyway then, and the
    // count resumes when Redis is back.
    passOnStoreError: true,
    windowMs: 15 * 60 * 1000,
    limit: rt.config.signInRateLimit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    // Said for what was asked: a refused reset link is not a sign-in attempt.
    handler: (req, res) => {
      res.status(httpStatusOf('RATE_LIMITED')).json(new AppError('RATE_LIMITED', `${LIMITED[req.path] ?? 'Too many sign-in attempts'}; wait a few minutes and try again`).toBody());
    },
  });
  router.use('/auth/local', limiter);
  // The password change checks a password too: behind the same limit.
  mount(router, rt, [...localRoutes, ...passwordRoutes]);
}
export { localRoutes };
