import { expect } from 'chai';
import { deterministicUuid } from '@relaycast/billing-core';
import { freePort, startTestServer, type TestServer } from '../../test/harness.js';
import { GOOGLE_CLIENT, signInWithGoogle, startGoogleStandIn, type GoogleStandIn } from '../../test/google-standin.js';

const PURCHASE = 'infrastructure=selfhosted&plan=unlimited&period=annual';
/** Where /auth/sign-in?${PURCHASE} sends "Sign in with Google" (web: SignInPage → googleSignInUrl(returnTo)). */
const FROM_SIGN_IN_PAGE = `/auth/google?returnTo=${encodeURIComponent(`/user/buy-new-licence?${PURCHASE}`)}`;

/** Sign-in with Google: passport-google-oauth20 in the real app, oauth2-mock-server as Google. */
describe('Google sign-in (oauth2-mock-server as Google)', () => {
  let google: GoogleStandIn;
  let server: TestServer;

  before(async () => {
    google = await startGoogleStandIn();
    const port = await freePort();
    const publicUrl = `http://127.0.0.1:${port}`;
    server = await startTestServer({ env: { PORT: String(port), SESSION_SECRET: 'google-test-session-secret', ...google.env(publicUrl) } });
  });
  after(async () => {
    await server.close();
    await google.close();
  });

  const userEvents = async (userId: string) => (await server.rt.events.readStream(`user-${userId}`)).map((e) => ({ type: e.type, data: e.data as Record<string, unknown> }));

  it('from the sign-in page of a purchase, through Google, back to the purchase page: registered, cookies set, getUser, logout', async () => {
    google.user = { ...google.user, sub: 'g-first-1', email: 'ada.first@example.com', given_name: 'Ada', family_name: 'Lovelace', name: 'Ada Lovelace', picture: 'https://lh3.googleusercontent.com/a/ada=s96-c' };
    const browser = server.client();
    const flow = await signInWithGoogle(browser, FROM_SIGN_IN_PAGE);

    // Our redirect to Google: the configured authorization URL, our client id, our callback, a state.
    expect(`${flow.authorize.origin}${flow.authorize.pathname}`).to.equal(`${google.url}/authorize`);
    const asked = google.authorizeRequests.at(-1)!;
    expect(asked.get('client_id')).to.equal(GOOGLE_CLIENT.id);
    expect(asked.get('redirect_uri')).to.equal(`${server.config.publicUrl}/auth/google/callback`);
    expect(asked.get('response_type')).to.equal('code');
    expect(asked.get('scope')!.split(' ')).to.include.members(['openid', 'profile', 'email']);
    expect(asked.get('state')).to.have.length.greaterThan(20);
    const stateCookie = flow.start.headers.getSetCookie().find((c) => c.startsWith('google_oauth_state='))!;
    expect(stateCookie).to.match(/HttpOnly/i).and.to.match(/Path=\/auth\/google/).and.to.match(/SameSite=Lax/i);
    // The code was exchanged with our secret and the same redirect URI; userinfo was read with the access token.
    expect(google.tokenRequests.at(-1)).to.include({ grant_type: 'authorization_code', client_id: GOOGLE_CLIENT.id, client_secret: GOOGLE_CLIENT.secret, redirect_uri: `${server.config.publicUrl}/auth/google/callback` });
    expect(google.userinfoAuthorizations.at(-1)).to.match(/^Bearer .+/);

    // Back where the purchase was going, with its plan.
    expect(flow.done.status).to.equal(302);
    expect(flow.location).to.equal(`/user/buy-new-licence?${PURCHASE}`);
    const cookies = flow.done.headers.getSetCookie();
    const token = cookies.find((c) => c.startsWith('auth_token='))!;
    const strategy = cookies.find((c) => c.startsWith('auth_strategy='))!;
    expect(token).to.match(/Max-Age=2592000/).and.to.match(/Path=\//).and.to.match(/HttpOnly/i);
    expect(strategy).to.match(/^auth_strategy=google;/).and.to.match(/Max-Age=2592000/).and.to.match(/Path=\//).and.not.to.match(/HttpOnly/i);
    // The state cookie is spent.
    expect(cookies.find((c) => c.startsWith('google_oauth_state='))).to.match(/Expires=Thu, 01 Jan 1970/);

    const me = await browser.post('/auth/google/getUser');
    expect(me.status).to.equal(200);
    const userId = deterministicUuid('google:g-first-1');
    expect(me.body.data).to.include({
      _id: userId,
      email: 'ada.first@example.com',
      givenName: 'Ada',
      familyName: 'Lovelace',
      picture: 'https://lh3.googleusercontent.com/a/ada=s96-c',
      role: 'ROLE_CUSTOMER',
      strategy: 'google',
    });
    const events = await userEvents(userId);
    expect(events.map((e) => e.type)).to.deep.equal(['UserRegistered', 'UserSignedIn']);
    expect(events[0]!.data).to.include({ role: 'ROLE_CUSTOMER', strategy: 'google', givenName: 'Ada', familyName: 'Lovelace', email: 'ada.first@example.com' });
    expect(events[1]!.data).to.include({ strategy: 'google' });

    // The purchase continues signed in.
    const bought = await browser.post('/subscriptions/create', {
      subscription_type: 'SUBSCRIPTION_YEAR',
      status: 'SUBSCRIPTION_STATUS_INITIAL',
      user_id: userId,
      payment_details: { plan_id: 'unlimited', privacy_policy_confirm: true },
    });
    expect(bought.status).to.equal(201);

    const out = await browser.post('/auth/google/logout');
    expect(out.status).to.equal(200);
    expect(browser.cookies.has('auth_token')).to.equal(false);
    expect(browser.cookies.has('auth_strategy')).to.equal(false);
    expect((await browser.post('/auth/google/getUser')).body.data).to.deep.equal({});
    // The old token no longer works even if kept.
    expect((await server.client().post('/auth/google/getUser', {}, { headers: { AUTH_TOKEN_VALUE: flow.done.headers.getSetCookie().find((c) => c.startsWith('auth_token='))!.split(';')[0]!.split('=')[1]! } })).body.data).to.deep.equal({});
  });

  it('signs a returning Google user in (UserSignedIn, no second registration); the purchase query alone also returns to the purchase page', async () => {
    google.user = { ...google.user, sub: 'g-returning', email: 'returning@example.com' };
    const first = await signInWithGoogle(server.client(), `/auth/google?${PURCHASE}`);
    expect(first.location).to.equal(`/user/buy-new-licence?${PURCHASE}`);
    const second = await signInWithGoogle(server.client(), '/auth/google');
    expect(second.location).to.equal('/');
    const events = await userEvents(deterministicUuid('google:g-returning'));
    expect(events.map((e) => e.type)).to.deep.equal(['UserRegistered', 'UserSignedIn', 'UserSignedIn']);
  });

  it('signs in as the account an administrator created for the same verified address', async () => {
    const admin = await server.admin();
    const created = await admin.post('/users/create', { givenName: 'Katherine', familyName: 'Johnson', email: 'katherine@example.com', role: 'ROLE_ADMIN' });
    expect(created.status).to.equal(201);
    google.user = { ...google.user, sub: 'g-katherine', email: 'Katherine@Example.com', given_name: 'Kathy', family_name: 'J' };
    const browser = server.client();
    const flow = await signInWithGoogle(browser, '/auth/google?returnTo=/admin/users/list');
    expect(flow.location).to.equal('/admin/users/list');
    const me = (await browser.post('/auth/google/getUser')).body.data;
    expect(me).to.include({ _id: created.body.data._id, role: 'ROLE_ADMIN', givenName: 'Katherine' });
    expect(browser.cookies.get('auth_strategy')).to.equal('google');
    const events = await userEvents(created.body.data._id);
    expect(events.filter((e) => e.type === 'UserRegistered')).to.have.length(1);
    expect(events.at(-1)!.type).to.equal('UserSignedIn');
    expect(events.at(-1)!.data.strategy).to.equal('google');
    expect(await server.rt.events.readStream(`user-${deterministicUuid('google:g-katherine')}`)).to.have.length(0);
  });

  it('an administrator lands on the admin home, unless headed into the admin area or a purchase', async () => {
    const admin = await server.admin();
    expect((await admin.post('/users/create', { givenName: 'Grace', familyName: 'Hopper', email: 'grace@example.com', role: 'ROLE_ADMIN' })).status).to.equal(201);
    google.user = { ...google.user, sub: 'g-grace', email: 'grace@example.com', given_name: 'Grace', family_name: 'Hopper' };
    expect((await signInWithGoogle(server.client(), `/auth/google?returnTo=${encodeURIComponent('/pricing')}`)).location).to.equal('/admin');
    expect((await signInWithGoogle(server.client(), `/auth/google?returnTo=${encodeURIComponent('/ru/about')}`)).location).to.equal('/ru/admin');
    expect((await signInWithGoogle(server.client(), '/auth/google')).location).to.equal('/admin');
    expect((await signInWithGoogle(server.client(), `/auth/google?returnTo=${encodeURIComponent('/admin/files')}`)).location).to.equal('/admin/files');
    expect((await signInWithGoogle(server.client(), FROM_SIGN_IN_PAGE)).location).to.equal(`/user/buy-new-licence?${PURCHASE}`);
  });

  it('refuses an address Google has not verified', async () => {
    google.user = { ...google.user, sub: 'g-unverified', email: 'unverified@example.com', email_verified: false };
    const browser = server.client();
    const flow = await signInWithGoogle(browser, FROM_SIGN_IN_PAGE);
    expect(flow.location).to.equal(`/auth/sign-in?${PURCHASE}&error=google-email-unverified`);
    expect(browser.cookies.has('auth_token')).to.equal(false);
    expect(await server.rt.readSide.queries.findUserByEmail('unverified@example.com')).to.equal(null);
  });

  it('refuses a callback whose state this browser did not start (login CSRF), and one Google denied', async () => {
    google.user = { ...google.user, sub: 'g-victim', email: 'victim@example.com', email_verified: true };
    // The attacker starts a sign-in and hands the callback URL (code + state) to the victim's browser.
    const attacker = server.client();
    const start = await attacker.get(FROM_SIGN_IN_PAGE);
    const atGoogle = await fetch(start.headers.get('location')!, { redirect: 'manual' });
    const callback = new URL(atGoogle.headers.get('location')!);
    const victim = server.client();
    const forged = await victim.get(`${callback.pathname}${callback.search}`);
    expect(forged.status).to.equal(302);
    expect(forged.headers.get('location')).to.equal('/auth/sign-in?error=google-state');
    expect(victim.cookies.has('auth_token')).to.equal(false);
    // A state that was tampered with in the attacker's own browser fails the same way.
    callback.searchParams.set('state', 'tampered');
    expect((await attacker.get(`${callback.pathname}${callback.search}`)).headers.get('location')).to.equal(`/auth/sign-in?${PURCHASE}&error=google-state`);

    // The user says no on Google's page.
    const browser = server.client();
    await browser.get(FROM_SIGN_IN_PAGE);
    const denied = await browser.get('/auth/google/callback?error=access_denied&error_description=The+user+denied');
    expect(denied.headers.get('location')).to.equal(`/auth/sign-in?${PURCHASE}&error=google-denied`);
    // A bare callback is not a sign-in.
    expect((await server.client().get('/auth/google/callback')).headers.get('location')).to.equal('/auth/sign-in?error=google-failed');
  });

  it('returns only to paths of this site', async () => {
    google.user = { ...google.user, sub: 'g-redirects', email: 'redirects@example.com', email_verified: true };
    for (const returnTo of ['//evil.example/steal', 'https://evil.example/', '/\\evil.example', 'javascript:alert(1)']) {
      const flow = await signInWithGoogle(server.client(), `/auth/google?returnTo=${encodeURIComponent(returnTo)}`);
      expect(flow.location, returnTo).to.equal('/');
    }
  });
});

describe('Google sign-in without GOOGLE_CLIENT_ID', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => server.close());

  it('sends the browser to the sign-in page (local sign-in) with the purchase query kept', async () => {
    const res = await server.client().get(FROM_SIGN_IN_PAGE);
    expect(res.status).to.equal(302);
    expect(res.headers.get('location')).to.equal(`/auth/sign-in?${PURCHASE}&error=google-not-configured`);
    expect((await server.client().get('/auth/google')).headers.get('location')).to.equal('/auth/sign-in?error=google-not-configured');
  });

  it('keeps the visitor’s language: from a Russian page back to the Russian sign-in page', async () => {
    const fromRussian = `/auth/google?returnTo=${encodeURIComponent(`/ru/user/buy-new-licence?${PURCHASE}`)}`;
    const res = await server.client().get(fromRussian);
    expect(res.headers.get('location')).to.equal(`/ru/auth/sign-in?${PURCHASE}&error=google-not-configured`);
  });
});
