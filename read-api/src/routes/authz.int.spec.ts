import { expect } from 'chai';
import { API_ROUTES } from '../app.js';
import { startTestServer, type ApiClient, type TestServer } from '../../test/harness.js';
import { validBody } from '../../test/bodies.js';

/**
 * The authorization matrix: every API route × anonymous, a plain user (ROLE_USER), the owning customer, another
 * customer, an administrator, a forged token and a revoked one. Bodies are valid for the owner, so a refusal can
 * only come from authorization.
 */
describe('authorization matrix (every route × every kind of caller)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let owner: ApiClient & { userId: string };
  let stranger: ApiClient & { userId: string };
  let plain: ApiClient & { userId: string };
  let admin: ApiClient;
  let subscriptionId: string;
  let entryId: string;
  let fileId: string;
  let victimUserId: string;

  before(async () => {
    server = await startTestServer({ env: { BILLING_CLOCK: 'test' } }); // the test clock, so that its route is allowed for administrators
    owner = await server.customer('owner');
    stranger = await server.customer('stranger');
    plain = await server.plainUser();
    admin = await server.admin();
    const created = await owner.post('/subscriptions/create', {
      subscription_type: 'SUBSCRIPTION_MONTH',
      status: 'SUBSCRIPTION_STATUS_INITIAL',
      user_id: owner.userId,
      modules: [{ name: 'streams', limit: 2 }],
      payment_details: { plan_id: 'constructor', privacy_policy_confirm: true },
    });
    subscriptionId = created.body.data._id;
    const entry = await admin.post('/admin/entry/create', {
      entry_type: 'MATERIAL',
      url: '/how-to-use',
      template: [{ property_i18n: 'title', defaultValue: 'Hello', dataType: 'STRING', formEntityType: 'TEXT' }],
    });
    entryId = entry.body.data._id;
    const form = new FormData();
    form.append('file', new Blob(['hello'], { type: 'text/plain' }), 'hello.txt');
    const upload = await admin.post('/admin/files/upload', undefined, { raw: form });
    fileId = upload.body.data._id;
    const victim = await admin.post('/users/create', { givenName: 'Vic', familyName: 'Tim', email: 'victim@example.com', role: 'ROLE_CUSTOMER' });
    victimUserId = victim.body.data._id;
  });
  after(async () => server.close());

  const bodyFor = (path: string) => validBody(path, { ownerId: owner.userId, subscriptionId, entryId, userId: victimUserId });

  // Routes that change what other rows of the matrix rely on run their destructive bodies on things nobody uses.
  const destructive = new Set(['/subscriptions/cancelAll', '/subscriptions/cancel']);

  const callers = () => ({ anonymous: server.client(), plain, owner, stranger, admin });
  type Caller = keyof ReturnType<typeof callers>;
  const CALLERS: readonly Caller[] = ['anonymous', 'plain', 'owner', 'stranger', 'admin'];

  /**
   * What each caller gets, written out from the seed's roles (Templates, Materials, Users: administrators only;
   * Subscriptions: administrators and customers, customers their own only; ROLE_USER is neither) — not read from
   * the routes' declarations. Columns: anonymous, plain user, owning customer, another customer, administrator.
   * 401 and 403 are refusals; any other number is the answer a caller who passes authorization gets for the valid
   * body of `test/bodies.ts` (404 where that body names nothing, 409 where the state forbids it, 502 where the
   * route needs PayPal and none is configured). `-`: not sent (destructive, tested below).
   */
  const MATRIX: Record<string, readonly [number | '-', number | '-', number | '-', number | '-', number | '-']> = {
    //                                     anon  plain owner stranger admin
    '/auth/google/getUser': /*           */ [200, 200, 200, 200, 200],
    '/users/create': /*                  */ [401, 403, 403, 403, 201],
    '/users/findAll': /*                 */ [401, 403, 403, 403, 200],
    '/users/findOne': /*                 */ [401, 403, 403, 403, 200],
    '/users/update': /*                  */ [401, 403, 403, 403, 200],
    '/users/remove': /*                  */ [401, 403, 403, 403, 404],
    '/users/history': /*                 */ [401, 403, 403, 403, 200],
    '/users/erase': /*                   */ [401, 403, 403, 403, 404],
    // The administrator's 400: the body confirms the privacy policy, which only the customer may do.
    '/subscriptions/create': /*          */ [401, 403, 201, 201, 400],
    '/subscriptions/quote': /*           */ [200, 200, 200, 200, 200],
    '/subscriptions/findAll': /*         */ [401, 403, 403, 403, 200],
    '/subscriptions/findAllByToken': /*  */ [401, 403, 200, 200, 200],
    '/subscriptions/findOne': /*         */ [401, 403, 200, 403, 200],
    '/subscriptions/update': /*          */ [401, 403, 200, 403, 200],
    '/subscriptions/remove': /*          */ [401, 403, 403, 403, 404],
    '/subscriptions/revise': /*          */ [401, 403, 200, 403, 200],
    '/subscriptions/startTrial': /*      */ [401, 403, 200, 403, 409],
    '/subscriptions/cancelAll': /*       */ [401, 403, '-', 403, '-'],
    '/subscriptions/cancel': /*          */ [401, 403, '-', 403, '-'],
    '/subscriptions/history': /*         */ [401, 403, 200, 403, 200],
    '/subscriptions/createOrder': /*     */ [401, 403, 502, 403, 502],
    '/subscriptions/captureOrder': /*    */ [401, 403, 400, 403, 400],
    '/subscriptions/captureChangePaymentMethod': [401, 403, 502, 403, 502],
    '/subscriptions/createPaymentMethodOrder': [401, 403, 502, 403, 502],
    '/subscriptions/refund': /*          */ [401, 403, 403, 403, 404],
    '/subscriptions/cancelAtPeriodEnd': /**/ [401, 403, 200, 403, 200],
    '/subscriptions/walletSetup': /*     */ [401, 403, 502, 403, 502],
    '/subscriptions/walletSave': /*      */ [401, 403, 502, 403, 502],
    '/subscriptions/pause': /*           */ [401, 403, 403, 403, 404],
    '/subscriptions/resume': /*          */ [401, 403, 403, 403, 404],
    '/subscriptions/cancelNow': /*       */ [401, 403, 403, 403, 404],
    '/admin/entry/create': /*            */ [401, 403, 403, 403, 201],
    '/admin/entry/update': /*            */ [401, 403, 403, 403, 200],
    '/admin/entry/getAll': /*            */ [401, 403, 403, 403, 200],
    '/admin/entry/getOne': /*            */ [401, 403, 403, 403, 200],
    '/admin/entry/remove': /*            */ [401, 403, 403, 403, 404],
    '/admin/entry/getEntriesByURL': /*   */ [200, 200, 200, 200, 200],
    '/admin/files/remove': /*            */ [401, 403, 403, 403, 404],
    '/admin/files/getAll': /*            */ [401, 403, 403, 403, 200],
    '/finance/replay': /*                */ [401, 403, 403, 403, 200],
    '/finance/verify': /*                */ [401, 403, 403, 403, 200],
    '/receipts/findAll': /*              */ [401, 200, 200, 200, 200],
    '/receipts/findOne': /*              */ [401, 404, 404, 404, 404],
    '/payments/config': /*               */ [200, 200, 200, 200, 200],
    // Demo payments only (PAYMENTS=demo): this server has none, so the administrator's answer is 404.
    '/admin/demo/declineWallet': /*      */ [401, 403, 403, 403, 404],
    '/admin/clock/advance': /*           */ [401, 403, 403, 403, 200],
    '/subscriptions/grantComplimentary': [401, 403, 403, 403, 404],
    '/admin/billing-policy': /*          */ [401, 403, 403, 403, 200],
    '/admin/billing-policy/set': /*      */ [401, 403, 403, 403, 200],
    '/licence/verify': /*                */ [200, 200, 200, 200, 200],
  };

  // Sign-in, sign-up and sign-out change the caller's own session; they have tests of their own below.
  const SESSION_ROUTES = new Set(['/auth/local/signin', '/auth/local/register', '/auth/google/logout']);

  it('has a row for every route the API serves (a new route needs its expectations written here)', () => {
    const missing = API_ROUTES.map((r) => r.path).filter((p) => !SESSION_ROUTES.has(p) && !(p in MATRIX));
    expect(missing).to.deep.equal([]);
  });

  for (const [path, row] of Object.entries(MATRIX)) {
    it(`${path}: ${row.join(' ')}`, async () => {
      const clients = callers();
      const got: (number | '-')[] = [];
      for (const [i, name] of CALLERS.entries()) {
        if (row[i] === '-') {
          got.push('-');
          continue;
        }
        let body = bodyFor(path);
        // The stranger sends the owner's body but about itself where the route creates for the caller.
        if (name === 'stranger' && path === '/subscriptions/create') body = { ...(body as object), user_id: stranger.userId };
        got.push((await clients[name].post(path, body)).status);
      }
      expect(got).to.deep.equal([...row]);
    });
  }

  const GET_MATRIX: Record<string, readonly [number, number, number, number, number]> = {
    //                                        anon  plain owner stranger admin
    // The owner started the trial (startTrial above): its licence is there.
    '/subscriptions/licence?id=${subscription}': [401, 403, 200, 403, 200],
    '/receipts/R-999999': /*                 */ [401, 404, 404, 404, 404],
    '/receipts/R-999999.pdf': /*             */ [401, 404, 404, 404, 404],
    '/licence/public-key': /*                */ [200, 200, 200, 200, 200],
    '/billing/clock': /*                     */ [200, 200, 200, 200, 200],
    '/openapi.json': /*                      */ [200, 200, 200, 200, 200],
    '/health': /*                            */ [200, 200, 200, 200, 200],
    '/ready': /*                             */ [200, 200, 200, 200, 200],
    '/metrics': /*                           */ [401, 401, 401, 401, 401],
    '/files/${file}/hello.txt': /*           */ [200, 200, 200, 200, 200],
  };

  for (const [template, row] of Object.entries(GET_MATRIX)) {
    it(`GET ${template}: ${row.join(' ')}`, async () => {
      const path = template.replace('${subscription}', subscriptionId).replace('${file}', fileId);
      const clients = callers();
      const got: number[] = [];
      for (const name of CALLERS) got.push((await clients[name].get(path)).status);
      expect(got).to.deep.equal([...row]);
    });
  }

  it('a CSV finance report is for administrators only', async () => {
    const clients = callers();
    const got: number[] = [];
    for (const name of CALLERS) got.push((await clients[name].post('/finance/replay', { format: 'csv' })).status);
    expect(got).to.deep.equal([401, 403, 403, 403, 200]);
  });

  it('the destructive customer routes refuse strangers and plain users, and work for the owner', async () => {
    for (const client of [stranger, plain]) {
      expect((await client.post('/subscriptions/cancel', { id: subscriptionId })).status).to.equal(403);
      expect((await client.post('/subscriptions/cancelAll', { user_id: owner.userId })).status).to.equal(403);
    }
    expect((await server.client().post('/subscriptions/cancelAll', {})).status).to.equal(401);
    const other = await server.customer('canceller');
    const mine = await other.post('/subscriptions/create', bodyFor('/subscriptions/create') && { subscription_type: 'SUBSCRIPTION_FREE', status: 'SUBSCRIPTION_STATUS_INITIAL', user_id: other.userId, payment_details: { plan_id: 'unlimited', privacy_policy_confirm: true } });
    const res = await other.post('/subscriptions/cancelAll', {});
    expect(res.status).to.equal(200);
    expect(res.body.data.cancelled).to.deep.equal([mine.body.data._id]);
    expect((await admin.post('/subscriptions/cancelAll', {})).status).to.equal(200);
  });

  it('a customer can never read another customer’s subscription, list it, or see its history', async () => {
    expect((await stranger.post('/subscriptions/findOne', { id: subscriptionId })).status).to.equal(403);
    expect((await stranger.post('/subscriptions/history', { id: subscriptionId })).status).to.equal(403);
    const list = await stranger.post('/subscriptions/findAllByToken', {});
    expect(list.body.data.map((s: { _id: string }) => s._id)).to.not.include(subscriptionId);
  });

  it('uploads are for administrators only; downloads of uploaded files are public', async () => {
    for (const client of [server.client(), owner, plain]) {
      const form = new FormData();
      form.append('file', new Blob(['x'], { type: 'text/plain' }), 'x.txt');
      expect([401, 403]).to.include((await client.post('/admin/files/upload', undefined, { raw: form })).status);
    }
    const download = await server.client().get(`/files/${fileId}/hello.txt`);
    expect(download.status).to.equal(200);
    expect(download.body).to.equal('hello');
  });

  it('sign-in, sign-up and sign-out are open to anyone; sign-out ends only the caller’s session', async () => {
    const anonymous = server.client();
    expect((await anonymous.post('/auth/local/signin', { email: 'nobody@example.com', password: 'whatever-1' })).status).to.equal(401);
    const registered = await anonymous.post('/auth/local/register', bodyFor('/auth/local/register'));
    expect(registered.status).to.equal(201);
    expect((await anonymous.post('/subscriptions/findAllByToken', {})).status).to.equal(200);
    expect((await anonymous.post('/auth/google/logout')).status).to.equal(200);
    expect((await anonymous.post('/subscriptions/findAllByToken', {})).status).to.equal(401);
    expect((await server.client().post('/auth/google/logout')).status).to.equal(200);
    expect((await owner.post('/subscriptions/findAllByToken', {})).status).to.equal(200);
  });

  it('a forged, a revoked and a header token: only a live token works, from the header too', async () => {
    const forged = await fetch(`${server.baseUrl}/users/findAll`, { method: 'POST', headers: { AUTH_TOKEN_VALUE: 'forged-token-value' } });
    expect(forged.status).to.equal(401);
    const viaHeader = await fetch(`${server.baseUrl}/users/findAll`, { method: 'POST', headers: { AUTH_TOKEN_VALUE: admin.token! } });
    expect(viaHeader.status).to.equal(200);
    const session = await server.admin();
    const token = session.token!;
    expect((await session.post('/auth/google/logout')).status).to.equal(200);
    const revoked = await fetch(`${server.baseUrl}/users/findAll`, { method: 'POST', headers: { AUTH_TOKEN_VALUE: token } });
    expect(revoked.status).to.equal(401);
  });

  it('an expired token, a token with a forged signature and a token for a revoked session are nobody', async () => {
    const me = (await admin.post('/auth/google/getUser')).body.data;
    const expired = server.rt.tokens.issue(me._id, 'ROLE_ADMIN', Date.now() - 1000);
    await server.rt.auth.saveSession(expired, { userId: me._id, createdAt: Date.now() - 2000, expiresAt: Date.now() + 60_000 });
    const call = (token: string) => fetch(`${server.baseUrl}/users/findAll`, { method: 'POST', headers: { AUTH_TOKEN_VALUE: token } });
    expect((await call(expired)).status).to.equal(401);
    const [payload] = admin.token!.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const tampered = `${Buffer.from(JSON.stringify({ ...claims, uid: owner.userId })).toString('base64url')}.${admin.token!.split('.')[1]}`;
    expect((await call(tampered)).status).to.equal(401);
    const unsaved = server.rt.tokens.issue(me._id, 'ROLE_ADMIN', Date.now() + 60_000);
    expect((await call(unsaved)).status, 'a well-signed token with no session behind it').to.equal(401);
  });

  it('refuses cookie-authenticated writes from another site (CSRF) but not header-authenticated API calls', async () => {
    const cookie = `auth_token=${admin.token}`;
    const foreign = await fetch(`${server.baseUrl}/users/findAll`, { method: 'POST', headers: { cookie, origin: 'https://evil.example' } });
    expect(foreign.status).to.equal(403);
    const noOrigin = await fetch(`${server.baseUrl}/users/findAll`, { method: 'POST', headers: { cookie } });
    expect(noOrigin.status).to.equal(403);
    const sameSite = await fetch(`${server.baseUrl}/users/findAll`, { method: 'POST', headers: { cookie, origin: server.baseUrl } });
    expect(sameSite.status).to.equal(200);
  });

  it('sets the session cookie httpOnly and SameSite=Lax, the strategy cookie readable, both for 30 days at /', async () => {
    const res = await fetch(`${server.baseUrl}/auth/local/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({ email: 'admin@relaycast.test', password: 'admin-password-1' }),
    });
    const cookies = res.headers.getSetCookie();
    const token = cookies.find((c) => c.startsWith('auth_token='))!;
    const strategy = cookies.find((c) => c.startsWith('auth_strategy='))!;
    expect(token).to.match(/HttpOnly/i).and.match(/SameSite=Lax/i).and.match(/Max-Age=2592000/).and.match(/Path=\//);
    expect(strategy).to.not.match(/HttpOnly/i);
    expect(strategy).to.match(/auth_strategy=local/).and.match(/SameSite=Lax/i).and.match(/Max-Age=2592000/);
  });
});
