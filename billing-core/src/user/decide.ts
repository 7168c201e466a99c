import { isDeepStrictEqual } from 'node:util';
import { ConflictError, ForbiddenError, NotFoundError, ResetLinkLimitError, ValidationError, VerificationLinkTooSoonError, type CommandMetadata } from '@relaycast/contracts';
import { actsAsAdministrator, diff, requireAdmin, requireSelfOrAdministrator, unreachable } from '../decider.js';
import { checkVatNumber, TaxInputError } from '../tax/vat-number.js';
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
  requireSelfOrAdministrator(metadata, user.id, 'You may change only your own account');
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
  if (command.data.email !== undefined && !actsAsAdministrator(command.metadata) && command.data.email !== user.email) {
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

/**
 * A password change is the user's own: an administrator sets passwords through the user form, never by knowing
 * the current one. The route checked the current password and swapped the hash (compare-and-set) before this.
 */
function recordPasswordChange(command: Cmd<'RecordPasswordChange'>, state: UserState): UserEvent[] {
  const user = active(state);
  if (command.metadata.actorId !== user.id) throw new ForbiddenError('Only the user may change their own password');
  return [{ type: 'UserPasswordChanged', data: { at: command.metadata.now } }];
}

/** Ends every session of the user: the user themself ("sign out everywhere"), or an administrator. */
function signOutEverywhere(command: Cmd<'SignOutEverywhere'>, state: UserState): UserEvent[] {
  const user = active(state);
  requireSelfOrAdmin(command.metadata, user);
  return [{ type: 'UserSignedOutEverywhere', data: { at: command.metadata.now } }];
}

/**
 * The name, address, country and VAT number invoices are made out to: the customer themself, or an administrator. Only
 * invoices issued afterwards carry the new details (each invoice copies them when it is issued).
 *
 * A VAT number is checked as the quote checks it (docs/tax.md): one whose prefix is not the country's, or that is not
 * in the country's format, is refused naming `vatNumber`; one whose check digits are wrong is kept (VAT is then charged
 * as to a consumer, with a notice — never a refusal). It is kept compact, and its check — with VIES's answer when the
 * caller asked — recorded with the event as evidence. The same details and the same answers again record nothing.
 */
function changeBillingDetails(command: Cmd<'ChangeBillingDetails'>, state: UserState): UserEvent[] {
  const user = active(state);
  requireSelfOrAdmin(command.metadata, user);
  const { vies, ...given } = command.data;
  if (!given.vatNumber) {
    if (isDeepStrictEqual(user.billingDetails, given)) return [];
    return [{ type: 'BillingDetailsChanged', data: { billingDetails: given } }];
  }
  let check;
  try {
    check = checkVatNumber(given.vatNumber, { country: given.country, at: command.metadata.now });
  } catch (error) {
    if (error instanceof TaxInputError) throw ValidationError.field(error.field, error.reason, error.rule, error.params);
    throw error;
  }
  const billingDetails = { ...given, vatNumber: check.vatNumber };
  const vatNumberCheck = vies ? { ...check, vies } : check;
  const before = user.vatNumberCheck;
  const sameAnswers = before !== undefined && before.vatNumber === check.vatNumber && before.offline === check.offline && before.vies?.result === vies?.result;
  if (isDeepStrictEqual(user.billingDetails, billingDetails) && sameAnswers) return [];
  return [{ type: 'BillingDetailsChanged', data: { billingDetails, vatNumberCheck } }];
}

/** How long a password-reset link works. */
export const RESET_LINK_MINUTES = 60;
/** At most this many password-reset links per account an hour (administrators sending one are not counted against it). */
export const RESETS_PER_HOUR = 3;
/** A new verification link at most once a minute per account. */
export const VERIFY_RESEND_MS = 60_000;

/**
 * A new verification link for the current address: the user or an administrator; nothing once it is verified; at
 * most one a minute (VERIFICATION_LINK_TOO_SOON).
 */
function requestEmailVerification(command: Cmd<'RequestEmailVerification'>, state: UserState): UserEvent[] {
  const user = active(state);
  requireSelfOrAdmin(command.metadata, user);
  if (user.emailVerified) throw new ConflictError('This address is verified already', { field: 'email', message: 'is verified already', rule: 'verified' });
  if (user.verificationRequestedAt && Date.parse(command.metadata.now) - Date.parse(user.verificationRequestedAt) < VERIFY_RESEND_MS) throw new VerificationLinkTooSoonError();
  return [{ type: 'EmailVerificationRequested', data: { email: user.email, at: command.metadata.now } }];
}

/**
 * The link sent to an address was followed (the route checked its signature and that it names this user). A link
 * for an address the user no longer has is refused; the current one verified again records nothing.
 */
function verifyEmail(command: Cmd<'VerifyEmail'>, state: UserState): UserEvent[] {
  const user = active(state);
  requireSelfOrAdmin(command.metadata, user);
  if (command.data.email.toLowerCase() !== user.email.toLowerCase()) {
    throw ValidationError.field('token', 'is for an address this account no longer has', 'staleAddress');
  }
  if (user.emailVerified) return [];
  return [{ type: 'EmailVerified', data: { email: user.email, at: command.metadata.now } }];
}

/**
 * A password-reset link: asked for by anyone who knows the address (the route answers the same for unknown ones) or
 * by an administrator for the user; the system records it. Never for a removed or erased account (not found). Asked
 * for by anyone, at most RESETS_PER_HOUR links an hour per account (RESET_LINK_LIMIT).
 */
function requestPasswordReset(command: Cmd<'RequestPasswordReset'>, state: UserState): UserEvent[] {
  const user = active(state);
  if (command.metadata.actorRole !== 'SYSTEM') requireAdmin(command.metadata, 'send password-reset links');
  if (user.passwordResets[command.data.requestId]) return [];
  if (command.metadata.actorRole === 'SYSTEM') {
    const hourAgo = new Date(Date.parse(command.metadata.now) - 3_600_000).toISOString();
    const recent = Object.values(user.passwordResets).filter((r) => r.requestedAt > hourAgo).length;
    if (recent >= RESETS_PER_HOUR) throw new ResetLinkLimitError(RESETS_PER_HOUR);
  }
  const by = command.metadata.actorRole === 'SYSTEM' ? 'USER' : 'ADMIN';
  return [{ type: 'PasswordResetRequested', data: { requestId: command.data.requestId, expiresAt: command.data.expiresAt, at: command.metadata.now, by } }];
}

/**
 * The reset link sets a new password: once, before it expires, and only while no password change or reset came after
 * the request (a newer password makes older links void). The route holds the link's signature; the new hash goes to
 * the auth store only after this is recorded, so two uses of one link cannot both succeed.
 */
function resetPassword(command: Cmd<'ResetPassword'>, state: UserState): UserEvent[] {
  const user = active(state);
  if (command.metadata.actorRole !== 'SYSTEM') throw new ForbiddenError('A password is reset only with the link e-mailed to its user');
  const request = user.passwordResets[command.data.requestId];
  if (!request) throw ValidationError.field('token', 'is not a password-reset link of this account', 'invalid');
  if (request.used) throw ValidationError.field('token', 'was used already: ask for a new link', 'used');
  if (command.metadata.now >= request.expiresAt) throw ValidationError.field('token', 'has expired: ask for a new link', 'expired');
  if (user.passwordChangedAt && user.passwordChangedAt > request.requestedAt) throw ValidationError.field('token', 'was replaced by a later password change: ask for a new link', 'superseded');
  return [{ type: 'PasswordReset', data: { requestId: command.data.requestId, at: command.metadata.now } }];
}

/** Reminders on or off: the user (profile), the one-click link in a message (acting as the user), or an administrator. */
function setEmailPreferences(command: Cmd<'SetEmailPreferences'>, state: UserState): UserEvent[] {
  const user = active(state);
  requireSelfOrAdmin(command.metadata, user);
  if (user.emailReminders === command.data.reminders) return [];
  return [{ type: 'EmailPreferencesChanged', data: { reminders: command.data.reminders, via: command.data.via } }];
}

function erase(command: Cmd<'EraseUser'>, state: UserState): UserEvent[] {
  if (state.status === 'NONE') throw new NotFoundError('User not found');
  requireAdmin(command.metadata, 'erase personal data');
  if (command.metadata.actorId === state.id) throw new ForbiddenError('You cannot erase your own account');
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
    case 'RecordPasswordChange':
      return recordPasswordChange(command, state);
    case 'SignOutEverywhere':
      return signOutEverywhere(command, state);
    case 'ChangeBillingDetails':
      return changeBillingDetails(command, state);
    case 'RequestEmailVerification':
      return requestEmailVerification(command, state);
    case 'VerifyEmail':
      return verifyEmail(command, state);
    case 'RequestPasswordReset':
      return requestPasswordReset(command, state);
    case 'ResetPassword':
      return resetPassword(command, state);
    case 'SetEmailPreferences':
      return setEmailPreferences(command, state);
    default:
      return unreachable(command);
  }
}
