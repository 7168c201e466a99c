import { NotFoundError, ValidationError } from '@relaycast/contracts';
import { requireAdmin } from '../../decider.js';
import type { SubscriptionEvent } from '../events.js';
import { supersedeOpenOrders, visibleTo, type Cmd } from '../rules.js';
import { coveredUntil, hasPaidTimeRunning, paidThrough, type ExistingSubscription, type SubscriptionState } from '../state.js';
import { transition } from '../status.js';

/**
 * Money going back: refunds (ours or PayPal's), reversals (chargebacks) and disputes. Taking back all of a capture
 * ends what it paid for, and only that: the running period ends now; a period paid ahead is taken out (the ones paid
 * after it move back, so the paid time ends one period sooner); a balance ends the running paid time. Nothing
 * covered left: the subscription waits for payment again (and dunning follows). A partial refund is a credit note
 * and changes no entitlement.
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
  // Refunding money kept as credit changes what open orders planned to use: they are made again.
  const events: SubscriptionEvent[] = capture.credited ? supersedeOpenOrders(sub, 'CREDIT_CHANGED') : [];
  events.push({
    type: 'PaymentRefunded',
    data: { captureId: data.captureId, refundId: data.refundId, amount: data.amount, currency: data.currency, refundedAt: now, ...(data.reversal ? { reversal: true } : {}) },
  });
  const full = capture.refunded + data.amount === capture.amount;
  const period = sub.paid.find((p) => p.captureId === capture.captureId);
  const paidForRunningTime = capture.purpose === 'balance' ? hasPaidTimeRunning(sub, now) : period !== undefined && period.end > now;
  // Money kept as credit that was since spent on paid time: taking it back takes back the running paid time.
  const spentCredit = capture.credited && data.amount > sub.credit && hasPaidTimeRunning(sub, now);
  if (!((full && !capture.credited && paidForRunningTime) || spentCredit)) return events;
  const ended: SubscriptionEvent = {
    type: 'PaidTimeEnded',
    data: { captureId: capture.captureId, reason: data.reversal ? 'REVERSED' : 'REFUNDED', endedAt: now, ...(paidThrough(sub) ? { paidThroughBefore: paidThrough(sub)! } : {}) },
  };
  const after = [...events, ended].reduce(evolve, sub as SubscriptionState) as ExistingSubscription;
  const through = paidThrough(after);
  if (through && ended.type === 'PaidTimeEnded') ended.data.paidThroughAfter = through;
  events.push(ended);
  if (sub.status === 'SUBSCRIPTION_STATUS_ACTIVE' && !((coveredUntil(after) ?? '') > now)) {
    events.push(...supersedeOpenOrders(sub, 'STATUS_CHANGED'), transition(sub, 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', 'PAYMENT_TAKEN_BACK', now, data.reversal ? { reason: 'payment reversed by PayPal' } : {}));
  }
  return events;
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
 * newest credited money first). Every charge PayPal made ends as paid time or as money returned.
 */
export function creditToRefund(sub: ExistingSubscription): { captureId: string; amount: number }[] {
  let left = sub.credit;
  const out: { captureId: string; amount: number }[] = [];
  for (const c of [...sub.captures].reverse()) {
    if (left <= 0) break;
    const amount = c.credited ? Math.min(left, c.amount - c.refunded) : 0;
    if (amount > 0) {
      out.push({ captureId: c.captureId, amount });
      left -= amount;
    }
  }
  return out;
}
