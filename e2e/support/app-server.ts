/**
 * The real product for browser tests: the bundled read-api (read-api/dist/server.js, from `node deploy/bundle.mjs`)
 * serving the built web app (web/dist, from `npm run build -w web`), on a free loopback port, with
 *   - a fresh DATA_DIR (SQLite events, auth store, uploads) and a known administrator (ADMIN_EMAIL/ADMIN_PASSWORD);
 *   - Google played by oauth2-mock-server (read-api/test/google-standin.ts): GOOGLE_* point at it;
 *   - PayPal played by the PayPal stand-in (read-api/test/paypal-standin/): PAYPAL_BASE_URL for the server's SDK,
 *     PAYPAL_SDK_URL for the browser's JS SDK (the stand-in serves its copy), PAYPAL_WEBHOOK_ID — or, with
 *     PAYMENTS=demo, the server's own demo sandbox at /demo-paypal (no PayPal settings; NODE_ENV development).
 * Nothing else is needed: no E2E_BASE_URL, no other process.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { describeViolations, seriousViolations } from './axe.js';
import { launchBrowser } from './browser.js';
import { freePort } from '../../read-api/test/harness.js';
import { startGoogleStandIn, type GoogleStandIn } from '../../read-api/test/google-standin.js';
import { paypalEnv, startPayPalStandIn, type PayPalStandIn } from '../../read-api/test/paypal-standin/server.js';
import { collectErrors, ROOT, SCREENSHOTS } from './site.js';

export const ADMIN = { email: 'admin@relaycast.e2e', password: 'e2e-admin-password' };

export interface AppServer {
  baseUrl: string;
  google: GoogleStandIn;
  paypal: PayPalStandIn;
  dataDir: string;
  /** The server's output, for a failing test's report. */
  log(): string;
  /** A browser context that reaches this site and the two stand-ins only. */
  context(browser: Browser, options?: BrowserContextOptions): Promise<BrowserContext>;
  close(): Promise<void>;
}

const SERVER = path.join(ROOT, 'read-api/dist/server.js');
const WEB = path.join(ROOT, 'web/dist/spa.html');

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`read-api exited with ${child.exitCode}:\n${output()}`);
    try {
      const res = await fetch(`${baseUrl}/ready`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`read-api did not become ready in 30 s:\n${output()}`);
}

export async function startAppServer(extraEnv: Record<string, string> = {}): Promise<AppServer> {
  if (!existsSync(SERVER)) throw new Error(`${SERVER} is missing: run "node deploy/bundle.mjs" first (make build does)`);
  if (!existsSync(WEB)) throw new Error(`${WEB} is missing: run "npm run build -w web" first (make build does)`);
  const [google, paypal, port] = await Promise.all([startGoogleStandIn(), startPayPalStandIn(), freePort()]);
  const baseUrl = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'relaycast-e2e-'));
  // Demo payments (PAYMENTS=demo) are the server's own PayPal sandbox: the server refuses them beside PayPal settings
  // or with NODE_ENV=production, so the stand-in's settings are left out and NODE_ENV is development.
  const demo = extraEnv.PAYMENTS === 'demo';
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: demo ? 'development' : 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    SESSION_SECRET: 'e2e-session-secret-e2e-session-secret',
    LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
    SIGNIN_RATE_LIMIT: '10000',
    ...google.env(baseUrl),
    ...(demo ? { PAYPAL_TIMEOUT_MS: '5000' } : paypalEnv(paypal, { PAYPAL_SDK_URL: `${paypal.url}/sdk/js`, PAYPAL_TIMEOUT_MS: '5000' })),
    ...extraEnv,
  };
  let output = '';
  const child = spawn(process.execPath, [SERVER], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  try {
    await waitForHealth(baseUrl, child, () => output);
  } catch (error) {
    child.kill('SIGKILL');
    await Promise.all([google.close(), paypal.close()]);
    throw error;
  }
  const allowed = [new URL(baseUrl).origin, new URL(google.url).origin, new URL(paypal.url).origin];

  return {
    baseUrl,
    google,
    paypal,
    dataDir,
    log: () => output,
    async context(browser, options = {}) {
      const context = await browser.newContext({ baseURL: baseUrl, locale: 'en-US', viewport: { width: 1280, height: 900 }, ...options });
      // Only the site and the stand-ins: anything else (fonts, maps, PayPal's real hosts) is refused at once.
      await context.route('**/*', (route) => {
        const url = route.request().url();
        if (allowed.some((o) => url.startsWith(o)) || url.startsWith('data:') || url.startsWith('blob:')) return route.continue();
        return route.abort('blockedbyclient');
      });
      return context;
    },
    async close() {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      if (child.exitCode === null) child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      await Promise.all([google.close(), paypal.close()]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

// ---- Helpers shared by the account and admin browser tests ----

export interface AppSession {
  app: AppServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Console errors and page errors seen so far (collectErrors). */
  errors: string[];
}

/** The server with its stand-ins, a browser and one page on it; `prepare` runs before the browser context opens. */
export async function startAppSession(prepare?: (app: AppServer) => void, env: Record<string, string> = {}): Promise<AppSession> {
  const [app, browser] = await Promise.all([startAppServer(env), launchBrowser()]);
  prepare?.(app);
  const context = await app.context(browser);
  const page = await context.newPage();
  return { app, browser, context, page, errors: collectErrors(page) };
}

/** Closes what startAppSession opened, whatever part of it exists. */
export async function stopAppSession(session: Partial<AppSession>): Promise<void> {
  await session.context?.close();
  await session.browser?.close();
  await session.app?.close();
}

/** For afterEach: a failed test's report ends with the server's last output. */
export function printServerLogOnFailure(test: { currentTest?: { state?: string } | undefined }, app: AppServer | undefined): void {
  if (test.currentTest?.state === 'failed' && app) console.log(app.log().slice(-3000));
}


/** Waits for a toast with this text (the seed's toasts stay 5,000 ms). */
export async function expectToast(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('[data-testid="toast"]', { hasText: text }).first().waitFor({ timeout: 10_000 });
}

/** Closes every toast on screen (so the next assertion sees only new ones). */
export async function dismissToasts(page: Page): Promise<void> {
  for (const button of await page.locator('[data-testid="toast"] button').all()) await button.click().catch(() => {});
  await page.locator('[data-testid="toast"]').first().waitFor({ state: 'detached', timeout: 5_000 }).catch(() => {});
}

/** A POST to the API from the page, with the page's session cookie and Origin, as the app sends it. */
export async function apiFromPage(page: Page, url: string, body: unknown = {}): Promise<{ status: number; body: any }> {
  return page.evaluate(
    async ({ url: u, body: b }) => {
      const res = await fetch(u, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify(b) });
      return { status: res.status, body: await res.json().catch(() => null) };
    },
    { url, body },
  );
}

/** A full-page screenshot into e2e/output/screenshots. */
export async function screenshot(page: Page, name: string): Promise<string> {
  const file = path.join(SCREENSHOTS, `${name}.png`);
  // From the top: a page scrolled to a field would draw its sticky header over the middle of the full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** No serious or critical axe-core violations on the page as it is now. */
export async function expectAccessible(page: Page, label: string): Promise<void> {
  // A toast fading in is translucent: axe would measure a blend of its colours. Let finite animations end first.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
  const violations = await seriousViolations(page);
  if (violations.length) throw new Error(`${label}: axe found serious/critical violations:\n${describeViolations(violations)}`);
}

/** Accepts the cookie notice (seed §2), so it neither covers what a screenshot should show nor what a test clicks. */
export async function acceptCookies(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Accept cookies' }).click();
  await page.getByRole('button', { name: 'Accept cookies' }).waitFor({ state: 'detached' });
}

/** Opens a client-only page and waits until the app has rendered it. */
export async function open(page: Page, pathname: string): Promise<void> {
  await page.goto(pathname, { waitUntil: 'domcontentloaded' });
  await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15_000 });
}
