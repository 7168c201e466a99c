import { Type, type Static } from '@sinclair/typebox';
import { LANGUAGES } from '../constants/ui.js';
import { Id, IsoDateTime, StringEnum } from '../schemas/common.js';

/**
 * The e-mails the product sends to a customer about their own account and billing (no marketing). Each is caused by
 * one event of the log; its key is `<causing event id>/<template>`, its Message-ID is derived from the key, and its
 * bytes from the events up to its cause, so a resend is the same message.
 */
export const MESSAGE_TEMPLATES = [
  'verify-email',
  'password-reset',
  'payment-received',
  'renewal-charged',
  'renewal-failed',
  'trial-ending',
  'annual-renewal',
  'paused',
  'cancelled',
  'cancellation-scheduled',
  'licence-issued',
  'licence-expiring',
  'refund-made',
] as const;
export type MessageTemplate = (typeof MESSAGE_TEMPLATES)[number];

/** Reminders: the only messages a customer can turn off (profile, or the one-click unsubscribe link). */
export const REMINDER_TEMPLATES: readonly MessageTemplate[] = ['trial-ending', 'annual-renewal', 'licence-expiring'];
/** Security messages: sent to the address even before it is verified. */
export const SECURITY_TEMPLATES: readonly MessageTemplate[] = ['verify-email', 'password-reset'];

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
