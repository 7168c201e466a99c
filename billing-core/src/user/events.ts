export type { UserEvent, UserRegistered, UserSignedIn, UserUpdated, UserRoleChanged, UserRemoved, UserErased } from '@relaycast/contracts';
