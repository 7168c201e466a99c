export type { LinkPurpose, LinkSigner, ResetClaims, UnsubscribeClaims, VerifyClaims } from '../auth/tokens.js';

/** The pages and calls the links lead to (the web app's routes, and the read-api's own). */
export const LINK_PATHS = {
  verify: '/auth/verify-email',
  reset: '/auth/reset-password',
  forgotPassword: '/auth/forgot-password',
  unsubscribe: '/mail/unsubscribe',
  pay: (subscriptionId: string) => `/user/pay/${encodeURIComponent(subscriptionId)}`,
  subscriptions: '/admin/subscriptions/list',
  profile: '/user/profile',
} as const;
