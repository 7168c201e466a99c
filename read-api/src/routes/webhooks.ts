import express, { type Router } from 'express';
import { subscriptionDecider, type SubscriptionCommand } from '@relaycast/billing-core';
import { AppError, UnauthorizedError, UnavailableError, ValidationError, type CommandMetadata, type SubscriptionView } from '@relaycast/contracts';
import type { Runtime } from '../runtime.js';
import { valueToCents, type CaptureInfo } from '../payments/gateway.js';
import { ordersOf, recordCapture } from '../payments/orders.js';

export const PAYPAL_WEBHOOK_PATH = '/paypal/webhooks';

/** The parts of a PayPal webhook event we read. */
interface WebhookEvent {
  id: string;
  event_type: string;
  resource: Record<string, unknown>;
}

interface Money {
  currency_code?: string;
  value?: string;
}

/** What a delivery did, answered to PayPal (and logged): applied, already applied, or ignored and why. */
export interface WebhookOutcome {
  eventId: string;
  eventType: string;
  outcome: 'applied' | 'unchanged' | 'ignored';
  subscriptionId?: string;
  reason?: string;
}

class Ignored extends Error {}
const ignore = (reason: string): never => {
  throw new Ignored(reason);
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
  const m = (value ?? {}) as Money;
  if (!m.value || !m.currency_code) return ignore('the resource carries no amount');
  try {
    return { amount: valueToCents(m.value), currency: m.currency_code };
  } catch {
    return ignore(`the amount ${m.value} is not a money amount`);
  }
}

async function subscriptionFor(rt: Runtime, reference: string | null): Promise<SubscriptionView> {
  if (!reference) return ignore('the resource carries no custom_id (billing reference)');
  const view = await rt.readSide.queries.subscriptionByBillingReference(reference);
  return view ?? ignore(`no subscription has the billing reference ${reference}`);
}

/**
 * Applies one verified PayPal event. Every change is idempotent twice over: by the webhook event id (or, for a
 * capture, the PayPal order id that captureOrder uses too) as the command's idempotency key, and by the domain's own
 * dedupe (an order captured once, a refund id recorded once, a status already reached).
 */
async function apply(rt: Runtime, event: WebhookEvent, metadata: CommandMetadata): Promise<Omit<WebhookOutcome, 'eventId' | 'eventType'>> {
  const r = event.resource;
  const keyed = { ...metadata, idempotencyKey: `webhook:${event.id}` };
  const run = async (view: SubscriptionView, command: SubscriptionCommand) => {
    const result = await rt.execute(subscriptionDecider, view._id, command);
    return { outcome: result.events.length && !result.replayed ? ('applied' as const) : ('unchanged' as const), subscriptionId: view._id };
  };

  switch (event.event_type) {
    case 'PAYMENT.CAPTURE.COMPLETED':
    case 'PAYMENT.CAPTURE.DENIED':
    case 'PAYMENT.CAPTURE.DECLINED': {
      const view = await subscriptionFor(rt, text(r.custom_id));
      const orderId = text((r.supplementary_data as { related_ids?: { order_id?: string } } | undefined)?.related_ids?.order_id);
      if (!orderId) return ignore('the capture names no order');
      const order = (await ordersOf(rt, view._id)).find((o) => o.paypalOrderID === orderId);
      if (!order) return ignore(`order ${orderId} is not one of ours for this subscription`);
      if (order.captured) return { outcome: 'unchanged', subscriptionId: view._id, reason: 'the capture is recorded already' };
      const captureId = text(r.id) ?? ignore('the capture has no id');
      const status = event.event_type === 'PAYMENT.CAPTURE.COMPLETED' ? 'COMPLETED' : (text(r.status) ?? 'DENIED');
      const { amount, currency } = money(r.amount);
      const capture: CaptureInfo = { captureId, status, amountCents: amount, currency };
      const recorded = await recordCapture(rt, view, order, capture, metadata);
      const reason = recorded.outcome === 'captured' ? undefined : recorded.outcome === 'pending' ? 'pending' : `recorded as PaymentRejected (${recorded.rejected.reason})`;
      return { outcome: recorded.replayed ? 'unchanged' : 'applied', subscriptionId: view._id, ...(reason ? { reason } : {}) };
    }
    case 'PAYMENT.CAPTURE.REFUNDED': {
      const links = (Array.isArray(r.links) ? r.links : []) as { rel?: string; href?: string }[];
      const captureId = /\/captures\/([^/?#]+)/.exec(links.find((l) => l.rel === 'up')?.href ?? '')?.[1] ?? ignore('the refund names no capture');
      const refundId = text(r.id) ?? ignore('the refund has no id');
      // A refund made in PayPal's dashboard may carry no custom_id: its capture does.
      const reference = text(r.custom_id) ?? (await rt.payments.getCapture(captureId)).customId;
      const view = await subscriptionFor(rt, reference);
      const { amount, currency } = money(r.amount);
      return run(view, { type: 'RecordRefund', data: { captureId, refundId, amount, currency }, metadata: keyed });
    }
    case 'BILLING.SUBSCRIPTION.CANCELLED':
    case 'BILLING.SUBSCRIPTION.EXPIRED': {
      const view = await subscriptionFor(rt, text(r.custom_id));
      return run(view, { type: 'CancelSubscription', data: { reason: `PayPal: ${event.event_type}` }, metadata: keyed });
    }
    case 'BILLING.SUBSCRIPTION.SUSPENDED':
    case 'BILLING.SUBSCRIPTION.PAYMENT.FAILED': {
      const view = await subscriptionFor(rt, text(r.custom_id));
      if (view.status !== 'SUBSCRIPTION_STATUS_ACTIVE') return { outcome: 'unchanged', subscriptionId: view._id, reason: `the subscription is ${view.status}, not live` };
      const reason = event.event_type === 'BILLING.SUBSCRIPTION.SUSPENDED' ? 'PayPal: subscription suspended' : 'PayPal: a subscription payment failed';
      return run(view, { type: 'SetSubscriptionStatus', data: { status: 'SUBSCRIPTION_STATUS_PAUSE', reason }, metadata: keyed });
    }
    case 'BILLING.SUBSCRIPTION.ACTIVATED':
    case 'BILLING.SUBSCRIPTION.RE-ACTIVATED': {
      const view = await subscriptionFor(rt, text(r.custom_id));
      // Only a pause is lifted this way: a subscription goes live the first time by a captured payment.
      if (view.status !== 'SUBSCRIPTION_STATUS_PAUSE') return { outcome: 'unchanged', subscriptionId: view._id, reason: `the subscription is ${view.status}, not paused` };
      return run(view, { type: 'SetSubscriptionStatus', data: { status: 'SUBSCRIPTION_STATUS_ACTIVE', reason: `PayPal: ${event.event_type}` }, metadata: keyed });
    }
    default:
      return ignore(`event type ${event.event_type} is not handled`);
  }
}

/**
 * POST /paypal/webhooks. The body is read raw (express.raw) so it goes back to PayPal's verify call exactly as
 * received; an unverified delivery is refused with 401 and changes nothing. A verified one is applied and answered
 * 200 — also when it is ignored (unknown billing reference, unhandled type, an order not ours), so PayPal stops
 * retrying it; only our own failures (store down) answer 5xx, which PayPal retries.
 */
export function mountPayPalWebhooks(router: Router, rt: Runtime): void {
  router.post(PAYPAL_WEBHOOK_PATH, express.raw({ type: () => true, limit: '512kb' }), async (req, res) => {
    if (!rt.payments.configured || !rt.config.paypal.webhookId) {
      throw new UnavailableError('PayPal webhooks are not configured on this server (set PAYPAL_CLIENT_ID, PAYPAL_CLIENT_SECRET and PAYPAL_WEBHOOK_ID)');
    }
    const raw = Buffer.isBuffer(req.body) ? req.body.toString('utf8') : '';
    const event = parseEvent(raw);
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v[0] : v]));
    if (!(await rt.payments.verifyWebhookSignature(headers, raw))) {
      rt.logger.warn({ eventId: event.id, eventType: event.event_type, reqId: req.id }, 'PayPal webhook refused: signature not verified');
      throw new UnauthorizedError('The webhook signature could not be verified with PayPal');
    }
    const metadata: CommandMetadata = {
      now: new Date().toISOString(),
      actorId: 'paypal-webhook',
      actorRole: 'SYSTEM',
      correlationId: String(req.id),
      causationId: event.id,
    };
    let result: WebhookOutcome;
    try {
      result = { eventId: event.id, eventType: event.event_type, ...(await apply(rt, event, metadata)) };
    } catch (error) {
      // Retrying cannot change a refusal of ours (a 4xx from the domain) or an event we do not handle: say so once.
      if (!(error instanceof Ignored) && !(error instanceof AppError && error.status < 500)) throw error;
      result = { eventId: event.id, eventType: event.event_type, outcome: 'ignored', reason: error.message };
    }
    rt.logger[result.outcome === 'ignored' ? 'warn' : 'info'](result, 'PayPal webhook');
    res.json({ data: result });
  });
}
