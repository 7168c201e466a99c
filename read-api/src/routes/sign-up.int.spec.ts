import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../test/harness.js';

/**
 * Local sign-up (issue 16): e-mail, password, names and the privacy policy accepted. Refusals carry the field, a
 * rule and its parameters, so that the web app words them in the reader's language.
 */
describe('local sign-up: consent, and refusals as field, rule and parameters', function () {
  this.timeout(60_000);
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.close());

  const body = (overrides: Record<string, unknown> = {}) => ({
    email: `buyer-${Math.random().toString(36).slice(2)}@example.com`,
    password: 'violet-harbour-42-lantern',
    givenName: 'Вера',
    familyName: 'Покупатель',
    privacy_policy_confirm: true,
    ...overrides,
  });

  it('registers and signs in a customer who accepted the privacy policy', async () => {
    const client = server.client();
    const res = await client.post('/auth/local/register', body());
    expect(res.status).to.equal(201);
    expect(res.body.data).to.include({ role: 'ROLE_CUSTOMER', givenName: 'Вера' });
    expect((await client.post('/subscriptions/findAllByToken', {})).status).to.equal(200);
  });

  it('refuses a sign-up without the privacy policy accepted, naming the field and the rule', async () => {
    const missing = await server.client().post('/auth/local/register', body({ privacy_policy_confirm: undefined }));
    expect(missing.status).to.equal(400);
    expect(missing.body.error.details).to.deep.include({ field: 'privacy_policy_confirm', message: 'is required', rule: 'required' });
    const declined = await server.client().post('/auth/local/register', body({ privacy_policy_confirm: false }));
    expect(declined.status).to.equal(400);
    expect(declined.body.error.details[0]).to.include({ field: 'privacy_policy_confirm', rule: 'const' });
  });

  it('says which rule a field broke: an address already registered, a password easy to guess, a name too long', async () => {
    const first = body();
    expect((await server.client().post('/auth/local/register', first)).status).to.equal(201);
    const taken = await server.client().post('/auth/local/register', { ...first, email: first.email.toUpperCase() });
    expect(taken.status).to.equal(409);
    expect(taken.body.error.details).to.deep.equal([{ field: 'email', message: 'is already registered', rule: 'taken' }]);
    const weak = await server.client().post('/auth/local/register', body({ password: 'password1' }));
    expect(weak.status).to.equal(400);
    expect(weak.body.error.details[0]).to.include({ field: 'password', rule: 'weakPassword' });
    const long = await server.client().post('/auth/local/register', body({ givenName: 'x'.repeat(256) }));
    expect(long.status).to.equal(400);
    expect(long.body.error.details[0]).to.deep.include({ field: 'givenName', rule: 'maxLength', params: { limit: 255 } });
  });
});
