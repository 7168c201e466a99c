import { ConflictError, PaymentInProgressError, type PaymentOrdered } from '@relaycast/contracts';
import type { SubscriptionEvent } from '../events.js';
import { dueOf, priced, type Due } from '../money.js';
import { notCancelled, requireSystem, requireTakesPayments, supersedeOpenOrders, visibleTo, type Cmd } from '../rules.js';
import { capturingOrder, coveredUntil, openOrders, takesPayments, type ExistingSubscription, type SubscriptionState } from '../state.js';
import { captureOrder, orderedData } from './orders.js';

/**
 * The saved PayPal wallet: saving it, and merchant-initiated charges of it (renewals, dunning retries, a balance).
 * A charge is recorded as started before PayPal is asked — one money movement at a time, so a checkout, a capture or
 * a revision cannot interleave with it — and ends with its record (money moved) or its decline. A run that crashed
 * in between finds the charge started and asks PayPal again with the same PayPal-Request-Id: never a second charge.
 */

export function recordVaultedPaymentMethod(command: Cmd<'RecordVaultedPaymentMethod'>, state: SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = visibleTo(state, metadata);
  notCancelled(sub, 'save a payment method');
  if (sub.vault?.id === data.vaultId) return [];
  return [{ type: 'PaymentMethodVaulted', data: { ...data, ...(sub.vault ? { previousVaultId: sub.vault.id } : {}) } }];
}

/** The PayPal-Request-Id of the next charge of the saved wallet: one per attempt, the same for every run that makes it. */
export function nextWalletRequestId(sub: ExistingSubscription, prefix: string): string {
  return sub.charge?.requestId ?? `${prefix}-c${sub.walletCharges + 1}`;
}

export function startSavedWalletCharge(command: Cmd<'StartSavedWalletCharge'>, state: SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = visibleTo(state, metadata);
  requireSystem(metadata, 'charge a saved wallet');
  if (sub.charge) {
    if (sub.charge.requestId === data.requestId) return [];
    throw new PaymentInProgressError();
  }
  if (capturingOrder(sub)) throw new PaymentInProgressError('A PayPal capture of this subscription is in flight: its outcome comes first');
  requireTakesPayments(sub);
  if (!sub.vault) throw new ConflictError(`Subscription ${sub.id} has no saved PayPal account to charge`);
  const due = priced(dueOf(sub, metadata.now), data.tax, sub);
  if (!due || due.amount === 0) throw new ConflictError(`Nothing is due on subscription ${sub.id} to charge`);
  // Without the buyer, a period is charged only once the covered time has run out (a renewal, a dunning retry):
  // never ahead — so a renewal a second scheduler runs late, after the first paid it, charges nothing more.
  const covered = coveredUntil(sub);
  if (due.purpose === 'period' && covered !== undefined && covered > metadata.now) {
    throw new ConflictError(`Subscription ${sub.id} is paid until ${covered}: nothing is due to charge yet`);
  }
  // The customer's unpaid checkout is replaced by the charge (its buyer never approved it, or it was never captured).
  return [...supersedeOpenOrders(sub, 'RENEWAL'), { type: 'SavedWalletChargeStarted', data: { requestId: data.requestId, purpose: due.purpose, amount: due.amount, startedAt: metadata.now, ...(due.tax ? { tax: due.tax } : {}) } }];
}

export function recordSavedWalletDecline(command: Cmd<'RecordSavedWalletDecline'>, state: SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = visibleTo(state, metadata);
  requireSystem(metadata, 'record a declined charge');
  if (sub.charge?.requestId !== data.requestId) return [];
  return [{ type: 'SavedWalletChargeDeclined', data: { requestId: data.requestId, ...(data.reason ? { reason: data.reason } : {}) } }];
}

/**
 * A saved-wallet payment PayPal already captured. Recorded whatever happened meanwhile: as the payment of what is
 * due when it is the charge started for it and still matches, else as an order captured for nothing current, whose
 * money is account credit (refunded if the subscription has ended). Recorded once per PayPal order.
 */
export function recordSavedWalletPayment(command: Cmd<'RecordSavedWalletPayment'>, state: SubscriptionState, evolve: (s: SubscriptionState, e: SubscriptionEvent) => SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = visibleTo(state, metadata);
  requireSystem(metadata, 'record a saved-wallet payment');
  const capture = (on: SubscriptionState) => captureOrder({ type: 'CaptureOrder', data: { ...data, quantity: sub.quantity, amount: data.capturedAmount }, metadata }, on);
  if (sub.orders[data.paypalOrderID]) return capture(sub);
  // What the charge was started for, as it was then (nothing else moved money or changed the plan meanwhile: one money
  // movement at a time); a balance is prorated when charged, so it is not priced again here.
  const charged = sub.charge?.requestId === data.requestId ? sub.charge : undefined;
  const base = dueOf(sub, metadata.now);
  const due: Due | null = charged && base && base.purpose === charged.purpose ? { ...base, gross: charged.amount + sub.credit, credit: sub.credit, amount: charged.amount, ...(charged.tax ? { tax: charged.tax } : {}) } : null;
  const current = due !== null && due.amount === data.amount && due.purpose === data.purpose && openOrders(sub).length === 0 && takesPayments(sub);
  const bare: PaymentOrdered = { paypalOrderID: data.paypalOrderID, paypalSubscriptionID: data.paypalSubscriptionID, amount: data.amount, currency: data.currency, purpose: data.purpose, requestId: data.requestId };
  const ordered: SubscriptionEvent = { type: 'PaymentOrdered', data: current ? orderedData(data.paypalOrderID, data.paypalSubscriptionID, sub.currency, due!, data.requestId) : bare };
  // Not current: the order is closed before its capture, so the capture is kept as credit and grants nothing.
  const closed: SubscriptionEvent[] = current ? [] : [{ type: 'PaymentOrderSuperseded', data: { paypalOrderID: data.paypalOrderID, reason: 'CONFIGURATION_CHANGED' } }];
  const settledOn = [ordered, ...closed].reduce(evolve, sub as SubscriptionState);
  return [ordered, ...closed, ...capture(settledOn)];
}
