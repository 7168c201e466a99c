import { NotFoundError, ValidationError, type CommandMetadata } from '@relaycast/contracts';
import { requireAdmin } from '../decider.js';
import { creditToRefund, subscriptionDecider, type ExistingSubscription } from '../subscription/index.js';
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
 * An administrator cancels at once, optionally refunding what was paid for time that will not be used: the unused
 * share of the running period (rounded down to the cent: never more than was paid for the time not used) and every
 * period paid ahead. Cancelled first, so that nothing is granted after money went back; each refund's request id
 * derives from the capture and its amount, so a retry refunds once.
 */
export async function cancelNow(deps: PaymentDeps, input: { subscriptionId: string; refund: boolean; reason?: string }, metadata: CommandMetadata) {
  requireAdmin(metadata, 'cancel subscriptions at once');
  const { sub } = await loadSubscription(deps, input.subscriptionId);
  const cancelled = await deps.execute(subscriptionDecider, sub.id, { type: 'CancelSubscription', data: { reason: input.reason ?? 'cancelled by an administrator' }, metadata });
  if (!input.refund) return { cancelled, refunded: 0 };
  let refunded = 0;
  for (const { captureId, amount } of unusedPaidTime(sub, metadata.now)) {
    await refundAndRecord(deps, sub, captureId, amount, `cancel-refund-${captureId}-${amount}`, metadata);
    refunded += amount;
  }
  return { cancelled, refunded };
}

/**
 * What cancelling at `now` leaves paid and unused, per capture: the unused share of the running period (rounded down
 * to the cent: never more than was paid for the time not used) and every period paid ahead, less what was already
 * refunded. What `cancelNow` refunds, and what an administrator is told it will refund before confirming.
 */
export function unusedPaidTime(sub: ExistingSubscription, now: string): { captureId: string; amount: number }[] {
  const refunds: { captureId: string; amount: number }[] = [];
  for (const period of sub.paid.filter((p) => p.end > now)) {
    const capture = sub.captures.find((c) => c.captureId === period.captureId);
    if (!capture || capture.credited) continue;
    const [start, end] = [Date.parse(period.start), Date.parse(period.end)];
    const unused = period.start >= now ? capture.amount : Math.floor((capture.amount * (end - Date.parse(now))) / (end - start));
    const amount = Math.min(unused, capture.amount - capture.refunded);
    if (amount >= 1) refunds.push({ captureId: capture.captureId, amount });
  }
  return refunds;
}

/**
 * Account credit left on a cancelled subscription (a renewal or a capture that arrived after it ended) goes back to
 * the buyer: every charge PayPal made ends as paid time or as money returned. The billing clock runs it.
 */
export async function refundCredit(deps: PaymentDeps, subscriptionId: string, metadata: CommandMetadata): Promise<number> {
  const { sub } = await loadSubscription(deps, subscriptionId);
  if (sub.status !== 'SUBSCRIPTION_STATUS_CANCEL') return 0;
  let total = 0;
  for (const { captureId, amount } of creditToRefund(sub)) {
    const refunded = sub.captures.find((c) => c.captureId === captureId)!.refunded;
    await refundAndRecord(deps, sub, captureId, amount, `credit-refund-${captureId}-${refunded}-${amount}`, metadata);
    total += amount;
  }
  return total;
}
