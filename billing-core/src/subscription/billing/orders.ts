import {
  ConflictError,
  PAYABLE_STATUSES,
  PaymentInProgressError,
  ValidationError,
  type CommandMetadata,
  type OrderTax,
  type PaymentOrdered,
} from '@relaycast/contracts';
import { requireAdmin } from '../../decider.js';
import type { SubscriptionEvent } from '../events.js';
import { dueOf, nextPeriodStart, periodEndFrom, priced, type Due } from '../money.js';
import { revisedTo } from '../plan-change.js';
import { requireTakesPayments, visibleTo, type Cmd } from '../rules.js';
import { capturingOrder, configurationOf, openOrders, pausedForNonPayment, sameConfiguration, takesPayments, type ExistingSubscription, type SubscriptionState } from '../state.js';
import { transition } from '../status.js';

/**
 * Billing: orders for what is due, their captures, and what a capture grants. An order records what it pays for
 * (purpose, configuration, the credit it uses); a capture grants exactly that, or — the order no longer current —
 * nothing, its money kept as account credit.
 */

export function orderedData(paypalOrderID: string, paypalSubscriptionID: string, currency: string, due: Due, requestId?: string): PaymentOrdered {
  return {
    paypalOrderID,
    paypalSubscriptionID,
    amount: due.amount,
    currency,
    purpose: due.purpose,
    configuration: due.configuration,
    ...(due.credit ? { credit: due.credit } : {}),
    ...(due.periodStart ? { periodStart: due.periodStart, periodEnd: due.periodEnd } : {}),
    ...(requestId ? { requestId } : {}),
    ...(due.tax ? { tax: due.tax } : {}),
  };
}

/** Records the PayPal order created for what is due now (one open at a time; the first order moves Creating → Wait payment). */
export function orderPayment(command: Cmd<'OrderPayment'>, state: SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = visibleTo(state, metadata);
  if (sub.orders[data.paypalOrderID]) return [];
  requireTakesPayments(sub);
  if (sub.paypalSubscriptionID && sub.paypalSubscriptionID !== data.paypalSubscriptionID) throw ValidationError.field('paypalSubscriptionID', 'does not match this subscription');
  if (sub.charge) throw new PaymentInProgressError('The saved PayPal account is being charged for what is due right now; nothing else is charged meanwhile');
  // One order open at a time: a second one (two tabs, a retried click that missed the first) is not recorded,
  // and the caller pays the open one.
  if (openOrders(sub).length > 0) return [];
  const due = priced(dueOf(sub, metadata.now), data.tax, sub);
  if (!due || due.amount === 0) throw new ConflictError(`Nothing is due on subscription ${sub.id}`);
  if (data.amount !== due.amount || (data.purpose !== undefined && data.purpose !== due.purpose)) {
    throw new ConflictError(`The amount due on subscription ${sub.id} changed while the order was being created; start the payment again`);
  }
  if (data.currency !== sub.currency) throw ValidationError.field('currency', `must be ${sub.currency}`);
  const events: SubscriptionEvent[] = [{ type: 'PaymentOrdered', data: orderedData(data.paypalOrderID, data.paypalSubscriptionID, sub.currency, due) }];
  if (sub.status === 'SUBSCRIPTION_STATUS_INITIAL') events.push(transition(sub, 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', 'ORDER_CREATED', metadata.now));
  return events;
}

/**
 * We are about to ask PayPal to capture an approved order: recorded first, so that no other money movement (a
 * saved-wallet renewal) starts while it is in flight. Idempotent per PayPal-Request-Id.
 */
export function startCapture(command: Cmd<'StartCapture'>, state: SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = visibleTo(state, metadata);
  const order = sub.orders[data.paypalOrderID];
  if (!order) throw ValidationError.field('paypalOrderID', 'is not a payment order of this subscription');
  if (order.status === 'superseded') throw new ConflictError('What is due on this subscription changed after this PayPal order was created; nothing was charged. Start the payment again');
  if (order.status !== 'open' || order.capturing?.requestId === data.requestId) return [];
  requireTakesPayments(sub);
  if (sub.charge || capturingOrder(sub)) throw new PaymentInProgressError();
  return [{ type: 'PaymentCaptureStarted', data: { paypalOrderID: data.paypalOrderID, requestId: data.requestId, startedAt: metadata.now } }];
}

/** PayPal refused the capture: the attempt ends, nothing moved; the next attempt is a new PayPal request. */
export function recordCaptureFailure(command: Cmd<'RecordCaptureFailure'>, state: SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = visibleTo(state, metadata);
  if (sub.orders[data.paypalOrderID]?.capturing?.requestId !== data.requestId) return [];
  return [{ type: 'PaymentCaptureFailed', data }];
}

/**
 * The tax a capture records: the order's, or the one the payment workflow decided with PayPal's payer country
 * (docs/tax.md). That one is of the same money: the order's figures with more evidence, or — the order was made with no
 * country known — the VAT of the payer's country carved out of its total (`included`). Anything else is refused.
 */
export function taxOfCapture(ordered: OrderTax | undefined, given: OrderTax | undefined): OrderTax | undefined {
  if (!given) return ordered;
  if (!ordered) throw ValidationError.field('tax', 'no tax was decided for this order');
  const sameMoney = given.total === ordered.total && given.amount + given.tax === given.total;
  const sameFigures = given.amount === ordered.amount && given.tax === ordered.tax && JSON.stringify(given.taxLines) === JSON.stringify(ordered.taxLines) && given.included === ordered.included;
  const carvedOut = ordered.decision.kind === 'none' && ordered.decision.evidence.country === undefined && given.included === true && given.decision.evidence.countrySource === 'payer';
  if (!sameMoney || !(sameFigures || carvedOut)) throw ValidationError.field('tax', `is not the tax of this order's ${ordered.total} cents`);
  return given;
}

/**
 * What one captured order grants, exactly as the order recorded it: a period of its configuration, or the pending
 * change its balance paid for. An order that is no longer current (superseded while PayPal was capturing it, or on
 * a subscription that ended) grants nothing: its money becomes account credit.
 */
export function settle(sub: ExistingSubscription, paypalOrderID: string, capture: { captureId: string; amount: number; currency: string; tax?: OrderTax }, metadata: CommandMetadata, licenceKey: string): SubscriptionEvent[] {
  const order = sub.orders[paypalOrderID]!;
  const now = metadata.now;
  const base = {
    paypalOrderID,
    paypalSubscriptionID: sub.paypalSubscriptionID ?? '',
    captureId: capture.captureId,
    amount: capture.amount,
    currency: capture.currency,
    quantity: sub.quantity,
    capturedAt: now,
    purpose: order.purpose,
    ...(order.credit ? { credit: order.credit } : {}),
  };
  const captureTax = taxOfCapture(order.tax, capture.tax);
  const tax = captureTax ? { tax: captureTax } : {};
  // Current: still open, on a subscription that takes payments, and the credit it planned to use still there.
  const current = (order.status === 'open' || order.status === 'pending') && takesPayments(sub) && order.credit <= sub.credit;
  // Not current: kept as credit, no supply made, so no tax (tax is due when the credit pays for something).
  if (!current) return [{ type: 'OrderCaptured', data: { ...base, credited: true } }];

  const configuration = order.configuration ?? configurationOf(sub);
  const licence = sub.licence_key ? {} : { licence_key: licenceKey };
  if (order.purpose === 'balance') {
    return [{ type: 'OrderCaptured', data: { ...base, configuration, ...licence, ...tax } }, revisedTo(sub, configuration, base.paypalSubscriptionID, now, 'BALANCE_PAID', order.tax ? order.tax.amount : order.amount + order.credit)];
  }
  const periodStart = nextPeriodStart(sub, now);
  const periodEnd = periodEndFrom(sub, periodStart);
  const events: SubscriptionEvent[] = [{ type: 'OrderCaptured', data: { ...base, configuration, periodStart, periodEnd, ...licence, ...tax } }];
  // The period bought another configuration (a scheduled downgrade, a lapsed pending change): in force once it starts.
  if (!sameConfiguration(configuration, configurationOf(sub)) && periodStart <= now) events.push(revisedTo(sub, configuration, base.paypalSubscriptionID, now, sub.scheduledChange ? 'SCHEDULED' : 'IMMEDIATE'));
  if (PAYABLE_STATUSES.includes(sub.status)) events.push(transition(sub, 'SUBSCRIPTION_STATUS_ACTIVE', 'PAID', now));
  if (pausedForNonPayment(sub)) events.push({ type: 'SubscriptionResumed', data: { reason: 'PAID' } }, transition(sub, 'SUBSCRIPTION_STATUS_ACTIVE', 'PAID', now));
  return events;
}

/**
 * Records what PayPal reports about the capture of one of our orders. Money that moved is always recorded (a
 * fact), but it grants only what its order paid for; PENDING is remembered until PayPal completes or denies it;
 * a capture that is not COMPLETED, or not of the order's amount and currency, is recorded as rejected.
 */
export function captureOrder(command: Cmd<'CaptureOrder'>, state: SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = visibleTo(state, metadata);
  const order = sub.orders[data.paypalOrderID];
  if (!order) throw ValidationError.field('paypalOrderID', 'is not a payment order of this subscription');
  if (order.status === 'captured' || order.status === 'rejected') return [];
  if (data.providerStatus === 'PENDING') {
    if (order.status === 'pending') return [];
    return [{ type: 'PaymentPending', data: { paypalOrderID: data.paypalOrderID, captureId: data.captureId, amount: data.amount, currency: data.currency } }];
  }
  const reason = data.providerStatus !== 'COMPLETED' ? 'NOT_COMPLETED' : data.currency !== sub.currency ? 'CURRENCY_MISMATCH' : data.amount !== order.amount ? 'AMOUNT_MISMATCH' : null;
  if (reason) {
    return [{ type: 'PaymentRejected', data: { paypalOrderID: data.paypalOrderID, reason, expectedAmount: order.amount, receivedAmount: data.amount, currency: data.currency, providerStatus: data.providerStatus } }];
  }
  return settle(sub, data.paypalOrderID, data, metadata, data.licenceKey);
}

/** What is due is covered by account credit: an order of 0 paid from the credit, settled at once without PayPal. */
export function payFromCredit(command: Cmd<'PayFromCredit'>, state: SubscriptionState, evolve: (s: SubscriptionState, e: SubscriptionEvent) => SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = visibleTo(state, metadata);
  const due = priced(dueOf(sub, metadata.now), data.tax, sub);
  if (!due || due.amount > 0 || due.credit === 0) throw new ConflictError(`The account credit of subscription ${sub.id} does not cover what is due`);
  if (sub.charge) throw new PaymentInProgressError();
  if (openOrders(sub).length > 0) return [];
  const orderId = `CREDIT-${Object.keys(sub.orders).length + 1}`;
  const ordered: SubscriptionEvent = { type: 'PaymentOrdered', data: orderedData(orderId, sub.paypalSubscriptionID ?? `CREDIT-${sub.id}`, sub.currency, due) };
  const after = evolve(sub, ordered) as ExistingSubscription;
  return [ordered, ...settle(after, orderId, { captureId: orderId, amount: 0, currency: sub.currency }, metadata, data.licenceKey)];
}

/** An open order PayPal no longer holds open (expired, voided), or one the saved wallet pays instead: closed. */
export function closeOrder(command: Cmd<'CloseOrder'>, state: SubscriptionState): SubscriptionEvent[] {
  const sub = visibleTo(state, command.metadata);
  requireAdmin(command.metadata, 'close orders');
  if (sub.orders[command.data.paypalOrderID]?.status !== 'open') return [];
  return [{ type: 'PaymentOrderSuperseded', data: { paypalOrderID: command.data.paypalOrderID, reason: command.data.reason } }];
}

export function changePaymentMethod(command: Cmd<'ChangePaymentMethod'>, state: SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = visibleTo(state, metadata);
  if (sub.status === 'SUBSCRIPTION_STATUS_CANCEL') throw new ConflictError(`Subscription ${sub.id} is cancelled and cannot change its payment method`);
  if (data.quantity !== sub.quantity) throw ValidationError.field('quantity', `must be ${sub.quantity}, the subscription's quantity`);
  if (sub.paypalOrderID === data.paypalOrderID && sub.paypalSubscriptionID === data.paypalSubscriptionID) return [];
  return [
    {
      type: 'PaymentMethodChanged',
      data: { payment_method: 'PAYPAL', paypalOrderID: data.paypalOrderID, paypalSubscriptionID: data.paypalSubscriptionID, ...(sub.paypalSubscriptionID ? { previousPaypalSubscriptionID: sub.paypalSubscriptionID } : {}) },
    },
  ];
}
