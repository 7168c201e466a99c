import {
  ConflictError,
  ForbiddenError,
  UpgradeCommandSchemas,
  entityIdOf,
  streamIds,
  type CommandMetadata,
  type EventEnvelope,
  type UpgradeCommand,
  type UpgradeEvent,
  type UpgradeStepCompleted,
} from '@relaycast/contracts';
import type { Decider } from '../decider.js';
import { aggregate, foldEvents, type CommandHandler } from '../handler.js';
import type { EventStore } from '../store/port.js';
import { claimDecider, claimKeys } from '../claim/index.js';
import { subscriptionDecider } from '../subscription/index.js';
import { exists } from '../subscription/state.js';
import { userDecider } from '../user/index.js';

/**
 * Upgrades of a running installation's stored data, run when the read API starts (read-api/src/runtime.ts), before
 * it serves: each step is idempotent (a second run appends nothing), and records that it ran in its own stream
 * (`upgrade-<step>`, UpgradeStepCompleted with what it did), so later starts skip it after one read. Two processes
 * starting at once both run it; every append is keyed, so what they write is written once.
 */

export type UpgradeState = { completed: UpgradeStepCompleted | null };

export const upgradeDecider: Decider<UpgradeState, UpgradeCommand, UpgradeEvent> = {
  streamId: streamIds.upgrade,
  initialState: () => ({ completed: null }),
  evolve: (_state, event) => ({ completed: event.data }),
  decide(command, state) {
    if (command.metadata.actorRole !== 'SYSTEM') throw new ForbiddenError('Only start-up records upgrades of stored data');
    if (state.completed) return [];
    return [{ type: 'UpgradeStepCompleted', data: { step: command.data.step, completedAt: command.metadata.now, counts: command.data.counts } }];
  },
  commandSchemas: UpgradeCommandSchemas,
};

export type UpgradeDeps = { events: Pick<EventStore, 'readStream' | 'readAll'>; execute: CommandHandler['handle'] };

export interface UpgradeOutcome {
  step: string;
  /** false: it had run before (its record is there), nothing was read or written. */
  ran: boolean;
  counts: Record<string, number>;
}

const startUp = (now: string, step: string, idempotencyKey?: string): CommandMetadata => ({
  now,
  actorId: 'start-up',
  actorRole: 'SYSTEM',
  correlationId: `upgrade-${step}`,
  ...(idempotencyKey ? { idempotencyKey } : {}),
});

export const TRIAL_MAILBOX_STEP = 'trial-address-claims';

/** The customer's address when `before` was recorded (the one the trial was granted to). */
async function addressBefore(events: UpgradeDeps['events'], userId: string, before: bigint): Promise<string> {
  const history = (await events.readStream(userDecider.streamId(userId))).filter((e) => e.position < before);
  const user = foldEvents(userDecider, history);
  return user.status === 'NONE' ? '' : user.email;
}

/**
 * Trials started before trials were one per mailbox claimed their address as written (lower-cased): `alice+1@`,
 * `a.lice@gmail.com` and `@googlemail.com` were new addresses to them. For every trial already started (each
 * TrialStarted, in the order they happened), this claims the normalised mailbox of the address the customer had then
 * for that subscription (claim/mailbox.ts), keyed `upgrade-trial-address-claims-<subscription>`. Two old trials of
 * one mailbox both happened: the first keeps the claim, the other is counted as `shared`.
 */
export async function claimTrialMailboxes(deps: UpgradeDeps, now: string): Promise<UpgradeOutcome> {
  const step = TRIAL_MAILBOX_STEP;
  const { state } = await aggregate(deps.events, upgradeDecider, step);
  if (state.completed) return { step, ran: false, counts: state.completed.counts };
  const counts = { trials: 0, claimed: 0, alreadyClaimed: 0, shared: 0, noAddress: 0 };
  const trials: EventEnvelope[] = await deps.events.readAll({ types: new Set(['TrialStarted']) });
  for (const trial of trials) {
    if (trial.type !== 'TrialStarted' || !trial.streamId.startsWith('subscription-')) continue;
    const subscriptionId = entityIdOf(trial.streamId);
    const { state: sub } = await aggregate(deps.events, subscriptionDecider, subscriptionId, { maxCount: trial.version });
    if (!exists(sub)) continue;
    counts.trials++;
    const address = await addressBefore(deps.events, sub.user_id, trial.position);
    if (!address) {
      counts.noAddress++;
      continue;
    }
    const key = claimKeys.trialAddress(address);
    const { state: claim } = await aggregate(deps.events, claimDecider, key);
    if (claim.owner === subscriptionId) {
      counts.alreadyClaimed++;
      continue;
    }
    if (claim.owner !== null) {
      counts.shared++;
      continue;
    }
    try {
      await deps.execute(claimDecider, key, { type: 'ClaimIdentifier', data: { subscriptionId }, metadata: startUp(now, step, `upgrade-${step}-${subscriptionId}`) });
      counts.claimed++;
    } catch (error) {
      // Another trial of the same mailbox claimed it meanwhile (a trial started while this ran, another process).
      if (!(error instanceof ConflictError)) throw error;
      counts.shared++;
    }
  }
  await deps.execute(upgradeDecider, step, { type: 'CompleteUpgradeStep', data: { step, counts }, metadata: startUp(now, step, `upgrade-${step}`) });
  return { step, ran: true, counts };
}

/** Every upgrade step, in order. What each did is returned (and recorded in its stream). */
export async function upgradeStoredData(deps: UpgradeDeps, now: string): Promise<UpgradeOutcome[]> {
  return [await claimTrialMailboxes(deps, now)];
}
