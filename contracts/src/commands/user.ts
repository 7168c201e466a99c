import { Type, type Static } from '@sinclair/typebox';
import { AUTH_STRATEGIES, ROLES } from '../constants/roles.js';
import { LANGUAGES } from '../constants/ui.js';
import { Email, Id, Name, ShortText, StringEnum } from '../schemas/common.js';
import { BillingDetails } from '../schemas/billing.js';
import { ViesAnswer } from '../schemas/tax.js';
import type { Command } from './metadata.js';

const STRICT = { additionalProperties: false } as const;

const Role = StringEnum(ROLES);
const Picture = Type.String({ maxLength: 2048 });

export const RegisterUserData = Type.Object({
  userId: Id,
  email: Email,
  givenName: Name,
  familyName: Name,
  picture: Type.Optional(Picture),
  role: Role,
  strategy: StringEnum(AUTH_STRATEGIES),
  language: Type.Optional(StringEnum(LANGUAGES)),
  emailVerified: Type.Optional(Type.Boolean()),
}, STRICT);
export const RecordSignInData = Type.Object({ strategy: StringEnum(AUTH_STRATEGIES) }, STRICT);
export const UpdateUserData = Type.Object({
  givenName: Type.Optional(Name),
  familyName: Type.Optional(Name),
  email: Type.Optional(Email),
  picture: Type.Optional(Picture),
  /** The language of the user's account pages (and, later, of the e-mails sent to them). */
  language: Type.Optional(StringEnum(LANGUAGES)),
}, STRICT);
export const ChangeUserRoleData = Type.Object({ role: Role }, STRICT);
export const RemoveUserData = Type.Object({ reason: Type.Optional(ShortText) }, STRICT);
export const EraseUserData = Type.Object({ reason: Type.String({ minLength: 1, maxLength: 2000 }) }, STRICT);
/** Recorded once the new password's hash replaced the one the current password was checked against. */
export const RecordPasswordChangeData = Type.Object({}, STRICT);
export const SignOutEverywhereData = Type.Object({}, STRICT);

/** A new verification link for the user's current address (refused once it is verified). */
export const RequestEmailVerificationData = Type.Object({}, STRICT);
/** The user followed a verification link sent to `email` (the route checked the link's signature). */
export const VerifyEmailData = Type.Object({ email: Email }, STRICT);
/** A password-reset link: the route makes the request id and its expiry. */
export const RequestPasswordResetData = Type.Object({ requestId: Id, expiresAt: Type.String({ format: 'date-time', maxLength: 40 }) }, STRICT);
/** The link of request `requestId` sets a new password: once, before it expires, and not after a later password change. */
export const ResetPasswordData = Type.Object({ requestId: Id }, STRICT);
/** Optional e-mails (reminders) on or off. */
export const SetEmailPreferencesData = Type.Object({ reminders: Type.Boolean(), via: StringEnum(['PROFILE', 'UNSUBSCRIBE_LINK', 'ADMIN'] as const) }, STRICT);

/**
 * The name, address, country and VAT number the customer's invoices are made out to (the customer or an administrator),
 * with VIES's answer about the number when the caller asked it (I/O stays out of the decider; docs/tax.md).
 */
export const ChangeBillingDetailsData = Type.Object({ ...BillingDetails.properties, vies: Type.Optional(ViesAnswer) }, STRICT);

export const UserCommandSchemas = {
  RegisterUser: RegisterUserData,
  RecordSignIn: RecordSignInData,
  UpdateUser: UpdateUserData,
  ChangeUserRole: ChangeUserRoleData,
  RemoveUser: RemoveUserData,
  EraseUser: EraseUserData,
  ChangeBillingDetails: ChangeBillingDetailsData,
  RecordPasswordChange: RecordPasswordChangeData,
  SignOutEverywhere: SignOutEverywhereData,
  RequestEmailVerification: RequestEmailVerificationData,
  VerifyEmail: VerifyEmailData,
  RequestPasswordReset: RequestPasswordResetData,
  ResetPassword: ResetPasswordData,
  SetEmailPreferences: SetEmailPreferencesData,
} as const;

export type UserCommand =
  | Command<'RegisterUser', Static<typeof RegisterUserData>>
  | Command<'RecordSignIn', Static<typeof RecordSignInData>>
  | Command<'UpdateUser', Static<typeof UpdateUserData>>
  | Command<'ChangeUserRole', Static<typeof ChangeUserRoleData>>
  | Command<'RemoveUser', Static<typeof RemoveUserData>>
  | Command<'ChangeBillingDetails', Static<typeof ChangeBillingDetailsData>>
  | Command<'EraseUser', Static<typeof EraseUserData>>
  | Command<'RecordPasswordChange', Static<typeof RecordPasswordChangeData>>
  | Command<'SignOutEverywhere', Static<typeof SignOutEverywhereData>>
  | Command<'RequestEmailVerification', Static<typeof RequestEmailVerificationData>>
  | Command<'VerifyEmail', Static<typeof VerifyEmailData>>
  | Command<'RequestPasswordReset', Static<typeof RequestPasswordResetData>>
  | Command<'ResetPassword', Static<typeof ResetPasswordData>>
  | Command<'SetEmailPreferences', Static<typeof SetEmailPreferencesData>>;

export const ClaimEmailData = Type.Object({
  userId: Id,
  /** Take the address over from a claim whose user never registered or was removed. */
  takeover: Type.Optional(Type.Boolean()),
}, STRICT);
export const ReleaseEmailData = Type.Object({ userId: Id }, STRICT);
export const EmailCommandSchemas = { ClaimEmail: ClaimEmailData, ReleaseEmail: ReleaseEmailData } as const;
export type EmailCommand =
  | Command<'ClaimEmail', Static<typeof ClaimEmailData>>
  | Command<'ReleaseEmail', Static<typeof ReleaseEmailData>>;
