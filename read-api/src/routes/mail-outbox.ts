import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { messageDecider, messageStreamKey } from '@relaycast/billing-core';
import { listMessages, messageByKey } from '@relaycast/projections';
import { ConflictError, MailStatusView, MessageKeyBody, MessageListBody, MessageListItem, MessageRenderedView, NotFoundError, PageMeta, ResendAskedView } from '@relaycast/contracts';
import { defineRoute, type RouteDef } from '../http/route.js';
import { composeMessage } from '../mail/compose.js';
import { renderMessage } from '../mail/messages.js';
import { outboxFile } from '../mail/transport.js';

/**
 * The outbox, for administrators (docs/notifications.md): every message, per customer what was sent and when, one
 * message rendered again from the log, a resend, and the notifier's status. Nothing here sends mail: a resend is
 * recorded, and the notifier sends what the log says.
 */
export const mailOutboxRoutes: RouteDef[] = [
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
