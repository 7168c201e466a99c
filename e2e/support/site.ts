import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, ConsoleMessage, Page } from 'playwright-core';
import { launchBrowser, newSiteContext } from './browser.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const SCREENSHOTS = path.join(ROOT, 'e2e', 'output', 'screenshots');
mkdirSync(SCREENSHOTS, { recursive: true });

/** Reads a locale file of the web app (the tests assert the pages show exactly these texts). */
export function locale<T = Record<string, unknown>>(lang: 'en' | 'ru', ns: string): T {
  return JSON.parse(readFileSync(path.join(ROOT, 'web/src/locales', lang, `${ns}.json`), 'utf8')) as T;
}

/** The site under test: the real built server (read-api/dist/server.js with web/dist), or E2E_BASE_URL when set. */
export interface Site {
  baseUrl: string;
  close(): Promise<void>;
}

export async function startSite(env: Record<string, string> = {}): Promise<Site> {
  const external = process.env.E2E_BASE_URL;
  if (external) return { baseUrl: external.replace(/\/+$/, ''), close: async () => {} };
  // Imported when used: app-server.ts reads this module's paths.
  const { startAppServer } = await import('./app-server.js');
  const app = await startAppServer(env);
  return { baseUrl: app.baseUrl, close: () => app.close() };
}

export interface Harness {
  site: Site;
  browser: Browser;
  context(options?: Parameters<Browser['newContext']>[0]): Promise<BrowserContext>;
  close(): Promise<void>;
}

/** One browser and one site per spec file; `env` sets the server's deployment settings (e.g. CLOUD_MARKETPLACE_URL). */
export async function startHarness(env: Record<string, string> = {}): Promise<Harness> {
  const [site, browser] = await Promise.all([startSite(env), launchBrowser()]);
  const contexts: BrowserContext[] = [];
  return {
    site,
    browser,
    async context(options = {}) {
      const ctx = await newSiteContext(browser, site.baseUrl, options);
      contexts.push(ctx);
      return ctx;
    },
    async close() {
      await Promise.all(contexts.map((c) => c.close().catch(() => {})));
      await browser.close();
      await site.close();
    },
  };
}

/** Console errors and uncaught exceptions of a page, minus requests the tests block on purpose. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (msg: ConsoleMessage) => {
    if (msg.type() !== 'error') return;
    const text = msg.text();
    if (/ERR_BLOCKED_BY_CLIENT|net::ERR_FAILED/.test(text)) return;
    errors.push(text);
  });
  page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
  return errors;
}

/** Opens a path and waits until React has hydrated it. */
export async function visit(page: Page, pathname: string): Promise<void> {
  await page.goto(pathname, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15000 });
}

export async function recoverableErrors(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__recoverableErrors ?? []);
}

declare global {
  interface Window {
    __recoverableErrors?: string[];
    dataLayer?: unknown[];
  }
}
