/**
 * User roles (seed §6). ROLE_CUSTOMER is what a new user gets. ROLE_FINANCE (ours, issue 24) reads finance — the
 * figures, the reconciliation, every invoice and credit note, every subscription's details and history — and changes
 * nothing; it buys nothing either. Only an administrator gives it.
 */
export const ROLES = ['ROLE_USER', 'ROLE_ADMIN', 'ROLE_CUSTOMER', 'ROLE_FINANCE'] as const;
export type Role = (typeof ROLES)[number];
export const DEFAULT_ROLE: Role = 'ROLE_CUSTOMER';
export const ROLE_LABELS: Record<Role, string> = {
  ROLE_USER: 'User',
  ROLE_ADMIN: 'Administrator',
  ROLE_CUSTOMER: 'Customer',
  ROLE_FINANCE: 'Finance',
};

/** How a user signs in (seed §3). */
export const AUTH_STRATEGIES = ['google', 'facebook', 'local'] as const;
export type AuthStrategy = (typeof AUTH_STRATEGIES)[number];

/** Admin menu entries and who sees them (seed §2 and §6). The server enforces the same split per route. */
export const MENU_ACCESS = {
  templates: ['ROLE_ADMIN'],
  materials: ['ROLE_ADMIN'],
  users: ['ROLE_ADMIN'],
  subscriptions: ['ROLE_ADMIN', 'ROLE_CUSTOMER'],
  finance: ['ROLE_ADMIN', 'ROLE_FINANCE'],
} as const satisfies Record<string, readonly Role[]>;

/** The engine's permission areas (seed §6); role definitions are not in the seed, so these are listed only. */
export const PERMISSION_AREAS = [
  'application', 'srt-servers', 'srt-routers', 'rtmp-servers', 'restream', 'recordings', 'files', 'vod',
  'vod-groups', 'streams', 'users', 'user-roles', 'conference-rooms', 'vod-viewers', 'ppv-viewers',
] as const;
