import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { streamIds, type CommandMetadata } from '@relaycast/contracts';
import { createCommandHandler, foldEvents } from '../handler.js';
import { createSqliteEventStore } from '../store/sqlite.js';
import { claimDecider, claimKeys } from '../claim/index.js';
import { subscriptionDecider } from '../subscription/index.js';
import { startTrial } from '../workflows/index.js';
import { userDecider } from '../user/index.js';
import { TRIAL_MAILBOX_STEP, upgradeStoredData } from './index.js';

/**
 * The start-up upgrade of trial claims (issue 30): a store written before trials were one per mailbox holds trial
 * address claims keyed by the address as typed (lower-cased). After the upgrade, each trial already started also
 * holds its normalised mailbox, so no alias of it gets a trial; a second start appends nothing.
 */
describe('upgradeStoredData: trial address claims by normalised mailbox, for trials already started', () => {
  const at = (now: string, actorId: string, role: CommandMetadata['actorRole'] = 'ROLE_CUSTOMER'): CommandMetadata => ({ now, actorId, actorRole: role, correlationId: `c-${actorId}-${now}` });
  /** The key trial address claims had before the mailbox rule: sha256 of the trimmed, lower-cased address. */
  const oldAddressKey = (email: string) => `trial-address-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex')}`;

  async function oldStore() {
    const store = createSqliteEventStore(':memory:');
    const handler = createCommandHandler(store, { backoffMs: 1 });
    const deps = { events: store, execute: handler.handle.bind(handler) as typeof handler.handle, newLicenceKey: () => `KEY-${Math.random().toString(36).slice(2)}` };
    const customer = async (userId: string, email: string) => {
      await handler.handle(userDecider, userId, {
        type: 'RegisterUser',
        data: { userId, email, givenName: 'Ada', familyName: 'Lovelace', role: 'ROLE_CUSTOMER', strategy: 'google', emailVerified: true },
        metadata: at('2026-01-01T00:00:00.000Z', userId),
      });
    };
    const subscription = async (subscriptionId: string, userId: string, now: string) =>
      handler.handle(subscriptionDecider, subscriptionId, {
        type: 'CreateSubscription',
        data: { subscriptionId, user_id: userId, subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', plan_id: 'constructor', infrastructure_type: 'self-hosted', modules: [{ name: 'streams', limit: 2 }], privacy_policy_confirm: true },
        metadata: at(now, userId),
      });
    /** A trial as the old server recorded it: the customer's claim, the address's claim by its old key, the trial. */
    const oldTrial = async (subscriptionId: string, userId: string, email: string, now: string) => {
      await subscription(subscriptionId, userId, now);
      for (const key of [claimKeys.trial(userId), oldAddressKey(email)]) {
        await handler.handle(claimDecider, key, { type: 'ClaimIdentifier', data: { subscriptionId }, metadata: at(now, userId, 'SYSTEM') });
      }
      await handler.handle(subscriptionDecider, subscriptionId, { type: 'StartTrial', data: { licenceKey: `KEY-${subscriptionId}` }, metadata: at(now, userId) });
    };
    // Alice's trial, under a tagged Gmail address; then a second trial by another account of the same mailbox (the
    // old rule let it through); Carol's address is normal already; Dave never had a trial.
    await customer('user-a', 'Alice+1@Gmail.com');
    await oldTrial('sub-a', 'user-a', 'Alice+1@Gmail.com', '2026-02-01T00:00:00.000Z');
    await customer('user-b', 'a.lice@googlemail.com');
    await oldTrial('sub-b', 'user-b', 'a.lice@googlemail.com', '2026-02-02T00:00:00.000Z');
    await customer('user-c', 'carol@example.com');
    await oldTrial('sub-c', 'user-c', 'carol@example.com', '2026-02-03T00:00:00.000Z');
    await customer('user-d', 'dave@example.com');
    await subscription('sub-d', 'user-d', '2026-02-04T00:00:00.000Z');
    const ownerOf = async (email: string) => foldOwner(await store.readStream(streamIds.claim(claimKeys.trialAddress(email))));
    const foldOwner = (events: { type: string; data: unknown }[]) => foldEvents(claimDecider, events).owner;
    return { store, handler, deps, customer, subscription, ownerOf };
  }

  const NOW = '2026-03-01T00:00:00.000Z';

  it('claims each started trial’s mailbox for its subscription (the first of two aliases keeps it), and records that it ran', async () => {
    const { store, deps, ownerOf } = await oldStore();
    // Before: the normalised mailbox alice@gmail.com is claimed by nobody (only the two raw addresses are).
    expect(await ownerOf('alice@gmail.com')).to.equal(null);
    const outcome = await upgradeStoredData(deps, NOW);
    expect(outcome).to.deep.equal([{ step: 'trial-address-claims', ran: true, counts: { trials: 3, claimed: 1, alreadyClaimed: 1, shared: 1, noAddress: 0 } }]);
    expect(await ownerOf('alice@gmail.com')).to.equal('sub-a');
    expect(await ownerOf('carol@example.com')).to.equal('sub-c');
    expect(await ownerOf('dave@example.com')).to.equal(null);
    const marker = await store.readStream(streamIds.upgrade(TRIAL_MAILBOX_STEP));
    expect(marker.map((e) => [e.type, e.data])).to.deep.equal([['UpgradeStepCompleted', { step: 'trial-address-claims', completedAt: NOW, counts: { trials: 3, claimed: 1, alreadyClaimed: 1, shared: 1, noAddress: 0 } }]]);
    await store.close();
  });

  it('a second start appends nothing (it skips the step after reading its record)', async () => {
    const { store, deps } = await oldStore();
    await upgradeStoredData(deps, NOW);
    const head = await store.headPosition();
    expect(await upgradeStoredData(deps, '2026-03-02T00:00:00.000Z')).to.deep.equal([{ step: 'trial-address-claims', ran: false, counts: { trials: 3, claimed: 1, alreadyClaimed: 1, shared: 1, noAddress: 0 } }]);
    expect(await store.headPosition()).to.equal(head);
    await store.close();
  });

  it('two processes starting at once: each claim and the record written once', async () => {
    const { store, deps } = await oldStore();
    const head = await store.headPosition();
    await Promise.all([upgradeStoredData(deps, NOW), upgradeStoredData(deps, NOW)]);
    const written = (await store.readAll({ after: head })).map((e) => `${e.streamId} ${e.type}`);
    expect(written).to.deep.equal([`claim-${claimKeys.trialAddress('alice@gmail.com')} IdentifierClaimed`, 'upgrade-trial-address-claims UpgradeStepCompleted']);
    await store.close();
  });

  it('after it, no alias of a mailbox that had a trial gets one (409 on email, trialTaken); another mailbox does', async () => {
    const { store, deps, customer, subscription } = await oldStore();
    await upgradeStoredData(deps, NOW);
    const tryTrial = async (userId: string, email: string) => {
      await customer(userId, email);
      await subscription(`sub-${userId}`, userId, NOW);
      try {
        await startTrial(deps, `sub-${userId}`, { type: 'StartTrial', data: {}, metadata: at(NOW, userId) });
        return 'started';
      } catch (error) {
        const e = error as { code: string; details?: { field: string; rule?: string }[] };
        return `${e.code} ${e.details?.map((p) => `${p.field}:${p.rule}`).join(',')}`;
      }
    };
    expect(await tryTrial('user-e', 'alice@gmail.com')).to.equal('CONFLICT email:trialTaken');
    expect(await tryTrial('user-f', 'A.L.I.C.E+2@googlemail.com')).to.equal('CONFLICT email:trialTaken');
    expect(await tryTrial('user-g', 'carol+x@example.com')).to.equal('CONFLICT email:trialTaken');
    expect(await tryTrial('user-h', 'dave@example.com')).to.equal('started');
    await store.close();
  });

  it('two aliases of one new mailbox starting trials at once: one starts, the other is refused (409 on email), one claim', async () => {
    const { store, deps, customer, subscription, ownerOf } = await oldStore();
    for (const [userId, email] of [['user-x', 'zoe+a@gmail.com'], ['user-y', 'z.o.e@googlemail.com']] as const) {
      await customer(userId, email);
      await subscription(`sub-${userId}`, userId, NOW);
    }
    const results = await Promise.allSettled(['user-x', 'user-y'].map((userId) => startTrial(deps, `sub-${userId}`, { type: 'StartTrial', data: {}, metadata: at(NOW, userId) })));
    expect(results.map((r) => r.status).sort()).to.deep.equal(['fulfilled', 'rejected']);
    const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((refused.reason as { code: string }).code).to.equal('CONFLICT');
    const winner = results[0]!.status === 'fulfilled' ? 'sub-user-x' : 'sub-user-y';
    expect(await ownerOf('zoe@gmail.com')).to.equal(winner);
    // The loser's own customer claim was given back: that customer had no trial.
    const loser = winner === 'sub-user-x' ? 'user-y' : 'user-x';
    const loserClaim = await store.readStream(streamIds.claim(claimKeys.trial(loser)));
    expect(loserClaim.map((e) => e.type)).to.deep.equal(['IdentifierClaimed', 'IdentifierReleased']);
    await store.close();
  });
});
