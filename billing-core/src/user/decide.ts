import { ConflictError, ForbiddenError, NotFoundError, type CommandMetadata } from '@relaycast/contracts';
import { diff, isAdmin, requireAdmin, unreachable } from '../decider.js';
import type { UserCommand } from './commands.js';
import type { UserEvent } from './events.js';
import type { ExistingUser, UserState } from './state.js';

type Cmd<T extends UserCommand['type']> = Extract<UserCommand, { type: T }>;

function active(state: UserState): ExistingUser {
  if (state.status !== 'ACTIVE') throw new NotFoundError('User not found');
  return state;
}

/** The user themself, or an administrator. */
function requireSelfOrAdmin(metadata: CommandMetadata, user: ExistingUser): void {
  if (!isAdmin(metadata) && metadata.actorId !== user.id) throw new ForbiddenError('You may change only your own account');
}

function register(command: Cmd<'RegisterUser'>, state: UserState): UserEvent[] {
  const { data, metadata } = command;
  if (state.status !== 'NONE') throw new ConflictError(`User ${data.userId} already exists`);
  // Signing up makes a customer; any other role is an administrator's decision.
  if (data.role !== 'ROLE_CUSTOMER') requireAdmin(metadata, `register users with role ${data.role}`);
  return [{ type: 'UserRegistered', data }];
}

function update(command: Cmd<'UpdateUser'>, state: UserState): UserEvent[] {
  const user = active(state);
  requireSelfOrAdmin(command.metadata, user);
  if (command.data.email !== undefined && !isAdmin(command.metadata) && command.data.email !== user.email) {
    throw new ForbiddenError('Only administrators may change an e-mail address');
  }
  const { changes, previous } = diff(user, command.data);
  return Object.keys(changes).length ? [{ type: 'UserUpdated', data: { changes, previous } }] : [];
}

function changeRole(command: Cmd<'ChangeUserRole'>, state: UserState): UserEvent[] {
  const user = active(state);
  requireAdmin(command.metadata, 'change roles');
  // An administrator demoting themself could leave the product with nobody to manage it.
  if (command.metadata.actorId === user.id) throw new ForbiddenError('You cannot change your own role');
  if (command.data.role === user.role) return [];
  return [{ type: 'UserRoleChanged', data: { from: user.role, to: command.data.role } }];
}

function remove(command: Cmd<'RemoveUser'>, state: UserState): UserEvent[] {
  const user = active(state);
  requireAdmin(command.metadata, 'remove users');
  if (command.metadata.actorId === user.id) throw new ForbiddenError('You cannot remove your own account');
  return [{ type: 'UserRemoved', data: command.data }];
}

function erase(command: Cmd<'EraseUser'>, state: UserState): UserEvent[] {
  if (state.status === 'NONE') throw new NotFoundError('User not found');
  requireAdmin(command.metadata, 'erase personal data');
  if (state.status === 'ERASED') return [];
  return [{ type: 'UserErased', data: command.data }];
}

export function decide(command: UserCommand, state: UserState): UserEvent[] {
  switch (command.type) {
    case 'RegisterUser':
      return register(command, state);
    case 'RecordSignIn': {
      const user = active(state);
      requireSelfOrAdmin(command.metadata, user);
      return [{ type: 'UserSignedIn', data: { strategy: command.data.strategy, at: command.metadata.now } }];
    }
    case 'UpdateUser':
      return update(command, state);
    case 'ChangeUserRole':
      return changeRole(command, state);
    case 'RemoveUser':
      return remove(command, state);
    case 'EraseUser':
      return erase(command, state);
    default:
      return unreachable(command);
  }
}
