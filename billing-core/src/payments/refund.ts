import { NotFoundError, ValidationError, type CommandMetadata } from '@relaycast/contracts';
import { requireAdmin } from '../decider.js';
import { subscriptionDecider } from '../subscription/index.js';
import { loadSubscription, requireConfigured, type PaymentDeps } from './context.js';

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
  return deps.execute(subscriptionDecider, sub.id, {
    type: 'RecordRefund',
    data: { captureId: capture.captureId, refundId: refund.refundId, amount: refund.amountCents, currency: refund.currency },
    metadata: { ...metadata, idempotencyKey: `refund:${refund.refundId}` },
  });
}

/**
 * An administrator cancels at once, optionally refunding the unused share of the running paid period (rounded down
 * to the cent: never more than was paid for the time not used). Cancelled first, so that nothing is granted after
 * money went back; the refund's request id derives from the capture and its amount, so a retry refunds once.
 */
export async function cancelNow(deps: PaymentDeps, input: { subscriptionId: string; refund: boolean; reason?: string }, metadata: CommandMetadata) {
  requireAdmin(metadata, 'cancel subscriptions at once');
  const { sub } = await loadSubscription(deps, input.subscriptionId);
  const now = metadata.now;
  const running = sub.paid.find((p) => p.start <= now && p.end > now);
  const cancelled = await deps.execute(subscriptionDecider, sub.id, { type: 'CancelSubscription', data: { reason: input.reason ?? 'cancelled by an administrator' }, metadata });
  if (!input.refund || !running) return { cancelled, refunded: 0 };
  const capture = sub.captures.find((c) => c.captureId === running.captureId);
  if (!capture || capture.credited) return { cancelled, refunded: 0 };
  const [start, end] = [Date.parse(running.start), Date.parse(running.end)];
  const unused = Math.floor((capture.amount * (end - Date.parse(now))) / (end - start));
  const amount = Math.min(unused, capture.amount - capture.refunded);
  if (amount < 1) return { cancelled, refunded: 0 };
  requireConfigured(deps.gateway);
  const refund = await deps.gateway.refundCapture(capture.captureId, { amountCents: amount, currency: sub.currency }, `cancel-refund-${capture.captureId}-${amount}`);
  await deps.execute(subscriptionDecider, sub.id, {
    type: 'RecordRefund',
    data: { captureId: capture.captureId, refundId: refund.refundId, amount: refund.amountCents, currency: refund.currency },
    metadata: { ...metadata, idempotencyKey: `refund:${refund.refundId}` },
  });
  return { cancelled, refunded: refund.amountCents };
}
