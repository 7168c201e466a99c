import { AUTH_STRATEGIES, DEFAULT_ROLE, LANGUAGES, ROLES, type AuthStrategy, type Language, type Role } from '@relaycast/contracts/constants';

/** The signed-in user, as the account, checkout and admin areas and the header's account menu see them. */
export interface SessionUser {
  _id: string;
  email: string;
  givenName?: string;
  familyName?: string;
  picture?: string;
  role: Role;
  /** How the account signs in: a local account has a password to change; a Google one has none. */
  strategy?: AuthStrategy;
  /** The language the user chose for their account pages, if any. */
  language?: Language;
  /** Whether the address was verified (the e-mailed link followed; Google accounts arrive verified). */
  emailVerified?: boolean;
  /** Whether reminder e-mails (trial ending, annual renewal, licence expiring) are sent. */
  emailReminders?: boolean;
}

/** The API's user answer as a SessionUser; null when it is none (signed out answers { data: {} }). */
export function asSessionUser(data: unknown): SessionUser | null {
  if (typeof data !== 'object' || data === null) return null;
  const u: Partial<Record<keyof SessionUser, unknown>> = data;
  if (typeof u._id !== 'string' || typeof u.email !== 'string') return null;
  const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
  return {
    _id: u._id,
    email: u.email,
    givenName: str(u.givenName),
    familyName: str(u.familyName),
    picture: str(u.picture),
    role: ROLES.find((r) => r === u.role) ?? DEFAULT_ROLE,
    strategy: AUTH_STRATEGIES.find((s) => s === u.strategy),
    language: LANGUAGES.find((l) => l === u.language),
    emailVerified: typeof u.emailVerified === 'boolean' ? u.emailVerified : undefined,
    emailReminders: typeof u.emailReminders === 'boolean' ? u.emailReminders : undefined,
  };
}
