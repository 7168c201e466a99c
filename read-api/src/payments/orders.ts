import { randomBytes } from 'node:crypto';
import { subscriptionDecider } from '@relaycast/billing-core';
import { streamIds, type CommandMetadata, type PaymentRejected, type SubscriptionView } from '@relaycast/contracts';
import type { Runtime } from '../runtime.js';
import type { CaptureInfo } from './gateway.js';

/** One PayPal order we created for a subscription (a PaymentOrdered event), and what became of it. */
export interface OurOrder {
  paypalOrderID: string;
  /** The billing reference the order was created with (its custom_id at PayPal). */
  paypalSubscriptionID: string;
  amount: number;
  currency: string;
  purpose: 'period' | 'balance';
  captured: boolean;
  rejected: boolean;
  /** Captures PayPal declined for this order: each makes the next capture attempt a new PayPal request. */
  declines: number;
}

/** The PayPal orders of a subscription, oldest first, read from its stream (the source of truth, never stale). */
export async function ordersOf(rt: Runtime, subscriptionId: string): Promise<OurOrder[]> {
  const history = await rt.events.readStream(streamIds.subscription(subscriptionId));
  const orders = new Map<string, OurOrder>();
  for (const e of history) {
    const d = e.data as { paypalOrderID?: string };
    if (e.type === 'PaymentOrdered') {
      const p = e.data as Omit<OurOrder, 'captured' | 'rejected' | 'declines'>;
      orders.set(p.paypalOrderID, { ...p, captured: false, rejected: false, declines: 0 });
    } else if (e.type === 'OrderCaptured' && d.paypalOrderID && orders.has(d.paypalOrderID)) {
      orders.get(d.paypalOrderID)!.captured = true;
    } else if (e.type === 'PaymentRejected' && d.paypalOrderID && orders.has(d.paypalOrderID)) {
      const order = orders.get(d.paypalOrderID)!;
      order.rejected = true;
      if ((e.data as { reason?: string }).reason === 'NOT_COMPLETED') order.declines++;
    }
  }
  return [...orders.values()];
}

/**
 * PayPal-Request-Id of a capture: the same for every retry of one attempt (double clicks, timeouts, a lost answer),
 * so PayPal captures once; a new one after PayPal declined the attempt, so the buyer can pay with another source.
 */
export function captureRequestId(order: OurOrder): string {
  return order.declines === 0 ? `capture-${order.paypalOrderID}` : `capture-${order.paypalOrderID}-${order.declines}`;
}

/** The billing reference PayPal carries for us (custom_id): one per subscription, server-made, not guessable. */
export function newBillingReference(): string {
  return `RCS-${randomBytes(9).toString('base64url').toUpperCase()}`;
}

/** A licence key customers paste into their self-hosted engine: five groups of five, no look-alike letters. */
export function newLicenceKey(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(25);
  const chars = [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
  return chars.match(/.{5}/g)!.join('-');
}

export type CaptureOutcome =
  | { outcome: 'captured'; consistent: boolean; replayed: boolean }
  /** PayPal holds the money for review (eCheck, risk): PAYMENT.CAPTURE.COMPLETED or .DENIED follows. Nothing recorded. */
  | { outcome: 'pending'; consistent: true; replayed: false }
  /** Captured, but not what the order asked for (amount or currency): recorded as PaymentRejected for the audit trail. */
  | { outcome: 'mismatch'; consistent: boolean; replayed: boolean; rejected: PaymentRejected }
  /** PayPal declined or failed the capture: recorded as PaymentRejected; the order may be paid again. */
  | { outcome: 'declined'; consistent: boolean; replayed: boolean; rejected: PaymentRejected };

/** Capture statuses that mean money moved (a refund after the capture is recorded by its own event). */
const MONEY_MOVED = new Set(['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED']);

/**
 * Records what PayPal reports about the capture of one of our orders, whoever learned it (the customer's
 * captureOrder, a webhook, a createOrder that finds an order PayPal already captured).
 *
 * A capture that moved money is recorded with the PayPal order id as idempotency key: the same key for every
 * path, so a browser capture, its retry and PayPal's webhook record it exactly once. A declined capture is
 * recorded under its own capture id, so the customer may still pay that order with another funding source.
 */
export async function recordCapture(rt: Runtime, view: SubscriptionView, order: OurOrder, capture: CaptureInfo | null, metadata: CommandMetadata): Promise<CaptureOutcome> {
  if (!capture || capture.status === 'PENDING') return { outcome: 'pending', consistent: true, replayed: false };
  const moved = MONEY_MOVED.has(capture.status);
  const result = await rt.execute(subscriptionDecider, view._id, {
    type: 'CaptureOrder',
    data: {
      paypalOrderID: order.paypalOrderID,
      paypalSubscriptionID: order.paypalSubscriptionID,
      captureId: capture.captureId,
      quantity: view.quantity,
      amount: capture.amountCents,
      currency: capture.currency,
      providerStatus: moved ? 'COMPLETED' : capture.status,
      licenceKey: newLicenceKey(),
    },
    metadata: { ...metadata, idempotencyKey: moved ? order.paypalOrderID : `${order.paypalOrderID}:${capture.captureId}:${capture.status}` },
  });
  const rejected = result.events.find((e) => e.type === 'PaymentRejected')?.data as PaymentRejected | undefined;
  if (rejected) return { outcome: rejected.reason === 'NOT_COMPLETED' ? 'declined' : 'mismatch', consistent: result.consistent, replayed: result.replayed, rejected };
  return { outcome: 'captured', consistent: result.consistent, replayed: result.replayed };
}
