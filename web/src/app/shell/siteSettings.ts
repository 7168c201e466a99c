import { CLOUD_MARKETPLACE_URL } from '@relaycast/contracts/constants';

/**
 * Deployment settings people see on pages: the public origin (canonical links, hreflang, sitemap, code examples),
 * the contact address and the cloud marketplace listing. They are set when the server runs (PUBLIC_URL,
 * CONTACT_EMAIL, CLOUD_MARKETPLACE_URL), not when the site is built: pages are prerendered with the placeholders
 * below, and the server puts its settings in their place in every page it sends and in a
 * `<meta name="relaycast-settings">` the browser reads here, so that hydration renders what the HTML shows.
 */
export interface SiteSettings {
  publicUrl: string;
  /** null: the deployment has none, and no address is shown. */
  contactEmail: string | null;
  /** null: the deployment has no marketplace listing, and no button leads to one. */
  marketplaceUrl: string | null;
  /** Where the self-hosted installer and packages are downloaded from. */
  downloadsUrl: string;
  /**
   * PAYMENTS: with `demo` every page says "Demo payments: no money moves". Pages are prerendered with it (the
   * placeholder) and the server leaves it out where payments are not demo; absent in the meta: not demo.
   */
  payments?: 'paypal' | 'demo' | 'off';
  /**
   * Google sign-in is configured on the server: false hides "Continue with Google" (it would only lead to an error).
   * Absent (prerendering, the reference server): shown.
   */
  google?: boolean;
}

/** Vite's define (env.d.ts declares it for the web build; other projects that import this file see it here). */
declare const __SITE_URL__: string | undefined;

export const SITE_PLACEHOLDERS = {
  publicUrl: (typeof __SITE_URL__ === 'string' ? __SITE_URL__ : undefined) ?? 'https://relaycast.example',
  contactEmail: 'hello@relaycast.example',
  marketplaceUrl: CLOUD_MARKETPLACE_URL,
  /** In install commands of the locale texts (the server rewrites those files too). */
  downloadsUrl: 'https://downloads.relaycast.example',
  /** Prerendered with the demo-payments notice; the server removes it unless PAYMENTS=demo. */
  payments: 'demo',
} as const satisfies SiteSettings;

export const SITE_SETTINGS_META = 'relaycast-settings';

let fromPage: SiteSettings | null = null;

function isSettings(value: unknown): value is SiteSettings {
  const v = value as SiteSettings;
  return typeof v === 'object' && v !== null && typeof v.publicUrl === 'string' && (v.contactEmail === null || typeof v.contactEmail === 'string') && (v.marketplaceUrl === null || typeof v.marketplaceUrl === 'string') && typeof v.downloadsUrl === 'string' && (v.payments === undefined || ['paypal', 'demo', 'off'].includes(v.payments)) && (v.google === undefined || typeof v.google === 'boolean');
}

/** The settings of the page being shown: the server's (from the meta tag) in a browser, the placeholders when prerendering. */
export function siteSettings(): SiteSettings {
  if (fromPage) return fromPage;
  if (typeof document === 'undefined') return SITE_PLACEHOLDERS;
  const content = document.querySelector(`meta[name="${SITE_SETTINGS_META}"]`)?.getAttribute('content');
  try {
    const parsed: unknown = content ? JSON.parse(content) : null;
    fromPage = isSettings(parsed) ? parsed : SITE_PLACEHOLDERS;
  } catch {
    fromPage = SITE_PLACEHOLDERS;
  }
  return fromPage;
}
