import type { Router } from 'express';
import { Type } from '@sinclair/typebox';
import { userDecider } from '@relaycast/billing-core';
import { LinkSentView, ValidationError, VerifiedView, VerifyEmailBody } from '@relaycast/contracts';
import { defineRoute, type RouteDef } from '../http/route.js';
import { LINK_PATHS } from '../mail/links.js';
import type { Runtime } from '../runtime.js';
import { asUser, verifiedByToken } from './signed-links.js';

/**
 * Address verification (docs/notifications.md): the link e-mailed at sign-up (or again), followed in the browser or
 * posted by the web app, and a new link for the signed-in user. Nothing here sends mail: the notifier sends what the
 * log says.
 */
export const emailVerificationRoutes: RouteDef[] = [
  defineRoute({
    path: '/auth/verifyEmail',
    answer: VerifiedView,
    errors: ['NOT_FOUND'],
    access: 'public',
    tag: 'Auth',
    summary: 'Verify the e-mail address with the token of the link sent at sign-up (or sent again): recorded as EmailVerified. The same link again answers the same; an expired link, or one for an address the account no longer has, is a 400 naming token',
    body: VerifyEmailBody,
    async handle({ body, rt, req }) {
      const { user, email } = await verifiedByToken(rt, body.token);
      await rt.execute(userDecider, user.id, { type: 'VerifyEmail', data: { email }, metadata: asUser(req, user, rt.clock.now()) });
      return { data: { _id: user.id, emailVerified: true } };
    },
  }),
  defineRoute({
    path: '/auth/local/resendVerification',
    answer: LinkSentView,
    errors: ['CONFLICT', 'VERIFICATION_LINK_TOO_SOON', 'RATE_LIMITED', 'NOT_FOUND'],
    access: 'signedIn',
    tag: 'Auth',
    summary: 'E-mail a new verification link to the signed-in user’s address (recorded as EmailVerificationRequested; at most one a minute: VERIFICATION_LINK_TOO_SOON); 409 naming email when it is verified already',
    body: Type.Object({}, { additionalProperties: false }),
    async handle({ rt, user, meta }) {
      // Security links keep the wall clock (like sessions), whatever the billing clock says.
      await rt.execute(userDecider, user!._id, { type: 'RequestEmailVerification', data: {}, metadata: meta({ now: new Date().toISOString() }) });
      return { data: { sent: true } };
    },
  }),
];

/** The address-verification link: verifies and sends the browser to the profile, saying how it went. */
export function mountEmailVerification(router: Router, rt: Runtime): void {
  router.get(LINK_PATHS.verify, async (req, res, next) => {
    try {
      const token = typeof req.query.token === 'string' ? req.query.token : '';
      let where: string;
      try {
        const { user, email } = await verifiedByToken(rt, token);
        await rt.execute(userDecider, user.id, { type: 'VerifyEmail', data: { email }, metadata: asUser(req, user, rt.clock.now()) });
        where = `${user.language && user.language !== 'en' ? `/${user.language}` : ''}${LINK_PATHS.profile}?emailVerified=1`;
      } catch (error) {
        if (!(error instanceof ValidationError)) throw error;
        where = `${LINK_PATHS.profile}?emailVerified=0&reason=${encodeURIComponent(error.problems[0]?.rule ?? 'invalid')}`;
      }
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(302, where);
    } catch (error) {
      next(error);
    }
  });
}
