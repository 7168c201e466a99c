import type { Resources } from './texts.js';

declare global {
  interface Window {
    /** Hydration problems React recovered from (the browser tests assert there are none). */
    __recoverableErrors?: string[];
  }
}

/** The texts a prerendered page embeds (#i18n-data: what the server rendered it with); none on spa.html. */
export function embeddedResources(): Resources {
  const text = document.getElementById('i18n-data')?.textContent;
  if (!text) return {};
  try {
    return JSON.parse(text) as Resources;
  } catch {
    return {};
  }
}

/** Records a hydration problem React recovered from, for the browser tests, and says it on the console. */
export function recordRecoverableError(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  window.__recoverableErrors?.push(message);
  console.error('Hydration error:', message);
}
