import { AppError, decimalToCents, TRANSIENT_ERROR_CODES, UnauthorizedError, UnavailableError, ValidationError, type CommandMetadata } from '@relaycast/contracts';
import { subscriptionDecider, type SubscriptionCommand } from '../subscription/index.js';
import { recordCapture } from './capture.js';
import { issueDocuments, loadSubscription, resolveBillingReference, type PaymentDeps } from './context.js';
import type { CaptureInfo, WebhookHeaders } from './gateway.js';

/** The parts of a PayPal webhook event we read. */
interface WebhookEvent {
  id: string;
  event_type: string;
  resource: Record<string, unknown>;
}

/** What a delivery did, answered to PayPal (and logged): applied, already applied, or ignored and why. */
export interface WebhookOutcome {
  eventId: string;
  eventType: string;
  outcome: 'applied' | 'unchanged' | 'ignored';
  subscriptionId?: string;
  reason?: string;
}

/** An event PayPal must not retry: not ours, or nothing we act on. */
class Ignored extends Error {}
const ignore = (reason: string): never => {
  throw new Ignored(reason);
};
/** An event we cannot apply yet (its subscription or capture is not in the event store yet): 503, PayPal retries. */
const later = (reason: string): never => {
  throw new UnavailableError(`Not applied yet, retry later: ${reason}`);
};

function parseEvent(raw: string): WebhookEvent {
  let event: unknown;
  try {
    event = JSON.parse(raw);
  } catch {
    throw ValidationError.field('body', 'is not valid JSON');
  }
  const e = event as Partial<WebhookEvent> | null;
  if (!e || typeof e !== 'object' || typeof e.id !== 'string' || !e.id || typeof e.event_type !== 'string' || !e.resource || typeof e.resource !== 'object') {
    throw ValidationError.field('body', 'is not a PayPal webhook event (id, event_type and resource are required)');
  }
  return e as WebhookEvent;
}

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

function money(value: unknown): { amount: number; currency: string } {
  const m = (value ?? {}) as { currency_code?: string; value?: string };
  if (!m.value || !m.currency_code) return ignore('the resource carries no amount');
  try {
    return { amount: decimalToCents(m.value), currency: m.currency_code };
  } catch {
    return ignore(`the amount ${m.value} is not a money amount`);
  }
}

/** The capture a refund-shaped resource points at (its "up" link). */
const upCapture = (r: Record<string, unknown>) =>
  /\/captures\/([^/?#]+)/.exec(((Array.isArray(r.links) ? r.links : []) as { rel?: string; href?: string }[]).find((l) => l.rel === 'up')?.href ?? '')?.[1] ?? null;

/**
 * Applies one verified PayPal event through the same workflows and deciders as the routes. The subscription is
 * found from the billing reference's claim stream in the event store, never from a read model; an event that
 * cannot be resolved yet answers 503 so PayPal retries it. Idempotent twice over: by the webhook event id (or,
 * for a capture, the PayPal order id every path uses) and by the domain's own dedupe.
 */
/** The event types applied below: anything else is answered without asking PayPal anything. */
export const HANDLED_WEBHOOK_EVENTS: ReadonlySet<string> = new Set([
  'PAYMENT.CAPTURE.COMPLETED',
  'PAYMENT.CAPTURE.PENDING',
  'PAYMENT.CAPTURE.DENIED',
  'PAYMENT.CAPTURE.DECLINED',
  'PAYMENT.CAPTURE.REFUNDED',
  'PAYMENT.CAPTURE.REVERSED',
  'CUSTOMER.DISPUTE.CREATED',
  'CUSTOMER.DISPUTE.UPDATED',
  'CUSTOMER.DISPUTE.RESOLVED',
]);

/**
 * What stands between an outsider and a call to PayPal: the delivery's own checks (headers present and well
 * formed, the certificate at PayPal, a recent transmission), run before anything else, and a limit the caller
 * keeps on verification calls (`beforeVerify` refuses when it is spent; `verifyFailed` counts a forged delivery).
 */
export interface WebhookGuard {
  /** Throws when the delivery's headers cannot be PayPal's (checked without calling PayPal). */
  checkHeaders(headers: WebhookHeaders): void;
  beforeVerify(): Promise<void>;
  verifyFailed(): Promise<void>;
}

export async function handleWebhook(
  deps: PaymentDeps,
  delivery: { rawBody: string; headers: WebhookHeaders; webhookConfigured: boolean },
  metadata: CommandMetadata,
  guard?: WebhookGuard,
): Promise<WebhookOutcome> {
  if (!deps.gateway.configured || !delivery.webhookConfigured) {
    throw new UnavailableError('PayPal webhooks are not configured on this server (set PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID)');
  }
  guard?.checkHeaders(delivery.headers);
  const event = parseEvent(delivery.rawBody);
  const head = { eventId: event.id, eventType: event.event_type };
  // Nothing is applied for an event type we do not handle: no need to ask PayPal whether it is genuine.
  if (!HANDLED_WEBHOOK_EVENTS.has(event.event_type)) return { ...head, outcome: 'ignored', reason: `event type ${event.event_type} is not handled` };
  await guard?.beforeVerify();
  if (!(await deps.gateway.verifyWebhookSignature(delivery.headers, delivery.rawBody))) {
    await guard?.verifyFailed();
    throw new UnauthorizedError('The webhook signature could not be verified with PayPal');
  }
  try {
    return { ...head, ...(await apply(deps, event, { ...metadata, causationId: event.id })) };
  } catch (error) {
    // Retrying cannot change a refusal of ours (a 4xx from the domain) or an event we do not handle: say so once.
    if (error instanceof Ignored || (error instanceof AppError && !TRANSIENT_ERROR_CODES.has(error.code))) return { ...head, outcome: 'ignored', reason: error.message };
    throw error;
  }
}

async function subscriptionOf(deps: PaymentDeps, reference: string | null): Promise<string> {
  if (!reference) return ignore('the resource carries no custom_id (billing reference)');
  return (await resolveBillingReference(deps, reference)) ?? later(`no subscription has claimed the billing reference ${reference} yet`);
}

/**
 * Is the capture one of this subscription's? Recorded on it (by its id), or — not recorded yet, PayPal does not order
 * its deliveries — captured at PayPal for one of the subscription's orders (then PayPal should retry: 503). Anything
 * else is not ours (another merchant's, PayPal not knowing it for this account, or another subscription's under this
 * one's reference): ignored, answered 200 and logged, never retried for ever.
 */
async function requireOurCapture(deps: PaymentDeps, sub: { orders: Record<string, unknown>; captures: readonly { captureId: string }[] }, captureId: string): Promise<void> {
  if (sub.captures.some((c) => c.captureId === captureId)) return;
  const { orderId } = await deps.gateway.getCapture(captureId).catch((error: unknown) => {
    if (error instanceof AppError && error.code === 'NOT_FOUND') return ignore(`capture ${captureId} is not one of ours (PayPal does not know it for this account)`);
    throw error;
  });
  if (orderId && Object.hasOwn(sub.orders, orderId)) later(`capture ${captureId} is not recorded yet`);
  ignore(`capture ${captureId} is not one of ours for this subscription`);
}

/** The billing reference of a capture: on the resource, or (refunds made in PayPal's dashboard) on the capture. */
async function referenceOfCapture(deps: PaymentDeps, captureId: string, onResource: unknown): Promise<string | null> {
  return text(onResource) ?? (await deps.gateway.getCapture(captureId)).customId;
}

async function apply(deps: PaymentDeps, event: WebhookEvent, metadata: CommandMetadata): Promise<Omit<WebhookOutcome, 'eventId' | 'eventType'>> {
  const r = event.resource;
  const keyed = { ...metadata, idempotencyKey: `webhook:${event.id}` };
  const run = async (subscriptionId: string, command: SubscriptionCommand) => {
    const result = await deps.execute(subscriptionDecider, subscriptionId, command);
    // A refund's or reversal's credit note (also when PayPal delivers it again: issued once).
    await issueDocuments(deps, result);
    return { outcome: result.events.length && !result.replayed ? ('applied' as const) : ('unchanged' as const), subscriptionId };
  };

  switch (event.event_type) {
    case 'PAYMENT.CAPTURE.COMPLETED':
    case 'PAYMENT.CAPTURE.PENDING':
    case 'PAYMENT.CAPTURE.DENIED':
    case 'PAYMENT.CAPTURE.DECLINED': {
      const subscriptionId = await subscriptionOf(deps, text(r.custom_id));
      const orderId = text((r.supplementary_data as { related_ids?: { order_id?: string } } | undefined)?.related_ids?.order_id) ?? ignore('the capture names no order');
      const { sub } = await loadSubscription(deps, subscriptionId);
      const order = sub.orders[orderId] ?? ignore(`order ${orderId} is not one of ours for this subscription`);
      if (order.status === 'captured') return { outcome: 'unchanged', subscriptionId, reason: 'the capture is recorded already' };
      const status = event.event_type === 'PAYMENT.CAPTURE.COMPLETED' ? 'COMPLETED' : event.event_type === 'PAYMENT.CAPTURE.PENDING' ? 'PENDING' : (text(r.status) ?? 'DENIED');
      const capture: CaptureInfo = { captureId: text(r.id) ?? ignore('the capture has no id'), status, ...(({ amount, currency }) => ({ amountCents: amount, currency }))(money(r.amount)) };
      const recorded = await recordCapture(deps, subscriptionId, orderId, capture, metadata);
      const reason = recorded.outcome === 'captured' ? undefined : recorded.outcome === 'mismatch' || recorded.outcome === 'declined' ? `recorded as PaymentRejected (${recorded.rejected.reason})` : recorded.outcome;
      return { outcome: recorded.replayed ? 'unchanged' : 'applied', subscriptionId, ...(reason ? { reason } : {}) };
    }
    case 'PAYMENT.CAPTURE.REFUNDED':
    case 'PAYMENT.CAPTURE.REVERSED': {
      const reversal = event.event_type === 'PAYMENT.CAPTURE.REVERSED';
      // A refund-shaped resource points at its capture; a reversal may also come as the capture itself.
      const captureId = upCapture(r) ?? (reversal && text(r.status) === 'REVERSED' ? text(r.id) : null) ?? ignore('the event names no capture');
      const refundId = upCapture(r) ? (text(r.id) ?? ignore('the refund has no id')) : `reversal-${event.id}`;
      const subscriptionId = await subscriptionOf(deps, await referenceOfCapture(deps, captureId, r.custom_id));
      const { sub } = await loadSubscription(deps, subscriptionId);
      // Ours, recorded; ours at PayPal but its record still on its way (503: PayPal retries); or not ours (ignored).
      await requireOurCapture(deps, sub, captureId);
      const { amount, currency } = money(r.amount);
      return run(subscriptionId, { type: 'RecordRefund', data: { captureId, refundId, amount, currency, ...(reversal ? { reversal: true } : {}) }, metadata: keyed });
    }
    case 'CUSTOMER.DISPUTE.CREATED':
    case 'CUSTOMER.DISPUTE.UPDATED':
    case 'CUSTOMER.DISPUTE.RESOLVED': {
      const disputeId = text(r.dispute_id) ?? ignore('the dispute has no id');
      const transaction = ((Array.isArray(r.disputed_transactions) ? r.disputed_transactions : [])[0] ?? {}) as Record<string, unknown>;
      const captureId = text(transaction.seller_transaction_id) ?? ignore('the dispute names no transaction of ours');
      const subscriptionId = await subscriptionOf(deps, await referenceOfCapture(deps, captureId, transaction.custom));
      // The reference says whose; the capture must be that subscription's too (a reference alone names no payment).
      await requireOurCapture(deps, (await loadSubscription(deps, subscriptionId)).sub, captureId);
      const amount = r.dispute_amount ? money(r.dispute_amount) : null;
      const outcome = text((r.dispute_outcome as { outcome_code?: string } | undefined)?.outcome_code);
      return run(subscriptionId, {
        type: 'RecordDispute',
        data: {
          disputeId,
          stage: event.event_type.slice('CUSTOMER.DISPUTE.'.length) as 'CREATED' | 'UPDATED' | 'RESOLVED',
          status: (text(r.status) ?? 'OPEN').slice(0, 64),
          captureId,
          ...(text(r.reason) ? { reason: text(r.reason)!.slice(0, 128) } : {}),
          ...(outcome ? { outcome: outcome.slice(0, 128) } : {}),
          ...(amount ? { amount: amount.amount, currency: amount.currency } : {}),
        },
        metadata: keyed,
      });
    }
    default:
      return ignore(`event type ${event.event_type} is not handled`);
  }
}
