import {
  ConflictError,
  DEFAULT_INFRASTRUCTURE_DETAILS,
  DEFAULT_TRIAL_PERIOD_SECONDS,
  ForbiddenError,
  InvalidTransitionError,
  NotFoundError,
  PAYABLE_STATUSES,
  PriceMismatchError,
  STATUS_TRANSITIONS,
  SUBSCRIPTION_NAME_PREFIX,
  TERMINAL_STATUSES,
  ValidationError,
  type CommandMetadata,
  type SubscriptionStatus,
} from '@relaycast/contracts';
import { addMonths, prorate } from '../pricing/proration.js';
import { QuoteError, quoteSubscription, type ModuleSelection, type Quote, type QuoteInput } from '../pricing/quote.js';
import { diff, isAdmin, requireAdmin, requireOwnerOrAdmin, unreachable } from '../decider.js';
import type { SubscriptionCommand } from './commands.js';
import type { SubscriptionEvent } from './events.js';
import { exists, type ExistingSubscription, type SubscriptionState } from './state.js';
import { amountDue } from './payments.js';

type Cmd<T extends SubscriptionCommand['type']> = Extract<SubscriptionCommand, { type: T }>;

const ACTIVE: SubscriptionStatus = 'SUBSCRIPTION_STATUS_ACTIVE';
const CANCEL: SubscriptionStatus = 'SUBSCRIPTION_STATUS_CANCEL';
const INITIAL: SubscriptionStatus = 'SUBSCRIPTION_STATUS_INITIAL';

/** The catalogue's answer, with its complaints turned into validation errors naming the field. */
function quote(input: QuoteInput): Quote {
  try {
    return quoteSubscription(input);
  } catch (error) {
    if (error instanceof QuoteError) throw ValidationError.field(error.field, error.reason);
    throw error;
  }
}

function checkClientAmount(quoted: Quote, clientAmount: number | undefined, field: string): void {
  if (clientAmount !== undefined && clientAmount !== quoted.amount) throw new PriceMismatchError(quoted.amount, clientAmount, field);
}

/** Loaded, not removed, and visible to this actor: customers see only their own subscriptions. */
function existing(state: SubscriptionState, metadata: CommandMetadata): ExistingSubscription {
  if (!exists(state) || state.removed) throw new NotFoundError('Subscription not found');
  requireOwnerOrAdmin(metadata, state.user_id, ['ROLE_CUSTOMER'], 'this subscription');
  return state;
}

function notCancelled(state: ExistingSubscription, action: string): void {
  if (state.status === CANCEL) throw new ConflictError(`Subscription ${state.id} is cancelled and cannot ${action}`);
}

function modulesOf(state: ExistingSubscription): ModuleSelection[] {
  return state.modules.map(({ name, limit }) => ({ name, limit }));
}

function isTerminal(status: SubscriptionStatus): boolean {
  return TERMINAL_STATUSES.includes(status);
}

function create(command: Cmd<'CreateSubscription'>, state: SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  if (exists(state)) throw new ConflictError(`Subscription ${data.subscriptionId} already exists`);
  if (!isAdmin(metadata)) {
    if (metadata.actorRole !== 'ROLE_CUSTOMER') throw new ForbiddenError('Only customers and administrators may buy subscriptions');
    if (data.user_id !== metadata.actorId) throw new ForbiddenError('Customers may create subscriptions for themselves only');
    if (data.status !== INITIAL) throw new ForbiddenError(`Only administrators may create a subscription with status ${data.status}`);
    if (data.privacy_policy_confirm !== true) {
      throw ValidationError.field('payment_details.privacy_policy_confirm', 'must be true: accept the privacy policy to buy');
    }
  }
  if (isTerminal(data.status)) throw new InvalidTransitionError('NONE', data.status, 'a subscription cannot start cancelled');

  const infrastructure_type = data.infrastructure_type ?? 'self-hosted';
  const quoted = quote({
    plan_id: data.plan_id ?? 'constructor',
    infrastructure_type,
    subscription_type: data.subscription_type,
    modules: data.modules,
    quantity: data.quantity,
  });
  if (!isAdmin(metadata) && quoted.billingMonths === 0 && quoted.period !== 'free') {
    throw new ForbiddenError(`Only administrators may create ${data.subscription_type} subscriptions`);
  }
  checkClientAmount(quoted, data.amount, 'payment_details.amount');
  if (data.unitQuantity !== undefined && data.unitQuantity !== quoted.quantity) {
    throw ValidationError.field('payment_details.unitQuantity', `must be ${quoted.quantity} for the chosen modules`);
  }

  const created: SubscriptionEvent = {
    type: 'SubscriptionCreated',
    data: {
      subscriptionId: data.subscriptionId,
      user_id: data.user_id,
      name: data.name ?? `${SUBSCRIPTION_NAME_PREFIX} ${metadata.now.slice(0, 10)}`,
      infrastructure_type,
      subscription_type: data.subscription_type,
      status: data.status,
      plan: { plan_id: quoted.plan_id, ...(quoted.period ? { period: quoted.period } : {}), billingMonths: quoted.billingMonths },
      modules: quoted.modules,
      quantity: quoted.quantity,
      amount: quoted.amount,
      currency: quoted.currency,
      payment_details: {
        payment_method: 'PAYPAL',
        plan_id: quoted.plan_id,
        amount: quoted.amount,
        unitQuantity: quoted.quantity,
        privacy_policy_confirm: data.privacy_policy_confirm ?? false,
        ...(data.client_id ? { client_id: data.client_id } : {}),
      },
      infrastructure_details: data.infrastructure_details ?? (infrastructure_type === 'saas' ? { ...DEFAULT_INFRASTRUCTURE_DETAILS } : {}),
      ...(data.licence_key ? { licence_key: data.licence_key } : {}),
      ...(data.hardware_key ? { hardware_key: data.hardware_key } : {}),
      ...(data.startDate ? { startDate: data.startDate } : {}),
      ...(data.endDate ? { endDate: data.endDate } : {}),
    },
  };
  // Nothing to pay: a free plan goes live at once, and the history says why.
  if (quoted.amount === 0 && PAYABLE_STATUSES.includes(data.status) && quoted.plan_id === 'unlimited') {
    return [created, { type: 'SubscriptionStatusChanged', data: { from: data.status, to: ACTIVE, reason: 'free plan: no payment needed' } }];
  }
  return [created];
}

const CUSTOMER_EDITABLE = new Set(['name', 'infrastructure_details']);

function update(command: Cmd<'UpdateSubscription'>, state: SubscriptionState): SubscriptionEvent[] {
  const sub = existing(state, command.metadata);
  if (!isAdmin(command.metadata)) {
    const forbidden = Object.keys(command.data).find((k) => !CUSTOMER_EDITABLE.has(k));
    if (forbidden) throw new ForbiddenError(`Only administrators may change ${forbidden}`);
  }
  const { changes, previous } = diff(sub, command.data);
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'SubscriptionUpdated', data: { changes, previous } }];
}

function revise(command: Cmd<'ReviseSubscription'>, state: SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = existing(state, metadata);
  notCancelled(sub, 'be revised');
  if (sub.paypalSubscriptionID && sub.paypalSubscriptionID !== data.paypalSubscriptionID) {
    throw ValidationError.field('paypalSubscriptionID', 'does not match this subscription');
  }
  const quoted = quote({
    plan_id: sub.plan.plan_id,
    infrastructure_type: sub.infrastructure_type,
    subscription_type: sub.subscription_type,
    // A quantity-only revision keeps the other modules and lets the streams be whatever units remain, so the
    // quantity can go down again after it went up (units beyond the modules' needs are publishing streams).
    modules: data.modules ?? modulesOf(sub).map((m) => (m.name === 'streams' ? { ...m, limit: 0 } : m)),
    quantity: data.quantity,
  });
  checkClientAmount(quoted, data.amount, 'amount');
  const sameModules = JSON.stringify(quoted.modules) === JSON.stringify(sub.modules);
  if (quoted.quantity === sub.quantity && quoted.amount === sub.amount && sameModules) return [];
  return [
    {
      type: 'SubscriptionRevised',
      data: {
        paypalSubscriptionID: data.paypalSubscriptionID,
        quantity: quoted.quantity,
        previousQuantity: sub.quantity,
        modules: quoted.modules,
        amount: quoted.amount,
        previousAmount: sub.amount,
        proration: prorate({
          previousAmount: sub.amount,
          newAmount: quoted.amount,
          periodStart: sub.periodStart,
          periodEnd: sub.periodEnd,
          at: metadata.now,
        }),
        effectiveAt: metadata.now,
      },
    },
  ];
}

function orderPayment(command: Cmd<'OrderPayment'>, state: SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = existing(state, metadata);
  if (sub.orders[data.paypalOrderID]) return [];
  if (sub.status === CANCEL || sub.status === 'SUBSCRIPTION_STATUS_PAUSE') {
    throw new InvalidTransitionError(sub.status, ACTIVE, 'a cancelled or paused subscription takes no payments');
  }
  if (sub.paypalSubscriptionID && sub.paypalSubscriptionID !== data.paypalSubscriptionID) {
    throw ValidationError.field('paypalSubscriptionID', 'does not match this subscription');
  }
  const due = amountDue(sub);
  if (due.amount === 0) throw new ConflictError(`Nothing is due on subscription ${sub.id}`);
  if (data.amount !== due.amount) throw new PriceMismatchError(due.amount, data.amount, 'amount');
  if (data.currency !== sub.currency) throw ValidationError.field('currency', `must be ${sub.currency}`);
  const events: SubscriptionEvent[] = [
    {
      type: 'PaymentOrdered',
      data: { paypalOrderID: data.paypalOrderID, paypalSubscriptionID: data.paypalSubscriptionID, amount: due.amount, currency: data.currency, purpose: due.purpose },
    },
  ];
  if (sub.status === INITIAL) {
    events.push({ type: 'SubscriptionStatusChanged', data: { from: INITIAL, to: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', reason: 'PayPal order created' } });
  }
  return events;
}

/**
 * Records what PayPal reports about one of our orders. A capture is a fact (money moved), so it is recorded
 * whatever the subscription's status; whoever starts a capture checks first that one is wanted. A capture that
 * does not match the order (amount, currency) or is not COMPLETED is recorded as a rejected payment.
 */
function captureOrder(command: Cmd<'CaptureOrder'>, state: SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = existing(state, metadata);
  const order = sub.orders[data.paypalOrderID];
  if (!order) throw ValidationError.field('paypalOrderID', 'is not a payment order of this subscription');
  if (order.captured) return [];

  const reason =
    data.providerStatus !== 'COMPLETED' ? 'NOT_COMPLETED' : data.currency !== sub.currency ? 'CURRENCY_MISMATCH' : data.amount !== order.amount ? 'AMOUNT_MISMATCH' : null;
  if (reason) {
    return [
      {
        type: 'PaymentRejected',
        data: {
          paypalOrderID: data.paypalOrderID,
          reason,
          expectedAmount: order.amount,
          receivedAmount: data.amount,
          currency: data.currency,
          providerStatus: data.providerStatus,
        },
      },
    ];
  }

  const paysPeriod = order.purpose === 'period';
  // A renewal paid before the running period ends extends it rather than overlapping it, and a payment made
  // during a trial starts the paid period when the trial ends.
  const periodStart = [sub.periodEnd, sub.trialEndDate].reduce<string>((start, end) => (end && end > start ? end : start), metadata.now);
  const events: SubscriptionEvent[] = [
    {
      type: 'OrderCaptured',
      data: {
        paypalOrderID: data.paypalOrderID,
        paypalSubscriptionID: data.paypalSubscriptionID,
        captureId: data.captureId,
        amount: data.amount,
        currency: data.currency,
        quantity: sub.quantity,
        capturedAt: metadata.now,
        purpose: order.purpose,
        ...(paysPeriod ? { periodStart } : {}),
        ...(paysPeriod && sub.plan.billingMonths > 0 ? { periodEnd: addMonths(periodStart, sub.plan.billingMonths) } : {}),
        ...(sub.licence_key ? {} : { licence_key: data.licenceKey }),
      },
    },
  ];
  if (PAYABLE_STATUSES.includes(sub.status)) {
    events.push({ type: 'SubscriptionStatusChanged', data: { from: sub.status, to: ACTIVE, reason: 'payment captured' } });
  }
  return events;
}

function changePaymentMethod(command: Cmd<'ChangePaymentMethod'>, state: SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = existing(state, metadata);
  notCancelled(sub, 'change its payment method');
  if (data.quantity !== sub.quantity) throw ValidationError.field('quantity', `must be ${sub.quantity}, the subscription's quantity`);
  if (sub.paypalOrderID === data.paypalOrderID && sub.paypalSubscriptionID === data.paypalSubscriptionID) return [];
  return [
    {
      type: 'PaymentMethodChanged',
      data: {
        payment_method: 'PAYPAL',
        paypalOrderID: data.paypalOrderID,
        paypalSubscriptionID: data.paypalSubscriptionID,
        ...(sub.paypalSubscriptionID ? { previousPaypalSubscriptionID: sub.paypalSubscriptionID } : {}),
      },
    },
  ];
}

/** May this actor move a subscription from `from` to `to` with an explicit status change? */
export function canSetStatus(from: SubscriptionStatus, to: SubscriptionStatus, admin: boolean): boolean {
  if (isTerminal(from)) return false;
  if (admin) return true;
  return STATUS_TRANSITIONS[from].includes(to);
}

function cancelled(sub: ExistingSubscription, reason: string | undefined): SubscriptionEvent[] {
  if (sub.status === CANCEL) return [];
  return [{ type: 'SubscriptionCancelled', data: { from: sub.status, ...(reason ? { reason } : {}) } }];
}

function setStatus(command: Cmd<'SetSubscriptionStatus'>, state: SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = existing(state, metadata);
  requireAdmin(metadata, 'set a subscription status');
  if (data.status === sub.status) return [];
  if (!canSetStatus(sub.status, data.status, metadata.actorRole === 'ROLE_ADMIN')) {
    throw new InvalidTransitionError(sub.status, data.status);
  }
  if (data.status === CANCEL) return cancelled(sub, data.reason);
  return [{ type: 'SubscriptionStatusChanged', data: { from: sub.status, to: data.status, ...(data.reason ? { reason: data.reason } : {}) } }];
}

function cancel(command: Cmd<'CancelSubscription'>, state: SubscriptionState): SubscriptionEvent[] {
  return cancelled(existing(state, command.metadata), command.data.reason);
}

function remove(command: Cmd<'RemoveSubscription'>, state: SubscriptionState): SubscriptionEvent[] {
  existing(state, command.metadata);
  requireAdmin(command.metadata, 'remove subscriptions');
  return [{ type: 'SubscriptionRemoved', data: command.data.reason ? { reason: command.data.reason } : {} }];
}

function startTrial(command: Cmd<'StartTrial'>, state: SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = existing(state, metadata);
  if (sub.trialStartDate) throw new ConflictError(`Subscription ${sub.id} has already had its trial`);
  if (sub.amount === 0) throw new ConflictError(`Subscription ${sub.id} is free and has no trial`);
  if (!PAYABLE_STATUSES.includes(sub.status)) throw new InvalidTransitionError(sub.status, ACTIVE, 'a trial starts before the first payment');
  const trialPeriod = data.trialPeriod ?? DEFAULT_TRIAL_PERIOD_SECONDS;
  const trialEndDate = new Date(Date.parse(metadata.now) + trialPeriod * 1000).toISOString();
  return [
    { type: 'TrialStarted', data: { trialStartDate: metadata.now, trialEndDate, trialPeriod } },
    { type: 'SubscriptionStatusChanged', data: { from: sub.status, to: ACTIVE, reason: 'trial started' } },
  ];
}

function recordRefund(command: Cmd<'RecordRefund'>, state: SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = existing(state, metadata);
  requireAdmin(metadata, 'record refunds');
  if (sub.refundIds.includes(data.refundId)) return [];
  const capture = sub.captures.find((c) => c.captureId === data.captureId);
  if (!capture) throw new NotFoundError(`Capture ${data.captureId} not found on subscription ${sub.id}`);
  if (capture.refunded + data.amount > capture.amount) {
    throw ValidationError.field('amount', `exceeds what remains refundable on capture ${data.captureId}`);
  }
  return [
    {
      type: 'PaymentRefunded',
      data: { captureId: data.captureId, refundId: data.refundId, amount: data.amount, currency: data.currency, refundedAt: metadata.now },
    },
  ];
}

export function decide(command: SubscriptionCommand, state: SubscriptionState): SubscriptionEvent[] {
  switch (command.type) {
    case 'CreateSubscription':
      return create(command, state);
    case 'UpdateSubscription':
      return update(command, state);
    case 'ReviseSubscription':
      return revise(command, state);
    case 'OrderPayment':
      return orderPayment(command, state);
    case 'CaptureOrder':
      return captureOrder(command, state);
    case 'ChangePaymentMethod':
      return changePaymentMethod(command, state);
    case 'SetSubscriptionStatus':
      return setStatus(command, state);
    case 'CancelSubscription':
      return cancel(command, state);
    case 'RemoveSubscription':
      return remove(command, state);
    case 'StartTrial':
      return startTrial(command, state);
    case 'RecordRefund':
      return recordRefund(command, state);
    default:
      return unreachable(command);
  }
}
