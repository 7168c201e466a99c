import { ConflictError, type CommandMetadata } from '@relaycast/contracts';
import { aggregate } from '../handler.js';
import { claimDecider, claimKeys } from '../claim/index.js';
import { claimLicenceKey, newLicenceKey, releaseClaims, type PaymentDeps } from '../payments/context.js';
import { exists, subscriptionDecider } from '../subscription/index.js';

/**
 * The claims of unique identifiers a subscription command takes beside its own stream (a licence key, a customer's
 * free plan). A claim and a subscription cannot be appended atomically, so a workflow decides first without recording
 * (a refused request claims nothing), then claims, then records — and releases what it claimed when the record then
 * loses a race.
 */

export type Deps = Pick<PaymentDeps, 'events' | 'execute' | 'newLicenceKey'>;

/** A fresh licence key (the deps' own in tests). */
export const keyOf = (deps: Deps): string => (deps.newLicenceKey ?? newLicenceKey)();

/** Runs `record` after `claims` were taken; gives back the claims taken here if `record` fails. */
export async function withClaims<T>(deps: Deps, subscriptionId: string, metadata: CommandMetadata, claims: (taken: string[]) => Promise<void>, record: () => Promise<T>): Promise<T> {
  const taken: string[] = [];
  try {
    await claims(taken);
    return await record();
  } catch (error) {
    await releaseClaims(deps, taken, subscriptionId, metadata).catch(() => undefined);
    throw error;
  }
}

export async function claimKey(deps: Deps, key: string, subscriptionId: string, metadata: CommandMetadata, taken: string[]): Promise<void> {
  if (await claimLicenceKey(deps, key, subscriptionId, metadata)) taken.push(claimKeys.licenceKey(key));
}

/** Was this subscription recorded at all (its stream exists)? */
async function everRecorded(deps: Deps, subscriptionId: string): Promise<boolean> {
  return (await deps.events.readStream(subscriptionDecider.streamId(subscriptionId), { maxCount: 1 })).length > 0;
}

/** Is this subscription still using its claim (not cancelled, not removed, and created at all)? */
async function holdsLive(deps: Deps, subscriptionId: string): Promise<boolean> {
  const { state } = await aggregate(deps.events, subscriptionDecider, subscriptionId);
  return exists(state) && !state.removed && state.status !== 'SUBSCRIPTION_STATUS_CANCEL';
}

/**
 * How long a free-plan claim whose subscription is not recorded yet counts as a creation under way: the claim and
 * the subscription are two appends, so a holder not yet created is either still being recorded (a second plan must
 * wait) or was lost to a crash between the two (taken over once this has passed).
 */
export const CLAIM_UNDER_WAY_MS = 60_000;

/**
 * One live free plan per customer: the customer's free-plan claim names the subscription holding it; a new one
 * takes it over only from a holder that is cancelled, removed, or was never created and claimed over a minute ago.
 * Two concurrent free plans race on the claim stream's version, and one loses (409).
 */
export async function claimFreePlan(deps: Deps, userId: string, subscriptionId: string, metadata: CommandMetadata, taken: string[]): Promise<void> {
  const key = claimKeys.freePlan(userId);
  const { state: claim, events: history } = await aggregate(deps.events, claimDecider, key);
  const owner = claim.owner;
  if (owner === subscriptionId) return;
  if (owner && (await holdsLive(deps, owner))) throw new ConflictError('This customer already has a live free plan; only one is allowed');
  const claimedAt = history[history.length - 1]?.occurredAt;
  if (owner && claimedAt && Date.parse(metadata.now) - Date.parse(claimedAt) < CLAIM_UNDER_WAY_MS && !(await everRecorded(deps, owner))) {
    throw new ConflictError('A free plan for this customer is being created; only one is allowed');
  }
  await deps.execute(claimDecider, key, { type: 'ClaimIdentifier', data: { subscriptionId, ...(owner ? { takeoverFrom: owner } : {}) }, metadata: { ...metadata, actorRole: 'SYSTEM' } }, { expectedVersion: history.length });
  taken.push(key);
}

/** A claim of the customer's or the mailbox's one trial: a second is refused with `refusal`. */
export async function claimOnce(deps: Deps, key: string, subscriptionId: string, metadata: CommandMetadata, taken: string[], refusal: () => ConflictError): Promise<void> {
  try {
    await deps.execute(claimDecider, key, { type: 'ClaimIdentifier', data: { subscriptionId }, metadata: { ...metadata, actorRole: 'SYSTEM' } });
  } catch (error) {
    if (error instanceof ConflictError) throw refusal();
    throw error;
  }
  taken.push(key);
}
