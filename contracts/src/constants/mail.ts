/**
 * The e-mails the product sends to a customer about their own account and billing (no marketing). Each is caused by
 * one event of the log; its key is `<causing event id>/<template>`, its Message-ID is derived from the key, and its
 * bytes from the events up to its cause, so a resend is the same message.
 */
export const MESSAGE_TEMPLATES = [
  'verify-email',
  'password-reset',
  'password-changed',
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
export const SECURITY_TEMPLATES: readonly MessageTemplate[] = ['verify-email', 'password-reset', 'password-changed'];
