import { NotFoundError, type CommandMetadata } from '@relaycast/contracts';
import { capturingOrder, nextDueItem, openOrders, subscriptionDecider, type DueItem, type ExistingSubscription, type SubscriptionCommand } from '../subscription/index.js';
import { captureOrder, recordCapture } from '../payments/capture.js';
import { loadSubscription, type PaymentDeps } from '../payments/context.js';
import { refundCredit } from '../payments/refund.js';
import { payWithSavedWallet } from '../payments/saved-wallet.js';
import { readBillingPolicy } from '../policy/index.js';

/**
 * What the billing clock does when a subscription's due item has come: one command (or workflow) per item, with
 * the item's deterministic key as idempotency key, so that running an item again — a scheduler killed and
 * restarted at any point, two schedulers at once — never charges twice and never skips: a saved-wallet charge is
 * recorded as started (with its PayPal-Request-Id) before PayPal is asked, PayPal answers a repeated request id with
 * the first order, and the decider records each step once.
 */

export const CLOCK_ACTOR = 'billing-clock';

export function clockMetadata(now: string, key: string): CommandMetadata {
  return { now, actorId: CLOCK_ACTOR, actorRole: 'SYSTEM', correlationId: key, causationId: null, idempotencyKey: key };
}

type Simple = Extract<SubscriptionCommand, { type: 'ApplyScheduledChange' | 'CancelAtPeriodEnd' | 'EndUnpaid' | 'ResumeSubscription' | 'RefreshLicence' }>;
const SIMPLE: Partial<Record<DueItem['kind'], Pick<Simple, 'type' | 'data'>>> = {
  'scheduled-change': { type: 'ApplyScheduledChange', data: {} },
  'cancel-at-period-end': { type: 'CancelAtPeriodEnd', data: {} },
  suspend: { type: 'EndUnpaid', data: { step: 'SUSPEND' } },
  'cancel-unpaid': { type: 'EndUnpaid', data: { step: 'CANCEL' } },
  'end-taken-back': { type: 'EndUnpaid', data: { step: 'TAKEN_BACK' } },
  resume: { type: 'ResumeSubscription', data: {} },
  licence: { type: 'RefreshLicence', data: {} },
};

/** Runs one due item of a subscription (its state as read from the stream). */
export async function runDueItem(deps: PaymentDeps, sub: ExistingSubscription, item: DueItem, now: string): Promise<void> {
  const metadata = clockMetadata(now, item.key);
  const simple = SIMPLE[item.kind];
  if (simple) {
    await deps.execute(subscriptionDecider, sub.id, { ...simple, metadata } as SubscriptionCommand);
    return;
  }
  if (item.kind === 'reminder' && item.reminder) {
    await deps.execute(subscriptionDecider, sub.id, { type: 'RecordReminder', data: { reminder: item.reminder.kind, dueAt: item.reminder.dueAt }, metadata });
    return;
  }
  if (item.kind === 'refund-credit') {
    await refundCredit(deps, sub.id, metadata);
    return;
  }
  if (item.kind === 'payment-check') {
    await settlePaymentInFlight(deps, sub, metadata);
    return;
  }
  await renew(deps, sub, item, metadata);
}

/**
 * A money movement left in flight (a run crashed, PayPal did not answer): PayPal is asked how it ended. A capture:
 * completed → recorded; approved → captured now with the same request id (PayPal captures once); otherwise the
 * order is closed. A saved-wallet charge: sent again with its request id, which gives the first outcome.
 */
async function settlePaymentInFlight(deps: PaymentDeps, sub: ExistingSubscription, metadata: CommandMetadata): Promise<void> {
  const orderId = capturingOrder(sub);
  if (orderId) {
    const order = sub.orders[orderId]!;
    const info = await deps.gateway.getOrder(orderId).catch((error: unknown) => {
      if (error instanceof NotFoundError) return null;
      throw error;
    });
    const step = (suffix: string): CommandMetadata => ({ ...metadata, idempotencyKey: `${metadata.idempotencyKey}-${suffix}` });
    if (info?.capture && info.status === 'COMPLETED') return void (await recordCapture(deps, sub.id, orderId, info.capture, metadata, undefined, { country: info.payerCountry }));
    // Still ours to take, and the buyer approved it: captured now with the same request id (PayPal captures once).
    if (order.status === 'open' && info?.status === 'APPROVED') return void (await captureOrder(deps, { subscriptionId: sub.id, paypalOrderID: orderId }, metadata));
    // PayPal did not capture it: the attempt is over (and an order that cannot be captured any more is closed).
    await deps.execute(subscriptionDecider, sub.id, { type: 'RecordCaptureFailure', data: { paypalOrderID: orderId, requestId: order.capturing!.requestId, reason: 'REFUSED' }, metadata: step('ended') });
    if (order.status === 'open' && info?.status !== 'APPROVED') await deps.execute(subscriptionDecider, sub.id, { type: 'CloseOrder', data: { paypalOrderID: orderId, reason: 'EXPIRED' }, metadata: step('close') });
    return;
  }
  if (sub.charge) await payWithSavedWallet(deps, sub, metadata);
}

/**
 * A renewal (at the end of the covered time, or — waiting for payment with no dunning — from when it started
 * waiting) or a dunning retry: the saved wallet is charged without the buyer; without one, or when PayPal declines
 * it, the failure is recorded and dunning takes over, with the billing policy read from the event log.
 */
async function renew(deps: PaymentDeps, first: ExistingSubscription, item: DueItem, metadata: CommandMetadata): Promise<void> {
  const step = (suffix: string): CommandMetadata => ({ ...metadata, idempotencyKey: `${item.key}-${suffix}` });
  let sub = first;
  // A capture in flight comes first: its outcome may be the payment of this renewal.
  if (capturingOrder(sub)) return settlePaymentInFlight(deps, sub, step('in-flight'));
  // An order already open: PayPal may have completed it (the customer's checkout whose answer we missed): record it.
  // One still waiting for its buyer is replaced when the saved wallet pays instead; without a saved wallet it is
  // left to the customer, who is paying the renewal with it.
  for (const open of openOrders(sub)) {
    if (sub.orders[open]!.status === 'pending') return; // PayPal is reviewing a payment: its webhook settles it
    const info = await deps.gateway.getOrder(open).catch((error: unknown) => {
      if (error instanceof NotFoundError) return null;
      throw error;
    });
    if (info?.status === 'COMPLETED' && info.capture) {
      await recordCapture(deps, sub.id, open, info.capture, step(`capture-${open}`), undefined, { country: info.payerCountry });
      return;
    }
  }
  if (sub.charge) {
    // A charge in flight (another run's, or a crashed one's): read again. If that charge paid this item, it is done.
    sub = (await loadSubscription(deps, sub.id)).sub;
    if (!sub.charge && nextDueItem(sub)?.key !== item.key) return;
  }
  const dueAt = sub.dunning?.timeline.dueAt ?? item.at;
  const attempt = item.kind === 'renewal' ? 0 : (sub.dunning?.attempts ?? 0);
  const failed = async (reason: 'NO_PAYMENT_METHOD' | 'DECLINED', providerReason?: string) => {
    const { policy } = await readBillingPolicy(deps.events);
    await deps.execute(subscriptionDecider, sub.id, {
      type: 'RecordRenewalFailure',
      data: { dueAt, attempt, reason, policy, ...(providerReason ? { providerReason } : {}) },
      metadata: step('failed'),
    });
  };
  const paid = await payWithSavedWallet(deps, sub, metadata);
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
    // Recorded as of its due time, however late the scheduler ran: a cancellation at period end is dated at that
    // end, a renewal continues the paid time without a gap (the stream's time never goes backwards regardless).
    // An item that failed (PayPal did not answer) is not marked run: the scheduler tries it again.
    await runDueItem(deps, sub, item, item.at);
    ran.add(item.key);
    done.push(item);
  }
  return done;
}
