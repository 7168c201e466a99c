import { expect } from 'chai';
import { startTestServer, type ApiClient, type TestServer } from '../../test/harness.js';

/** The seed's section 5 rules, one by one, through the real API: 400 with a message naming the field. */
describe('validation rules of seed §5 (real HTTP)', function () {
  let server: TestServer;
  let admin: ApiClient;
  let customer: ApiClient & { userId: string };
  before(async () => {
    server = await startTestServer();
    admin = await server.admin();
    customer = await server.customer('validator');
  });
  after(async () => server.close());

  async function refused(client: ApiClient, path: string, body: unknown, field: RegExp) {
    const res = await client.post(path, body);
    expect(res.status, JSON.stringify(res.body)).to.equal(400);
    expect(res.body.error.code).to.equal('VALIDATION_FAILED');
    expect(res.body.error.message).to.match(field);
    return res;
  }

  describe('admin create-user', () => {
    const valid = () => ({ givenName: 'Grace', familyName: 'Hopper', email: `grace-${Math.random()}@navy.example`, role: 'ROLE_ADMIN' });
    for (const field of ['givenName', 'familyName', 'email', 'role'] as const) {
      it(`${field} is required`, async () => {
        const body: Record<string, unknown> = valid();
        delete body[field];
        await refused(admin, '/users/create', body, new RegExp(`^${field} is required`));
      });
    }
    for (const field of ['givenName', 'familyName'] as const) {
      it(`${field} is a string of 1 to 255 characters`, async () => {
        await refused(admin, '/users/create', { ...valid(), [field]: '' }, new RegExp(`^${field} must not be empty`));
        await refused(admin, '/users/create', { ...valid(), [field]: 'x'.repeat(256) }, new RegExp(`^${field} must NOT have more than 255 characters`));
        await refused(admin, '/users/create', { ...valid(), [field]: 42 }, new RegExp(`^${field} must be string`));
        expect((await admin.post('/users/create', { ...valid(), [field]: 'x'.repeat(255) })).status).to.equal(201);
        expect((await admin.post('/users/create', { ...valid(), [field]: 'Я' })).status).to.equal(201);
      });
    }
    it('email must be a valid address, with any top-level domain', async () => {
      for (const bad of ['plainaddress', 'a@', '@b.com', 'a b@c.com', 'a@b..com']) await refused(admin, '/users/create', { ...valid(), email: bad }, /^email must be a valid email address/);
      for (const good of ['x@y.photography', 'first.last+tag@sub.domain.museum', 'a@b.co', 'Mixed.Case@Example.ORG']) {
        const res = await admin.post('/users/create', { ...valid(), email: good.replace('@', `${Math.floor(Math.random() * 1e6)}@`) });
        expect(res.status, `${good}: ${JSON.stringify(res.body)}`).to.equal(201);
      }
    });
    it('role must be a known role', async () => {
      await refused(admin, '/users/create', { ...valid(), role: 'ROLE_GOD' }, /^role must be one of: ROLE_USER, ROLE_ADMIN, ROLE_CUSTOMER/);
    });
    it('extra fields are allowed (and ignored)', async () => {
      const res = await admin.post('/users/create', { ...valid(), favouriteColour: 'teal' });
      expect(res.status).to.equal(201);
      expect(res.body.data).to.not.have.property('favouriteColour');
    });
    it('an e-mail already registered is a conflict', async () => {
      const body = valid();
      expect((await admin.post('/users/create', body)).status).to.equal(201);
      const again = await admin.post('/users/create', { ...valid(), email: body.email.toUpperCase() });
      expect(again.status).to.equal(409);
      expect(again.body.error.message).to.match(/already registered/);
    });
  });

  describe('subscription create', () => {
    const valid = () => ({
      subscription_type: 'SUBSCRIPTION_FREE',
      status: 'SUBSCRIPTION_STATUS_INITIAL',
      user_id: customer.userId,
      payment_details: { plan_id: 'unlimited', privacy_policy_confirm: true },
    });
    for (const field of ['subscription_type', 'status', 'user_id'] as const) {
      it(`${field} is a required string`, async () => {
        const body: Record<string, unknown> = valid();
        delete body[field];
        await refused(customer, '/subscriptions/create', body, new RegExp(`^${field} is required`));
        await refused(customer, '/subscriptions/create', { ...valid(), [field]: 7 }, new RegExp(`^${field} must be string`));
      });
    }
    it('extra fields are allowed', async () => {
      expect((await customer.post('/subscriptions/create', { ...valid(), note: 'hello' })).status).to.equal(201);
    });
    it('a browser figure that differs from the catalogue is refused with 422, naming the field', async () => {
      const res = await customer.post('/subscriptions/create', {
        subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', user_id: customer.userId,
        modules: [{ name: 'streams', limit: 3 }], payment_details: { plan_id: 'constructor', privacy_policy_confirm: true, amount: 100 },
      });
      expect(res.status).to.equal(422);
      expect(res.body.error).to.deep.include({ code: 'PRICE_MISMATCH' });
      expect(res.body.error.message).to.match(/^payment_details\.amount \$1\.00 does not match the catalogue price \$15\.00/);
    });
  });

  const paymentCalls: [string, string[]][] = [
    ['/subscriptions/revise', ['user_id', 'paypalSubscriptionID']],
    ['/subscriptions/captureOrder', ['user_id', 'paypalOrderID', 'paypalSubscriptionID']],
    ['/subscriptions/captureChangePaymentMethod', ['user_id', 'paypalOrderID', 'paypalSubscriptionID']],
  ];
  for (const [path, strings] of paymentCalls) {
    describe(path, () => {
      const valid = (): Record<string, unknown> => ({ user_id: customer.userId, paypalOrderID: 'O-1', paypalSubscriptionID: 'RCS-1', quantity: 1 });
      for (const field of [...strings, 'quantity']) {
        it(`${field} is required`, async () => {
          const body = valid();
          delete body[field];
          await refused(customer, path, body, new RegExp(`^${field} is required`));
        });
      }
      for (const field of strings) {
        it(`${field} must be a string`, async () => refused(customer, path, { ...valid(), [field]: 12 }, new RegExp(`^${field} must be string`)));
      }
      it('quantity must be a whole number of at least 1', async () => {
        await refused(customer, path, { ...valid(), quantity: '3' }, /^quantity must be integer/);
        await refused(customer, path, { ...valid(), quantity: 1.5 }, /^quantity must be integer/);
        await refused(customer, path, { ...valid(), quantity: 0 }, /^quantity must be >= 1/);
        await refused(customer, path, { ...valid(), quantity: -4 }, /^quantity must be >= 1/);
      });
      it('id is optional but must be a string when given', async () => {
        await refused(customer, path, { ...valid(), id: 5 }, /^id must be string/);
      });
    });
  }

  describe('bodies that are not what a route takes', () => {
    it('malformed JSON, a JSON array, another content type, an oversized body, deep nesting', async () => {
      const raw = (body: string, type = 'application/json') => customer.post('/subscriptions/findAllByToken', undefined, { raw: body, headers: { 'content-type': type } });
      expect((await raw('{"a":')).status).to.equal(400);
      expect((await raw('[1,2]')).body.error.message).to.equal('body must be a JSON object');
      expect((await raw('a=1', 'application/x-www-form-urlencoded')).status).to.equal(415);
      expect((await raw(JSON.stringify({ search: 'x'.repeat(300_000) }))).status).to.equal(413);
      let deep: unknown = 1;
      for (let i = 0; i < 40; i++) deep = { d: deep };
      const nested = await raw(JSON.stringify({ search: deep }));
      expect(nested.status).to.equal(400);
      expect(nested.body.error.message).to.match(/nested deeper than 32/);
    });
    it('prototype-pollution keys are refused, naming the key', async () => {
      const res = await customer.post('/subscriptions/findAllByToken', undefined, { raw: '{"constructor":{"prototype":{"polluted":true}}}', headers: { 'content-type': 'application/json' } });
      expect(res.status).to.equal(400);
      expect(res.body.error.message).to.equal('constructor is not an allowed key');
      expect(({} as Record<string, unknown>).polluted).to.equal(undefined);
    });
    it('unknown routes answer 404 in the error shape', async () => {
      const res = await customer.post('/subscriptions/nope', {});
      expect(res.status).to.equal(404);
      expect(res.body.error.code).to.equal('NOT_FOUND');
    });
  });
});
