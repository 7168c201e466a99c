import { expect } from 'chai';
import { subscriptionDecider } from '@relaycast/billing-core';
import { at, seedHistory, sqliteFixture, type Fixture } from '../../test/fixtures.js';
import { createMemoryReadModelStore } from '../readmodel/memory.js';
import { createInProcessReadSide, type ReadSide } from '../read-side.js';
import { rebuildProjection } from '../rebuild.js';
import { subscriptionsProjection } from './subscriptions.js';
import type { ReadModelStore } from '../readmodel/port.js';

describe('subscriptions by PayPal billing reference (how webhooks find a subscription)', () => {
  let fx: Fixture;
  let readModels: ReadModelStore;
  let side: ReadSide;
  const settle = async () => expect(await side.waitFor(await fx.events.headPosition(), 5000)).to.equal(true);

  beforeEach(async () => {
    fx = sqliteFixture();
    readModels = createMemoryReadModelStore();
    side = createInProcessReadSide({ events: fx.events, readModels, projections: [subscriptionsProjection] });
    await side.start();
    await seedHistory(fx.handler);
    await settle();
  });
  afterEach(async () => {
    await side.stop();
    await fx.cleanup();
  });

  it('finds the subscription whose orders carry the reference, and nothing for an unknown one', async () => {
    expect((await side.queries.subscriptionByBillingReference('PP-1'))?._id).to.equal('s-1');
    expect(await side.queries.subscriptionByBillingReference('PP-unknown')).to.equal(null);
  });

  it('keeps a reference with its first subscription, and keeps older references after a payment-method change', async () => {
    // Another subscription naming the same reference (an administrator's revision) does not take it over.
    await fx.handler.handle(subscriptionDecider, 's-2', { type: 'ReviseSubscription', data: { paypalSubscriptionID: 'PP-1', quantity: 5 }, metadata: at(100) });
    await fx.handler.handle(subscriptionDecider, 's-1', {
      type: 'ChangePaymentMethod',
      data: { paypalOrderID: 'ORDER-PM', paypalSubscriptionID: 'PP-2', quantity: 2 },
      metadata: at(101, { actorId: 'u-ada', actorRole: 'ROLE_CUSTOMER' }),
    });
    await settle();
    expect((await side.queries.subscriptionByBillingReference('PP-1'))?._id).to.equal('s-1');
    expect((await side.queries.subscriptionByBillingReference('PP-2'))?._id).to.equal('s-1');

    // A rebuild from position 0 gives the same index.
    const scratch = createMemoryReadModelStore();
    await rebuildProjection(fx.events, scratch, subscriptionsProjection);
    expect(await scratch.dump(subscriptionsProjection.name)).to.equal(await readModels.dump(subscriptionsProjection.name));
  });

  it('answers nothing for the reference of a removed subscription', async () => {
    await fx.handler.handle(subscriptionDecider, 's-1', { type: 'RemoveSubscription', data: {}, metadata: at(100) });
    await settle();
    expect(await side.queries.subscriptionByBillingReference('PP-1')).to.equal(null);
  });
});
