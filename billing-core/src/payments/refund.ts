import { NotFoundError, ValidationError, type CommandMetadata } from '@relaycast/contracts';
import { requireAdmin } from '../decider.js';
import { creditToRefund, refundsOwed, subscriptionDecider, unusedPaidTime, type ExistingSubscription } from '../subscription/index.js';
import { issueDocuments, loadSubscription, requireConfigured, type PaymentDeps } from './context.js';

/**
 * An administrator refunds (part of) a capture through PayPal, then records it. The PayPal-Request-Id derives
 * from the capture, what was refunded before and the amount, so a retry (or a second click) refunds once. The
 * decider decides what the refund ends: all of a capture that paid for running time ends that time now.
 */
export async function refundCapture(deps: PaymentDeps, input: { subscriptionId: string; captureId: string; amount?: number }, metadata: CommandMetadata) {
  requireAdmin(metadata, 'refund payments');
  requireConfigured(deps.gateway);
  const { sub } = await loadSubscription(deps, input.subscriptionId);
  const capture = sub.captures.find((c) => c.captureId === input.captureId);
  if (!capture) throw new NotFoundError(`Capture ${input.captureId} is not a payment of this subscription`);
  const refundable = capture.amount - capture.refunded;
  const amount = input.amount ?? refundable;
  if (amount < 1 || amount > refundable) throw ValidationError.field('amount', `must be between 1 and ${refundable} cents (what remains refundable)`);
  const refund = await deps.gateway.refundCapture(capture.captureId, { amountCents: amount, currency: sub.currency }, `refund-${capture.captureId}-${capture.refunded}-${amount}`);
  const recorded = await deps.execute(subscriptionDecider, sub.id, {
    type: 'RecordRefund',
    data: { captureId: capture.captureId, refundId: refund.refundId, amount: refund.amountCents, currency: refund.currency },
    metadata: { ...metadata, idempotencyKey: `refund:${refund.refundId}` },
  });
  await issueDocuments(deps, recorded);
  return recorded;
}

/** Refunds `amount` of a capture through PayPal (once per request id), then records it. */
async function refundAndRecord(deps: PaymentDeps, sub: ExistingSubscription, captureId: string, amount: number, requestId: string, metadata: CommandMetadata) {
  requireConfigured(deps.gateway);
  const refund = await deps.gateway.refundCapture(captureId, { amountCents: amount, currency: sub.currency }, requestId);
  const recorded = await deps.execute(subscriptionDecider, sub.id, {
    type: 'RecordRefund',
    data: { captureId, refundId: refund.refundId, amount: refund.amountCents, currency: refund.currency },
    metadata: { ...metadata, idempotencyKey: `refund:${refund.refundId}` },
  });
  await issueDocuments(deps, recorded);
  return recorded;
}

/**
 * An administrator cancels at once, optionally refunding what was paid for time that will not be used. The
 * cancellation records what is owed back (per capture: the unused share of each period, running or paid ahead, and
 * of each raise, to the millisecond, rounded down per capture) — cancelled first, so that nothing is granted after
 * money went back — then each is refunded through PayPal. A retry (or the billing clock, after a crash) refunds
 * what is still owed, with the same PayPal-Request-Id: never twice.
 */
export async function cancelNow(deps: PaymentDeps, input: { subscriptionId: string; refund: boolean; reason?: string }, metadata: CommandMetadata) {
  requireAdmin(metadata, 'cancel subscriptions at once');
  if (input.refund) requireConfigured(deps.gateway);
  const { sub } = await loadSubscription(deps, input.subscriptionId);
  const cancelled = await deps.execute(subscriptionDecider, sub.id, { type: 'CancelSubscription', data: { reason: input.reason ?? 'cancelled by an administrator', ...(input.refund ? { refund: true } : {}) }, metadata });
  if (!input.refund) return { cancelled, refunded: 0 };
  return { cancelled, refunded: await payRefundsOwed(deps, sub.id, metadata) };
}

/** Pays the refunds a cancellation owes (what is still owed, each once: its request id names the capture and amount). */
async function payRefundsOwed(deps: PaymentDeps, subscriptionId: string, metadata: CommandMetadata): Promise<number> {
  const { sub } = await loadSubscription(deps, subscriptionId);
  let refunded = 0;
  for (const { captureId, amount } of refundsOwed(sub)) {
    await refundAndRecord(deps, sub, captureId, amount, `cancel-refund-${captureId}-${amount}`, metadata);
    refunded += amount;
  }
  return refunded;
}

/**
 * What cancelling now with a refund would give back, per payment, and what each paid for: the preview an
 * administrator reads before confirming (nothing is recorded).
 */
export function cancelNowLines(sub: ExistingSubscription, now: string) {
  return unusedPaidTime(sub, now).map(({ captureId, amount, item }) => ({
    captureId,
    amount,
    kind: item.kind as 'period' | 'raise',
    start: item.spans[0]?.start ?? item.capturedAt,
    end: item.spans[item.spans.length - 1]?.end ?? item.capturedAt,
    ...(item.raise ? { quantity: item.raise.to.quantity, previousQuantity: item.raise.from.quantity } : { quantity: sub.paid.find((p) => p.captureId === captureId)?.configuration.quantity ?? sub.quantity }),
  }));
}

/**
 * Money owed on a cancelled subscription goes back to the buyer: account credit left (a renewal or a capture that
 * arrived after it ended) and refunds a cancellation owes that were not made yet. Every charge PayPal made ends as
 * paid time or as money returned. The billing clock runs it.
 */
export async function refundCredit(deps: PaymentDeps, subscriptionId: string, metadata: CommandMetadata): Promise<number> {
  const { sub } = await loadSubscription(deps, subscriptionId);
  if (sub.status !== 'SUBSCRIPTION_STATUS_CANCEL') return 0;
  let total = await payRefundsOwed(deps, subscriptionId, metadata);
  const { sub: after } = await loadSubscription(deps, subscriptionId);
  for (const { captureId, amount } of creditToRefund(after)) {
    const refunded = after.captures.find((c) => c.captureId === captureId)!.refunded;
    await refundAndRecord(deps, after, captureId, amount, `credit-refund-${captureId}-${refunded}-${amount}`, metadata);
    total += amount;
  }
  return total;
}
