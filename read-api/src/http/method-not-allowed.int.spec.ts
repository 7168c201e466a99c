import { expect } from 'chai';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_ROUTES } from '../app.js';
import { startTestServer, type TestServer } from '../../test/harness.js';

/** The POST routes mounted on the router itself rather than through the JSON route table. */
const ROUTER_POSTS = ['/paypal/webhooks', '/licence/current', '/admin/files/upload'];

/**
 * Other methods on the paths of POST calls (issue "The API as a developer meets it"): 405 with `Allow: POST` in the
 * API's JSON error shape, not the site's "Page not found" page; OPTIONS 204. GET routes answer as before. The server
 * serves a (minimal) built site here, as `make start` does, so that the site's 404 page would show if it could.
 */
describe('methods other than POST on POST-only paths: 405 JSON with Allow', function () {
  this.timeout(60_000);
  let server: TestServer;
  let webDist: string;
  const call = (method: string, path: string, headers: Record<string, string> = {}) => fetch(`${server.baseUrl}${path}`, { method, headers, redirect: 'manual' });

  before(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'relaycast-web-'));
    writeFileSync(join(webDist, 'routes.json'), JSON.stringify({ prerendered: [], spaPrefixes: [], spaShell: 'index.html', notFound: { en: '404.html', ru: '404.html' } }));
    writeFileSync(join(webDist, '404.html'), '<!doctype html><title>Page not found</title><h1>Page not found</h1>');
    server = await startTestServer({ env: { WEB_DIST: webDist } });
  });
  after(async () => {
    await server?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('GET on every POST call answers 405, Allow: POST, { error: { code: METHOD_NOT_ALLOWED, message } }', async () => {
    const paths = [...API_ROUTES.map((r) => r.path), ...ROUTER_POSTS];
    const wrong: string[] = [];
    for (const path of paths) {
      const res = await call('GET', path);
      const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
      if (res.status !== 405 || res.headers.get('allow') !== 'POST' || body?.error?.code !== 'METHOD_NOT_ALLOWED' || !body.error.message) {
        wrong.push(`${path}: ${res.status} allow=${res.headers.get('allow')} ${JSON.stringify(body)}`);
      }
    }
    expect(wrong).to.deep.equal([]);
    const one = await call('GET', '/subscriptions/findAll');
    expect(one.headers.get('content-type')).to.match(/^application\/json/);
    expect(((await one.json()) as { error: { message: string } }).error.message).to.equal('GET is not served at /subscriptions/findAll: it is a POST call (a JSON body, answered with { data })');
  });

  it('PUT, DELETE and PATCH too, before the session and cross-site checks (a cookie without Origin is not a 403 here)', async () => {
    const admin = await server.admin();
    const cookie = `auth_token=${admin.token}`;
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      for (const path of ['/users/findAll', '/subscriptions/create', '/paypal/webhooks']) {
        const res = await call(method, path, { cookie, 'content-type': 'application/json' });
        expect(res.status, `${method} ${path}`).to.equal(405);
        expect(res.headers.get('allow')).to.equal('POST');
        expect(((await res.json()) as { error: { code: string } }).error.code).to.equal('METHOD_NOT_ALLOWED');
      }
    }
  });

  it('HEAD answers 405 without a body; OPTIONS answers 204 with Allow: POST', async () => {
    const head = await call('HEAD', '/subscriptions/quote');
    expect(head.status).to.equal(405);
    expect(head.headers.get('allow')).to.equal('POST');
    expect(await head.text()).to.equal('');
    const options = await call('OPTIONS', '/subscriptions/quote');
    expect(options.status).to.equal(204);
    expect(options.headers.get('allow')).to.equal('POST');
  });

  it('POST still works there; GET routes, downloads and the site answer as before', async () => {
    const quote = await call('POST', '/subscriptions/quote', { 'content-type': 'application/json' });
    expect(quote.status).to.equal(400); // an empty body: the plan is required
    expect((await server.client().post('/payments/config')).status).to.equal(200);
    for (const [path, status] of [
      ['/health', 200],
      ['/ready', 200],
      ['/openapi.json', 200],
      ['/billing/clock', 200],
      ['/licence/public-key', 200],
      ['/subscriptions/licence?id=x', 401],
      ['/invoices/INV-000001.pdf', 401],
      ['/creditNotes/CN-000001.pdf', 401],
      ['/invoices/export.csv', 401],
      ['/files/no-such-file/x.txt', 404],
      ['/metrics', 401],
      ['/auth/google', 302],
    ] as const) {
      expect((await call('GET', path)).status, path).to.equal(status);
    }
    // An unknown page is still the site's 404 page, and a POST to an unknown path still the API's 404 JSON.
    const page = await call('GET', '/no-such-page');
    expect(page.status).to.equal(404);
    expect(await page.text()).to.include('Page not found');
    const unknown = await call('POST', '/subscriptions/nope');
    expect(unknown.status).to.equal(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).to.equal('NOT_FOUND');
  });

  it('GET-only paths answer POST, PUT and DELETE with 405 and Allow: GET, HEAD (issue 31, item 8: they answered 404 without Allow)', async () => {
    const wrong: string[] = [];
    for (const path of ['/health', '/ready', '/metrics', '/openapi.json', '/billing/clock', '/licence/public-key', '/subscriptions/licence', '/invoices/INV-000001.pdf', '/creditNotes/CN-000001.pdf', '/invoices/export.csv', '/files/no-such-file/x.txt', '/auth/google', '/auth/google/callback', '/auth/verify-email', '/HEALTH', '/health/']) {
      for (const method of ['POST', 'PUT', 'DELETE']) {
        const res = await call(method, path, { 'content-type': 'application/json' });
        const body = (await res.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
        if (res.status !== 405 || res.headers.get('allow') !== 'GET, HEAD' || body?.error?.code !== 'METHOD_NOT_ALLOWED') wrong.push(`${method} ${path}: ${res.status} allow=${res.headers.get('allow')} ${JSON.stringify(body)}`);
      }
    }
    expect(wrong).to.deep.equal([]);
    const one = await call('POST', '/licence/public-key');
    expect(((await one.json()) as { error: { message: string } }).error.message).to.equal('POST is not served at /licence/public-key: it answers GET, HEAD');
    // A path served with GET and POST (the unsubscribe link: the page, and the one click) lists both.
    const put = await call('PUT', '/mail/unsubscribe?token=x');
    expect([put.status, put.headers.get('allow')]).to.deep.equal([405, 'GET, HEAD, POST']);
    const options = await call('OPTIONS', '/health');
    expect([options.status, options.headers.get('allow')]).to.deep.equal([204, 'GET, HEAD']);
  });
});
