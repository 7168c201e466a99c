import { Type, type Static } from '@sinclair/typebox';
import { ROLES } from '../constants/roles.js';
import { LANGUAGES } from '../constants/ui.js';
import { Email, Id, listQuery, Name, StringEnum, OPEN_FORM, USER_SORT_KEYS } from './common.js';

/** Admin create-user form (seed §5): all four fields required, extra fields allowed. */
export const UserForm = Type.Object(
  {
    givenName: Name,
    familyName: Name,
    email: Email,
    role: StringEnum(ROLES),
  },
  OPEN_FORM,
);
export type UserForm = Static<typeof UserForm>;

/** /users/update: the id plus any form fields, each held to the create rules. */
export const UserUpdate = Type.Object(
  {
    id: Id,
    givenName: Type.Optional(Name),
    familyName: Type.Optional(Name),
    email: Type.Optional(Email),
    role: Type.Optional(StringEnum(ROLES)),
    picture: Type.Optional(Type.String({ maxLength: 2048 })),
  },
  OPEN_FORM,
);
export type UserUpdate = Static<typeof UserUpdate>;

export const UserListQuery = Type.Composite([listQuery(USER_SORT_KEYS), Type.Object({ role: Type.Optional(StringEnum(ROLES)) })]);
export type UserListQuery = Static<typeof UserListQuery>;

/** Local sign-in for the embedded default (no Google credentials). */
export const LocalSignIn = Type.Object({
  email: Email,
  password: Type.String({ minLength: 1, maxLength: 200 }),
});
export type LocalSignIn = Static<typeof LocalSignIn>;

/** A user's own profile (POST /auth/profile/update): names and the language of the account pages; nothing else. */
export const ProfileUpdate = Type.Object(
  {
    givenName: Type.Optional(Name),
    familyName: Type.Optional(Name),
    language: Type.Optional(StringEnum(LANGUAGES)),
  },
  // An update names at least one field: an empty body is a mistake, not a request to change nothing.
  { additionalProperties: false, minProperties: 1 },
);
export type ProfileUpdate = Static<typeof ProfileUpdate>;

/** A password change (POST /auth/local/changePassword): the current password, and the new one (8 to 200 characters). */
export const PasswordChange = Type.Object(
  {
    currentPassword: Type.String({ minLength: 1, maxLength: 200 }),
    newPassword: Type.String({ minLength: 8, maxLength: 200 }),
  },
  { additionalProperties: false },
);
export type PasswordChange = Static<typeof PasswordChange>;
