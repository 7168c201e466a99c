import { isAdministrator, requireSelfOrAdministrator, subscriptionFromEvents } from '@relaycast/billing-core';
import { subscriptionViewFromState } from '@relaycast/projections';
import { ForbiddenError, NotFoundError, UnavailableError, ValidationError, type SubscriptionView, type UserView } from '@relaycast/contracts';
import { readsEveryCustomer, type Answer } from '../http/route.js';
import type { Runtime } from '../runtime.js';

/**
 * A subscription the caller may see: any for administrators, their own for customers (403 otherwise); to read
 * (`purpose: 'read'`) the finance role sees any too, to act on (a command) never.
 */
export async function visibleSubscription(rt: Runtime, user: UserView | null, id: string, purpose: 'read' | 'command' = 'command'): Promise<SubscriptionView> {
  const view = await rt.readSide.queries.getSubscription(id).catch(async (error: unknown) => {
    // Read models away (Redis down): reads say so (503), but a command can still be checked against the event
    // store, which knows the subscription, so writes go on.
    if (purpose === 'command' && error instanceof UnavailableError) return viewFromEvents(rt, id);
    throw error;
  });
  if (!view) throw new NotFoundError('Subscription not found');
  const seesAny = purpose === 'read' ? readsEveryCustomer(user) : isAdministrator(user?.role);
  if (!seesAny && view.user_id !== user?._id) throw new ForbiddenError('You do not have access to this subscription');
  return view;
}

/** A subscription as its own events tell it, for when the read models cannot be reached. */
async function viewFromEvents(rt: Runtime, id: string): Promise<SubscriptionView | null> {
  const found = await subscriptionFromEvents(rt.paymentDeps, id);
  return found ? subscriptionViewFromState(found.sub, found) : null;
}

/** The seed's payment calls name a user; customers may only name themselves (billing-core's rule). */
export function checkUser(user: UserView | null, userId: string): void {
  requireSelfOrAdministrator({ actorId: user?._id ?? '', actorRole: user?.role ?? 'ROLE_USER' }, userId);
}

/** revise, captureOrder…: by `id`, or by the PayPal billing reference among the user's subscriptions. */
export async function resolveSubscription(rt: Runtime, user: UserView | null, body: { id?: string; user_id: string; paypalSubscriptionID: string }): Promise<SubscriptionView> {
  checkUser(user, body.user_id);
  if (body.id) {
    const view = await visibleSubscription(rt, user, body.id);
    if (view.user_id !== body.user_id) throw ValidationError.field('user_id', 'does not own this subscription');
    return view;
  }
  const found = (await rt.readSide.queries.subscriptionsOfUser(body.user_id)).find((s) => s.paypalSubscriptionID === body.paypalSubscriptionID);
  if (!found) throw new NotFoundError('No subscription of this user has that paypalSubscriptionID');
  return found;
}

/** Reads the subscription after a command; 202 with what is known when the read model has not caught up yet. */
export async function answerWith(rt: Runtime, id: string, consistent: boolean, status = 200, meta?: Record<string, unknown>): Promise<Answer> {
  const view = await rt.readSide.queries.getSubscription(id);
  if (!consistent) return { data: view, status: 202, meta: { ...meta, consistent: false } };
  return { data: view, status, ...(meta ? { meta } : {}) };
}

export const versionOf = (body: unknown) => {
  const version = (body as { version?: unknown }).version;
  if (version === undefined) return {};
  if (!Number.isInteger(version) || (version as number) < 0) throw ValidationError.field('version', 'must be a non-negative integer');
  return { expectedVersion: version as number };
};

export function pick<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key];
  return out;
}
