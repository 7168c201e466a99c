import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../test/harness.js';

/** Issue 14, item 4: a cookie in cookie-parser's JSON form (`j:{…}`) reached the token verifier untyped → 500 everywhere. */
describe('hostile cookies', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.close());

  const withCookie = (path: string, cookie: string, method = 'GET') =>
    fetch(`${server.baseUrl}${path}`, { method, headers: { cookie, origin: server.config.publicUrl, 'content-type': 'application/json' }, ...(method === 'POST' ? { body: '{}' } : {}) });

  it('a JSON-shaped auth_token is nobody, never a 500: /health answers, protected routes say 401', async () => {
    for (const cookie of ['auth_token=j:{"a":1}', 'auth_token=j:[1,2]', 'auth_token=j:"x"', 'auth_token=j:null', 'oauth_state=j:{"n":1}']) {
      expect((await withCookie('/health', cookie)).status, cookie).to.equal(200);
      expect((await withCookie('/users/findAll', cookie, 'POST')).status, cookie).to.equal(401);
      expect((await withCookie('/subscriptions/findAllByToken', cookie, 'POST')).status, cookie).to.equal(401);
    }
  });
});
