import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { startRedisServer, type RedisServer } from '../../../projections/test/redis-server.js';
import { createClient, startTestServer, type ApiClient, type TestServer } from '../../test/harness.js';
import { createRedisAuthStore, createSqliteAuthStore, type AuthStore } from '../auth/store.js';

/** Issue 23: a customer's own profile, password change and "sign out everywhere" (real HTTP, SQLite). */
describe('the account of a signed-in user: profile, password, sign out everywhere', function () {
  this.timeout(60_000);
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.close());

  /** A customer with a known password (the harness's customers all have "customer-password"). */
  async function customer(name: string): Promise<ApiClient & { userId: string; email: string }> {
    return server.customer(name);
  }
  const signIn = (email: string, password: string) => server.client().post('/auth/local/signin', { email, password });
  const whoAmI = async (c: ApiClient) => (await c.post('/auth/google/getUser', {})).body.data as { _id?: string };
  const historyTypes = async (userId: string) => {
    const admin = await server.admin();
    const res = await admin.post('/users/history', { id: userId });
    return (res.body.data as { type: string }[]).map((i) => i.type);
  };

  it('edits its own names and language, as one UserUpdated; refuses an empty name and an e-mail or role, naming the field', async () => {
    const c = await customer('Profile');
    const res = await c.post('/auth/profile/update', { givenName: 'Augusta', language: 'ru' });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.data).to.include({ givenName: 'Augusta', familyName: 'Tester', language: 'ru', role: 'ROLE_CUSTOMER' });
    expect((await whoAmI(c)) as object).to.include({ givenName: 'Augusta', language: 'ru' });

    const empty = await c.post('/auth/profile/update', { givenName: '' });
    expect(empty.status).to.equal(400);
    expect(empty.body.error.details[0]).to.include({ field: 'givenName', rule: 'empty' });
    const email = await c.post('/auth/profile/update', { email: 'other@example.com' });
    expect(email.status).to.equal(400);
    expect(email.body.error.details[0]).to.include({ field: 'email', rule: 'notAllowed' });
    const role = await c.post('/auth/profile/update', { role: 'ROLE_ADMIN' });
    expect(role.status).to.equal(400);
    expect(role.body.error.details[0].field).to.equal('role');
    const nothing = await c.post('/auth/profile/update', {});
    expect(nothing.status).to.equal(400);
    expect(nothing.body.error.details[0].field).to.equal('body');
    const language = await c.post('/auth/profile/update', { language: 'de' });
    expect(language.status).to.equal(400);
    expect(language.body.error.details[0].field).to.equal('language');

    const types = await historyTypes(c.userId);
    expect(types.filter((t) => t === 'UserUpdated')).to.have.length(1);
  });

  it('needs a signed-in caller; a User (not a customer) edits their own profile too', async () => {
    expect((await server.client().post('/auth/profile/update', { givenName: 'Nobody' })).status).to.equal(401);
    expect((await server.client().post('/auth/signOutEverywhere', {})).status).to.equal(401);
    expect((await server.client().post('/auth/local/changePassword', { currentPassword: 'x', newPassword: 'violet tractor umbrella 42' })).status).to.equal(401);
    const plain = await server.plainUser();
    const res = await plain.post('/auth/profile/update', { familyName: 'Userson' });
    expect(res.status).to.equal(200);
    expect(res.body.data).to.include({ familyName: 'Userson', role: 'ROLE_USER' });
  });

  it('changes the password: a wrong current password or a weak new one is refused naming its field; then every other session ends', async () => {
    const c = await customer('Password');
    const elsewhere = createClient(server.baseUrl);
    expect((await elsewhere.post('/auth/local/signin', { email: c.email, password: 'customer-password' })).status).to.equal(200);
    const apiToken = elsewhere.token!;

    const wrong = await c.post('/auth/local/changePassword', { currentPassword: 'not-my-password', newPassword: 'violet tractor umbrella 42' });
    expect(wrong.status).to.equal(400);
    expect(wrong.body.error.details[0]).to.include({ field: 'currentPassword', rule: 'wrongPassword' });
    const weak = await c.post('/auth/local/changePassword', { currentPassword: 'customer-password', newPassword: 'password1' });
    expect(weak.status).to.equal(400);
    expect(weak.body.error.details[0]).to.include({ field: 'newPassword', rule: 'weakPassword' });
    const short = await c.post('/auth/local/changePassword', { currentPassword: 'customer-password', newPassword: 'short' });
    expect(short.status).to.equal(400);
    expect(short.body.error.details[0]).to.include({ field: 'newPassword', rule: 'minLength' });
    const missing = await c.post('/auth/local/changePassword', { newPassword: 'violet tractor umbrella 42' });
    expect(missing.status).to.equal(400);
    expect(missing.body.error.details[0]).to.include({ field: 'currentPassword', rule: 'required' });

    const ok = await c.post('/auth/local/changePassword', { currentPassword: 'customer-password', newPassword: 'violet tractor umbrella 42' });
    expect(ok.status, JSON.stringify(ok.body)).to.equal(200);
    expect(ok.body.data.token).to.be.a('string');
    // This browser goes on with its new session; the other browser and the API token are signed out.
    expect((await whoAmI(c))._id).to.equal(c.userId);
    expect(await whoAmI(elsewhere)).to.deep.equal({});
    const byHeader = await server.client().post('/subscriptions/findAllByToken', {}, { headers: { AUTH_TOKEN_VALUE: apiToken } });
    expect(byHeader.status).to.equal(401);
    const newToken = await server.client().post('/subscriptions/findAllByToken', {}, { headers: { AUTH_TOKEN_VALUE: ok.body.data.token } });
    expect(newToken.status).to.equal(200);
    // The old password no longer signs in; the new one does.
    expect((await signIn(c.email, 'customer-password')).status).to.equal(401);
    expect((await signIn(c.email, 'violet tractor umbrella 42')).status).to.equal(200);
    expect(await historyTypes(c.userId)).to.include('UserPasswordChanged');
  });

  it('two password changes at once: one succeeds, the other is a 409 naming currentPassword, and only the winner’s password signs in', async () => {
    for (let round = 0; round < 3; round++) {
      const c = await customer(`Race${round}`);
      const other = createClient(server.baseUrl);
      expect((await other.post('/auth/local/signin', { email: c.email, password: 'customer-password' })).status).to.equal(200);
      const [a, b] = await Promise.all([
        c.post('/auth/local/changePassword', { currentPassword: 'customer-password', newPassword: 'amber lighthouse 17 walrus' }),
        other.post('/auth/local/changePassword', { currentPassword: 'customer-password', newPassword: 'copper meadow 58 falcon' }),
      ]);
      const statuses = [a.status, b.status].sort();
      expect(statuses, JSON.stringify([a.body, b.body])).to.deep.equal([200, 409]);
      const loser = a.status === 409 ? a : b;
      expect(loser.body.error.details[0]).to.include({ field: 'currentPassword', rule: 'changedMeanwhile' });
      const winner = a.status === 200 ? 'amber lighthouse 17 walrus' : 'copper meadow 58 falcon';
      const other_ = a.status === 200 ? 'copper meadow 58 falcon' : 'amber lighthouse 17 walrus';
      expect((await signIn(c.email, winner)).status).to.equal(200);
      expect((await signIn(c.email, other_)).status).to.equal(401);
      expect((await signIn(c.email, 'customer-password')).status).to.equal(401);
      // One change happened, and one was recorded.
      expect((await historyTypes(c.userId)).filter((t) => t === 'UserPasswordChanged')).to.have.length(1);
    }
  });

  it('refuses a password change for an account without a password (Google), with a 409 naming currentPassword', async () => {
    const admin = await server.admin();
    const email = `google-only-${Date.now()}@example.com`;
    expect((await admin.post('/users/create', { givenName: 'Goo', familyName: 'Gle', email, role: 'ROLE_CUSTOMER' })).status).to.equal(201);
    // Signed in through a session started on the server (no password exists to sign in with).
    const users = await admin.post('/users/findAll', { search: email });
    const token = await import('../http/session.js').then((m) => m.startSession(server.rt, users.body.data[0]));
    const res = await server.client().post('/auth/local/changePassword', { currentPassword: 'anything', newPassword: 'violet tractor umbrella 42' }, { headers: { AUTH_TOKEN_VALUE: token } });
    expect(res.status).to.equal(409);
    expect(res.body.error.details[0]).to.include({ field: 'currentPassword', rule: 'noPassword' });
  });

  it('signs out everywhere: every cookie session and API token of the user ends at once, recorded; other users keep theirs', async () => {
    const c = await customer('Everywhere');
    const laptop = createClient(server.baseUrl);
    expect((await laptop.post('/auth/local/signin', { email: c.email, password: 'customer-password' })).status).to.equal(200);
    const token = laptop.token!;
    const bystander = await customer('Bystander');

    const res = await c.post('/auth/signOutEverywhere', {});
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    expect(res.body.data).to.include({ _id: c.userId, signedOutEverywhere: true });
    expect(await whoAmI(c)).to.deep.equal({});
    expect(await whoAmI(laptop)).to.deep.equal({});
    expect((await server.client().post('/subscriptions/findAllByToken', {}, { headers: { AUTH_TOKEN_VALUE: token } })).status).to.equal(401);
    expect((await whoAmI(bystander))._id).to.equal(bystander.userId);
    expect(await historyTypes(c.userId)).to.include('UserSignedOutEverywhere');
    // The password still works: signing in again starts a new session.
    expect((await signIn(c.email, 'customer-password')).status).to.equal(200);
  });
});

describe('auth store: the password hash is replaced only while it is the one checked (compare-and-set)', () => {
  async function casRace(store: AuthStore) {
    await store.setPassword('user-1', 'hash-0');
    const results = await Promise.all([store.replacePassword('user-1', 'hash-0', 'hash-a'), store.replacePassword('user-1', 'hash-0', 'hash-b')]);
    expect(results.filter(Boolean)).to.have.length(1);
    expect(await store.getPassword('user-1')).to.equal(results[0] ? 'hash-a' : 'hash-b');
    expect(await store.replacePassword('user-2', 'hash-0', 'hash-c')).to.equal(false);
    expect(await store.getPassword('user-2')).to.equal(null);
  }

  it('SQLite', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'relaycast-auth-cas-'));
    const store = createSqliteAuthStore(join(dir, 'auth.db'));
    try {
      await casRace(store);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe('Redis', function () {
    this.timeout(30_000);
    let redis: RedisServer;
    before(async () => {
      redis = await startRedisServer();
    });
    after(async () => redis?.stop());
    it('Redis (one script: atomic)', async () => {
      const client = new Redis(redis.url);
      try {
        await casRace(createRedisAuthStore(client));
      } finally {
        client.disconnect();
      }
    });
  });
});
