import type { AuthStrategy, BillingDetails, Role, VatNumberCheck } from '@relaycast/contracts';
import type { Language } from '@relaycast/contracts/constants';
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
  /** The language of the account pages, when the user chose one. */
  language?: Language;
  /** When the password last changed, and when every session last ended (sign out everywhere). */
  passwordChangedAt?: string;
  signedOutEverywhereAt?: string;
  /** Who the customer's invoices are made out to, once they (or an administrator) said. */
  billingDetails?: BillingDetails;
  /** The check of the billing details' VAT number as it was made when they were given (none before checks existed). */
  vatNumberCheck?: VatNumberCheck;
  /** The current address is the user's: Google sign-up, or the e-mailed link followed. A change of address resets it. */
  emailVerified: boolean;
  /** When a new verification link was last asked for (the sign-up's own link is not one). */
  verificationRequestedAt?: string;
  /** Reminder e-mails (trial ending, annual renewal, licence expiring): on unless turned off. */
  emailReminders: boolean;
  /** Password-reset links asked for, by request id: until when each works, and whether it was used. */
  passwordResets: Record<string, { requestedAt: string; expiresAt: string; used: boolean }>;
}
export type UserState = { status: 'NONE' } | ExistingUser;

export function initialState(): UserState {
  return { status: 'NONE' };
}

export function evolve(state: UserState, event: UserEvent): UserState {
  if (event.type === 'UserRegistered') {
    const { userId, emailVerified, ...rest } = event.data;
    // Google sign-ups recorded before the flag existed were verified by Google all the same.
    return { status: 'ACTIVE', id: userId, ...rest, emailVerified: emailVerified ?? rest.strategy === 'google', emailReminders: true, passwordResets: {} };
  }
  if (state.status === 'NONE') return state;
  switch (event.type) {
    case 'UserSignedIn':
      return { ...state, lastSignInAt: event.data.at };
    case 'UserUpdated': {
      const changes = event.data.changes as Partial<ExistingUser>;
      // A new address is not verified yet (an administrator changed it): the link goes to the new one.
      const readdressed = changes.email !== undefined && changes.email.toLowerCase() !== state.email.toLowerCase();
      return { ...state, ...changes, ...(readdressed ? { emailVerified: false } : {}) };
    }
    case 'UserRoleChanged':
      return { ...state, role: event.data.to };
    case 'UserRemoved':
      return { ...state, status: 'REMOVED' };
    case 'UserErased':
      return { ...state, status: 'ERASED', email: '', givenName: '', familyName: '', picture: undefined, billingDetails: undefined, vatNumberCheck: undefined };
    case 'UserPasswordChanged':
      return { ...state, passwordChangedAt: event.data.at };
    case 'UserSignedOutEverywhere':
      return { ...state, signedOutEverywhereAt: event.data.at };
    case 'BillingDetailsChanged':
      return { ...state, billingDetails: event.data.billingDetails, vatNumberCheck: event.data.vatNumberCheck };
    case 'EmailVerificationRequested':
      return { ...state, verificationRequestedAt: event.data.at };
    case 'EmailVerified':
      return event.data.email.toLowerCase() === state.email.toLowerCase() ? { ...state, emailVerified: true } : state;
    case 'PasswordResetRequested':
      return { ...state, passwordResets: { ...state.passwordResets, [event.data.requestId]: { requestedAt: event.data.at, expiresAt: event.data.expiresAt, used: false } } };
    case 'PasswordReset': {
      const request = state.passwordResets[event.data.requestId];
      const passwordResets = request ? { ...state.passwordResets, [event.data.requestId]: { ...request, used: true } } : state.passwordResets;
      return { ...state, passwordResets, passwordChangedAt: event.data.at };
    }
    case 'EmailPreferencesChanged':
      return { ...state, emailReminders: event.data.reminders };
  }
}
