import { ConflictError, streamIds, type CommandMetadata } from '@relaycast/contracts';
import { claimDecider, claimKeys } from '../claim/index.js';
import type { PaymentDeps } from '../payments/context.js';
import { claimLicenceKey, loadSubscription, newLicenceKey } from '../payments/context.js';
import { payWithSavedWallet } from '../payments/saved-wallet.js';
import type { SubscriptionCommand } from './commands.js';
import { subscriptionDecider } from './index.js';
import { exists, type ExistingSubscription } from './state.js';
import { amountDue } from './payments.js';

type Deps = Pick<PaymentDeps, 'events' | 'execute'>;
type Create = Extract<SubscriptionCommand, { type: 'CreateSubscription' }>;
type Update = Extract<SubscriptionCommand, { type: 'UpdateSubscription' }>;

/** Is this subscription still using its claim (not cancelled, not removed, and created at all)? */
async function holdsLive(deps: Deps, subscriptionId: string): Promise<boolean> {
  const history = await deps.events.readStream(subscriptionDecider.streamId(subscriptionId));
  const state = history.reduce((s, e) => subscriptionDecider.evolve(s, { type: e.type, data: e.data } as never), subscriptionDecider.initialState());
  return exists(state) && !state.removed && state.status !== 'SUBSCRIPTION_STATUS_CANCEL';
}

/**
 * One live free plan per customer: the customer's free-plan claim names the subscription holding it; a new one
 * takes it over only from a holder that is cancelled, removed or was never created. Two concurrent free plans race
 * on the claim stream's version, and one loses (409).
 */
async function claimFreePlan(deps: Deps, userId: string, subscriptionId: string, metadata: CommandMetadata): Promise<void> {
  const key = claimKeys.freePlan(userId);
  const history = await deps.events.readStream(streamIds.claim(key));
  const owner = history.reduce((s, e) => claimDecider.evolve(s, { type: e.type, data: e.data } as never), claimDecider.initialState()).owner;
  if (owner && owner !== subscriptionId && (await holdsLive(deps, owner))) throw new ConflictError('This customer already has a live free plan; only one is allowed');
  await deps.execute(claimDecider, key, {
    type: 'ClaimIdentifier',
    data: { subscriptionId, ...(owner && owner !== subscriptionId ? { takeoverFrom: owner } : {}) },
    metadata: { ...metadata, actorRole: 'SYSTEM' },
  }, { expectedVersion: history.length });
}

/** Creates a subscription: its unique identifiers (a free plan, an administrator's licence key) are claimed first. */
export async function createSubscription(deps: Deps & Pick<PaymentDeps, 'newLicenceKey'>, command: Create) {
  const { data, metadata } = command;
  const free = data.plan_id === 'unlimited' && data.subscription_type === 'SUBSCRIPTION_FREE';
  if (free) await claimFreePlan(deps, data.user_id, data.subscriptionId, metadata);
  if (data.licence_key) await claimLicenceKey(deps, data.licence_key, data.subscriptionId, metadata);
  // The free plan is Live at once: its licence (with the free limits, no end) needs a key now, claimed like any other.
  if (free && !data.licence_key) {
    const key = (deps.newLicenceKey ?? newLicenceKey)();
    await claimLicenceKey(deps, key, data.subscriptionId, metadata);
    return deps.execute(subscriptionDecider, data.subscriptionId, { ...command, data: { ...data, issuedLicenceKey: key } });
  }
  return deps.execute(subscriptionDecider, data.subscriptionId, command);
}

/** Updates descriptive fields; a licence key an administrator sets is claimed first (unique across subscriptions). */
export async function updateSubscription(deps: Deps, subscriptionId: string, command: Update, options: { expectedVersion?: number } = {}) {
  if (command.data.licence_key) await claimLicenceKey(deps, command.data.licence_key, subscriptionId, command.metadata);
  return deps.execute(subscriptionDecider, subscriptionId, command, options);
}

type Trial = Extract<SubscriptionCommand, { type: 'StartTrial' }>;

/**
 * One free trial per customer, not per subscription: the decider checks this subscription may start one (checked
 * first without recording, so a refused trial does not use the customer's up), then the customer's trial claim is
 * taken for good, then the trial starts. Two trials at once race on the claim stream, and one loses (409).
 */
export async function startTrial(deps: Deps, subscriptionId: string, userId: string, command: Trial) {
  await deps.execute(subscriptionDecider, subscriptionId, command, { dryRun: true });
  try {
    await deps.execute(claimDecider, claimKeys.trial(userId), { type: 'ClaimIdentifier', data: { subscriptionId }, metadata: { ...command.metadata, actorRole: 'SYSTEM' } });
  } catch (error) {
    if (error instanceof ConflictError) throw new ConflictError('This customer has already had a free trial; only one is allowed per customer');
    throw error;
  }
  return deps.execute(subscriptionDecider, subscriptionId, command);
}

type Revise = Extract<SubscriptionCommand, { type: 'ReviseSubscription' }>;

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
  const paid = await payWithSavedWallet(deps, state, `balance-${subscriptionId}-${result.version}`, command.metadata);
  if (paid.kind !== 'paid') return { result, effect: { ...effect, savedWallet: paid.kind } };
  const { sub: after } = await loadSubscription(deps, subscriptionId);
  return { result, effect: { ...effect, effect: 'immediate' as const, amountDueAfter: amountDue(after, command.metadata.now).amount, savedWallet: 'paid' as const } };
}
