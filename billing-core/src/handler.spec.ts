import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConcurrencyError, ValidationError, type CommandMetadata } from '@relaycast/contracts';
import { meta } from '../test/given.js';
import { createCommandHandler, type CommandHandler } from './handler.js';
import { createSqliteEventStore } from './store/sqlite.js';
import type { EventStore } from './store/port.js';
import { subscriptionDecider, type SubscriptionCommand } from './subscription/index.js';

const customer = meta({ actorId: 'user-1', actorRole: 'ROLE_CUSTOMER' });

describe('command handler on the SQLite store', () => {
  let dir: string;
  let store: EventStore;
  let handler: CommandHandler;

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'relaycast-handler-'));
    store = createSqliteEventStore(join(dir, 'events.db'));
    handler = createCommandHandler(store);
  });
  afterEach(async () => {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const create = (metadata: CommandMetadata = customer): SubscriptionCommand => ({
    type: 'CreateSubscription',
    data: {
      subscriptionId: 'sub-1', user_id: 'user-1', subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL',
      plan_id: 'constructor', infrastructure_type: 'self-hosted', modules: [{ name: 'streams', limit: 3 }], privacy_policy_confirm: true,
    },
    metadata,
  });
  const capture = (key: string): SubscriptionCommand => ({
    type: 'CaptureOrder',
    data: { paypalOrderID: key, paypalSubscriptionID: 'PP-SUB', captureId: `CAP-${key}`, quantity: 3, amount: 1500, currency: 'USD', providerStatus: 'COMPLETED', licenceKey: 'LIC-1234-5678' },
    metadata: { ...customer, idempotencyKey: key },
  });
  const order = (key: string): SubscriptionCommand => ({
    type: 'OrderPayment',
    data: { paypalOrderID: key, paypalSubscriptionID: 'PP-SUB', amount: 1500, currency: 'USD' },
    metadata: customer,
  });
  const revise = (quantity: number): SubscriptionCommand => ({ type: 'ReviseSubscription', data: { paypalSubscriptionID: 'PP-SUB', quantity }, metadata: customer });

  it('appends the decided events with metadata and returns them with the new state', async () => {
    const result = await handler.handle(subscriptionDecider, 'sub-1', create());
    expect(result.version).to.equal(1);
    expect(result.position > 0n).to.equal(true);
    expect(result.state).to.include({ status: 'SUBSCRIPTION_STATUS_INITIAL', amount: 1500 });
    const [stored] = await store.readStream('subscription-sub-1');
    expect(stored).to.deep.include({ type: 'SubscriptionCreated', version: 1, occurredAt: customer.now });
    expect(stored?.metadata).to.deep.equal({ actorId: 'user-1', actorRole: 'ROLE_CUSTOMER', correlationId: 'corr-1', causationId: null });
  });

  it('copies the demo-payments mark onto the events (kept by the store), and only when the command carries it', async () => {
    await handler.handle(subscriptionDecider, 'sub-1', create({ ...customer, demo: true }));
    await handler.handle(subscriptionDecider, 'sub-1', order('ORD-1'));
    const [created, ordered] = await store.readStream('subscription-sub-1');
    expect(created?.metadata).to.deep.equal({ actorId: 'user-1', actorRole: 'ROLE_CUSTOMER', correlationId: 'corr-1', causationId: null, demo: true });
    expect(ordered?.metadata).to.not.have.property('demo');
    const [fromAll] = await store.readAll({ after: 0n, maxCount: 1 });
    expect(fromAll?.metadata.demo).to.equal(true);
  });

  it('appends nothing when the decider decides nothing', async () => {
    await handler.handle(subscriptionDecider, 'sub-1', create());
    const head = await store.headPosition();
    const result = await handler.handle(subscriptionDecider, 'sub-1', revise(3));
    expect(result.events).to.deep.equal([]);
    expect(await store.headPosition()).to.equal(head);
  });

  it('refuses bad input with a typed error naming the field, and appends nothing', async () => {
    const bad = create();
    (bad.data as Record<string, unknown>).user_id = 42;
    const error = await handler.handle(subscriptionDecider, 'sub-1', bad).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(ValidationError);
    expect((error as ValidationError).message).to.match(/^user_id must be string/);
    const missing = create();
    delete (missing.data as Record<string, unknown>).subscription_type;
    expect(((await handler.handle(subscriptionDecider, 'sub-1', missing).catch((e: unknown) => e)) as Error).message).to.match(/^subscription_type is required/);
    const fractional = revise(1.5);
    expect(((await handler.handle(subscriptionDecider, 'sub-1', fractional).catch((e: unknown) => e)) as Error).message).to.match(/^quantity must be integer/);
    expect(await store.headPosition()).to.equal(0n);
  });

  it('applies a captureOrder once however often it is repeated (1,000 repeats → 1 capture)', async function () {
    this.timeout(60_000);
    await handler.handle(subscriptionDecider, 'sub-1', create());
    await handler.handle(subscriptionDecider, 'sub-1', order('ORDER-1'));
    const first = await handler.handle(subscriptionDecider, 'sub-1', capture('ORDER-1'));
    expect(first.replayed).to.equal(false);
    expect(first.events.map((e) => e.type)).to.deep.equal(['OrderCaptured', 'SubscriptionStatusChanged', 'LicenceIssued']);
    for (let i = 0; i < 999; i++) {
      const again = await handler.handle(subscriptionDecider, 'sub-1', capture('ORDER-1'));
      expect(again.replayed).to.equal(true);
      expect(again.events.map((e) => e.id)).to.deep.equal(first.events.map((e) => e.id));
    }
    const events = await store.readStream('subscription-sub-1');
    expect(events.filter((e) => e.type === 'OrderCaptured')).to.have.length(1);
    expect(events).to.have.length(6); // created, ordered, waiting, captured, Live, licence issued
  });

  it('applies concurrent repeats of one captureOrder once (double click)', async () => {
    await handler.handle(subscriptionDecider, 'sub-1', create());
    await handler.handle(subscriptionDecider, 'sub-1', order('ORDER-7'));
    const results = await Promise.all(Array.from({ length: 10 }, () => handler.handle(subscriptionDecider, 'sub-1', capture('ORDER-7'))));
    // Every caller gets the same answer: the one capture's events (ids derived from the key dedupe racing appends).
    const ids = new Set(results.map((r) => r.events.map((e) => e.id).join(',')));
    expect(ids.size).to.equal(1);
    const events = await store.readStream('subscription-sub-1');
    expect(events.filter((e) => e.type === 'OrderCaptured')).to.have.length(1);
  });

  it('two concurrent revisions of the version a user saw: one succeeds, the other is a conflict', async () => {
    const { version } = await handler.handle(subscriptionDecider, 'sub-1', create());
    const results = await Promise.allSettled([
      handler.handle(subscriptionDecider, 'sub-1', revise(4), { expectedVersion: version }),
      handler.handle(subscriptionDecider, 'sub-1', revise(6), { expectedVersion: version }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).to.have.length(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason).to.be.instanceOf(ConcurrencyError);
    expect((rejected.reason as ConcurrencyError).code).to.equal('CONCURRENCY_CONFLICT');
    expect((await store.readStream('subscription-sub-1')).filter((e) => e.type === 'SubscriptionRevised')).to.have.length(1);
  });

  it('without an expected version, a conflict is retried on fresh state and both revisions land in order', async () => {
    await handler.handle(subscriptionDecider, 'sub-1', create());
    await Promise.all([handler.handle(subscriptionDecider, 'sub-1', revise(4)), handler.handle(subscriptionDecider, 'sub-1', revise(6))]);
    const revisions = (await store.readStream('subscription-sub-1')).filter((e) => e.type === 'SubscriptionRevised');
    expect(revisions).to.have.length(2);
    const [a, b] = revisions.map((e) => e.data as { quantity: number; previousQuantity: number });
    expect(b!.previousQuantity).to.equal(a!.quantity);
  });

  it('gives up after the bounded retries and reports the conflict', async () => {
    await handler.handle(subscriptionDecider, 'sub-1', create());
    const flaky: EventStore = { ...store, append: async (s) => Promise.reject(new ConcurrencyError(s, 1, 2)) };
    const impatient = createCommandHandler(flaky, { maxAttempts: 3, backoffMs: 1 });
    const error = await impatient.handle(subscriptionDecider, 'sub-1', revise(5)).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(ConcurrencyError);
  });
});
