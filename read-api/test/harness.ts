import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type Config } from '../src/config.js';
import { createLogger } from '../src/logger.js';
import { createRuntime, type Runtime } from '../src/runtime.js';
import { createApp } from '../src/app.js';
import { listen } from '../src/http/server.js';
import { ensureAdmin } from '../src/admin-bootstrap.js';
import { userDecider, type PaymentGateway, type tax } from '@relaycast/billing-core';
import type { Express } from 'express';
import { hashPassword } from '../src/auth/passwords.js';
import { writeContentCatalogue } from './site-fixture.js';

export const ADMIN = { email: 'admin@relaycast.test', password: 'admin-password-1' };

export interface TestServer {
  baseUrl: string;
  rt: Runtime;
  /** The express app the server runs (its routes, for the tests that compare them with the OpenAPI document). */
  app: Express;
  config: Config;
  dataDir: string;
  /** A client that keeps cookies like a browser and sends Origin like one. */
  client(): ApiClient;
  /** A signed-in client: the administrator, or a new customer registered through the API. */
  admin(): Promise<ApiClient>;
  /** `verified: false` leaves the address unverified (as after sign-up, before the e-mailed link is followed). */
  customer(name?: string, options?: { verified?: boolean }): Promise<ApiClient & { userId: string; email: string }>;
  /** A user with ROLE_USER (neither customer nor admin). */
  plainUser(): Promise<ApiClient & { userId: string }>;
  /** A user with ROLE_FINANCE (reads finance and every subscription, changes nothing), created by the administrator. */
  financeUser(): Promise<ApiClient & { userId: string }>;
  close(): Promise<void>;
}

export interface ApiAnswer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export interface ApiClient {
  post<T = any>(path: string, body?: unknown, init?: { headers?: Record<string, string>; raw?: string | Uint8Array | FormData | Blob }): Promise<ApiAnswer<T>>;
  get(path: string, init?: { headers?: Record<string, string> }): Promise<ApiAnswer<string>>;
  cookies: Map<string, string>;
  token: string | null;
}

let customers = 0;

/**
 * The real read-api on a free loopback port: SQLite event store and auth store in a temporary DATA_DIR, in-memory
 * read models (or Redis when REDIS_URL is given in env), the administrator from ADMIN_EMAIL/ADMIN_PASSWORD, and
 * WEB_DIST a folder with the content catalogue of a few pages (test/site-fixture.ts) but no site to serve.
 */
export async function startTestServer(options: { env?: Record<string, string>; payments?: PaymentGateway; /** The online VAT number check (default: unavailable). */ vies?: tax.ViesPort; /** The caller's DATA_DIR, kept on close (a restart on the same one). */ dataDir?: string } = {}): Promise<TestServer> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'relaycast-api-'));
  // No built site (no pages served), but the catalogue of the site's copy: /admin/content/* has pages to edit.
  writeContentCatalogue(join(dataDir, 'no-web'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SIGNIN_RATE_LIMIT: '10000',
    WEB_DIST: join(dataDir, 'no-web'),
    // The billing clock's scheduler acts only where a test asks for it (it would move statuses under other tests).
    SCHEDULER: 'off',
    // E-mail too: the notifier runs where a test asks for it (NOTIFIER: 'in-process'; mail goes to DATA_DIR/outbox).
    NOTIFIER: 'off',
    METRICS_TOKEN: 'test-metrics-token',
    ...options.env,
  });
  const logger = createLogger(config.logLevel);
  const rt = await createRuntime(config, logger, { ...(options.payments ? { payments: options.payments } : {}), ...(options.vies ? { vies: options.vies } : {}) });
  await rt.readSide.start();
  await ensureAdmin(rt);
  const app = createApp(rt);
  // PORT is 0 (a free port) unless the test names one: OAuth callbacks need PUBLIC_URL to know it beforehand.
  // The server the product runs (express's prototypes from the start): every integration test goes through it.
  const server: Server = await listen(app, config.port, '127.0.0.1');
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const client = (): ApiClient => createClient(baseUrl);

  const signIn = async (email: string, password: string) => {
    const c = client();
    const res = await c.post('/auth/local/signin', { email, password });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
    return c;
  };

  return {
    baseUrl,
    rt,
    app,
    config,
    dataDir,
    client,
    admin: () => signIn(ADMIN.email, ADMIN.password),
    async customer(name = `customer${++customers}`, options: { verified?: boolean } = {}) {
      const c = client();
      const email = `${name}-${Date.now()}-${customers}@example.com`;
      const res = await c.post('/auth/local/register', { email, password: 'customer-password', givenName: name, familyName: 'Tester', privacy_policy_confirm: true });
      if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
      const userId = res.body.data._id as string;
      // As if the customer had followed the link e-mailed at sign-up (trials need a verified address).
      if (options.verified !== false) {
        await rt.execute(userDecider, userId, { type: 'VerifyEmail', data: { email }, metadata: { now: new Date().toISOString(), actorId: userId, actorRole: 'ROLE_CUSTOMER', correlationId: `verify-${userId}` } });
      }
      return Object.assign(c, { userId, email });
    },
    async plainUser() {
      const admin = await signIn(ADMIN.email, ADMIN.password);
      const email = `plain-${Date.now()}-${++customers}@example.com`;
      const created = await admin.post('/users/create', { givenName: 'Plain', familyName: 'User', email, role: 'ROLE_USER', password: 'plain-password' });
      if (created.status !== 201) throw new Error(`create failed: ${created.status} ${JSON.stringify(created.body)}`);
      const c = await signIn(email, 'plain-password');
      return Object.assign(c, { userId: created.body.data._id as string });
    },
    async financeUser() {
      const admin = await signIn(ADMIN.email, ADMIN.password);
      const email = `finance-${Date.now()}-${++customers}@example.com`;
      const created = await admin.post('/users/create', { givenName: 'Fina', familyName: 'Nance', email, role: 'ROLE_FINANCE', password: 'finance-password' });
      if (created.status !== 201) throw new Error(`create failed: ${created.status} ${JSON.stringify(created.body)}`);
      const c = await signIn(email, 'finance-password');
      return Object.assign(c, { userId: created.body.data._id as string });
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rt.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A free loopback port, for a test server whose PUBLIC_URL must be known before it starts. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export { hashPassword };

/** A client that keeps cookies like a browser and sends Origin like one, for any server. */
export function createClient(baseUrl: string): ApiClient {
  const cookies = new Map<string, string>();
  const c: ApiClient = {
    cookies,
    token: null,
    async post(path, body, init = {}) {
      const headers: Record<string, string> = { origin: baseUrl, ...init.headers };
      // Purchases need an Idempotency-Key (the web app always sends one): a fresh one per call unless the test chose.
      if (path === '/subscriptions/create' && !('Idempotency-Key' in headers)) headers['Idempotency-Key'] = `test-${randomUUID()}`;
      if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      let payload: string | Uint8Array | FormData | Blob | undefined = init.raw;
      if (payload === undefined && body !== undefined) {
        payload = JSON.stringify(body);
        headers['content-type'] ??= 'application/json';
      }
      // Node's fetch sends any Uint8Array; the DOM lib (the browser tests' types) wants an ArrayBuffer-backed one.
      const res = await fetch(baseUrl + path, { method: 'POST', headers, body: payload as RequestInit['body'], redirect: 'manual' });
      remember(res);
      const text = await res.text();
      const json = (res.headers.get('content-type') ?? '').includes('json');
      return { status: res.status, body: text ? (json ? JSON.parse(text) : text) : null, headers: res.headers };
    },
    async get(path, init = {}) {
      const headers: Record<string, string> = { ...init.headers };
      if (cookies.size) headers.cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const res = await fetch(baseUrl + path, { headers, redirect: 'manual' });
      remember(res);
      return { status: res.status, body: await res.text(), headers: res.headers };
    },
  };
  function remember(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = (pair ?? '').split('=');
      if (!name) continue;
      if (/Expires=Thu, 01 Jan 1970/i.test(line) || value.join('=') === '') cookies.delete(name.trim());
      else cookies.set(name.trim(), value.join('='));
    }
    c.token = cookies.get('auth_token') ?? c.token;
  }
  return c;
}
