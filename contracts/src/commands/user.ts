import { Type, type Static } from '@sinclair/typebox';
import { AUTH_STRATEGIES, ROLES } from '../constants/roles.js';
import { Email, Id, Name, ShortText, StringEnum } from '../schemas/common.js';
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
}, STRICT);
export const RecordSignInData = Type.Object({ strategy: StringEnum(AUTH_STRATEGIES) }, STRICT);
export const UpdateUserData = Type.Object({
  givenName: Type.Optional(Name),
  familyName: Type.Optional(Name),
  email: Type.Optional(Email),
  picture: Type.Optional(Picture),
}, STRICT);
export const ChangeUserRoleData = Type.Object({ role: Role }, STRICT);
export const RemoveUserData = Type.Object({ reason: Type.Optional(ShortText) }, STRICT);
export const EraseUserData = Type.Object({ reason: Type.String({ minLength: 1, maxLength: 2000 }) }, STRICT);

export const UserCommandSchemas = {
  RegisterUser: RegisterUserData,
  RecordSignIn: RecordSignInData,
  UpdateUser: UpdateUserData,
  ChangeUserRole: ChangeUserRoleData,
  RemoveUser: RemoveUserData,
  EraseUser: EraseUserData,
} as const;

export type UserCommand =
  | Command<'RegisterUser', Static<typeof RegisterUserData>>
  | Command<'RecordSignIn', Static<typeof RecordSignInData>>
  | Command<'UpdateUser', Static<typeof UpdateUserData>>
  | Command<'ChangeUserRole', Static<typeof ChangeUserRoleData>>
  | Command<'RemoveUser', Static<typeof RemoveUserData>>
  | Command<'EraseUser', Static<typeof EraseUserData>>;

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
