import type { AuthStrategy, Role } from '@relaycast/contracts';
import type { UserEvent } from './events.js';

export interface ExistingUser {
  status: 'ACTIVE' | 'REMOVED' | 'ERASED';
  id: string;
  email: string;
  givenName: string;
  familyName: string;
  picture?: string;
  role: Role;
  strategy: AuthStrategy;
  lastSignInAt?: string;
}
export type UserState = { status: 'NONE' } | ExistingUser;

export function initialState(): UserState {
  return { status: 'NONE' };
}

export function evolve(state: UserState, event: UserEvent): UserState {
  if (event.type === 'UserRegistered') {
    const { userId, ...rest } = event.data;
    return { status: 'ACTIVE', id: userId, ...rest };
  }
  if (state.status === 'NONE') return state;
  switch (event.type) {
    case 'UserSignedIn':
      return { ...state, lastSignInAt: event.data.at };
    case 'UserUpdated':
      return { ...state, ...(event.data.changes as Partial<ExistingUser>) };
    case 'UserRoleChanged':
      return { ...state, role: event.data.to };
    case 'UserRemoved':
      return { ...state, status: 'REMOVED' };
    case 'UserErased':
      return { ...state, status: 'ERASED', email: '', givenName: '', familyName: '', picture: undefined };
  }
}
