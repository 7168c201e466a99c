import { Type, type Static } from '@sinclair/typebox';
import { AUTH_STRATEGIES, ROLES } from '../constants/roles.js';
import { LANGUAGES } from '../constants/ui.js';
import { Email, Id, IsoDateTime, Name, StringEnum } from '../schemas/common.js';
import { BillingDetails } from '../schemas/billing.js';
import { VatNumberCheck } from '../schemas/tax.js';

const Role = StringEnum(ROLES);
const Strategy = StringEnum(AUTH_STRATEGIES);

export const UserRegistered = Type.Object({
  userId: Id,
  email: Email,
  givenName: Name,
  familyName: Name,
  picture: Type.Optional(Type.String({ maxLength: 2048 })),
  role: Role,
  strategy: Strategy,
  /** The site's language at sign-up: account pages and e-mails use it until the user picks another in the profile. */
  language: Type.Optional(StringEnum(LANGUAGES)),
  /**
   * The address is known to be the user's: Google sign-up (Google verified it). Local sign-ups start unverified and
   * verify with the link e-mailed to them (EmailVerified). Absent on Google sign-ups recorded before: read as verified.
   */
  emailVerified: Type.Optional(Type.Boolean()),
});
export type UserRegistered = Static<typeof UserRegistered>;

export const UserSignedIn = Type.Object({ strategy: Strategy, at: IsoDateTime });
export type UserSignedIn = Static<typeof UserSignedIn>;

export const UserUpdated = Type.Object({
  changes: Type.Record(Type.String(), Type.Unknown()),
  previous: Type.Record(Type.String(), Type.Unknown()),
});
export type UserUpdated = Static<typeof UserUpdated>;

export const UserRoleChanged = Type.Object({ from: Role, to: Role });
export type UserRoleChanged = Static<typeof UserRoleChanged>;

export const UserRemoved = Type.Object({ reason: Type.Optional(Type.String({ maxLength: 2000 })) });
export type UserRemoved = Static<typeof UserRemoved>;

/**
 * GDPR erasure: from this event on, projections forget the user's personal fields (name, e-mail, picture) and
 * show the user as erased. Earlier events keep their bytes (the log is append-only); every read model is rebuilt
 * through projections that honour this event, so no view ever shows the erased fields again.
 */
export const UserErased = Type.Object({ reason: Type.String({ maxLength: 2000 }) });
export type UserErased = Static<typeof UserErased>;

/**
 * The user changed their password (the hash itself lives in the auth store, never in the log: it is a secret). Every
 * session of the user ended with it; the browser that changed it got a new one.
 */
export const UserPasswordChanged = Type.Object({ at: IsoDateTime });
export type UserPasswordChanged = Static<typeof UserPasswordChanged>;

/** "Sign out everywhere": every session (cookie or token) of the user ended at `at`. */
export const UserSignedOutEverywhere = Type.Object({ at: IsoDateTime });
export type UserSignedOutEverywhere = Static<typeof UserSignedOutEverywhere>;

/** A verification link was asked for again (the user, or an administrator, resends it): a new message with a new link. */
export const EmailVerificationRequested = Type.Object({ email: Email, at: IsoDateTime });
export type EmailVerificationRequested = Static<typeof EmailVerificationRequested>;

/** The user followed the link e-mailed to `email`: the address is theirs. Trials need a verified address. */
export const EmailVerified = Type.Object({ email: Email, at: IsoDateTime });
export type EmailVerified = Static<typeof EmailVerified>;

/**
 * A password-reset link was asked for (the user from the sign-in page, or an administrator for them). The link carries
 * `requestId`, signed; it works once, until `expiresAt`, and not after a later password change or reset. The token
 * itself is never recorded: it is derived from the request and the server's secret when the message is rendered.
 */
export const PasswordResetRequested = Type.Object({
  requestId: Id,
  expiresAt: IsoDateTime,
  at: IsoDateTime,
  by: StringEnum(['USER', 'ADMIN'] as const),
});
export type PasswordResetRequested = Static<typeof PasswordResetRequested>;

/** The link of that request set a new password (its hash in the auth store); every session of the user ended. */
export const PasswordReset = Type.Object({ requestId: Id, at: IsoDateTime });
export type PasswordReset = Static<typeof PasswordReset>;

/**
 * Which optional e-mails the user gets: reminders (trial ending, upcoming annual renewal, licence expiring), on by
 * default; turned off in the profile or with a message's one-click unsubscribe link (RFC 8058). Receipts, payment
 * failures and security messages are always sent.
 */
export const EmailPreferencesChanged = Type.Object({
  reminders: Type.Boolean(),
  via: StringEnum(['PROFILE', 'UNSUBSCRIBE_LINK', 'ADMIN'] as const),
});
export type EmailPreferencesChanged = Static<typeof EmailPreferencesChanged>;

/**
 * The customer's billing details (the name, address, country and VAT number invoices are made out to), set by the
 * customer or an administrator. Invoices issued before keep the details they were issued with. With a VAT number, its
 * check as it was made then (offline, and VIES's answer when asked): evidence for the tax of later sales (docs/tax.md).
 * Events from before the check existed have none: the number is checked again when it is used.
 */
export const BillingDetailsChanged = Type.Object({ billingDetails: BillingDetails, vatNumberCheck: Type.Optional(VatNumberCheck) });
export type BillingDetailsChanged = Static<typeof BillingDetailsChanged>;

export const UserEventSchemas = {
  UserRegistered,
  UserSignedIn,
  UserUpdated,
  UserRoleChanged,
  UserRemoved,
  UserErased,
  BillingDetailsChanged,
  UserPasswordChanged,
  UserSignedOutEverywhere,
  EmailVerificationRequested,
  EmailVerified,
  PasswordResetRequested,
  PasswordReset,
  EmailPreferencesChanged,
} as const;

export type UserEvent =
  | { type: 'UserRegistered'; data: UserRegistered }
  | { type: 'UserSignedIn'; data: UserSignedIn }
  | { type: 'UserUpdated'; data: UserUpdated }
  | { type: 'UserRoleChanged'; data: UserRoleChanged }
  | { type: 'UserRemoved'; data: UserRemoved }
  | { type: 'UserErased'; data: UserErased }
  | { type: 'BillingDetailsChanged'; data: BillingDetailsChanged }
  | { type: 'UserPasswordChanged'; data: UserPasswordChanged }
  | { type: 'UserSignedOutEverywhere'; data: UserSignedOutEverywhere }
  | { type: 'EmailVerificationRequested'; data: EmailVerificationRequested }
  | { type: 'EmailVerified'; data: EmailVerified }
  | { type: 'PasswordResetRequested'; data: PasswordResetRequested }
  | { type: 'PasswordReset'; data: PasswordReset }
  | { type: 'EmailPreferencesChanged'; data: EmailPreferencesChanged };

/** An e-mail address claimed by (or released from) a user: the stream `email-<sha256>` holds these. */
export const EmailClaimed = Type.Object({ userId: Id });
export const EmailReleased = Type.Object({ userId: Id });
export const EmailEventSchemas = { EmailClaimed, EmailReleased } as const;
export type EmailEvent =
  | { type: 'EmailClaimed'; data: Static<typeof EmailClaimed> }
  | { type: 'EmailReleased'; data: Static<typeof EmailReleased> };
