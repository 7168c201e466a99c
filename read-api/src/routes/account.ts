import { userDecider } from '@relaycast/billing-core';
import { ConflictError, PasswordChange, ProfileUpdate, SignedInView, SignedOutEverywhereView, UserView, ValidationError } from '@relaycast/contracts';
import { defineRoute } from '../http/route.js';
import { clearAuthCookies, setAuthCookies } from '../auth/cookies.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { requireStrongPassword } from '../auth/password-strength.js';
import { startSession } from '../http/session.js';

/**
 * A signed-in user's own account (any role): the profile (names, language), the password, and "sign out everywhere".
 * The e-mail address and the role stay an administrator's (/users/update). Each change is an event of the user's
 * stream; the password's hash stays in the auth store (a secret, not a business fact).
 */
export const profileRoutes = [
  defineRoute({
    path: '/auth/profile/update',
    answer: UserView,
    errors: ['NOT_FOUND'],
    access: 'signedIn',
    tag: 'Auth',
    summary: 'Change one’s own first name, last name or language (of the account pages); recorded as UserUpdated with only what changed. The e-mail address and the role are an administrator’s',
    body: ProfileUpdate,
    async handle({ body, rt, user, meta }) {
      const me = user!;
      const data = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
      const result = await rt.execute(userDecider, me._id, { type: 'UpdateUser', data, metadata: meta() });
      const view = (await rt.readSide.queries.getUser(me._id)) ?? me;
      return { data: view, ...(result.consistent ? {} : { status: 202 }) };
    },
  }),
  defineRoute({
    path: '/auth/signOutEverywhere',
    answer: SignedOutEverywhereView,
    access: 'signedIn',
    tag: 'Auth',
    summary:
      'Sign out everywhere: every session of the signed-in user ends at once — this browser, other browsers and every API token (AUTH_TOKEN_VALUE) — on every replica; recorded as UserSignedOutEverywhere. Both cookies are cleared',
    async handle({ rt, res, user, meta }) {
      const me = user!;
      const metadata = meta();
      // The sessions first: what the user asked for is that no token works any more, whatever happens next.
      await rt.auth.revokeUserSessions(me._id);
      clearAuthCookies(res, rt.config.publicUrl.startsWith('https://'));
      const result = await rt.execute(userDecider, me._id, { type: 'SignOutEverywhere', data: {}, metadata });
      return { data: { _id: me._id, signedOutEverywhere: true, at: metadata.now }, ...(result.consistent ? {} : { status: 202 }) };
    },
  }),
];

/**
 * The password change sits under /auth/local, behind the sign-in rate limit (it checks a password). Compare-and-set
 * on the stored hash: two changes at once both check the current password against the same hash, one replaces it,
 * the other finds it replaced and is refused (409, field currentPassword) — never two "successes" with one of the
 * new passwords silently lost.
 */
export const passwordRoutes = [
  defineRoute({
    path: '/auth/local/changePassword',
    answer: SignedInView,
    errors: ['CONFLICT', 'RATE_LIMITED'],
    access: 'signedIn',
    tag: 'Auth',
    summary:
      'Change one’s own password: the current password and a new one (refused when easy to guess). Every session of the user ends (other browsers, API tokens); this browser gets a new one, whose token the answer carries. Recorded as UserPasswordChanged. Two changes at once: one succeeds, the other answers 409 naming currentPassword',
    body: PasswordChange,
    async handle({ body, rt, res, user, meta }) {
      const me = user!;
      const stored = await rt.auth.getPassword(me._id);
      if (!stored) {
        throw new ConflictError('This account has no password to change: it signs in with Google', { field: 'currentPassword', message: 'is not set: this account signs in with Google', rule: 'noPassword' });
      }
      if (!(await verifyPassword(body.currentPassword, stored))) throw ValidationError.field('currentPassword', 'is not the current password of this account', 'wrongPassword');
      if (body.newPassword === body.currentPassword) throw ValidationError.field('newPassword', 'must differ from the current password', 'samePassword');
      try {
        requireStrongPassword(body.newPassword, [me.email, me.givenName, me.familyName]);
      } catch (error) {
        if (error instanceof ValidationError) throw ValidationError.field('newPassword', error.problems[0]?.message ?? 'is too easy to guess', 'weakPassword');
        throw error;
      }
      const hash = await hashPassword(body.newPassword);
      if (!(await rt.auth.replacePassword(me._id, stored, hash))) {
        throw new ConflictError('The password was changed meanwhile by another request: sign in with the new password', { field: 'currentPassword', message: 'was changed meanwhile', rule: 'changedMeanwhile' });
      }
      try {
        // The wall clock, as the reset links it supersedes are stamped (security keeps the wall clock, whatever the
        // billing clock says): a link asked for before this change is refused after it, even on a test clock behind.
        await rt.execute(userDecider, me._id, { type: 'RecordPasswordChange', data: {}, metadata: meta({ now: new Date().toISOString() }) });
      } catch (error) {
        // Not recorded, so not changed: the old hash goes back (only if nothing replaced ours since).
        await rt.auth.replacePassword(me._id, hash, stored).catch(() => false);
        throw error;
      }
      await rt.auth.revokeUserSessions(me._id);
      const token = await startSession(rt, me);
      setAuthCookies(res, token, 'local', rt.config.publicUrl.startsWith('https://'));
      return { data: { ...((await rt.readSide.queries.getUser(me._id)) ?? me), token } };
    },
  }),
];
