import { expect } from 'chai';
import { API_ROUTES } from '../app.js';
import { startTestServer, type ApiClient, type TestServer } from '../../test/harness.js';
import { validBody } from '../../test/bodies.js';
import { buy, pay } from '../../test/billing.js';
import { subscriptionDecider } from '@relaycast/billing-core';

/**
 * The authorization matrix: every API route × anonymous, a plain user (ROLE_USER), the owning customer, another
 * customer, an administrator, the read-only finance role (ROLE_FINANCE), a forged token and a revoked one. Bodies are
 * valid for the owner, so a refusal can only come from authorization.
 */
describe('authorization matrix (every route × every kind of caller)', function () {
  this.timeout(120_000);
  let server: TestServer;
  let owner: ApiClient & { userId: string };
  let stranger: ApiClient & { userId: string };
  let plain: ApiClient & { userId: string };
  let admin: ApiClient;
  let finance: ApiClient & { userId: string };
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
    finance = await server.financeUser();
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

  const callers = () => ({ anonymous: server.client(), plain, owner, stranger, admin, finance });
  type Caller = keyof ReturnType<typeof callers>;
  const CALLERS: readonly Caller[] = ['anonymous', 'plain', 'owner', 'stranger', 'admin', 'finance'];

  /**
   * What each caller gets, written out from the seed's roles (Templates, Materials, Users: administrators only;
   * Subscriptions: administrators and customers, customers their own only; ROLE_USER is neither) and ours (the
   * finance role reads finance, every invoice and credit note and every subscription's details and history, and
   * changes nothing but its own profile; it buys nothing) — not read from the routes' declarations. Columns:
   * anonymous, plain user, owning customer, another customer, administrator, finance role.
   * 401 and 403 are refusals; any other number is the answer a caller who passes authorization gets for the valid
   * body of `test/bodies.ts` (404 where that body names nothing, 409 where the state forbids it, 502 where the
   * route needs PayPal and none is configured). `-`: not sent (destructive, tested below).
   */
  const MATRIX: Record<string, readonly [number | '-', number | '-', number | '-', number | '-', number | '-', number | '-']> = {
    //                                     anon  plain owner stranger admin finance
    '/auth/google/getUser': /*           */ [200, 200, 200, 200, 200, 200],
    '/users/create': /*                  */ [401, 403, 403, 403, 201, 403],
    '/users/findAll': /*                 */ [401, 403, 403, 403, 200, 403],
    '/users/findOne': /*                 */ [401, 403, 403, 403, 200, 403],
    '/users/update': /*                  */ [401, 403, 403, 403, 200, 403],
    '/users/remove': /*                  */ [401, 403, 403, 403, 404, 403],
    '/users/history': /*                 */ [401, 403, 403, 403, 200, 403],
    '/users/erase': /*                   */ [401, 403, 403, 403, 404, 403],
    // The administrator's 400: the body confirms the privacy policy, which only the customer may do.
    '/subscriptions/create': /*          */ [401, 403, 201, 201, 400, 403],
    '/subscriptions/quote': /*           */ [200, 200, 200, 200, 200, 200],
    '/subscriptions/findAll': /*         */ [401, 403, 403, 403, 200, 403],
    '/subscriptions/findAllByToken': /*  */ [401, 403, 200, 200, 200, 403],
    '/subscriptions/findOne': /*         */ [401, 403, 200, 403, 200, 200],
    '/subscriptions/update': /*          */ [401, 403, 200, 403, 200, 403],
    '/subscriptions/remove': /*          */ [401, 403, 403, 403, 404, 403],
    '/subscriptions/revise': /*          */ [401, 403, 200, 403, 200, 403],
    '/subscriptions/startTrial': /*      */ [401, 403, 200, 403, 409, 403],
    '/subscriptions/cancelAll': /*       */ [401, 403, '-', 403, '-', 403],
    '/subscriptions/cancel': /*          */ [401, 403, '-', 403, '-', 403],
    '/subscriptions/history': /*         */ [401, 403, 200, 403, 200, 200],
    '/subscriptions/createOrder': /*     */ [401, 403, 502, 403, 502, 403],
    '/subscriptions/captureOrder': /*    */ [401, 403, 400, 403, 400, 403],
    '/subscriptions/captureChangePaymentMethod': [401, 403, 502, 403, 502, 403],
    '/subscriptions/createPaymentMethodOrder': [401, 403, 502, 403, 502, 403],
    '/subscriptions/refund': /*          */ [401, 403, 403, 403, 404, 403],
    '/subscriptions/cancelAtPeriodEnd': /**/ [401, 403, 200, 403, 200, 403],
    '/subscriptions/walletSetup': /*     */ [401, 403, 502, 403, 502, 403],
    '/subscriptions/walletSave': /*      */ [401, 403, 502, 403, 502, 403],
    '/subscriptions/pause': /*           */ [401, 403, 403, 403, 404, 403],
    '/subscriptions/resume': /*          */ [401, 403, 403, 403, 404, 403],
    '/subscriptions/cancelNow': /*       */ [401, 403, 403, 403, 404, 403],
    '/subscriptions/cancelNowPreview': [401, 403, 403, 403, 200, 403],
    // What paying now asks of PayPal, tax included: the customer's own, and anyone's for those who read every subscription.
    '/subscriptions/amountToPay': /*     */ [401, 403, 200, 403, 200, 200],
    // What the caller may do: the customer for their own subscription, administrators for any.
    '/subscriptions/actions': /*         */ [401, 403, 200, 403, 200, 403],
    '/admin/overview': /*                */ [401, 403, 403, 403, 200, 403],
    '/admin/entry/create': /*            */ [401, 403, 403, 403, 201, 403],
    '/admin/entry/update': /*            */ [401, 403, 403, 403, 200, 403],
    '/admin/entry/getAll': /*            */ [401, 403, 403, 403, 200, 403],
    '/admin/entry/getOne': /*            */ [401, 403, 403, 403, 200, 403],
    '/admin/entry/remove': /*            */ [401, 403, 403, 403, 404, 403],
    '/admin/entry/getEntriesByURL': /*   */ [200, 200, 200, 200, 200, 200],
    // The site's copy: administrators only. Saved, then published, then reverted (rows run in this order).
    '/admin/content/pages': /*           */ [401, 403, 403, 403, 200, 403],
    '/admin/content/page': /*            */ [401, 403, 403, 403, 200, 403],
    '/admin/content/saveSection': /*     */ [401, 403, 403, 403, 200, 403],
    '/admin/content/publishSection': /*  */ [401, 403, 403, 403, 200, 403],
    '/admin/content/revertSection': /*   */ [401, 403, 403, 403, 200, 403],
    '/admin/files/remove': /*            */ [401, 403, 403, 403, 404, 403],
    '/admin/files/getAll': /*            */ [401, 403, 403, 403, 200, 403],
    '/finance/replay': /*                */ [401, 403, 403, 403, 200, 200],
    '/finance/verify': /*                */ [401, 403, 403, 403, 200, 200],
    '/finance/overview': /*              */ [401, 403, 403, 403, 200, 200],
    '/finance/recognition': /*           */ [401, 403, 403, 403, 200, 200],
    '/finance/trialBalance': /*          */ [401, 403, 403, 403, 200, 200],
    '/finance/ledger': /*                */ [401, 403, 403, 403, 200, 200],
    '/finance/tax/oss': /*               */ [401, 403, 403, 403, 200, 200],
    // Invoices and credit notes: every signed-in user lists their own (a plain user has none), administrators anyone's.
    '/invoices/findAll': /*              */ [401, 200, 200, 200, 200, 200],
    '/invoices/findOne': /*              */ [401, 404, 404, 404, 404, 404],
    '/creditNotes/findAll': /*           */ [401, 200, 200, 200, 200, 200],
    '/creditNotes/findOne': /*           */ [401, 404, 404, 404, 404, 404],
    // Billing details: customers their own (the stranger sets its own with the same body), administrators anyone's.
    '/billingDetails/findOne': /*        */ [401, 403, 200, 200, 200, 403],
    '/billingDetails/update': /*         */ [401, 403, 200, 200, 200, 403],
    '/payments/config': /*               */ [200, 200, 200, 200, 200, 200],
    // Demo payments only (PAYMENTS=demo): this server has none, so the administrator's answer is 404.
    '/admin/demo/declineWallet': /*      */ [401, 403, 403, 403, 404, 403],
    '/admin/clock/advance': /*           */ [401, 403, 403, 403, 200, 403],
    '/subscriptions/grantComplimentary': [401, 403, 403, 403, 404, 403],
    '/admin/billing-policy': /*          */ [401, 403, 403, 403, 200, 403],
    '/admin/billing-policy/set': /*      */ [401, 403, 403, 403, 200, 403],
    '/licence/verify': /*                */ [200, 200, 200, 200, 200, 200],
    // One's own profile: anyone signed in, whatever the role.
    '/auth/profile/update': /*           */ [401, 200, 200, 200, 200, 200],
    // E-mail (issue 25). A verification link, a reset request and a reset are anyone's (the token or the address says
    // whose): the test bodies' token is no genuine link (400), and a reset request answers the same for any address.
    '/auth/verifyEmail': /*              */ [400, 400, 400, 400, 400, 400],
    '/auth/local/requestPasswordReset': [200, 200, 200, 200, 200, 200],
    '/auth/local/resetPassword': /*      */ [400, 400, 400, 400, 400, 400],
    // A new verification link: anyone signed in, for their own address; the harness's customers are verified (409).
    '/auth/local/resendVerification': /* */ [401, 200, 409, 409, 200, 200],
    '/auth/profile/emailPreferences': /* */ [401, 200, 200, 200, 200, 200],
    // Administrators only: a reset link for a user (the victim), the outbox, one message, a resend, the notifier.
    '/admin/users/sendPasswordReset': /* */ [401, 403, 403, 403, 200, 403],
    '/admin/mail/messages': /*           */ [401, 403, 403, 403, 200, 403],
    '/admin/mail/message': /*            */ [401, 403, 403, 403, 404, 403],
    '/admin/mail/resend': /*             */ [401, 403, 403, 403, 404, 403],
    '/admin/mail/status': /*             */ [401, 403, 403, 403, 200, 403],
  };

  // Sign-in, sign-up and sign-out change the caller's own session; they have tests of their own below.
  // A password change and "sign out everywhere" end the caller's sessions: routes/account.int.spec.ts tests them.
  const SESSION_ROUTES = new Set(['/auth/local/signin', '/auth/local/register', '/auth/google/logout', '/auth/local/changePassword', '/auth/signOutEverywhere']);

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

  const GET_MATRIX: Record<string, readonly [number, number, number, number, number, number]> = {
    //                                        anon  plain owner stranger admin finance
    // The owner started the trial (startTrial above): its licence is there.
    '/subscriptions/licence?id=${subscription}': [401, 403, 200, 403, 200, 403],
    '/invoices/INV-999999.pdf': /*           */ [401, 404, 404, 404, 404, 404],
    '/creditNotes/CN-999999.pdf': /*         */ [401, 404, 404, 404, 404, 404],
    // The finance export: DOCUMENT_EXPORT_ROLES (administrators and the finance role).
    '/invoices/export.csv': /*               */ [401, 403, 403, 403, 200, 200],
    '/licence/public-key': /*                */ [200, 200, 200, 200, 200, 200],
    '/billing/clock': /*                     */ [200, 200, 200, 200, 200, 200],
    '/openapi.json': /*                      */ [200, 200, 200, 200, 200, 200],
    '/health': /*                            */ [200, 200, 200, 200, 200, 200],
    '/ready': /*                             */ [200, 200, 200, 200, 200, 200],
    '/metrics': /*                           */ [401, 401, 401, 401, 401, 401],
    '/files/${file}/hello.txt': /*           */ [200, 200, 200, 200, 200, 200],
    // The links of messages: anyone (the signed token says whose); a token that is no genuine link: the profile page
    // told so (302), the unsubscribe page saying so (400).
    '/auth/verify-email?token=nope.nope': /* */ [302, 302, 302, 302, 302, 302],
    '/mail/unsubscribe?token=nope.nope': /*  */ [400, 400, 400, 400, 400, 400],
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

  it('a CSV finance report, the ledger and the OSS report as CSV are for administrators and the finance role only', async () => {
    const clients = callers();
    for (const [path, body] of [['/finance/replay', { format: 'csv' }], ['/finance/ledger', { from: '2026-03-01', to: '2026-03-31', format: 'csv' }], ['/finance/tax/oss', { quarter: '2026-Q1', format: 'csv' }]] as const) {
      const got: number[] = [];
      for (const name of CALLERS) got.push((await clients[name].post(path, body)).status);
      expect(got, path).to.deep.equal([401, 403, 403, 403, 200, 200]);
    }
  });

  it('the finance role reads a subscription’s whole history as administrators do (request ids, who acted), and changes nothing of it', async () => {
    const asOwner = (await owner.post('/subscriptions/history', { id: subscriptionId })).body.data as { correlationId: string }[];
    const asFinance = (await finance.post('/subscriptions/history', { id: subscriptionId })).body.data as { correlationId: string }[];
    const asAdmin = (await admin.post('/subscriptions/history', { id: subscriptionId })).body.data;
    expect(asFinance).to.deep.equal(asAdmin);
    expect(asFinance.every((item) => item.correlationId !== '')).to.equal(true);
    expect(asOwner.every((item) => item.correlationId === '')).to.equal(true);
    const before = await server.rt.events.headPosition();
    for (const path of ['/subscriptions/update', '/subscriptions/revise', '/subscriptions/cancelAtPeriodEnd', '/subscriptions/pause', '/subscriptions/cancelNow', '/subscriptions/grantComplimentary']) {
      expect((await finance.post(path, bodyFor(path))).status, path).to.equal(403);
    }
    expect(await server.rt.events.headPosition(), 'no event recorded').to.equal(before);
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

  it('an invoice and its credit note, as data and as PDFs: its customer, administrators and the finance role; nobody else', async () => {
    // A payment of the owner's, recorded (and its invoice and credit note issued) apart from the matrix's subscription.
    const payer = await server.customer('payer');
    const paid = await buy(payer, 1);
    await pay(server, payer, paid, 'O-AUTHZ-1', '2026-10-01T09:00:00.000Z');
    await server.rt.execute(subscriptionDecider, paid, {
      type: 'RecordRefund',
      data: { captureId: 'CAP-O-AUTHZ-1', refundId: 'RF-AUTHZ-1', amount: 100, currency: 'USD' },
      metadata: { now: '2026-10-02T00:00:00.000Z', actorId: 'admin', actorRole: 'ROLE_ADMIN', correlationId: 'authz-refund' },
    });
    expect(await server.rt.invoicingReactor.waitFor(await server.rt.events.headPosition(), 10_000)).to.equal(true);
    await server.rt.readSide.waitFor(await server.rt.events.headPosition(), 10_000);
    const [invoice] = (await payer.post('/invoices/findAll', {})).body.data;
    const [note] = (await payer.post('/creditNotes/findAll', {})).body.data;
    const clients = { anonymous: server.client(), plain, payer, stranger, admin, finance };
    //                                                  anon  plain payer stranger admin finance
    // Another customer's document answers as one that does not exist (404): which numbers exist is not told.
    const expected: [string, () => Promise<number>[], number[]][] = [
      ['/invoices/findOne', () => Object.values(clients).map(async (c) => (await c.post('/invoices/findOne', { number: invoice.number })).status), [401, 404, 200, 404, 200, 200]],
      ['/creditNotes/findOne', () => Object.values(clients).map(async (c) => (await c.post('/creditNotes/findOne', { number: note.number })).status), [401, 404, 200, 404, 200, 200]],
      ['GET invoice PDF', () => Object.values(clients).map(async (c) => (await c.get(`/invoices/${invoice.number}.pdf`)).status), [401, 404, 200, 404, 200, 200]],
      ['GET credit note PDF', () => Object.values(clients).map(async (c) => (await c.get(`/creditNotes/${note.number}.pdf`)).status), [401, 404, 200, 404, 200, 200]],
      ['/billingDetails/findOne of the payer', () => Object.values(clients).map(async (c) => (await c.post('/billingDetails/findOne', { user_id: payer.userId })).status), [401, 403, 200, 403, 200, 403]],
    ];
    for (const [what, run, statuses] of expected) expect(await Promise.all(run()), what).to.deep.equal(statuses);
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
    const expired = await server.rt.tokens.issue(me._id, 'ROLE_ADMIN', Date.now() - 1000);
    await server.rt.auth.saveSession(expired, { userId: me._id, createdAt: Date.now() - 2000, expiresAt: Date.now() + 60_000 });
    const call = (token: string) => fetch(`${server.baseUrl}/users/findAll`, { method: 'POST', headers: { AUTH_TOKEN_VALUE: token } });
    expect((await call(expired)).status).to.equal(401);
    const [payload] = admin.token!.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString());
    const tampered = `${Buffer.from(JSON.stringify({ ...claims, uid: owner.userId })).toString('base64url')}.${admin.token!.split('.')[1]}`;
    expect((await call(tampered)).status).to.equal(401);
    const unsaved = await server.rt.tokens.issue(me._id, 'ROLE_ADMIN', Date.now() + 60_000);
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
