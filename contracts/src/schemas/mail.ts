import { Type, type Static } from '@sinclair/typebox';
import { LANGUAGES } from '../constants/ui.js';
import { MESSAGE_TEMPLATES } from '../events/message.js';
import { Email, Id, StringEnum } from './common.js';

/** Request bodies and answers of the e-mail routes (read-api/src/routes/email-*.ts, password-reset.ts, mail-outbox.ts; docs/notifications.md). */

const STRICT = { additionalProperties: false } as const;
/** A signed link's token: a JWT (three base64url parts), or a link of the earlier format (two parts), still accepted. */
const Token = Type.String({ minLength: 10, maxLength: 2048, pattern: '^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+(\\.[A-Za-z0-9_-]+)?$' });
const MessageKey = Type.String({ minLength: 3, maxLength: 200 });
const Opt = Type.Optional;

/** `POST /auth/verifyEmail`: the token of the link e-mailed to the address. */
export const VerifyEmailBody = Type.Object({ token: Token }, STRICT);
/** `POST /auth/local/requestPasswordReset`: the account's address (the answer is the same whether or not it has one). */
export const PasswordResetRequestBody = Type.Object({ email: Email }, STRICT);
/** `POST /auth/local/resetPassword`: the link's token and the new password. */
export const PasswordResetBody = Type.Object({ token: Token, password: Type.String({ minLength: 8, maxLength: 200 }) }, STRICT);
/** `POST /auth/profile/emailPreferences`: reminders (trial ending, annual renewal, licence expiring) on or off. */
export const EmailPreferencesBody = Type.Object({ reminders: Type.Boolean() }, STRICT);
/** `POST /admin/users/sendPasswordReset`: the user who gets a reset link (the administrator never sees it). */
export const SendPasswordResetBody = Type.Object({ id: Id }, STRICT);
/**
 * `POST /admin/mail/messages`: a page of messages, newest first; one customer's with `user_id`; one kind with
 * `template`; the customers whose name or address contains `search`.
 */
export const MessageListBody = Type.Object(
  {
    user_id: Opt(Id),
    template: Opt(StringEnum(MESSAGE_TEMPLATES)),
    search: Opt(Type.String({ maxLength: 200 })),
    page: Opt(Type.Integer({ minimum: 1, maximum: 100_000 })),
    pageSize: Opt(Type.Integer({ minimum: 1, maximum: 200 })),
  },
  STRICT,
);
/** `POST /admin/mail/message`, `/admin/mail/resend`: one message by its key (`<event id>/<template>`). */
export const MessageKeyBody = Type.Object({ key: MessageKey }, STRICT);

export const VerifiedView = Type.Object({ _id: Type.String(), emailVerified: Type.Literal(true) });
/** Always the same, for known and unknown addresses alike. */
export const ResetRequestedView = Type.Object({ requested: Type.Literal(true) });
export const PasswordResetView = Type.Object({ reset: Type.Literal(true), signedOutEverywhere: Type.Literal(true) });
export const LinkSentView = Type.Object({ sent: Type.Literal(true) });

const Delivery = Type.Object({
  delivery: Type.Integer(),
  sentAt: Type.String(),
  transport: StringEnum(['smtp', 'outbox'] as const),
  messageId: Type.String(),
  sha256: Type.String(),
  bytes: Type.Integer(),
  attempts: Type.Integer(),
  response: Opt(Type.String()),
});

/** A message of the sent-ledger: what caused it, each delivery, or why it was not sent. No address, no content. */
export const MessageView = Type.Object({
  key: Type.String(),
  template: StringEnum(MESSAGE_TEMPLATES),
  userId: Type.String(),
  language: Opt(StringEnum(LANGUAGES)),
  causeEventId: Type.String(),
  causePosition: Type.String(),
  status: StringEnum(['sent', 'not-sent', 'resend-asked'] as const),
  deliveries: Type.Array(Delivery),
  notSent: Opt(Type.Object({ reason: Type.String(), detail: Opt(Type.String()), at: Type.String() })),
  resendsAsked: Type.Integer(),
  firstAt: Type.String(),
  lastAt: Type.String(),
  userErased: Opt(Type.Literal(true)),
});
export type MessageView = Static<typeof MessageView>;

/** A message in the outbox list: the ledger entry and who the customer is now (absent once erased or unknown). */
export const MessageListItem = Type.Composite([MessageView, Type.Object({ customer: Opt(Type.Object({ name: Type.String(), email: Type.String() })) })]);
export type MessageListItem = Static<typeof MessageListItem>;

/**
 * One message as the administrators' outbox shows it: the ledger entry, and the message rendered again from the log
 * — subject, recipient, the HTML and text parts, the attachments' names and sizes — with `identical` telling whether
 * those bytes equal the last delivery's. Links that would let the reader act as the customer (address verification,
 * password reset) are hidden.
 */
export const MessageRenderedView = Type.Object({
  message: MessageView,
  subject: Type.String(),
  to: Type.String(),
  from: Type.String(),
  messageId: Type.String(),
  date: Type.String(),
  html: Type.String(),
  text: Type.String(),
  attachments: Type.Array(Type.Object({ filename: Type.String(), contentType: Type.String(), bytes: Type.Integer() })),
  listUnsubscribe: Opt(Type.String()),
  identical: Type.Boolean(),
  /** Links that act as the customer (tokens) are hidden: whenever the message went out by SMTP (the customer has it). */
  linksHidden: Type.Boolean(),
  /**
   * Without SMTP the message was never sent: it is in the outbox, this file on the server (DATA_DIR/outbox/<user>/),
   * and shown here whole, links included, for an administrator to pass on.
   */
  outboxFile: Opt(Type.String()),
  /** The links a person follows in the message (its button first), as in the message: tokens hidden when `linksHidden`. */
  links: Opt(Type.Array(Type.String())),
});

export const ResendAskedView = Type.Object({ key: Type.String(), status: Type.Literal('resend-asked') });

/** The notifier: where mail goes, how far it is, and the message it is waiting to send (SMTP refusing or away). */
export const MailStatusView = Type.Object({
  transport: StringEnum(['smtp', 'outbox'] as const),
  from: Type.String(),
  dkim: Type.Boolean(),
  notifier: StringEnum(['in-process', 'external', 'off'] as const),
  running: Type.Boolean(),
  position: Type.String(),
  head: Type.String(),
  sent: Type.Integer(),
  lastSentAt: Type.Union([Type.String(), Type.Null()]),
  waiting: Type.Union([
    Type.Object({ key: Type.String(), template: Type.String(), attempts: Type.Integer(), since: Type.String(), lastError: Type.String(), nextAttemptAt: Type.String() }),
    Type.Null(),
  ]),
  lastError: Type.Union([Type.String(), Type.Null()]),
  /** False when the notifier runs elsewhere and has not said how it is (deploy: no status in Redis yet). */
  known: Type.Boolean(),
});
