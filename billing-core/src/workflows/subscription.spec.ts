import { expect } from 'chai';
import { streamIds, type CommandMetadata, type SubscriptionCommand } from '@relaycast/contracts';
import { aggregate, createCommandHandler } from '../handler.js';
import { createSqliteEventStore } from '../store/sqlite.js';
import { claimDecider, claimKeys } from '../claim/index.js';
import { createSubscription, updateSubscription } from './subscription.js';

/**
 * Claims only with success: a refused request writes no claim, and a claim written for a command that then loses
 * a race is released by the workflow (a claim and a subscription cannot be appended atomically).
 */
describe('subscription workflows: identifier claims only with success', () => {
  const admin: CommandMetadata = { now: '2026-03-01T00:00:00.000Z', actorId: 'admin-1', actorRole: 'ROLE_ADMIN', correlationId: 'c-1' };
  const create = (licence_key: string, extra: Record<string, unknown> = {}): Extract<SubscriptionCommand, { type: 'CreateSubscription' }> => ({
    type: 'CreateSubscription',
    data: { subscriptionId: 'sub-1', user_id: 'user-1', subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', plan_id: 'constructor', modules: [{ name: 'streams', limit: 2 }], licence_key, ...extra } as never,
    metadata: admin,
  });

  async function setup() {
    const store = createSqliteEventStore(':memory:');
    const handler = createCommandHandler(store, { backoffMs: 1 });
    const deps = { events: store, execute: handler.handle.bind(handler) as never };
    const owner = async (key: string) => (await aggregate(store, claimDecider, claimKeys.licenceKey(key))).state.owner;
    return { store, deps, owner };
  }

  it('a create the decider refuses (an administrator confirming the privacy policy) claims no licence key', async () => {
    const { store, deps, owner } = await setup();
    let code = '';
    await createSubscription(deps, create('ABCDE-FGHIJ-KLMNO-PQRST-UVWXY', { privacy_policy_confirm: true })).catch((e: { code: string }) => (code = e.code));
    expect(code).to.equal('VALIDATION_FAILED');
    expect(await owner('ABCDE-FGHIJ-KLMNO-PQRST-UVWXY')).to.equal(null);
    expect(await store.readStream(streamIds.claim(claimKeys.licenceKey('ABCDE-FGHIJ-KLMNO-PQRST-UVWXY')))).to.deep.equal([]);
    await store.close();
  });

  it('two creates of one subscription at once, each with its own key: one wins, the loser’s key claim is released', async () => {
    const { deps, owner } = await setup();
    const results = await Promise.allSettled([createSubscription(deps, create('KEYAA-AAAAA-AAAAA-AAAAA-AAAAA')), createSubscription(deps, create('KEYBB-BBBBB-BBBBB-BBBBB-BBBBB'))]);
    expect(results.map((r) => r.status).sort()).to.deep.equal(['fulfilled', 'rejected']);
    const won = results[0]!.status === 'fulfilled' ? 'KEYAA-AAAAA-AAAAA-AAAAA-AAAAA' : 'KEYBB-BBBBB-BBBBB-BBBBB-BBBBB';
    const lost = won.startsWith('KEYAA') ? 'KEYBB-BBBBB-BBBBB-BBBBB-BBBBB' : 'KEYAA-AAAAA-AAAAA-AAAAA-AAAAA';
    expect(await owner(won)).to.equal('sub-1');
    expect(await owner(lost), 'released').to.equal(null);
  });

  it('an update refused (a customer setting the licence key) claims nothing; an administrator’s claims it', async () => {
    const { deps, owner } = await setup();
    await createSubscription(deps, { ...create('KEYCC-CCCCC-CCCCC-CCCCC-CCCCC'), data: { ...create('x').data, licence_key: undefined } as never });
    const customer: CommandMetadata = { ...admin, actorId: 'user-1', actorRole: 'ROLE_CUSTOMER' };
    let code = '';
    await updateSubscription(deps, 'sub-1', { type: 'UpdateSubscription', data: { licence_key: 'KEYDD-DDDDD-DDDDD-DDDDD-DDDDD' }, metadata: customer }).catch((e: { code: string }) => (code = e.code));
    expect(code).to.equal('FORBIDDEN');
    expect(await owner('KEYDD-DDDDD-DDDDD-DDDDD-DDDDD')).to.equal(null);
    await updateSubscription(deps, 'sub-1', { type: 'UpdateSubscription', data: { licence_key: 'KEYDD-DDDDD-DDDDD-DDDDD-DDDDD' }, metadata: admin });
    expect(await owner('KEYDD-DDDDD-DDDDD-DDDDD-DDDDD')).to.equal('sub-1');
  });

  describe('one live free plan per customer, while a creation is under way', () => {
    const customer = (now: string, id: string): CommandMetadata => ({ now, actorId: 'user-9', actorRole: 'ROLE_CUSTOMER', correlationId: id });
    const free = (subscriptionId: string, now: string): Extract<SubscriptionCommand, { type: 'CreateSubscription' }> => ({
      type: 'CreateSubscription',
      data: { subscriptionId, user_id: 'user-9', subscription_type: 'SUBSCRIPTION_FREE', status: 'SUBSCRIPTION_STATUS_INITIAL', plan_id: 'unlimited', modules: [], privacy_policy_confirm: true } as never,
      metadata: customer(now, subscriptionId),
    });
    const freePlans = async (store: Awaited<ReturnType<typeof setup>>['store'], ids: string[]) =>
      (await Promise.all(ids.map((id) => store.readStream(`subscription-${id}`)))).filter((events) => events.length > 0).length;

    it('a second free plan asked for while the first is being recorded is refused (409), not granted beside it', async () => {
      const { store, deps } = await setup();
      // The first creation has claimed the free plan but not yet recorded its subscription (a slow append).
      const gate: { release: () => void } = { release: () => undefined };
      const held = new Promise<void>((resolve) => (gate.release = resolve));
      const slow = {
        ...deps,
        execute: (async (decider: { streamId(id: string): string }, id: string, command: { type: string }, options?: { dryRun?: boolean }) => {
          if (command.type === 'CreateSubscription' && id === 'free-a' && !options?.dryRun) await held;
          return (deps.execute as (...a: unknown[]) => Promise<unknown>)(decider, id, command, options);
        }) as never,
      };
      const first = createSubscription(slow, free('free-a', '2026-03-01T10:00:00.000Z'));
      // Until the first has claimed the free plan (its subscription is then held back).
      while ((await store.readStream(streamIds.claim(claimKeys.freePlan('user-9')))).length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
      let code = '';
      await createSubscription(deps, free('free-b', '2026-03-01T10:00:01.000Z')).catch((e: { code: string }) => (code = e.code));
      expect(code).to.equal('CONFLICT');
      gate.release();
      await first;
      expect(await freePlans(store, ['free-a', 'free-b'])).to.equal(1);
      await store.close();
    });

    it('a claim left by a creation that never completed (a crash) is taken over once it is a minute old', async () => {
      const { store, deps } = await setup();
      // The claim of a subscription that was never recorded, as a crash between the two appends leaves it.
      await (deps.execute as unknown as (...args: unknown[]) => Promise<unknown>)(claimDecider, claimKeys.freePlan('user-9'), { type: 'ClaimIdentifier', data: { subscriptionId: 'free-lost' }, metadata: { ...customer('2026-03-01T10:00:00.000Z', 'lost'), actorRole: 'SYSTEM' } } as never);
      let code = '';
      await createSubscription(deps, free('free-c', '2026-03-01T10:00:30.000Z')).catch((e: { code: string }) => (code = e.code));
      expect(code, 'thirty seconds later it may still be under way').to.equal('CONFLICT');
      await createSubscription(deps, free('free-d', '2026-03-01T10:01:01.000Z'));
      expect(await freePlans(store, ['free-lost', 'free-c', 'free-d'])).to.equal(1);
      await store.close();
    });
  });
});
