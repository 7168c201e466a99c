import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../test/harness.js';

/** Issue 14, item 11: passwords like "aaaaaaaa" were accepted (only a length of 8 was checked). */
describe('passwords that are easy to guess', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.close());

  const register = (password: string, givenName = 'Grace', familyName = 'Hopper') =>
    server.client().post('/auth/local/register', { email: `p-${Math.random()}@example.com`, password, givenName, familyName, privacy_policy_confirm: true });

  it('refuses common, repeated, sequential and personal passwords at sign-up and in the admin form, naming the field', async () => {
    for (const password of ['aaaaaaaa', 'password1', '12345678', 'qwertyuiop', 'abcdefgh1', 'GraceHopper1']) {
      const res = await register(password);
      expect(res.status, password).to.equal(400);
      expect(res.body.error.details[0].field).to.equal('password');
      expect(res.body.error.message).to.match(/too easy to guess/);
    }
    const admin = await server.admin();
    const weak = await admin.post('/users/create', { givenName: 'A', familyName: 'B', email: `w-${Math.random()}@example.com`, role: 'ROLE_CUSTOMER', password: 'aaaaaaaa' });
    expect(weak.status).to.equal(400);
  });

  it('accepts a phrase of unrelated words', async () => {
    expect((await register('violet tractor umbrella 42')).status).to.equal(201);
  });
});
