import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { claimDecider, createCommandHandler, createSqliteEventStore, subscriptionDecider, userDecider, type CommandHandler } from '@relaycast/billing-core';
import type { CommandMetadata } from '@relaycast/contracts';
import { startTestServer, type ApiClient, type TestServer } from '../../test/harness.js';
import { buy } from '../../test/billing.js';

/**
 * Issue 30 item 6, as it was reproduced over HTTP: "a 500-unit trial, then its grace: 14 days of 500 units for $0;
 * alice+1@, a.lice@gmail.com, @googlemail.com each get their own trial". A trial is at most 20 units (the first price
 * tier) and one per mailbox; trials started before that rule claim their mailbox when the server starts.
 */
describe('trials bounded by what was paid (issue 30 item 6, over HTTP)', function () {
  this.timeout(60_000);

  /** A customer registered through the API with this address, verified (as after following the e-mailed link). */
  async function customerWith(server: TestServer, email: string): Promise<ApiClient & { userId: string }> {
    const c = server.client();
    const res = await c.post('/auth/local/register', { email, password: 'customer-password', givenName: 'Alice', familyName: 'Tester', privacy_policy_confirm: true });
    if (res.status !== 201) throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
    const userId = res.body.data._id as string;
    await server.rt.execute(userDecider, userId, { type: 'VerifyEmail', data: { email }, metadata: { now: new Date().toISOString(), actorId: userId, actorRole: 'ROLE_CUSTOMER', correlationId: `verify-${userId}` } });
    return Object.assign(c, { userId });
  }

  describe('on a fresh server', () => {
    let server: TestServer;
    before(async () => {
      server = await startTestServer();
    });
    after(async () => server.close());

    it('a 500-unit trial is refused: 400 naming quantity (at most 20); a 20-unit one starts', async () => {
      const customer = await server.customer('bigtrial');
      const big = await buy(customer, 500);
      const refused = await customer.post('/subscriptions/startTrial', { id: big });
      expect(refused.status).to.equal(400);
      expect(refused.body.error.code).to.equal('VALIDATION_FAILED');
      expect(refused.body.error.details).to.deep.equal([
        { field: 'quantity', message: 'must be at most 20 units for a free trial (this configuration has 500): pay for it, or revise it to 20 units or fewer first', rule: 'trialMaxUnits', params: { max: 20 } },
      ]);
      // Nothing was claimed by the refusal: the same customer's 20-unit subscription gets the trial.
      const small = await buy(customer, 20);
      const started = await customer.post('/subscriptions/startTrial', { id: small });
      expect(started.status).to.equal(200);
      expect(started.body.data).to.include({ status: 'SUBSCRIPTION_STATUS_ACTIVE', quantity: 20 });
    });

    it('alice+1@, a.lice@gmail.com and @googlemail.com get no second trial (409 on email, trialTaken); another mailbox does', async () => {
      const alice = await customerWith(server, 'alice@gmail.com');
      expect((await alice.post('/subscriptions/startTrial', { id: await buy(alice) })).status).to.equal(200);
      for (const alias of ['alice+1@gmail.com', 'a.lice@gmail.com', 'alice@googlemail.com', 'A.Lice+x@GoogleMail.com']) {
        const other = await customerWith(server, alias);
        const refused = await other.post('/subscriptions/startTrial', { id: await buy(other) });
        expect(refused.status, alias).to.equal(409);
        expect(refused.body.error.details, alias).to.deep.equal([{ field: 'email', message: 'has already had a free trial', rule: 'trialTaken' }]);
      }
      const bob = await customerWith(server, 'bob+news@example.com');
      expect((await bob.post('/subscriptions/startTrial', { id: await buy(bob) })).status).to.equal(200);
      const bobAgain = await customerWith(server, 'bob@example.com');
      expect((await bobAgain.post('/subscriptions/startTrial', { id: await buy(bobAgain) })).status).to.equal(409);
    });

    it('a raise during the trial waits for its balance (effect pending), and the licence stays at the trial’s size', async () => {
      const customer = await server.customer('trialraise');
      const id = await buy(customer, 2);
      expect((await customer.post('/subscriptions/startTrial', { id })).status).to.equal(200);
      const body = { id, user_id: customer.userId, paypalSubscriptionID: 'none', quantity: 500, modules: [{ name: 'streams', limit: 500 }] };
      const preview = await customer.post('/subscriptions/revise', { ...body, preview: true });
      expect(preview.status, JSON.stringify(preview.body)).to.equal(200);
      // 500 streams cost 156,000 cents a month, 2 cost 1,000: 155,000 more for the 7 trial days of a month of 28–31
      // days (started now): at least 155,000 × 7/31 = 35,000 cents, at most 155,000 × 7/28 = 38,750.
      expect(preview.body.data.effect).to.equal('pending');
      expect(preview.body.data.balance).to.be.within(35_000, 38_750);
      const revised = await customer.post('/subscriptions/revise', body);
      expect(revised.status, JSON.stringify(revised.body)).to.equal(200);
      expect(revised.body.meta.effect).to.equal('pending');
      const after = (await customer.post('/subscriptions/findOne', { id })).body.data;
      expect(after.pendingChange).to.include({ quantity: 500, balance: preview.body.data.balance });
      expect(after.amountDue, 'the balance is what is due now').to.equal(preview.body.data.balance);
      expect(after.quantity, 'the configuration in force is unchanged until paid').to.equal(2);
      expect(after.licence, 'the trial licence is still for 2 streams').to.include({ serial: 1, quantity: 2, revoked: false });
    });
  });

  describe('a DATA_DIR written before trials were one per mailbox', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'relaycast-trial-upgrade-'));
    let server: TestServer;
    const at = (now: string, actorId: string, role: CommandMetadata['actorRole'] = 'ROLE_CUSTOMER'): CommandMetadata => ({ now, actorId, actorRole: role, correlationId: `old-${actorId}` });

    before(async () => {
      // The old server's records: Alice's trial under a tagged Gmail address, its address claimed as typed.
      const store = createSqliteEventStore(join(dataDir, 'events.db'));
      const handler: CommandHandler = createCommandHandler(store);
      const now = '2026-02-01T00:00:00.000Z';
      await handler.handle(userDecider, 'old-alice', {
        type: 'RegisterUser',
        data: { userId: 'old-alice', email: 'Alice+1@Gmail.com', givenName: 'Alice', familyName: 'Old', role: 'ROLE_CUSTOMER', strategy: 'google', emailVerified: true },
        metadata: at(now, 'old-alice'),
      });
      await handler.handle(subscriptionDecider, 'old-sub', {
        type: 'CreateSubscription',
        data: { subscriptionId: 'old-sub', user_id: 'old-alice', subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', plan_id: 'constructor', infrastructure_type: 'self-hosted', modules: [{ name: 'streams', limit: 2 }], privacy_policy_confirm: true },
        metadata: at(now, 'old-alice'),
      });
      const oldAddressKey = `trial-address-${createHash('sha256').update('alice+1@gmail.com').digest('hex')}`;
      for (const key of ['trial-old-alice', oldAddressKey]) await handler.handle(claimDecider, key, { type: 'ClaimIdentifier', data: { subscriptionId: 'old-sub' }, metadata: at(now, 'old-alice', 'SYSTEM') });
      await handler.handle(subscriptionDecider, 'old-sub', { type: 'StartTrial', data: { licenceKey: 'OLD-KEY-0001' }, metadata: at(now, 'old-alice') });
      await store.close();
      server = await startTestServer({ env: { DATA_DIR: dataDir } });
    });
    after(async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('the server’s start claimed the old trial’s mailbox: alice@gmail.com gets no trial; the step is recorded once', async () => {
      const alice = await customerWith(server, 'alice@gmail.com');
      const refused = await alice.post('/subscriptions/startTrial', { id: await buy(alice) });
      expect(refused.status).to.equal(409);
      expect(refused.body.error.details).to.deep.equal([{ field: 'email', message: 'has already had a free trial', rule: 'trialTaken' }]);
      const marker = await server.rt.events.readStream('upgrade-trial-address-claims');
      expect(marker.map((e) => [e.type, (e.data as { counts: unknown }).counts])).to.deep.equal([['UpgradeStepCompleted', { trials: 1, claimed: 1, alreadyClaimed: 0, shared: 0, noAddress: 0 }]]);
    });
  });
});
