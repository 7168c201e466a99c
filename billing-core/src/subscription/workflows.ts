import { ConflictError, NotFoundError, streamIds, type CommandMetadata } from '@relaycast/contracts';
import { aggregate } from '../handler.js';
import { userDecider } from '../user/index.js';
import { claimDecider, claimKeys } from '../claim/index.js';
import type { PaymentDeps } from '../payments/context.js';
import { claimLicenceKey, loadSubscription, newLicenceKey, releaseClaims } from '../payments/context.js';
import { payWithSavedWallet } from '../payments/saved-wallet.js';
import type { SubscriptionCommand } from './commands.js';
import { subscriptionDecider } from './index.js';
import { exists, type ExistingSubscription } from './state.js';
import { amountDue } from './money.js';

/**
 * The subscription commands that need more than one stream: claims of unique identifiers (a licence key, a
 * customer's free plan or trial) and the subscription they are for. A claim and a subscription cannot be appended
 * atomically, so each workflow decides first without recording (a refused request claims nothing), then claims,
 * then records — and releases what it claimed when the record then loses a race.
 */

type Deps = Pick<PaymentDeps, 'events' | 'execute'> & Pick<PaymentDeps, 'newLicenceKey'>;
type Create = Extract<SubscriptionCommand, { type: 'CreateSubscription' }>;
type Update = Extract<SubscriptionCommand, { type: 'UpdateSubscription' }>;
type Trial = Extract<SubscriptionCommand, { type: 'StartTrial' }>;
type SetStatus = Extract<SubscriptionCommand, { type: 'SetSubscriptionStatus' }>;
type Revise = Extract<SubscriptionCommand, { type: 'ReviseSubscription' }>;

const keyOf = (deps: Deps) => (deps.newLicenceKey ?? newLicenceKey)();

/** Runs `record` after `claims` were taken; gives back the claims taken here if `record` fails. */
async function withClaims<T>(deps: Deps, subscriptionId: string, metadata: CommandMetadata, claims: (taken: string[]) => Promise<void>, record: () => Promise<T>): Promise<T> {
  const taken: string[] = [];
  try {
    await claims(taken);
    return await record();
  } catch (error) {
    await releaseClaims(deps, taken, subscriptionId, metadata).catch(() => undefined);
    throw error;
  }
}

async function claimKey(deps: Deps, key: string, subscriptionId: string, metadata: CommandMetadata, taken: string[]): Promise<void> {
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
async function claimFreePlan(deps: Deps, userId: string, subscriptionId: string, metadata: CommandMetadata, taken: string[]): Promise<void> {
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

/**
 * Creates a subscription. Its unique identifiers are claimed only once the decider accepts it: a free plan, an
 * administrator's licence key, and — for a plan Live at creation (free, complimentary, billed elsewhere) — the key
 * of its licence, which the server issues.
 */
export async function createSubscription(deps: Deps, command: Create) {
  const { data, metadata } = command;
  const free = data.plan_id === 'unlimited' && data.subscription_type === 'SUBSCRIPTION_FREE';
  const issued = !data.licence_key && (free || data.status === 'SUBSCRIPTION_STATUS_ACTIVE') ? keyOf(deps) : undefined;
  const decided: Create = issued ? { ...command, data: { ...data, issuedLicenceKey: issued } } : command;
  await deps.execute(subscriptionDecider, data.subscriptionId, decided, { dryRun: true });
  return withClaims(
    deps,
    data.subscriptionId,
    metadata,
    async (taken) => {
      if (free) await claimFreePlan(deps, data.user_id, data.subscriptionId, metadata, taken);
      const key = data.licence_key ?? issued;
      if (key) await claimKey(deps, key, data.subscriptionId, metadata, taken);
    },
    () => deps.execute(subscriptionDecider, data.subscriptionId, decided),
  );
}

/** Updates descriptive fields; a licence key an administrator sets is claimed once the update is accepted. */
export async function updateSubscription(deps: Deps, subscriptionId: string, command: Update, options: { expectedVersion?: number } = {}) {
  await deps.execute(subscriptionDecider, subscriptionId, command, { ...options, dryRun: true });
  const key = command.data.licence_key;
  return withClaims(
    deps,
    subscriptionId,
    command.metadata,
    async (taken) => {
      if (key) await claimKey(deps, key, subscriptionId, command.metadata, taken);
    },
    () => deps.execute(subscriptionDecider, subscriptionId, command, options),
  );
}

/**
 * One free trial per customer and per verified mailbox, not per subscription: the customer's address must be verified;
 * the decider checks this subscription may start one (at most 20 units), then the customer's and the mailbox's trial
 * claims are taken (for good, once the trial started; the mailbox normalised, so `alice+1@`, `a.lice@gmail.com` and
 * `alice@googlemail.com` are `alice@gmail.com`: claim/mailbox.ts) and the trial's licence key, then the trial
 * starts. Two trials at once race on the claim stream, and one loses (409).
 */
export async function startTrial(deps: Deps, subscriptionId: string, userId: string, command: Trial) {
  const { sub } = await loadSubscription(deps as PaymentDeps, subscriptionId);
  const email = await verifiedAddressOf(deps, userId);
  const licenceKey = sub.licence_key ?? keyOf(deps);
  const withKey: Trial = { ...command, data: { ...command.data, licenceKey } };
  await deps.execute(subscriptionDecider, subscriptionId, withKey, { dryRun: true });
  return withClaims(
    deps,
    subscriptionId,
    command.metadata,
    async (taken) => {
      try {
        await deps.execute(claimDecider, claimKeys.trial(userId), { type: 'ClaimIdentifier', data: { subscriptionId }, metadata: { ...command.metadata, actorRole: 'SYSTEM' } });
      } catch (error) {
        if (error instanceof ConflictError) throw new ConflictError('This customer has already had a free trial; only one is allowed per customer');
        throw error;
      }
      taken.push(claimKeys.trial(userId));
      try {
        await deps.execute(claimDecider, claimKeys.trialAddress(email), { type: 'ClaimIdentifier', data: { subscriptionId }, metadata: { ...command.metadata, actorRole: 'SYSTEM' } });
      } catch (error) {
        if (error instanceof ConflictError) throw new ConflictError('This address has already had a free trial; only one is allowed per address', { field: 'email', message: 'has already had a free trial', rule: 'trialTaken' });
        throw error;
      }
      taken.push(claimKeys.trialAddress(email));
      if (!sub.licence_key) await claimKey(deps, licenceKey, subscriptionId, command.metadata, taken);
    },
    () => deps.execute(subscriptionDecider, subscriptionId, withKey),
  );
}

/**
 * The customer's address, when it is verified (a Google sign-up, or the e-mailed link followed): trials are one per
 * verified address, so an unverified account may do everything but start one (409 naming the address).
 */
async function verifiedAddressOf(deps: Deps, userId: string): Promise<string> {
  const { state: user } = await aggregate(deps.events, userDecider, userId);
  if (user.status !== 'ACTIVE') throw new NotFoundError('The customer of this subscription was not found');
  if (!user.emailVerified) {
    throw new ConflictError('Verify your e-mail address first: a free trial needs a verified address (the link is in the message sent at sign-up)', { field: 'email', message: 'is not verified yet', rule: 'notVerified' });
  }
  return user.email;
}

/**
 * An administrator's status change. Live without covered time is a complimentary grant: its licence needs a key,
 * issued and claimed here once the decider accepts the move.
 */
export async function setSubscriptionStatus(deps: Deps, subscriptionId: string, command: SetStatus, until?: string) {
  const { sub } = await loadSubscription(deps as PaymentDeps, subscriptionId);
  const licenceKey = sub.licence_key ?? (command.data.status === 'SUBSCRIPTION_STATUS_ACTIVE' ? keyOf(deps) : undefined);
  const withKey: SetStatus = { ...command, data: { ...command.data, ...(licenceKey && !sub.licence_key ? { licenceKey } : {}), ...(until ? { until } : {}) } };
  const preview = await deps.execute(subscriptionDecider, subscriptionId, withKey, { dryRun: true });
  const grants = preview.events.some((e) => e.type === 'ComplimentaryGranted');
  return withClaims(
    deps,
    subscriptionId,
    command.metadata,
    async (taken) => {
      if (grants && licenceKey && !sub.licence_key) await claimKey(deps, licenceKey, subscriptionId, command.metadata, taken);
    },
    () => deps.execute(subscriptionDecider, subscriptionId, withKey),
  );
}

type Grant = Extract<SubscriptionCommand, { type: 'GrantComplimentary' }>;

/**
 * An administrator's complimentary grant (Live without payment, for a reason, until a date; after any time already
 * covered): its licence key is issued and claimed once the decider accepts it.
 */
export async function grantComplimentary(deps: Deps, subscriptionId: string, command: Omit<Grant, 'data'> & { data: Omit<Grant['data'], 'licenceKey'> }) {
  const { sub } = await loadSubscription(deps as PaymentDeps, subscriptionId);
  const licenceKey = sub.licence_key ?? keyOf(deps);
  const withKey: Grant = { ...command, type: 'GrantComplimentary', data: { ...command.data, licenceKey } };
  await deps.execute(subscriptionDecider, subscriptionId, withKey, { dryRun: true });
  return withClaims(
    deps,
    subscriptionId,
    command.metadata,
    async (taken) => {
      if (!sub.licence_key) await claimKey(deps, licenceKey, subscriptionId, command.metadata, taken);
    },
    () => deps.execute(subscriptionDecider, subscriptionId, withKey),
  );
}

/** What a revision does (or would do, previewed): at once, pending its balance, at a date, or back to what is in force. */
export interface RevisionEffect {
  effect: 'immediate' | 'pending' | 'scheduled' | 'withdrawn' | 'none';
  quantity?: number;
  amount?: number;
  previousAmount?: number;
  /** The balance to pay now for a pending change (0 otherwise), as the seed's revise preview calls it. */
  proration: number;
  balance?: number;
  effectiveAt?: string;
  modules?: unknown;
  /** What will be due after it. */
  amountDueAfter: number;
  /** A pending balance tried on the saved PayPal wallet: paid (the change is in force), declined, or no wallet. */
  savedWallet?: 'paid' | 'declined' | 'no-wallet' | 'nothing-due';
}

function effectOf(events: readonly { type: string; data: unknown }[], state: ExistingSubscription, now: string): RevisionEffect {
  const amountDueAfter = amountDue(state, now).amount;
  for (const e of events) {
    const d = e.data as Record<string, unknown> & { quantity: number; amount: number; previousAmount: number };
    const common = { quantity: d.quantity, amount: d.amount, previousAmount: d.previousAmount, modules: d.modules, amountDueAfter };
    if (e.type === 'SubscriptionRevised') return { effect: 'immediate', ...common, proration: 0 };
    if (e.type === 'SubscriptionChangePending') return { effect: 'pending', ...common, proration: d.balance as number, balance: d.balance as number };
    if (e.type === 'SubscriptionChangeScheduled') return { effect: 'scheduled', ...common, proration: 0, effectiveAt: d.effectiveAt as string };
    if (e.type === 'SubscriptionChangeWithdrawn') return { effect: 'withdrawn', proration: 0, amountDueAfter };
  }
  return { effect: 'none', quantity: state.quantity, amount: state.amount, previousAmount: state.amount, modules: state.modules, proration: 0, amountDueAfter };
}

/**
 * A revision, or its preview (decided, not recorded), with what it does. A rise that waits for its balance is paid
 * at once from a saved PayPal wallet (a merchant-initiated order), so the upgrade is immediate; declined, it stays
 * pending for the customer to pay.
 */
export async function reviseSubscription(deps: PaymentDeps, subscriptionId: string, command: Revise, options: { preview: boolean; expectedVersion?: number }) {
  const result = await deps.execute(subscriptionDecider, subscriptionId, command, { dryRun: options.preview, ...(options.expectedVersion !== undefined ? { expectedVersion: options.expectedVersion } : {}) });
  const state = result.state as ExistingSubscription;
  const effect = effectOf(result.events, state, command.metadata.now);
  if (options.preview || effect.effect !== 'pending' || !state.vault) return { result, effect };
  const paid = await payWithSavedWallet(deps, state, command.metadata);
  if (paid.kind !== 'paid') return { result, effect: { ...effect, savedWallet: paid.kind } };
  const { sub: after } = await loadSubscription(deps, subscriptionId);
  return { result, effect: { ...effect, effect: 'immediate' as const, amountDueAfter: amountDue(after, command.metadata.now).amount, savedWallet: 'paid' as const } };
}
