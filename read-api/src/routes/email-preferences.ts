import type { Request, Router } from 'express';
import { userDecider } from '@relaycast/billing-core';
import { DEFAULT_LANGUAGE, EmailPreferencesBody, UserView, type Language } from '@relaycast/contracts';
import { defineRoute, type RouteDef } from '../http/route.js';
import { escapeHtml, page, sendPage } from '../html.js';
import { LINK_PATHS } from '../mail/links.js';
import type { Runtime } from '../runtime.js';
import { wordsIn } from '../words/index.js';
import { asUser, linkUser } from './signed-links.js';

/** Reminder e-mails on or off: from the profile, or by the one-click unsubscribe link of a reminder (RFC 8058). */
export const emailPreferenceRoutes: RouteDef[] = [
  defineRoute({
    path: '/auth/profile/emailPreferences',
    answer: UserView,
    errors: ['NOT_FOUND'],
    access: 'signedIn',
    tag: 'Auth',
    summary: 'Turn reminder e-mails (trial ending, upcoming annual renewal, licence expiring) on or off; receipts, payment failures and security messages are always sent. Recorded as EmailPreferencesChanged',
    body: EmailPreferencesBody,
    async handle({ body, rt, user, meta }) {
      const result = await rt.execute(userDecider, user!._id, { type: 'SetEmailPreferences', data: { reminders: body.reminders, via: 'PROFILE' }, metadata: meta() });
      const view = (await rt.readSide.queries.getUser(user!._id)) ?? user!;
      return { data: view, ...(result.consistent ? {} : { status: 202 }) };
    },
  }),
];

/**
 * The one-click unsubscribe link of reminder messages (RFC 8058). GET shows a confirmation page with a button (a GET
 * never changes anything: mail scanners follow links); POST — the button, or the mail client's one-click request
 * with the body `List-Unsubscribe=One-Click` — turns reminders off (EmailPreferencesChanged, via UNSUBSCRIBE_LINK).
 */
export function mountUnsubscribe(router: Router, rt: Runtime): void {
  const resolve = async (req: Request) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const claims = await rt.links.verify('unsubscribe', token);
    const user = claims ? await linkUser(rt, claims.uid) : null;
    return { token, user };
  };
  const profileLink = (lang: Language) => `<p><a href="${lang === 'en' ? '' : `/${lang}`}${LINK_PATHS.profile}">${escapeHtml(wordsIn(lang).t('pages:unsubscribe.profile'))}</a></p>`;
  router.get(LINK_PATHS.unsubscribe, async (req, res, next) => {
    try {
      const { token, user } = await resolve(req);
      const w = wordsIn(user?.language ?? DEFAULT_LANGUAGE);
      const title = w.t('pages:unsubscribe.title');
      if (!user) return sendPage(res, 400, page(w.lang, title, `<p>${escapeHtml(w.t('pages:unsubscribe.invalid'))}</p>${profileLink(w.lang)}`));
      const ask = escapeHtml(w.t('pages:unsubscribe.ask', { email: user.email }));
      const form = `<form method="post" action="${LINK_PATHS.unsubscribe}?token=${encodeURIComponent(token)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(w.t('pages:unsubscribe.button'))}</button></form>`;
      sendPage(res, 200, page(w.lang, title, `<p>${ask}</p>${form}${profileLink(w.lang)}`));
    } catch (error) {
      next(error);
    }
  });
  router.post(LINK_PATHS.unsubscribe, async (req, res, next) => {
    try {
      const { user } = await resolve(req);
      const w = wordsIn(user?.language ?? DEFAULT_LANGUAGE);
      const title = w.t('pages:unsubscribe.title');
      if (!user) return sendPage(res, 400, page(w.lang, title, `<p>${escapeHtml(w.t('pages:unsubscribe.invalid'))}</p>`));
      await rt.execute(userDecider, user.id, { type: 'SetEmailPreferences', data: { reminders: false, via: 'UNSUBSCRIBE_LINK' }, metadata: asUser(req, user, rt.clock.now()) });
      sendPage(res, 200, page(w.lang, title, `<p>${escapeHtml(w.t('pages:unsubscribe.done', { email: user.email }))}</p>${profileLink(w.lang)}`));
    } catch (error) {
      next(error);
    }
  });
}
