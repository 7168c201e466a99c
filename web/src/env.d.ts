/// <reference types="vite/client" />

/** The public origin (PUBLIC_URL at build time), injected by vite.config.ts. */
declare const __SITE_URL__: string | undefined;
/** The year of the build (footer copyright), injected by vite.config.ts so prerender and hydration agree. */
declare const __BUILD_YEAR__: number;
/** Content hash of the locale files (cache busting for /locales/<lang>/<ns>.json). */
declare const __LOCALES_VERSION__: string;
