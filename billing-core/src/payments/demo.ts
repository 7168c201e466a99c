import type { CommandMetadata } from '@relaycast/contracts';
import { aggregate, type CommandHandler } from '../handler.js';
import type { EventStore } from '../store/port.js';
import { subscriptionDecider } from '../subscription/index.js';

/** A subscription demo money was paid into (a capture a server running PAYMENTS=demo recorded), still standing. */
export interface DemoPurchase {
  subscriptionId: string;
  userId: string;
  status: string;
  /** The demo captures, in cents. */
  captured: number;
}

const PAGE = 5000;

/**
 * Every subscription demo money was paid into that is still standing (not cancelled, not removed), from the event
 * log: the OrderCaptured events marked demo, then each subscription's stream. A server with real payments refuses to
 * start while there is one: demo money never becomes a real entitlement. (One typed pass over the log: about 0.3 s
 * for 300,000 events on SQLite.)
 */
export async function standingDemoPurchases(events: Pick<EventStore, 'readAll' | 'readStream'>): Promise<DemoPurchase[]> {
  const captured = new Map<string, number>();
  for (let after = 0n; ; ) {
    const page = await events.readAll({ after, maxCount: PAGE, types: new Set(['OrderCaptured']) });
    if (page.length === 0) break;
    for (const e of page) {
      if (e.type !== 'OrderCaptured' || e.metadata.demo !== true || !e.streamId.startsWith('subscription-')) continue;
      const id = e.streamId.slice('subscription-'.length);
      captured.set(id, (captured.get(id) ?? 0) + ((e.data as { amount?: number }).amount ?? 0));
    }
    after = page.at(-1)!.position;
    if (page.length < PAGE) break;
  }
  const standing: DemoPurchase[] = [];
  for (const [subscriptionId, amount] of captured) {
    const { state } = await aggregate(events, subscriptionDecider, subscriptionId);
    if (state.status === 'NONE' || state.removed || state.status === 'SUBSCRIPTION_STATUS_CANCEL') continue;
    standing.push({ subscriptionId, userId: state.user_id, status: state.status, captured: amount });
  }
  return standing;
}

/**
 * Ends every standing demo purchase: each subscription is cancelled now (SubscriptionCancelled, with the reason
 * "demo payments ended", and its licence revoked by the entitlement rules), by the SYSTEM actor `metadata` names.
 * Idempotent: a second run finds nothing standing. Nothing is refunded (no money moved).
 */
export async function endDemoPurchases(deps: { events: Pick<EventStore, 'readAll' | 'readStream'>; handler: CommandHandler }, metadata: CommandMetadata): Promise<DemoPurchase[]> {
  const standing = await standingDemoPurchases(deps.events);
  for (const purchase of standing) {
    await deps.handler.handle(subscriptionDecider, purchase.subscriptionId, {
      type: 'CancelSubscription',
      data: { reason: 'demo payments ended: no money moved, nothing is licensed' },
      metadata: { ...metadata, correlationId: `${metadata.correlationId}-${purchase.subscriptionId}` },
    });
  }
  return standing;
}
