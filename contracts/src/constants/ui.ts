/** Interface constants (seed §9). */
export const LANGUAGES = ['en', 'ru'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export const COOKIE_MAX_AGE_SECONDS = 2_592_000;
export const COOKIE_PATH = '/';
/** Cookie names. The seed leaves them unnamed; these are ours. */
export const COOKIE_NAMES = {
  consent: 'cookie_consent',
  strategy: 'auth_strategy',
  token: 'auth_token',
  theme: 'theme',
  language: 'language',
} as const;
/** Header API clients send their token in (seed §6). */
export const AUTH_TOKEN_HEADER = 'AUTH_TOKEN_VALUE';
/** Header calls to a user's own engine carry (seed §6). */
export const ENGINE_ACCESS_TOKEN_HEADER = 'x-access-token';

export const NAME_MIN_LENGTH = 1;
export const NAME_MAX_LENGTH = 255;

export const TOAST_TIMEOUT_MS = 5000;
export const ANIMATION_MS = 400;
export const TOOLTIP = { offsetPx: 10, fadeMs: 300, unmountDelayMs: 150, hoverThrottleMs: 50 } as const;
