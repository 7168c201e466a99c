import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { buyConstructor } from '../../test/paypal-standin/flow.js';

/** Issue 14, item 11: names accepted NUL and bidi-override characters (a name that reads differently than it is). */
describe('names people read', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(() => server?.close());

  const HOSTILE = ['Ada\u0000Lovelace', '\u202Eecilrevol', 'Ada\u2066x\u2069', 'tab\there', 'line\nbreak', '\u200B', ' '];

  it('refuses control, bidi-override and blank names on register, users and subscriptions, naming the field', async () => {
    const admin = await server.admin();
    for (const name of HOSTILE) {
      const registered = await server.client().post('/auth/local/register', { email: `n-${Math.random()}@example.com`, password: 'a-long-enough-password-1', givenName: name, familyName: 'Ok', privacy_policy_confirm: true });
      expect(registered.status, JSON.stringify(name)).to.equal(400);
      expect(registered.body.error.details[0].field).to.equal('givenName');
      const user = await admin.post('/users/create', { givenName: 'Ok', familyName: name, email: `u-${Math.random()}@example.com`, role: 'ROLE_CUSTOMER' });
      expect(user.status, JSON.stringify(name)).to.equal(400);
    }
    const customer = await server.customer('Named');
    const sub = await buyConstructor(customer, 1);
    for (const name of HOSTILE) {
      const res = await customer.post('/subscriptions/update', { id: sub._id, name });
      expect(res.status, JSON.stringify(name)).to.equal(400);
      expect(res.body.error.details[0].field).to.equal('name');
    }
    // Letters of any script, spaces inside, apostrophes and hyphens stay welcome.
    for (const name of ['Анна-Мария', "O'Brien", 'José Luis', '李 小龙']) {
      expect((await customer.post('/subscriptions/update', { id: sub._id, name })).status, name).to.equal(200);
    }
  });
});
