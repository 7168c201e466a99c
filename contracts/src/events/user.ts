import { Type, type Static } from '@sinclair/typebox';
import { AUTH_STRATEGIES, ROLES } from '../constants/roles.js';
import { Email, Id, IsoDateTime, Name, StringEnum } from '../schemas/common.js';

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

export const UserEventSchemas = {
  UserRegistered,
  UserSignedIn,
  UserUpdated,
  UserRoleChanged,
  UserRemoved,
  UserErased,
} as const;

export type UserEvent =
  | { type: 'UserRegistered'; data: UserRegistered }
  | { type: 'UserSignedIn'; data: UserSignedIn }
  | { type: 'UserUpdated'; data: UserUpdated }
  | { type: 'UserRoleChanged'; data: UserRoleChanged }
  | { type: 'UserRemoved'; data: UserRemoved }
  | { type: 'UserErased'; data: UserErased };

/** An e-mail address claimed by (or released from) a user: the stream `email-<sha256>` holds these. */
export const EmailClaimed = Type.Object({ userId: Id });
export const EmailReleased = Type.Object({ userId: Id });
export const EmailEventSchemas = { EmailClaimed, EmailReleased } as const;
export type EmailEvent =
  | { type: 'EmailClaimed'; data: Static<typeof EmailClaimed> }
  | { type: 'EmailReleased'; data: Static<typeof EmailReleased> };
