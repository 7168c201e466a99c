import { expect } from 'chai';
import { streamIds, type CommandMetadata, type SubscriptionCommand } from '@relaycast/contracts';
import { createCommandHandler } from '../handler.js';
import { createSqliteEventStore } from '../store/sqlite.js';
import { claimDecider, claimKeys } from '../claim/index.js';
import { createSubscription, updateSubscription } from './workflows.js';

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
    const owner = async (key: string) =>
      (await store.readStream(streamIds.claim(claimKeys.licenceKey(key)))).reduce((s, e) => claimDecider.evolve(s, e as never), claimDecider.initialState()).owner;
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
});
