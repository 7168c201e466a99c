import { expect } from 'chai';
import { entryDecider, subscriptionDecider, userDecider } from '@relaycast/billing-core';
import type { HistoryItem, SubscriptionView, UserView } from '@relaycast/contracts';
import { at, seedHistory, sqliteFixture, T0, type Fixture } from '../../test/fixtures.js';
import { createMemoryReadModelStore } from '../readmodel/memory.js';
import { createInProcessReadSide, type ReadSide } from '../read-side.js';
import { rebuildProjection } from '../rebuild.js';
import { ALL_PROJECTIONS } from './index.js';
import type { ReadModelStore } from '../readmodel/port.js';

describe('projections on the in-memory read model', () => {
  let fx: Fixture;
  let readModels: ReadModelStore;
  let side: ReadSide;

  beforeEach(async () => {
    fx = sqliteFixture();
    readModels = createMemoryReadModelStore();
    side = createInProcessReadSide({ events: fx.events, readModels, projections: ALL_PROJECTIONS });
    await side.start();
    await seedHistory(fx.handler);
    expect(await side.waitFor(await fx.events.headPosition(), 5000)).to.equal(true);
  });
  afterEach(async () => {
    await side.stop();
    await fx.cleanup();
  });

  it('lists users newest first, finds them by e-mail, and follows profile changes', async () => {
    const page = await side.queries.listUsers({});
    expect(page.items.map((u) => u._id)).to.deep.equal(['u-alan', 'u-ada']);
    expect(page.total).to.equal(2);
    const ada = (await side.queries.findUserByEmail('ADA@example.com')) as UserView;
    expect(ada).to.include({ _id: 'u-ada', familyName: 'King', paypalSubscriptionID: 'PP-1', paypalSubscriptionStatus: 'ACTIVE' });
  });

  it('keeps each subscription document up to date, with the customer beside it', async () => {
    const s1 = (await side.queries.getSubscription('s-1')) as SubscriptionView;
    // Revised up inside the paid period: still 2 units in force, 3 pending until the $5 balance is paid.
    expect(s1).to.deep.include({ status: 'SUBSCRIPTION_STATUS_ACTIVE', quantity: 2, amount: 1000, licence_key: 'LIC-AAAA-BBBB', paypalOrderID: 'ORDER-1' });
    expect(s1.pendingChange).to.include({ quantity: 3, amount: 1500, balance: 500 });
    expect(s1.customer).to.deep.equal({ email: 'ada@example.com', name: 'Ada King' });
    expect(s1.totals).to.deep.equal({ ordered: 1000, captured: 1000, refunded: 0, payments: 1 });
    // A minute into the month, the rest of it costs the whole $5 difference (rounded up), and is what is due next.
    expect(s1).to.include({ balance: 500, amountDue: 500 });
    expect((await side.queries.getSubscription('s-3'))?.status).to.equal('SUBSCRIPTION_STATUS_CANCEL');
  });

  it('lists a customer’s own subscriptions only, and the admin list with paging, sorting, filters and search', async () => {
    expect((await side.queries.listSubscriptions({ userId: 'u-alan' })).items.map((s) => s._id)).to.deep.equal(['s-3']);
    const all = await side.queries.listSubscriptions({ pageSize: 2 });
    expect(all.items.map((s) => s._id)).to.deep.equal(['s-3', 's-2']);
    expect(all.total).to.equal(3);
    expect((await side.queries.listSubscriptions({ pageSize: 2, page: 2 })).items.map((s) => s._id)).to.deep.equal(['s-1']);
    expect((await side.queries.listSubscriptions({ sort: 'amount', order: 'asc' })).items.map((s) => s.amount)).to.deep.equal([500, 1000, 2000]);
    expect((await side.queries.listSubscriptions({ search: 'turing' })).items.map((s) => s._id)).to.deep.equal(['s-3']);
    expect((await side.queries.listSubscriptions({ status: 'SUBSCRIPTION_STATUS_INITIAL' })).items.map((s) => s._id)).to.deep.equal(['s-2']);
    expect((await side.queries.listSubscriptions({ userId: 'u-ada', status: 'SUBSCRIPTION_STATUS_ACTIVE' })).items.map((s) => s._id)).to.deep.equal(['s-1']);
  });

  it('records every event of a subscription as history: when, who, what changed, amounts', async () => {
    const items = await side.queries.history({ streamId: 'subscription-s-1' });
    expect(items.map((i) => i.type)).to.deep.equal(['SubscriptionCreated', 'PaymentOrdered', 'SubscriptionStatusChanged', 'OrderCaptured', 'SubscriptionStatusChanged', 'LicenceIssued', 'SubscriptionChangePending']);
    const [created, ordered, , captured, status, licence, revised] = items as HistoryItem[] as [HistoryItem, HistoryItem, HistoryItem, HistoryItem, HistoryItem, HistoryItem, HistoryItem];
    expect(licence.summary).to.equal('Licence 1 issued, valid until 2026-12-01');
    expect(ordered.summary).to.equal('PayPal order ORDER-1 created for $10.00 (next period)');
    expect(created.summary).to.equal('Subscription created: constructor, 2 units, $10.00 per month');
    expect(created.actor).to.deep.equal({ id: 'u-ada', role: 'ROLE_CUSTOMER' });
    expect(captured).to.include({ summary: 'Payment captured: $10.00 (PayPal order ORDER-1)', amount: 1000, currency: 'USD' });
    expect(status.summary).to.equal('Status: Wait payment → Live (payment captured)');
    expect(revised).to.include({ summary: 'Change requested: 3 units at $15.00 per period, in force once the balance of $5.00 is paid', amount: 500 });
    expect(revised.changes).to.deep.equal({ amount: { from: 1000, to: 1500 } });
    expect(items.map((i) => i.at)).to.deep.equal([...items.map((i) => i.at)].sort());
    expect((await side.queries.history({ streamId: 'subscription-s-1' }, { types: ['OrderCaptured'] })).map((i) => i.type)).to.deep.equal(['OrderCaptured']);
    expect(await side.queries.history({ streamId: 'subscription-s-1' }, { from: revised.at })).to.have.length(1);
    const adas = await side.queries.history({ userId: 'u-ada' });
    expect(adas.filter((i) => i.streamId === 'subscription-s-2')).to.have.length(1);
    expect(adas.some((i) => i.type === 'UserUpdated')).to.equal(true);
  });

  it('feeds the admin home: the latest events without sign-ins, failed charges, open disputes, counts', async () => {
    const ada = { actorId: 'u-ada', actorRole: 'ROLE_CUSTOMER' as const };
    await fx.handler.handle(userDecider, 'u-ada', { type: 'RecordSignIn', data: { strategy: 'google' }, metadata: at(20, ada) });
    await fx.handler.handle(subscriptionDecider, 's-2', { type: 'OrderPayment', data: { paypalOrderID: 'ORDER-2', paypalSubscriptionID: 'PP-2', amount: 2000, currency: 'USD' }, metadata: at(21, ada) });
    await fx.handler.handle(subscriptionDecider, 's-2', { type: 'StartCapture', data: { paypalOrderID: 'ORDER-2', requestId: 'capture-ORDER-2' }, metadata: at(22, ada) });
    await fx.handler.handle(subscriptionDecider, 's-2', { type: 'RecordCaptureFailure', data: { paypalOrderID: 'ORDER-2', requestId: 'capture-ORDER-2', reason: 'DECLINED' }, metadata: at(23, ada) });
    const dispute = { disputeId: 'PP-D-1', stage: 'CREATED' as const, status: 'OPEN', captureId: 'CAP-1', reason: 'MERCHANDISE_OR_SERVICE_NOT_RECEIVED' };
    const opened = await fx.handler.handle(subscriptionDecider, 's-1', { type: 'RecordDispute', data: dispute, metadata: at(24) });
    expect(await side.waitFor(opened.position, 5000)).to.equal(true);

    const latest = await side.queries.recentHistory(4);
    expect(latest.map((i) => [i.streamId, i.type])).to.deep.equal([
      ['subscription-s-1', 'PaymentDisputed'],
      ['subscription-s-2', 'PaymentCaptureFailed'],
      ['subscription-s-2', 'PaymentCaptureStarted'],
      ['subscription-s-2', 'SubscriptionStatusChanged'],
    ]);
    expect((await side.queries.recentHistory(100)).some((i) => i.type === 'UserSignedIn' || i.streamId.startsWith('entry-') || i.streamId.startsWith('file-'))).to.equal(false);
    const failed = await side.queries.failedCharges('2026-11-01T09:23:00.000Z', 5);
    expect(failed.total).to.equal(1);
    expect(failed.items.map((i) => [i.streamId, i.type])).to.deep.equal([['subscription-s-2', 'PaymentCaptureFailed']]);
    expect((await side.queries.failedCharges('2026-11-01T09:23:00.001Z', 5)).total).to.equal(0);
    const disputed = await side.queries.disputedSubscriptions(5);
    expect([disputed.total, disputed.items.map((s) => s._id)]).to.deep.equal([1, ['s-1']]);
    expect(await side.queries.userCounts(['ROLE_ADMIN', 'ROLE_CUSTOMER'])).to.deep.equal({ total: 2, byRole: { ROLE_ADMIN: 0, ROLE_CUSTOMER: 2 } });
    expect(await side.queries.subscriptionCounts(['SUBSCRIPTION_STATUS_ACTIVE', 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', 'SUBSCRIPTION_STATUS_CANCEL'])).to.deep.equal({
      total: 3,
      byStatus: { SUBSCRIPTION_STATUS_ACTIVE: 1, SUBSCRIPTION_STATUS_WAIT_PAYMENT: 1, SUBSCRIPTION_STATUS_CANCEL: 1 },
    });

    const resolved = await fx.handler.handle(subscriptionDecider, 's-1', { type: 'RecordDispute', data: { ...dispute, stage: 'RESOLVED', status: 'RESOLVED' }, metadata: at(25) });
    expect(await side.waitFor(resolved.position, 5000)).to.equal(true);
    expect((await side.queries.disputedSubscriptions(5)).total).to.equal(0);
  });

  it('serves entries by URL and files', async () => {
    expect((await side.queries.publishedEntries({ url: '/how-to-use' })).map((e) => e._id)).to.deep.equal(['e-1']);
    expect((await side.queries.listEntries({ category: 'TUTORIALS' })).total).to.equal(1);
    expect((await side.queries.publishedEntries({ category: 'TUTORIALS' }, 'en')).map((e) => e._id)).to.deep.equal(['e-1']);
    expect((await side.queries.getFile('f-1'))?.url).to.equal('/files/f-1/logo.png');
  });

  it('section overrides: the public sees a published copy only, administrators the draft too', async () => {
    const text = (value: string) => [{ property_i18n: 'title', defaultValue: value, dataType: 'STRING' as const, formEntityType: 'TEXTAREA' as const }];
    const base = { entry_type: 'MATERIAL' as const, url: '/how-to-use', locale: 'en' as const, section: 'sections/connect' };
    await fx.handler.handle(entryDecider, 's-connect', { type: 'CreateEntry', data: { entryId: 's-connect', ...base, template: text('First draft') }, metadata: at(400) });
    let last = await fx.handler.handle(entryDecider, 's-install', { type: 'CreateEntry', data: { entryId: 's-install', ...base, section: 'sections/install', template: text('Published install') }, metadata: at(401) });
    last = await fx.handler.handle(entryDecider, 's-install', { type: 'PublishEntry', data: {}, metadata: at(402) });
    last = await fx.handler.handle(entryDecider, 's-install', { type: 'UpdateEntry', data: { entry_type: 'MATERIAL', template: text('Second draft') }, metadata: at(403) });
    expect(await side.waitFor(last.position, 5000)).to.equal(true);
    const published = await side.queries.publishedEntries({ url: '/how-to-use' }, 'en');
    expect(published.map((e) => [e._id, e.template])).to.deep.equal([['e-1', (await side.queries.getEntry('e-1'))!.template], ['s-install', text('Published install')]]);
    expect(published[1]).to.not.have.property('published');
    expect((await side.queries.publishedEntries({ url: '/how-to-use' }, 'ru')).map((e) => e._id), 'e-1 has no locale: both languages').to.deep.equal(['e-1']);
    const all = await side.queries.materialsAtUrl('/how-to-use');
    expect(all.map((e) => e._id)).to.deep.equal(['e-1', 's-connect', 's-install']);
    expect(all[2]).to.deep.include({ template: text('Second draft'), published: text('Published install'), publishedAt: new Date(T0 + 402 * 60_000).toISOString() });
  });

  it('forgets an erased user’s personal data everywhere', async () => {
    const result = await fx.handler.handle(userDecider, 'u-ada', { type: 'EraseUser', data: { reason: 'GDPR' }, metadata: at(100) });
    expect(await side.waitFor(result.position, 5000)).to.equal(true);
    expect(await side.queries.getUser('u-ada')).to.equal(null);
    expect(await side.queries.findUserByEmail('ada@example.com')).to.equal(null);
    expect((await side.queries.getSubscription('s-1'))?.customer).to.deep.equal({ email: '', name: 'Erased user' });
    const text = JSON.stringify(await side.queries.history({ streamId: 'user-u-ada' }));
    expect(text).to.not.match(/ada@example\.com|Lovelace|King/);
  });

  it('rebuilds to exactly the live read model', async () => {
    for (const projection of ALL_PROJECTIONS) {
      const scratch = createMemoryReadModelStore();
      await rebuildProjection(fx.events, scratch, projection);
      expect(await scratch.dump(projection.name), projection.name).to.equal(await readModels.dump(projection.name));
    }
  });
});
