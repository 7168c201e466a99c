import { NotFoundError, type CommandMetadata } from '@relaycast/contracts';
import { nextDueItem, openOrders, subscriptionDecider, type DueItem, type ExistingSubscription, type SubscriptionCommand } from '../subscription/index.js';
import { recordCapture } from '../payments/capture.js';
import { loadSubscription, type PaymentDeps } from '../payments/context.js';
import { payWithSavedWallet } from '../payments/saved-wallet.js';

/**
 * What the billing clock does when a subscription's due item has come: one command per item, with the item's
 * deterministic key as idempotency key (and as the PayPal-Request-Id of a renewal charge), so that running an item
 * again — a scheduler killed and restarted at any point, two schedulers at once — never charges twice and never
 * skips: PayPal answers a repeated request id with the first order, and the decider records each step once.
 */

export const CLOCK_ACTOR = 'billing-clock';

export function clockMetadata(now: string, key: string): CommandMetadata {
  return { now, actorId: CLOCK_ACTOR, actorRole: 'SYSTEM', correlationId: key, causationId: null, idempotencyKey: key };
}

type Kind = Extract<SubscriptionCommand, { type: 'ApplyScheduledChange' | 'CancelAtPeriodEnd' | 'EndUnpaid' | 'ResumeSubscription' }>;
const SIMPLE: Partial<Record<DueItem['kind'], Pick<Kind, 'type' | 'data'>>> = {
  'scheduled-change': { type: 'ApplyScheduledChange', data: {} },
  'cancel-at-period-end': { type: 'CancelAtPeriodEnd', data: {} },
  suspend: { type: 'EndUnpaid', data: { step: 'SUSPEND' } },
  'cancel-unpaid': { type: 'EndUnpaid', data: { step: 'CANCEL' } },
  resume: { type: 'ResumeSubscription', data: {} },
};

/** Runs one due item of a subscription (its state as read from the stream). */
export async function runDueItem(deps: PaymentDeps, sub: ExistingSubscription, item: DueItem, now: string): Promise<void> {
  const metadata = clockMetadata(now, item.key);
  const simple = SIMPLE[item.kind];
  if (simple) {
    await deps.execute(subscriptionDecider, sub.id, { ...simple, metadata } as SubscriptionCommand);
    return;
  }
  await renew(deps, sub, item, metadata);
}

/**
 * A renewal (at the end of the paid time or the trial) or a dunning retry: the saved wallet is charged without the
 * buyer; without one, or when PayPal declines it, the failure is recorded and dunning takes over.
 */
async function renew(deps: PaymentDeps, first: ExistingSubscription, item: DueItem, metadata: CommandMetadata): Promise<void> {
  const step = (suffix: string): CommandMetadata => ({ ...metadata, idempotencyKey: `${item.key}-${suffix}` });
  let sub = first;
  // An order already open: PayPal may have completed it (ours, from a run that crashed after charging; or the
  // customer's own checkout): record it. One still waiting for its buyer is closed when the saved wallet is about to
  // pay instead; without a saved wallet it is left to the customer, who is paying the renewal with it.
  for (const open of openOrders(sub)) {
    if (sub.orders[open]!.status === 'pending') return; // PayPal is reviewing a payment: its webhook settles it
    const info = await deps.gateway.getOrder(open).catch((error: unknown) => {
      if (error instanceof NotFoundError) return null;
      throw error;
    });
    if (info?.status === 'COMPLETED' && info.capture) {
      await recordCapture(deps, sub.id, open, info.capture, step(`capture-${open}`));
      return;
    }
    if (sub.vault) await deps.execute(subscriptionDecider, sub.id, { type: 'CloseOrder', data: { paypalOrderID: open, reason: 'RENEWAL' }, metadata: step(`close-${open}`) });
  }
  if (openOrders(sub).length > 0) sub = (await loadSubscription(deps, sub.id)).sub;
  const dueAt = sub.dunning?.timeline.dueAt ?? item.at;
  const attempt = item.kind === 'renewal' ? 0 : (sub.dunning?.attempts ?? 0);
  const failed = (reason: 'NO_PAYMENT_METHOD' | 'DECLINED', providerReason?: string) =>
    deps.execute(subscriptionDecider, sub.id, {
      type: 'RecordRenewalFailure',
      data: { dueAt, attempt, reason, ...(providerReason ? { providerReason } : {}) },
      metadata: step('failed'),
    });
  const paid = await payWithSavedWallet(deps, sub, item.key, metadata);
  if (paid.kind === 'no-wallet') await failed('NO_PAYMENT_METHOD');
  if (paid.kind === 'declined') await failed('DECLINED', paid.reason);
}

/**
 * Runs every item of one subscription that has come due at `now`, earliest first, each read afresh from the stream
 * (the read model only says where to look). Stops when nothing is due, or at an item already run in this run
 * (`ran`: it stayed due, e.g. waiting on PayPal), so a stuck item never spins.
 */
export async function runDueItems(deps: PaymentDeps, subscriptionId: string, now: string, ran: Set<string> = new Set(), maxSteps = 50): Promise<DueItem[]> {
  const done: DueItem[] = [];
  for (let i = 0; i < maxSteps; i++) {
    let sub: ExistingSubscription;
    try {
      sub = (await loadSubscription(deps, subscriptionId)).sub;
    } catch (error) {
      if (error instanceof NotFoundError) return done;
      throw error;
    }
    const item = nextDueItem(sub);
    if (!item || item.at > now || ran.has(item.key)) return done;
    ran.add(item.key);
    // Recorded as of its due time, however late the scheduler ran: a cancellation at period end is dated at that
    // end, a renewal continues the paid time without a gap (the stream's time never goes backwards regardless).
    await runDueItem(deps, sub, item, item.at);
    done.push(item);
  }
  return done;
}
