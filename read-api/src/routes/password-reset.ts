import { requestPasswordReset, RESET_LINK_MINUTES, RESETS_PER_HOUR, userDecider } from '@relaycast/billing-core';
import { LinkSentView, NotFoundError, ResetLinkLimitError, PasswordResetBody, PasswordResetRequestBody, PasswordResetView, ResetRequestedView, SendPasswordResetBody, ValidationError, type CommandMetadata } from '@relaycast/contracts';
import { defineRoute, type RouteDef } from '../http/route.js';
import { hashPassword } from '../auth/passwords.js';
import { requireStrongPassword } from '../auth/password-strength.js';
import { clearAuthCookies } from '../auth/cookies.js';
import type { Runtime } from '../runtime.js';
import { asSystem, linkUser } from './signed-links.js';

/**
 * Password reset (docs/notifications.md): a link asked for by address (the answer the same for every address), the
 * link used to set a new password, and an administrator sending a user a link. Security links keep the wall clock
 * (like sessions), whatever the billing clock says.
 */

/**
 * Records a reset link for the address's active account (PasswordResetRequested; the notifier e-mails it). The user
 * decider limits an account to RESETS_PER_HOUR links an hour (RESET_LINK_LIMIT): past it nothing is recorded, and the
 * caller's answer is the same.
 */
export async function recordPasswordResetRequest(rt: Runtime, email: string, metadata: CommandMetadata): Promise<void> {
  const found = await rt.readSide.queries.findUserByEmail(email);
  if (!found) return;
  await requestPasswordReset(rt.paymentDeps, found._id, metadata).catch((error: unknown) => {
    // No active account behind the address (removed, erased), or its links for the hour used up: nothing recorded.
    if (error instanceof NotFoundError || error instanceof ResetLinkLimitError) return;
    throw error;
  });
}

export const passwordResetRoutes: RouteDef[] = [
  defineRoute({
    path: '/auth/local/requestPasswordReset',
    answer: ResetRequestedView,
    errors: ['RATE_LIMITED'],
    access: 'public',
    tag: 'Auth',
    summary: `Ask for a password-reset link: e-mailed to the address if it has an account (recorded as PasswordResetRequested; the link works once, for ${RESET_LINK_MINUTES} minutes). The answer is the same for addresses without an account, and comes first: the look-up and the record follow it, so neither its content nor its time depends on the address; limited like sign-in per client address (429), and to ${RESETS_PER_HOUR} links per account an hour`,
    body: PasswordResetRequestBody,
    async handle({ body, rt, req, res }) {
      // The answer first, the same for every address; then, once it is sent, the look-up and the record. Nothing the
      // address changes — whether it has an account, the record's time, a failed record — reaches the answer or its
      // time (a failure is logged; the customer asks again).
      const metadata = asSystem(req, new Date().toISOString(), 'password-reset');
      const record = () =>
        void recordPasswordResetRequest(rt, body.email, metadata).catch((error: unknown) => rt.logger.error({ err: error, correlationId: metadata.correlationId }, 'password reset: the request could not be recorded'));
      // Once the answer is out, and after a full turn of the event loop: what else was waiting (other answers, a
      // client in this process reading this one) goes before the look-up and the record, which may block (SQLite).
      res.once('finish', () => setImmediate(() => setImmediate(record)));
      return { data: { requested: true } };
    },
  }),
  defineRoute({
    path: '/auth/local/resetPassword',
    answer: PasswordResetView,
    errors: ['RATE_LIMITED', 'NOT_FOUND'],
    access: 'public',
    tag: 'Auth',
    summary:
      'Set a new password with the token of a password-reset link: once, before it expires, and not after a later password change (each refusal a 400 naming token; an easy password a 400 naming password). Every session of the user ends; recorded as PasswordReset. Limited like sign-in per client address',
    body: PasswordResetBody,
    async handle({ body, rt, req, res }) {
      const claims = await rt.links.verify('reset', body.token);
      if (!claims || typeof claims.rid !== 'string') throw ValidationError.field('token', 'is not a password-reset link of this site', 'invalid');
      const user = await linkUser(rt, claims.uid);
      if (!user) throw ValidationError.field('token', 'is for an account that no longer exists', 'invalid');
      try {
        requireStrongPassword(body.password, [user.email, user.givenName, user.familyName]);
      } catch (error) {
        if (error instanceof ValidationError) throw ValidationError.field('password', error.problems[0]?.message ?? 'is too easy to guess', 'weakPassword');
        throw error;
      }
      const hash = await hashPassword(body.password);
      // Recorded first (the decider refuses a used, expired or superseded link; two uses race on the stream's
      // version and one loses), then the hash replaced, then every session ended.
      await rt.execute(userDecider, user.id, { type: 'ResetPassword', data: { requestId: claims.rid }, metadata: asSystem(req, new Date().toISOString(), 'password-reset') });
      await rt.auth.setPassword(user.id, hash);
      await rt.auth.revokeUserSessions(user.id);
      clearAuthCookies(res, rt.config.publicUrl.startsWith('https://'));
      return { data: { reset: true, signedOutEverywhere: true } };
    },
  }),
  defineRoute({
    path: '/admin/users/sendPasswordReset',
    answer: LinkSentView,
    errors: ['NOT_FOUND'],
    access: 'admin',
    tag: 'Users',
    summary: `E-mail a user a password-reset link (it works once, for ${RESET_LINK_MINUTES} minutes). The administrator never sees the link nor the password: the outbox hides it`,
    body: SendPasswordResetBody,
    async handle({ body, rt, meta }) {
      if (!(await linkUser(rt, body.id))) throw new NotFoundError('User not found');
      await requestPasswordReset(rt.paymentDeps, body.id, meta({ now: new Date().toISOString() }));
      return { data: { sent: true } };
    },
  }),
];
