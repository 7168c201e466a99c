import { aggregate } from '../handler.js';
import { userDecider, type ExistingUser } from '../user/index.js';
import { cancelNowLines } from '../payments/refund.js';
import { loadSubscription, type PaymentDeps } from '../payments/context.js';
import { coveredUntil, exists, lifecycleActions, subscriptionDecider, type ExistingSubscription, type LifecycleActions } from '../subscription/index.js';
import { ConflictError, type CommandMetadata } from '@relaycast/contracts';

/** What the API reads from a subscription's own stream (never a read model): its rules' answers, for one actor. */

type Deps = Pick<PaymentDeps, 'events'>;

/** A subscription as its own events tell it (when the read models cannot be reached): null when there is none. */
export async function subscriptionFromEvents(deps: Deps, subscriptionId: string): Promise<{ sub: ExistingSubscription; createdAt: string; updatedAt: string; version: number } | null> {
  const { state, events } = await aggregate(deps.events, subscriptionDecider, subscriptionId);
  if (!exists(state) || state.removed) return null;
  const last = events[events.length - 1]!;
  return { sub: state, createdAt: events[0]!.occurredAt, updatedAt: last.occurredAt, version: last.version };
}

/** The lifecycle moves the actor may make now (the deciders' own checks): what the admin area offers. */
export async function subscriptionActions(deps: Deps, subscriptionId: string, metadata: CommandMetadata): Promise<LifecycleActions> {
  const { state } = await aggregate(deps.events, subscriptionDecider, subscriptionId);
  return lifecycleActions(state, metadata);
}

/**
 * What a cancellation now with its refund would give back at `now`, in all and per payment (each period, running or
 * paid ahead, and each raise's balance), and until when the subscription is covered. Records nothing.
 */
export async function cancelNowPreview(deps: Deps, subscriptionId: string, now: string) {
  const { sub } = await loadSubscription(deps as PaymentDeps, subscriptionId);
  const lines = cancelNowLines(sub, now);
  const until = coveredUntil(sub);
  return { refund: lines.reduce((sum, r) => sum + r.amount, 0), ...(until ? { paidUntil: until } : {}), currency: sub.currency, lines };
}

/** The PayPal wallet renewals of the subscription are charged to (409 when none is saved). */
export async function savedWalletOf(deps: Deps, subscriptionId: string): Promise<{ subscriptionId: string; vaultId: string }> {
  const { sub } = await loadSubscription(deps as PaymentDeps, subscriptionId);
  if (!sub.vault) throw new ConflictError('This subscription has no saved PayPal account: renewals are not charged to one');
  return { subscriptionId: sub.id, vaultId: sub.vault.id };
}

/** A user as their own stream tells it now, when active (a signed link names them): null when removed, erased or unknown. */
export async function activeUser(deps: Deps, userId: string): Promise<ExistingUser | null> {
  const { state } = await aggregate(deps.events, userDecider, userId);
  return state.status === 'ACTIVE' ? state : null;
}
