import { ConflictError, TaxCountryConflictError, ValidationError, type CommandMetadata, type CountryCode, type PaymentRejected } from '@relaycast/contracts';
import { subscriptionDecider, type ExistingSubscription } from '../subscription/index.js';
import { captureRequestId, issueDocuments, issueLicenceKey, loadSubscription, orderTaxIsCurrent, requireConfigured, taxAtCapture, type PaymentDeps } from './context.js';
import type { CaptureInfo } from './gateway.js';

export type CaptureOutcome =
  | { outcome: 'captured'; consistent: boolean; replayed: boolean }
  /** Money moved for an order that was no longer current: kept as account credit, nothing granted. */
  | { outcome: 'credited'; consistent: boolean; replayed: boolean; amount: number }
  /** PayPal holds the money for review: PAYMENT.CAPTURE.COMPLETED or .DENIED follows. */
  | { outcome: 'pending'; consistent: boolean; replayed: boolean }
  /** Captured, but not what the order asked for (amount or currency): recorded as PaymentRejected. */
  | { outcome: 'mismatch'; consistent: boolean; replayed: boolean; rejected: PaymentRejected }
  /** PayPal declined or failed the capture: recorded as PaymentRejected; the order may be paid again. */
  | { outcome: 'declined'; consistent: boolean; replayed: boolean; rejected: PaymentRejected };

/** Capture statuses that mean money moved (a refund after the capture is recorded by its own event). */
const MONEY_MOVED = new Set(['COMPLETED', 'PARTIALLY_REFUNDED', 'REFUNDED']);

/**
 * Records what PayPal reports about the capture of one of our orders, whoever learned it (the customer's capture,
 * a webhook, a purchase that finds an order PayPal already captured). The decider decides what it grants, against
 * the stream version it reads: never the configuration of the moment, only what the order recorded.
 *
 * Money that moved is recorded under the PayPal order id as idempotency key, the same for every path, so a capture,
 * its retry and PayPal's webhook record it once. Other outcomes are keyed by capture id and status.
 */
export async function recordCapture(
  deps: PaymentDeps,
  subscriptionId: string,
  orderId: string,
  capture: CaptureInfo | null,
  metadata: CommandMetadata,
  /** The subscription as the caller just read it (its licence key, reference and quantity), to save a read. */
  known?: ExistingSubscription,
  /** PayPal's payer country, when the caller read it with the order, and whether the customer confirmed the billing country against it. */
  payer?: { country: CountryCode | null; confirmed?: boolean },
): Promise<CaptureOutcome> {
  if (!capture) return { outcome: 'pending', consistent: true, replayed: false };
  const moved = MONEY_MOVED.has(capture.status);
  const sub = known ?? (await loadSubscription(deps, subscriptionId)).sub;
  const licenceKey = moved ? await issueLicenceKey(deps, sub, metadata) : 'NOT-ISSUED';
  // The payer's country as evidence with the sale (docs/tax.md): added to the order's tax, or its VAT carved out.
  const orderTax = sub.orders[orderId]?.tax;
  const tax = moved && payer ? taxAtCapture(deps.tax, orderTax, payer, metadata.now) : undefined;
  const result = await deps.execute(subscriptionDecider, subscriptionId, {
    type: 'CaptureOrder',
    data: {
      paypalOrderID: orderId,
      paypalSubscriptionID: sub.paypalSubscriptionID ?? '',
      captureId: capture.captureId,
      quantity: sub.quantity,
      amount: capture.amountCents,
      currency: capture.currency,
      providerStatus: moved ? 'COMPLETED' : capture.status,
      licenceKey,
      ...(tax && tax !== orderTax ? { tax } : {}),
    },
    metadata: { ...metadata, idempotencyKey: moved ? orderId : `${orderId}:${capture.captureId}:${capture.status}` },
  });
  // Its invoice, also when the capture was recorded before (a retry after a crash between the two finds it missing).
  await issueDocuments(deps, result);
  const common = { consistent: result.consistent ?? true, replayed: result.replayed };
  const rejected = result.events.find((e) => e.type === 'PaymentRejected')?.data as PaymentRejected | undefined;
  if (rejected) return { outcome: rejected.reason === 'NOT_COMPLETED' ? 'declined' : 'mismatch', ...common, rejected };
  if (result.events.some((e) => e.type === 'PaymentPending')) return { outcome: 'pending', ...common };
  const captured = result.events.find((e) => e.type === 'OrderCaptured')?.data as { credited?: boolean; amount: number } | undefined;
  if (captured?.credited) return { outcome: 'credited', ...common, amount: captured.amount };
  return { outcome: 'captured', ...common };
}

/**
 * The capture workflow: our own order, still current, captured through PayPal once (PayPal-Request-Id), then
 * recorded. An order made stale by a change is never sent to PayPal; one that goes stale while PayPal is
 * capturing it is recorded as credit by the decider.
 */
export async function captureOrder(
  deps: PaymentDeps,
  input: { subscriptionId: string; paypalOrderID: string; paypalSubscriptionID?: string; confirmCountry?: CountryCode },
  metadata: CommandMetadata,
): Promise<CaptureOutcome> {
  const { sub } = await loadSubscription(deps, input.subscriptionId);
  // The caller's billing reference (the seed's paypalSubscriptionID) must be this subscription's: a request that is
  // wrong is told so whether or not payments are configured.
  if (input.paypalSubscriptionID !== undefined && sub.paypalSubscriptionID !== input.paypalSubscriptionID) throw ValidationError.field('paypalSubscriptionID', 'does not match this subscription');
  requireConfigured(deps.gateway);
  const order = sub.orders[input.paypalOrderID];
  if (!order) throw ValidationError.field('paypalOrderID', 'is not a payment order of this subscription');
  switch (order.status) {
    case 'captured':
      return { outcome: 'captured', consistent: true, replayed: true };
    case 'pending':
      return { outcome: 'pending', consistent: true, replayed: true };
    case 'superseded':
      throw new ConflictError('What is due on this subscription changed after this PayPal order was created; nothing was charged. Start the payment again');
    case 'rejected': {
      // Answered as the first time: the refusal is on record.
      const rejected = order.rejection!;
      return { outcome: rejected.reason === 'NOT_COMPLETED' ? 'declined' : 'mismatch', consistent: true, replayed: true, rejected };
    }
    case 'open':
      break;
  }
  // Where the customer is, before any money moves (docs/tax.md). Checked once, before the capture starts: a retry of a
  // capture in flight passed it already.
  const billingCountry = order.tax?.decision.evidence.billingCountry;
  let payerCountry: CountryCode | null = null;
  if (order.tax && !order.capturing) {
    // Priced on billing details the customer has changed since: never captured at the old tax; a new order follows.
    if (!(await orderTaxIsCurrent(deps, sub, order.tax, metadata.now))) {
      await deps.execute(subscriptionDecider, sub.id, { type: 'CloseOrder', data: { paypalOrderID: input.paypalOrderID, reason: 'TAX_CHANGED' }, metadata: { ...metadata, actorRole: 'SYSTEM' } });
      throw new ConflictError('Your billing details changed after this PayPal order was made, and with them the tax; nothing was charged. Start the payment again to pay the new total');
    }
    // Two pieces of evidence that disagree: the billing country and the country of the PayPal account that approved
    // the order. The customer says which is right before anything is charged.
    if (billingCountry) {
      payerCountry = (await deps.gateway.getOrder(input.paypalOrderID)).payerCountry;
      if (payerCountry && payerCountry !== billingCountry && input.confirmCountry !== billingCountry) {
        if (input.confirmCountry !== undefined) {
          throw ValidationError.field('confirmCountry', `must be the billing country, ${billingCountry}: to pay as a customer in ${input.confirmCountry}, change the billing details first (a new total follows)`, 'billingCountry', { country: billingCountry });
        }
        throw new TaxCountryConflictError(billingCountry, payerCountry);
      }
    }
  }
  const requestId = captureRequestId(input.paypalOrderID, order.declines);
  // Recorded before PayPal is asked: no saved-wallet charge starts while this capture is in flight (and one in flight refuses it).
  await deps.execute(subscriptionDecider, sub.id, { type: 'StartCapture', data: { paypalOrderID: input.paypalOrderID, requestId }, metadata: { ...metadata, idempotencyKey: `${requestId}-start` } });
  let paid;
  try {
    paid = await deps.gateway.captureOrder(input.paypalOrderID, requestId);
  } catch (error) {
    // PayPal refused (a decline, an order it will not capture): nothing moved, the attempt ends. A failure to reach
    // PayPal leaves it in flight: a retry asks again with the same request id (or the billing clock checks it).
    const code = (error as { code?: string }).code;
    // PayPal answered and took nothing: declined, refused, not approved yet, or an order it does not know.
    if (code === 'PAYMENT_DECLINED' || code === 'PAYMENT_REFUSED' || code === 'CONFLICT' || code === 'NOT_FOUND') {
      await deps.execute(subscriptionDecider, sub.id, { type: 'RecordCaptureFailure', data: { paypalOrderID: input.paypalOrderID, requestId, reason: code === 'PAYMENT_DECLINED' ? 'DECLINED' : 'REFUSED' }, metadata: { ...metadata, idempotencyKey: `${requestId}-failed` } });
    }
    throw error;
  }
  const payer = { country: paid.payerCountry ?? payerCountry, confirmed: billingCountry !== undefined && input.confirmCountry === billingCountry };
  const outcome = await recordCapture(deps, sub.id, input.paypalOrderID, paid.capture, metadata, undefined, payer);
  // The buyer asked PayPal to save the wallet with this payment: renewals charge it from now on.
  if (paid.vault?.status === 'VAULTED' && outcome.outcome === 'captured') {
    await deps.execute(subscriptionDecider, sub.id, {
      type: 'RecordVaultedPaymentMethod',
      data: { vaultId: paid.vault.id, source: 'PURCHASE', ...(paid.vault.payerEmail ? { payerEmail: paid.vault.payerEmail } : {}) },
      metadata: { ...metadata, actorRole: 'SYSTEM' },
    });
  }
  return outcome;
}
