import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Request, Response, Router } from 'express';
import { Type } from '@sinclair/typebox';
import { aggregate, messageDecider, messageStreamKey, userDecider, type ExistingUser } from '@relaycast/billing-core';
import { listMessages, messageByKey } from '@relaycast/projections';
import {
  ConflictError,
  DEFAULT_LANGUAGE,
  EmailPreferencesBody,
  LinkSentView,
  MailStatusView,
  MessageKeyBody,
  MessageListBody,
  MessageRenderedView,
  MessageListItem,
  MessageView,
  NotFoundError,
  PageMeta,
  PasswordResetBody,
  PasswordResetRequestBody,
  PasswordResetView,
  ResendAskedView,
  ResetRequestedView,
  SendPasswordResetBody,
  UserView,
  ValidationError,
  VerifiedView,
  VerifyEmailBody,
  type CommandMetadata,
  type Language,
} from '@relaycast/contracts';
import { defineRoute, type RouteDef } from '../http/route.js';
import { hashPassword } from '../auth/passwords.js';
import { requireStrongPassword } from '../auth/password-strength.js';
import { clearAuthCookies } from '../auth/cookies.js';
import { composeMessage } from '../mail/compose.js';
import { LINK_PATHS } from '../mail/links.js';
import { renderMessage } from '../mail/messages.js';
import { outboxFile } from '../mail/transport.js';
import type { Runtime } from '../runtime.js';

/**
 * E-mail routes (docs/notifications.md): address verification, password reset, reminder settings and the one-click
 * unsubscribe link; for administrators the outbox (every message, per customer what was sent and when, one message
 * rendered again from the log, resend), the notifier's status, and sending a customer a password-reset link. Nothing
 * here sends mail: routes record events, and the notifier sends what the log says.
 */

/** How long a password-reset link works. */
export const RESET_LINK_MINUTES = 60;
/** At most this many reset links per account an hour; past it a request records nothing (the answer is the same). */
const RESETS_PER_HOUR = 3;
/** A new verification link at most once a minute per account. */
const VERIFY_RESEND_MS = 60_000;

async function userNow(rt: Runtime, userId: string): Promise<ExistingUser | null> {
  const { state } = await aggregate(rt.events, userDecider, userId);
  return state.status === 'NONE' ? null : state;
}

/** What a request made on the user's behalf by a signed link carries: the user acts, from this request. */
function asUser(req: Request, user: ExistingUser, now: string): CommandMetadata {
  return { now, actorId: user.id, actorRole: user.role, correlationId: String(req.id), causationId: null };
}
const system = (req: Request, now: string, actorId: string): CommandMetadata => ({ now, actorId, actorRole: 'SYSTEM', correlationId: String(req.id), causationId: null });

/** The verification link's user, if the token is genuine, unexpired and for the address the user has. */
async function verifiedByToken(rt: Runtime, token: string): Promise<{ user: ExistingUser; email: string }> {
  const claims = rt.links.verify('verify', token);
  if (!claims || typeof claims.email !== 'string' || typeof claims.exp !== 'string') throw ValidationError.field('token', 'is not a verification link of this site', 'invalid');
  if (claims.exp <= new Date().toISOString()) throw ValidationError.field('token', 'has expired: ask for a new link from your profile', 'expired');
  const user = await userNow(rt, claims.uid);
  if (!user || user.status !== 'ACTIVE') throw ValidationError.field('token', 'is for an account that no longer exists', 'invalid');
  return { user, email: claims.email };
}

/**
 * A password-reset link for the address, if it has an active account and fewer than RESETS_PER_HOUR links in the last
 * hour (recorded as PasswordResetRequested; the notifier e-mails it). Security links keep the wall clock (like
 * sessions), whatever the billing clock says.
 */
export async function recordPasswordResetRequest(rt: Runtime, email: string, metadata: CommandMetadata): Promise<void> {
  const found = await rt.readSide.queries.findUserByEmail(email);
  const user = found ? await userNow(rt, found._id) : null;
  if (!user || user.status !== 'ACTIVE') return;
  const now = metadata.now;
  const hourAgo = new Date(Date.parse(now) - 3_600_000).toISOString();
  const recent = Object.values(user.passwordResets).filter((r) => r.requestedAt > hourAgo).length;
  if (recent >= RESETS_PER_HOUR) return;
  const expiresAt = new Date(Date.parse(now) + RESET_LINK_MINUTES * 60_000).toISOString();
  await rt.handler.handle(userDecider, user.id, { type: 'RequestPasswordReset', data: { requestId: randomUUID(), expiresAt }, metadata });
}

export const mailRoutes: RouteDef[] = [
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
    errors: ['CONFLICT', 'RATE_LIMITED', 'NOT_FOUND'],
    access: 'signedIn',
    tag: 'Auth',
    summary: 'E-mail a new verification link to the signed-in user’s address (recorded as EmailVerificationRequested; at most one a minute); 409 naming email when it is verified already',
    body: Type.Object({}, { additionalProperties: false }),
    async handle({ rt, user, meta }) {
      const me = (await userNow(rt, user!._id))!;
      const last = (await rt.events.readStream(userDecider.streamId(me.id))).filter((e) => e.type === 'EmailVerificationRequested').at(-1);
      if (!me.emailVerified && last && Date.now() - Date.parse(last.occurredAt) < VERIFY_RESEND_MS) {
        throw new ConflictError('A link was sent less than a minute ago: wait a moment', { field: 'email', message: 'was sent a link less than a minute ago', rule: 'tooSoon' });
      }
      await rt.execute(userDecider, me.id, { type: 'RequestEmailVerification', data: {}, metadata: meta() });
      return { data: { sent: true } };
    },
  }),
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
      const metadata = system(req, new Date().toISOString(), 'password-reset');
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
      const claims = rt.links.verify('reset', body.token);
      if (!claims || typeof claims.rid !== 'string') throw ValidationError.field('token', 'is not a password-reset link of this site', 'invalid');
      const user = await userNow(rt, claims.uid);
      if (!user || user.status !== 'ACTIVE') throw ValidationError.field('token', 'is for an account that no longer exists', 'invalid');
      try {
        requireStrongPassword(body.password, [user.email, user.givenName, user.familyName]);
      } catch (error) {
        if (error instanceof ValidationError) throw ValidationError.field('password', error.problems[0]?.message ?? 'is too easy to guess', 'weakPassword');
        throw error;
      }
      const hash = await hashPassword(body.password);
      // Recorded first (the decider refuses a used, expired or superseded link; two uses race on the stream's
      // version and one loses), then the hash replaced, then every session ended.
      await rt.execute(userDecider, user.id, { type: 'ResetPassword', data: { requestId: claims.rid }, metadata: system(req, new Date().toISOString(), 'password-reset') });
      await rt.auth.setPassword(user.id, hash);
      await rt.auth.revokeUserSessions(user.id);
      clearAuthCookies(res, rt.config.publicUrl.startsWith('https://'));
      return { data: { reset: true, signedOutEverywhere: true } };
    },
  }),
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
  defineRoute({
    path: '/admin/users/sendPasswordReset',
    answer: LinkSentView,
    errors: ['NOT_FOUND'],
    access: 'admin',
    tag: 'Users',
    summary: `E-mail a user a password-reset link (it works once, for ${RESET_LINK_MINUTES} minutes). The administrator never sees the link nor the password: the outbox hides it`,
    body: SendPasswordResetBody,
    async handle({ body, rt, meta }) {
      const user = await userNow(rt, body.id);
      if (!user || user.status !== 'ACTIVE') throw new NotFoundError('User not found');
      const now = new Date().toISOString();
      const expiresAt = new Date(Date.parse(now) + RESET_LINK_MINUTES * 60_000).toISOString();
      await rt.execute(userDecider, user.id, { type: 'RequestPasswordReset', data: { requestId: randomUUID(), expiresAt }, metadata: meta({ now }) });
      return { data: { sent: true } };
    },
  }),
  defineRoute({
    path: '/admin/mail/messages',
    answer: Type.Array(MessageListItem),
    answerMeta: PageMeta,
    query: true,
    access: 'admin',
    tag: 'Mail',
    summary: 'The outbox: every message sent (or not sent, and why), newest first, with each delivery (time, SMTP or outbox, Message-ID, size, tries); one customer’s with user_id, one kind with template, the customers whose name or address contains search',
    body: MessageListBody,
    async handle({ body, rt }) {
      // A search names customers (name or address, as the users list searches): their messages, at most this many customers.
      const search = body.search?.trim();
      const userIds = search ? (await rt.readSide.queries.listUsers({ search, pageSize: 200 })).items.map((u) => u._id) : undefined;
      const page = await listMessages(rt.readModels, {
        ...(body.user_id ? { userId: body.user_id } : {}),
        ...(body.template ? { template: body.template } : {}),
        ...(userIds ? { userIds } : {}),
        page: body.page ?? 1,
        pageSize: body.pageSize ?? 20,
      });
      // Who each customer is now (the ledger keeps no address): administrators tell the rows apart by it.
      const users = new Map<string, MessageListItem['customer']>();
      for (const id of new Set(page.items.filter((m) => !m.userErased).map((m) => m.userId))) {
        const user = await rt.readSide.queries.getUser(id);
        if (user) users.set(id, { name: `${user.givenName ?? ''} ${user.familyName ?? ''}`.trim(), email: user.email });
      }
      const data = page.items.map((m) => {
        const customer = users.get(m.userId);
        return customer ? { ...m, customer } : m;
      });
      return { data, meta: { total: page.total, page: page.page, pageSize: page.pageSize } };
    },
  }),
  defineRoute({
    path: '/admin/mail/message',
    answer: MessageRenderedView,
    errors: ['NOT_FOUND', 'CONFLICT'],
    query: true,
    access: 'admin',
    tag: 'Mail',
    summary:
      'One message: its ledger entry and the message rendered again from the events up to its cause (subject, recipient, HTML and text, attachments), `identical` when its bytes equal the last delivery’s. Sent by SMTP (the customer has it), every link that acts as the customer is hidden — verification, password reset, unsubscribe: no token of any kind (`linksHidden`). Without SMTP it was never sent: it is shown whole, links included, with the outbox file it is in (`outboxFile`). 409 naming key for an erased customer',
    body: MessageKeyBody,
    async handle({ body, rt }) {
      const message = await messageByKey(rt.readModels, body.key);
      if (!message) throw new NotFoundError('No such message');
      if (message.userErased) throw new ConflictError('The customer was erased: the message is not shown again', { field: 'key', message: 'is a message of an erased customer', rule: 'erased' });
      const [cause] = await rt.events.readAll({ after: BigInt(message.causePosition) - 1n, maxCount: 1 });
      if (!cause || cause.id !== message.causeEventId) throw new NotFoundError('The message’s cause is not in the event log');
      const rendered = await renderMessage(rt.mail.deps, cause, message.template);
      if (!rendered) throw new ConflictError('This message has nothing to render', { field: 'key', message: 'has nothing to render', rule: 'empty' });
      const composed = await composeMessage(rendered, message.key, rt.mail.identity);
      const last = message.deliveries.at(-1);
      // Sent by SMTP, the customer has the message and its links act as them (verify, reset a password, turn reminders
      // off): no administrator sees any token. Without SMTP nothing was sent — the outbox is the only copy, and an
      // administrator reads it whole to pass on what the customer needs (a verification link, a reset link).
      const bySmtp = rt.mail.transport.kind === 'smtp' || message.deliveries.some((d) => d.transport === 'smtp');
      const hide = (text: string) => (bySmtp ? text.replace(TOKEN_PARAM, '$1hidden-from-administrators') : text);
      const hidden = bySmtp && [rendered.html, rendered.text, rendered.unsubscribeUrl ?? ''].some((part) => new RegExp(TOKEN_PARAM.source).test(part));
      const file = !bySmtp && last?.transport === 'outbox' ? outboxFile(join(rt.config.dataDir, 'outbox'), { userId: message.userId, streamKey: messageStreamKey(message.key), delivery: last.delivery }) : undefined;
      return {
        data: {
          message,
          subject: rendered.subject,
          to: `${rendered.to.name} <${rendered.to.address}>`,
          from: rt.mail.identity.from,
          messageId: composed.messageId,
          date: rendered.date,
          html: hide(rendered.html),
          text: hide(rendered.text),
          attachments: rendered.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, bytes: a.content.length })),
          ...(rendered.unsubscribeUrl ? { listUnsubscribe: hide(rendered.unsubscribeUrl) } : {}),
          identical: last !== undefined && last.sha256 === composed.sha256,
          linksHidden: hidden,
          ...(file ? { outboxFile: file } : {}),
          links: rendered.links.map(hide),
        },
      };
    },
  }),
  defineRoute({
    path: '/admin/mail/resend',
    answer: ResendAskedView,
    errors: ['NOT_FOUND', 'CONFLICT'],
    access: 'admin',
    tag: 'Mail',
    summary: 'Send a message again: recorded as MessageResendRequested; the notifier sends the same bytes with the same Message-ID. 409 naming key while one is waiting, or for an erased customer',
    body: MessageKeyBody,
    async handle({ body, rt, meta }) {
      const message = await messageByKey(rt.readModels, body.key);
      if (!message) throw new NotFoundError('No such message');
      if (message.userErased) throw new ConflictError('The customer was erased: nothing is sent to them', { field: 'key', message: 'is a message of an erased customer', rule: 'erased' });
      await rt.execute(messageDecider, messageStreamKey(body.key), { type: 'RequestMessageResend', data: { key: body.key }, metadata: meta() });
      return { data: { key: body.key, status: 'resend-asked' as const } };
    },
  }),
  defineRoute({
    path: '/admin/mail/status',
    answer: MailStatusView,
    query: true,
    access: 'admin',
    tag: 'Mail',
    summary: 'Where mail goes (SMTP or the outbox), the notifier’s progress through the log, what it sent, and the message it is waiting to send while SMTP refuses or is away (tries, last error, next try)',
    body: Type.Object({}, { additionalProperties: false }),
    async handle({ rt }) {
      const status = await rt.notifierStatus();
      const head = (await rt.events.headPosition()).toString();
      return {
        data: {
          transport: rt.mail.transport.kind,
          from: rt.config.mail.from,
          dkim: rt.config.mail.dkim !== null,
          notifier: rt.config.mail.notifier,
          running: status?.running ?? false,
          position: status?.position ?? '0',
          head,
          sent: status?.sent ?? 0,
          lastSentAt: status?.lastSentAt ?? null,
          waiting: status?.waiting ?? null,
          lastError: status?.lastError ?? null,
          known: status !== null,
        },
      };
    },
  }),
];

/**
 * A link's token — whatever it lets its holder do as the customer (verify the address, choose a password, turn
 * reminders off) — hidden from administrators when the message went out by SMTP: any `token=` query parameter.
 */
const TOKEN_PARAM = /([?&](?:amp;)?token=)[A-Za-z0-9_.%-]+/g;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const UNSUBSCRIBE_WORDS = {
  en: {
    title: 'Reminder e-mails',
    ask: 'Stop reminder e-mails (trial ending, upcoming annual renewal, licence expiring) for {email}? Receipts, payment problems and security messages still come.',
    button: 'Stop reminders',
    done: 'Done: no more reminder e-mails to {email}. Turn them back on in your profile at any time.',
    invalid: 'This unsubscribe link is not valid. Change your e-mail settings in your profile.',
    profile: 'Open my profile',
  },
  ru: {
    title: 'Письма-напоминания',
    ask: 'Больше не присылать напоминания (окончание пробного периода, продление годовой подписки, истечение лицензии) на {email}? Чеки, письма о проблемах с оплатой и о безопасности будут приходить как прежде.',
    button: 'Отключить напоминания',
    done: 'Готово: напоминания на {email} больше не придут. Включить их снова можно в профиле.',
    invalid: 'Ссылка для отписки недействительна. Настройки писем — в вашем профиле.',
    profile: 'Открыть профиль',
  },
} as const;

/** A small page in the site's colours, in the user's language: the unsubscribe link's confirmation and result. */
function page(lang: Language, title: string, body: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} — Relaycast</title>
<style>body{margin:0;background:#f4f6fb;color:#0f172a;font:16px/1.6 system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif}main{max-width:520px;margin:56px auto;padding:28px;background:#fff;border:1px solid #d8dfea;border-radius:14px}h1{font-size:24px;margin:0 0 12px}button{background:#0b5cff;color:#fff;border:0;border-radius:10px;padding:12px 20px;font:inherit;font-weight:700;cursor:pointer}a{color:#0a4fd9}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/**
 * The one-click unsubscribe link of reminder messages (RFC 8058). GET shows a confirmation page with a button (a GET
 * never changes anything: mail scanners follow links); POST — the button, or the mail client's one-click request
 * with the body `List-Unsubscribe=One-Click` — turns reminders off (EmailPreferencesChanged, via UNSUBSCRIBE_LINK).
 */
export function mountMail(router: Router, rt: Runtime): void {
  const resolve = async (req: Request) => {
    const token = typeof req.query.token === 'string' ? req.query.token : '';
    const claims = rt.links.verify('unsubscribe', token);
    const user = claims ? await userNow(rt, claims.uid) : null;
    return { token, user: user && user.status === 'ACTIVE' ? user : null };
  };
  const send = (res: Response, status: number, html: string) => {
    res.setHeader('Cache-Control', 'no-store');
    res.status(status).type('html').send(html);
  };
  router.get(LINK_PATHS.unsubscribe, async (req, res, next) => {
    try {
      const { token, user } = await resolve(req);
      const lang: Language = user?.language ?? DEFAULT_LANGUAGE;
      const w = UNSUBSCRIBE_WORDS[lang];
      const profile = `<p><a href="${lang === 'en' ? '' : `/${lang}`}${LINK_PATHS.profile}">${escapeHtml(w.profile)}</a></p>`;
      if (!user) return send(res, 400, page(lang, w.title, `<p>${escapeHtml(w.invalid)}</p>${profile}`));
      const ask = escapeHtml(w.ask.replace('{email}', user.email));
      const form = `<form method="post" action="${LINK_PATHS.unsubscribe}?token=${encodeURIComponent(token)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${escapeHtml(w.button)}</button></form>`;
      send(res, 200, page(lang, w.title, `<p>${ask}</p>${form}${profile}`));
    } catch (error) {
      next(error);
    }
  });
  router.post(LINK_PATHS.unsubscribe, async (req, res, next) => {
    try {
      const { user } = await resolve(req);
      const lang: Language = user?.language ?? DEFAULT_LANGUAGE;
      const w = UNSUBSCRIBE_WORDS[lang];
      if (!user) return send(res, 400, page(lang, w.title, `<p>${escapeHtml(w.invalid)}</p>`));
      await rt.execute(userDecider, user.id, { type: 'SetEmailPreferences', data: { reminders: false, via: 'UNSUBSCRIBE_LINK' }, metadata: asUser(req, user, rt.clock.now()) });
      send(res, 200, page(lang, w.title, `<p>${escapeHtml(w.done.replace('{email}', user.email))}</p><p><a href="${lang === 'en' ? '' : `/${lang}`}${LINK_PATHS.profile}">${escapeHtml(w.profile)}</a></p>`));
    } catch (error) {
      next(error);
    }
  });
  // The address-verification link: verifies and sends the browser to the profile, saying how it went.
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
