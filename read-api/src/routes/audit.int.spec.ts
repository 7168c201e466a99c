import { expect } from 'chai';
import { startTestServer, type ApiClient, type TestServer } from '../../test/harness.js';
import { buy, pay } from '../../test/billing.js';

describe('audit: a user’s history with actor and correlation ids; GDPR erasure (real HTTP)', function () {
  this.timeout(30_000);
  let server: TestServer;
  let admin: ApiClient;

  before(async () => {
    server = await startTestServer();
    admin = await server.admin();
  });
  after(async () => server.close());

  it('/users/history: the user’s and their subscriptions’ events, who and which request, filtered by type and time', async () => {
    const customer = await server.customer('audited');
    const create = await customer.post('/subscriptions/create', {
      subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', user_id: customer.userId,
      modules: [{ name: 'streams', limit: 2 }], payment_details: { plan_id: 'constructor', privacy_policy_confirm: true },
    }, { headers: { 'x-request-id': 'req-audit-create-0001' } });
    const id = create.body.data._id;
    await admin.post('/subscriptions/update', { id, name: 'Renamed by admin' }, { headers: { 'x-request-id': 'req-audit-rename-0002' } });

    const history = await admin.post('/users/history', { id: customer.userId });
    expect(history.status).to.equal(200);
    expect(history.body.data.map((h: { type: string }) => h.type)).to.deep.equal(['UserRegistered', 'UserSignedIn', 'EmailVerified', 'SubscriptionCreated', 'SubscriptionUpdated']);
    const [, , , created, renamed] = history.body.data;
    expect(created).to.deep.include({ correlationId: 'req-audit-create-0001', actor: { id: customer.userId, role: 'ROLE_CUSTOMER' } });
    expect(renamed.correlationId).to.equal('req-audit-rename-0002');
    expect(renamed.actor.role).to.equal('ROLE_ADMIN');
    expect(renamed).to.have.property('causationId');

    const onlyUpdates = await admin.post('/users/history', { id: customer.userId, types: ['SubscriptionUpdated'] });
    expect(onlyUpdates.body.data).to.have.length(1);
    const future = await admin.post('/users/history', { id: customer.userId, from: new Date(Date.now() + 3_600_000).toISOString() });
    expect(future.body.data).to.deep.equal([]);
    expect((await customer.post('/users/history', { id: customer.userId })).status).to.equal(403);
    expect((await admin.post('/users/history', { id: customer.userId, from: 'soon' })).status).to.equal(400);
  });

  it('/users/erase: an event, not a deletion; lists, history and billing details stop showing the personal fields, invoices are kept as issued; sessions end', async () => {
    const victim = await server.customer('Erasmus');
    const details = { name: 'Erasmus Tester', address: '7 Quay Street\nRotterdam', country: 'NL', vatNumber: 'NL123456789B01' };
    expect((await victim.post('/billingDetails/update', details)).status).to.equal(200);
    const subscriptionId = await buy(victim, 2);
    await pay(server, victim, subscriptionId, 'O-ERASE-1', new Date().toISOString());
    // Its invoice, issued by the invoicing reactor from the log.
    expect(await server.rt.invoicingReactor.waitFor(await server.rt.events.headPosition(), 10_000)).to.equal(true);
    await server.rt.readSide.waitFor(await server.rt.events.headPosition(), 10_000);
    await victim.post('/subscriptions/update', { id: subscriptionId, name: 'My studio' });
    const before = await server.rt.events.readStream(`user-${victim.userId}`);
    expect(JSON.stringify((await admin.post('/users/history', { id: victim.userId })).body.data)).to.include(victim.email);

    const erased = await admin.post('/users/erase', { id: victim.userId, reason: 'GDPR request #42' });
    expect(erased.status).to.equal(200);
    expect(erased.body.data).to.deep.equal({ _id: victim.userId, erased: true, alreadyErased: false });

    // The log keeps every event; erasure is one more.
    const after = await server.rt.events.readStream(`user-${victim.userId}`);
    expect(after.slice(0, before.length)).to.deep.equal(before);
    expect(after[after.length - 1]).to.deep.include({ type: 'UserErased', data: { reason: 'GDPR request #42' } });

    // The user's sessions are gone.
    expect((await victim.post('/subscriptions/findAllByToken', {})).status).to.equal(401);

    const shows = async (path: string, body: unknown) => {
      const res = await admin.post(path, body);
      expect(res.status, path).to.be.oneOf([200, 404]);
      const text = JSON.stringify(res.body);
      return text.includes(victim.email) || text.includes('Erasmus');
    };
    expect(await shows('/users/findAll', { search: 'erasmus' })).to.equal(false);
    expect(await shows('/users/findAll', { pageSize: 500 })).to.equal(false);
    expect((await admin.post('/users/findOne', { id: victim.userId })).status).to.equal(404);
    expect(await shows('/subscriptions/findAll', { pageSize: 500 })).to.equal(false);
    expect(await shows('/subscriptions/findOne', { id: subscriptionId })).to.equal(false);
    expect((await admin.post('/subscriptions/findOne', { id: subscriptionId })).body.data.customer).to.deep.equal({ email: '', name: 'Erased user' });
    expect(await shows('/users/history', { id: victim.userId })).to.equal(false);
    expect(await shows('/subscriptions/history', { id: subscriptionId })).to.equal(false);
    // The billing details for future invoices are gone; the invoice keeps those it was issued with (accounting
    // retention: docs/audit.md), for administrators (the erased user can no longer sign in).
    expect((await admin.post('/billingDetails/findOne', { user_id: victim.userId })).body.data).to.equal(null);
    const [invoice] = (await admin.post('/invoices/findAll', { user_id: victim.userId })).body.data;
    expect(invoice.customer).to.deep.equal({ userId: victim.userId, ...details });
    expect(JSON.stringify(invoice)).to.not.include(victim.email);
    const history = (await admin.post('/users/history', { id: victim.userId })).body.data;
    expect(history.map((h: { type: string }) => h.type)).to.include('UserErased');

    // The address is free again; a second erasure changes nothing; nobody erases themself.
    expect((await admin.post('/users/create', { givenName: 'New', familyName: 'Owner', email: victim.email, role: 'ROLE_CUSTOMER' })).status).to.equal(201);
    expect((await admin.post('/users/erase', { id: victim.userId, reason: 'again' })).body.data.alreadyErased).to.equal(true);
    const me = (await admin.post('/auth/google/getUser')).body.data;
    expect((await admin.post('/users/erase', { id: me._id, reason: 'oops' })).status).to.equal(403);
    expect((await admin.post('/users/erase', { id: 'no-such-user', reason: 'x' })).status).to.equal(404);
    expect((await admin.post('/users/erase', { id: victim.userId })).status).to.equal(400);
  });
});
