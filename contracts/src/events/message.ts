import { Type, type Static } from '@sinclair/typebox';
import { LANGUAGES } from '../constants/ui.js';
import { Id, IsoDateTime, StringEnum } from '../schemas/common.js';
import { MESSAGE_TEMPLATES } from '../constants/mail.js';

/** The messages (their templates, reminders, security messages) are constants the browser reads too: constants/mail.ts. */
export { MESSAGE_TEMPLATES, REMINDER_TEMPLATES, SECURITY_TEMPLATES, type MessageTemplate } from '../constants/mail.js';

const Template = StringEnum(MESSAGE_TEMPLATES);
/** `<event id>/<template>`. */
const MessageKey = Type.String({ minLength: 3, maxLength: 200 });
/** A global position as a decimal string (JSON has no bigint). */
const Position = Type.String({ pattern: '^[0-9]{1,20}$' });

/**
 * The message went out: the SMTP server accepted it (`smtp`), or — without SMTP_URL — it was written to the local
 * outbox (`outbox`). `sha256` and `bytes` are of the raw message as sent, so a resend can be checked to be the same.
 * No address, name or content is recorded: those are in the user's events, which erasure covers.
 */
export const MessageSent = Type.Object({
  key: MessageKey,
  template: Template,
  userId: Id,
  language: StringEnum(LANGUAGES),
  causeEventId: Id,
  causePosition: Position,
  messageId: Type.String({ maxLength: 300 }),
  transport: StringEnum(['smtp', 'outbox'] as const),
  sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  bytes: Type.Integer({ minimum: 1 }),
  sentAt: IsoDateTime,
  /** 1 for the first delivery; n for the (n-1)-th resend an administrator asked for. */
  delivery: Type.Integer({ minimum: 1 }),
  /** How many tries it took (SMTP refusing or away meanwhile). */
  attempts: Type.Integer({ minimum: 1 }),
  /** The SMTP server's answer to the message (its queue id), when sent by SMTP. */
  response: Type.Optional(Type.String({ maxLength: 300 })),
});
export type MessageSent = Static<typeof MessageSent>;

/**
 * The message will not be sent: the user was erased or removed before it went out, or the SMTP server refused the
 * recipient (5xx) or, three times, the message itself.
 */
export const MessageNotSent = Type.Object({
  key: MessageKey,
  template: Template,
  userId: Id,
  causeEventId: Id,
  causePosition: Position,
  reason: StringEnum(['USER_ERASED', 'USER_REMOVED', 'RECIPIENT_REFUSED', 'MESSAGE_REFUSED'] as const),
  detail: Type.Optional(Type.String({ maxLength: 300 })),
  at: IsoDateTime,
  /** Which delivery this was (1: the first; n: a resend). */
  delivery: Type.Integer({ minimum: 1 }),
});
export type MessageNotSent = Static<typeof MessageNotSent>;

/** An administrator asked for the message to be sent again: the notifier sends the same bytes (same Message-ID). */
export const MessageResendRequested = Type.Object({ key: MessageKey, at: IsoDateTime });
export type MessageResendRequested = Static<typeof MessageResendRequested>;

export const MessageEventSchemas = { MessageSent, MessageNotSent, MessageResendRequested } as const;
export type MessageEvent =
  | { type: 'MessageSent'; data: MessageSent }
  | { type: 'MessageNotSent'; data: MessageNotSent }
  | { type: 'MessageResendRequested'; data: MessageResendRequested };

/** The notifier records a delivery, or that it will not be made; an administrator asks for a resend. */
export const RequestMessageResendData = Type.Object({ key: MessageKey }, { additionalProperties: false });
export const MessageCommandSchemas = {
  RecordMessageSent: MessageSent,
  RecordMessageNotSent: MessageNotSent,
  RequestMessageResend: RequestMessageResendData,
} as const;
