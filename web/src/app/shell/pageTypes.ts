import type { ComponentType } from 'react';

/**
 * What a page module is and what it receives. A leaf module: pages import these types from here, never from the
 * route table (app/pages.ts), so no import runs from a page back to the table that loads it.
 */
export interface PageProps {
  page: PageRoute;
}
export interface PageModule {
  default: ComponentType<PageProps>;
}
/** "site" pages have the header and footer; "bare" pages (embeds) fill the frame they are embedded in. */
export type PageLayout = 'site' | 'bare';

/**
 * A route of the app. Public pages are prerendered at build time in both languages; client routes (embeds,
 * sign-in, and later account and admin) are served by spa.html and render in the browser only.
 */
export interface PageRoute {
  id: string;
  /** The English path (React Router pattern); the Russian one is /ru + path. */
  path: string;
  /** i18n namespaces the page reads besides "common"; the first one holds meta.title and meta.description. */
  ns: readonly string[];
  /** The page module's source path, for the build manifest (the prerender checks the page's assets with it). */
  module: string;
  load: () => Promise<PageModule>;
  prerender: boolean;
  layout: PageLayout;
  /** Static values the page module reads (product slug, docs page key). */
  params: Readonly<Record<string, string>>;
}
