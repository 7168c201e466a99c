import { NotFoundError, ValidationError } from '@relaycast/contracts';
import { requireAdmin } from '../../decider.js';
import type { SubscriptionEvent } from '../events.js';
import { supersedeOpenOrders, visibleTo, type Cmd } from '../rules.js';
import { configurationOf, coveredUntil, paidThrough, pausedForNonPayment, type ExistingSubscription, type SubscriptionState } from '../state.js';
import { creditPartOf, refundableUnused, type BookItem } from '../../books/items.js';
import { creditBuyer, laterRaises, refundSplit } from './books.js';
import { transition } from '../status.js';

/**
 * Money going back: refunds (ours or PayPal's), reversals (chargebacks) and disputes. What the capture paid for is
 * read from the books (billing-core/src/books): taking back all of it ends what it paid for, and only that — a
 * period running ends now, one paid ahead is taken out (the ones paid after it move back), a raise (a balance) ends
 * and the configuration paid before it applies again, periods paid ahead kept. When nothing covered is left the
 * subscription ends (Cancelled, "refunded"): a refund never starts a charge, dunning or a reminder. A partial refund
 * is a credit note and changes no time.
 */
export function recordRefund(command: Cmd<'RecordRefund'>, state: SubscriptionState, evolve: (s: SubscriptionState, e: SubscriptionEvent) => SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = visibleTo(state, metadata);
  requireAdmin(metadata, 'record refunds');
  if (sub.refundIds.includes(data.refundId)) return [];
  const capture = sub.captures.find((c) => c.captureId === data.captureId);
  if (!capture) throw new NotFoundError(`Capture ${data.captureId} not found on subscription ${sub.id}`);
  if (capture.refunded + data.amount > capture.amount) throw ValidationError.field('amount', `exceeds what remains refundable on capture ${data.captureId}`);
  const now = metadata.now;
  const reason = data.reversal ? 'REVERSED' : 'REFUNDED';
  const split = refundSplit(sub, capture.captureId, data.amount);
  // Refunding money kept as credit changes what open orders planned to use: they are made again.
  const events: SubscriptionEvent[] = split.fromCredit > 0 ? supersedeOpenOrders(sub, 'CREDIT_CHANGED') : [];
  events.push({
    type: 'PaymentRefunded',
    data: { captureId: data.captureId, refundId: data.refundId, amount: data.amount, currency: data.currency, refundedAt: now, ...(data.reversal ? { reversal: true } : {}) },
  });
  if (sub.status === 'SUBSCRIPTION_STATUS_CANCEL') return events;
  const item = sub.books.items.find((i) => i.captureId === capture.captureId);
  const full = capture.refunded + data.amount === capture.amount;
  if (item?.kind === 'raise' && full && !item.raise?.endedAt && item.spans.some((sp) => sp.end > now)) {
    return [...events, ...raiseEnds(sub, item, now, reason)];
  }
  const period = sub.paid.find((p) => p.captureId === capture.captureId);
  // In dunning, the last period paid taken back in full: the grace and the chase rested on it. It ends here too.
  const lastPaid = sub.paid.reduce<typeof period>((l, p) => (!l || p.end > l.end ? p : l), undefined);
  const dunned = sub.dunning !== undefined && (sub.status === 'SUBSCRIPTION_STATUS_WAIT_PAYMENT' || pausedForNonPayment(sub));
  if (dunned && full && !capture.credited && period !== undefined && period === lastPaid && period.end <= now) {
    return [...events, ...supersedeOpenOrders(sub, 'SUBSCRIPTION_CANCELLED'), takenBack(sub, now, data.reversal === true)];
  }
  const paidForRunningTime = capture.purpose === 'period' && period !== undefined && period.end > now;
  // Money kept as credit that was since spent: taking it back takes back what it bought — the period (running or
  // paid ahead) or the raise of the payment that spent it; what that payment paid in money besides is not returned
  // by itself (an administrator may refund it).
  const buyer = split.spent > 0 ? creditBuyer(sub.books) : undefined;
  if (buyer?.kind === 'raise' && !buyer.raise?.endedAt && buyer.spans.some((sp) => sp.end > now)) return [...events, ...raiseEnds(sub, buyer, now, reason)];
  const boughtPeriod = buyer?.kind === 'period' ? sub.paid.find((p) => p.captureId === buyer.captureId && p.end > now) : undefined;
  if (!((full && !capture.credited && paidForRunningTime) || boughtPeriod)) return events;
  const ended: Extract<SubscriptionEvent, { type: 'PaidTimeEnded' }> = {
    type: 'PaidTimeEnded',
    data: { captureId: boughtPeriod?.captureId ?? capture.captureId, reason, endedAt: now, ...(paidThrough(sub) ? { paidThroughBefore: paidThrough(sub)! } : {}) },
  };
  const after = [...events, ended].reduce(evolve, sub as SubscriptionState) as ExistingSubscription;
  const through = paidThrough(after);
  if (through) ended.data.paidThroughAfter = through;
  events.push(ended);
  const stillCovered = (coveredUntil(after) ?? '') > now;
  if (!stillCovered && (sub.status === 'SUBSCRIPTION_STATUS_ACTIVE' || sub.status === 'SUBSCRIPTION_STATUS_PAUSE')) {
    // Nothing covered is left: the subscription ends (Zuora's cancel and refund). Nothing is owed, nothing charged.
    return [...events, ...supersedeOpenOrders(sub, 'SUBSCRIPTION_CANCELLED'), takenBack(sub, now, data.reversal === true)];
  }
  // A downgrade waiting for the end of the paid time moves with it; with no paid time left it is dropped.
  const change = after.scheduledChange;
  if (change && through !== undefined && change.effectiveAt > through) {
    if (through > now) events.push({ type: 'SubscriptionChangeScheduled', data: { modules: change.modules, quantity: change.quantity, amount: change.amount, previousAmount: after.amount, effectiveAt: through } });
    else events.push({ type: 'SubscriptionChangeWithdrawn', data: { kind: 'SCHEDULED', reason: 'PAID_TIME_ENDED' } });
  }
  return events;
}

/** Cancelled because the money of the paid time running was taken back. */
function takenBack(sub: ExistingSubscription, now: string, reversal: boolean): SubscriptionEvent {
  return transition(sub, 'SUBSCRIPTION_STATUS_CANCEL', 'PAYMENT_TAKEN_BACK', now, { reason: reversal ? 'payment reversed by PayPal' : 'payment refunded' });
}

/**
 * The balance of a raise taken back in full: the raise ends now, the configuration paid before it applies again
 * (periods paid ahead kept, at what they were paid for); raises paid after it end too, and what they leave unused
 * becomes account credit (never kept: nothing is kept that is owed).
 */
function raiseEnds(sub: ExistingSubscription, item: BookItem, now: string, reason: 'REFUNDED' | 'REVERSED'): SubscriptionEvent[] {
  const credited = laterRaises(sub, item.captureId, now).filter((c) => c.amount > 0);
  const from = item.raise!.from;
  return [
    ...supersedeOpenOrders(sub, 'CONFIGURATION_CHANGED'),
    {
      type: 'PaidChangeTakenBack',
      data: { captureId: item.captureId, reason, endedAt: now, configuration: from, previous: configurationOf(sub), ...(credited.length ? { credited } : {}) },
    },
  ];
}

export function recordDispute(command: Cmd<'RecordDispute'>, state: SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = visibleTo(state, metadata);
  requireAdmin(metadata, 'record disputes');
  const known = sub.disputes[data.disputeId];
  if (known && known.stage === data.stage && known.status === data.status) return [];
  return [{ type: 'PaymentDisputed', data }];
}

/**
 * Account credit left on an ended subscription goes back: which captures to refund, and how much of each (the
 * newest money that became credit first: a capture kept as credit, or what a raise taken back moved to credit).
 * Every charge PayPal made ends as paid time or as money returned.
 */
export function creditToRefund(sub: ExistingSubscription): { captureId: string; amount: number }[] {
  let left = sub.credit;
  const out: { captureId: string; amount: number }[] = [];
  for (const item of [...sub.books.items].reverse()) {
    if (left <= 0) break;
    const amount = Math.min(left, creditPartOf(item));
    if (amount > 0) {
      out.push({ captureId: item.captureId, amount });
      left -= amount;
    }
  }
  return out;
}

/** Refunds owed at a cancellation (the unused time an administrator chose to refund), not yet made: per capture. */
export function refundsOwed(sub: ExistingSubscription): { captureId: string; amount: number }[] {
  return sub.books.items.filter((i) => i.due > 0).map((i) => ({ captureId: i.captureId, amount: i.due }));
}

/**
 * What cancelling at `now` leaves paid for and unused, per payment, from the books: the unused share of each
 * period (running or paid ahead) and of each raise's balance, to the millisecond, rounded down per capture and
 * never above what it can still refund. What a cancellation with a refund owes back, and what an administrator is
 * told before confirming it. Payments from account credit alone refund nothing here (the credit is refunded).
 */
export function unusedPaidTime(sub: ExistingSubscription, now: string): { captureId: string; amount: number; item: BookItem }[] {
  return sub.books.items
    .filter((i) => i.kind === 'period' || i.kind === 'raise')
    .map((item) => ({ captureId: item.captureId, amount: refundableUnused(item, now), item }))
    .filter((line) => line.amount >= 1);
}
