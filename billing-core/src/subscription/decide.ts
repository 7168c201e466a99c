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
  type Configuration,
  type PaymentOrdered,
  type PaymentOrderSuperseded,
  type SubscriptionStatus,
} from '@relaycast/contracts';
import { QuoteError, quoteSubscription, type ModuleSelection, type Quote, type QuoteInput } from '../pricing/quote.js';
import { diff, isAdmin, requireAdmin, requireOwnerOrAdmin, unreachable } from '../decider.js';
import type { SubscriptionCommand } from './commands.js';
import type { SubscriptionEvent } from './events.js';
import { configurationOf, evolve, exists, type ExistingSubscription, type SubscriptionState } from './state.js';
import { coveredUntil, downgradeDate, paidThrough, dueOf, hasPaidTimeRunning, openOrders, nextPeriodStart, pausedForNonPayment, periodEndFrom, prorateRise, sameConfiguration, type Due } from './payments.js';
import { billingPolicy, dunningTimeline, NO_END, plusDays } from './lifecycle.js';

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
    // Identities and dates are the server's: a licence key is issued at the first payment, dates come from payments.
    const issued = SERVER_ISSUED.find((field) => data[field] !== undefined);
    if (issued) throw ValidationError.field(issued, 'is issued by the server and cannot be chosen by a customer');
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
      ...(data.licence_key ?? data.issuedLicenceKey ? { licence_key: data.licence_key ?? data.issuedLicenceKey } : {}),
      ...(data.hardware_key ? { hardware_key: data.hardware_key } : {}),
      ...(data.startDate ? { startDate: data.startDate } : {}),
      ...(data.endDate ? { endDate: data.endDate } : {}),
    },
  };
  // A builder configuration that costs nothing cannot be bought (it would wait for a payment for ever).
  if (quoted.amount === 0 && quoted.billingMonths > 0) {
    throw ValidationError.field('modules', 'must include at least one paid module: a configuration that costs nothing cannot be bought', 'paidModule');
  }
  // Nothing to pay: a free plan goes live at once, and the history says why.
  if (quoted.amount === 0 && PAYABLE_STATUSES.includes(data.status) && quoted.plan_id === 'unlimited') {
    return [created, { type: 'SubscriptionStatusChanged', data: { from: data.status, to: ACTIVE, reason: 'free plan: no payment needed' } }];
  }
  return [created];
}

const SERVER_ISSUED = ['licence_key', 'hardware_key', 'startDate', 'endDate'] as const;

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

/** The configuration in force changes to `to`: at once, because its balance was paid, or on its scheduled date. */
function revisedTo(sub: ExistingSubscription, to: Configuration, reference: string, effectiveAt: string, reason: 'IMMEDIATE' | 'BALANCE_PAID' | 'SCHEDULED', proration = 0): SubscriptionEvent {
  return {
    type: 'SubscriptionRevised',
    data: {
      paypalSubscriptionID: reference,
      quantity: to.quantity,
      previousQuantity: sub.quantity,
      modules: to.modules,
      amount: to.amount,
      previousAmount: sub.amount,
      proration,
      effectiveAt,
      reason,
    },
  };
}

/** The events that make open orders unpayable: they no longer match what is due. */
function supersedeOpenOrders(sub: ExistingSubscription, reason: PaymentOrderSuperseded['reason']): SubscriptionEvent[] {
  return openOrders(sub).map((paypalOrderID) => ({ type: 'PaymentOrderSuperseded', data: { paypalOrderID, reason } }));
}

/**
 * A revision. Nothing paid is running (before the first payment, a trial, lapsed paid time): it applies at once.
 * Inside paid time: a rise is pending until its prorated balance is captured, a fall is scheduled for the end of
 * the paid time, an equal price applies at once. Any change makes open orders stale (superseded). Going back to
 * the configuration in force withdraws a pending or scheduled change.
 */
function revise(command: Cmd<'ReviseSubscription'>, state: SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = existing(state, metadata);
  notCancelled(sub, 'be revised');
  if (sub.status === 'SUBSCRIPTION_STATUS_PAUSE') throw new InvalidTransitionError(sub.status, sub.status, 'a paused subscription cannot be revised');
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
  if (quoted.amount === 0 && sub.plan.billingMonths > 0) throw ValidationError.field('modules', 'must include at least one paid module: a configuration that costs nothing cannot be bought', 'paidModule');
  const target = { modules: quoted.modules, quantity: quoted.quantity, amount: quoted.amount };
  const inForce = configurationOf(sub);
  const now = metadata.now;
  const stale = supersedeOpenOrders(sub, 'CONFIGURATION_CHANGED');
  if (sameConfiguration(target, sub.pendingChange) || sameConfiguration(target, sub.scheduledChange)) return [];

  const revised = () => revisedTo(sub, target, data.paypalSubscriptionID, now, 'IMMEDIATE');
  if (sub.status !== ACTIVE || !hasPaidTimeRunning(sub, now)) return sameConfiguration(target, inForce) ? [] : [...stale, revised()];
  // Inside paid time: what the target costs beyond what each running period was paid for must be paid first.
  const balance = prorateRise(sub, target.amount, now);
  if (balance > 0) return [...stale, { type: 'SubscriptionChangePending', data: { ...target, previousAmount: inForce.amount, balance, requestedAt: now } }];
  if (target.amount < inForce.amount) {
    return [...stale, { type: 'SubscriptionChangeScheduled', data: { ...target, previousAmount: inForce.amount, effectiveAt: downgradeDate(sub, inForce.amount, now)! } }];
  }
  if (sameConfiguration(target, inForce)) {
    if (sub.pendingChange) return [...stale, { type: 'SubscriptionChangeWithdrawn', data: { kind: 'PENDING' } }];
    if (sub.scheduledChange) return [...stale, { type: 'SubscriptionChangeWithdrawn', data: { kind: 'SCHEDULED' } }];
    return [];
  }
  // Paid for already (an equal price, or less than the running periods were paid for): in force at once.
  return [...stale, revised()];
}

function orderPayment(command: Cmd<'OrderPayment'>, state: SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = existing(state, metadata);
  if (sub.orders[data.paypalOrderID]) return [];
  if (sub.status === CANCEL || (sub.status === 'SUBSCRIPTION_STATUS_PAUSE' && !pausedForNonPayment(sub))) {
    throw new InvalidTransitionError(sub.status, ACTIVE, 'a cancelled or paused subscription takes no payments');
  }
  if (sub.paypalSubscriptionID && sub.paypalSubscriptionID !== data.paypalSubscriptionID) {
    throw ValidationError.field('paypalSubscriptionID', 'does not match this subscription');
  }
  // One order open at a time: a second one (two tabs, a retried click that missed the first) is not recorded,
  // and the caller pays the open one.
  if (openOrders(sub).length > 0) return [];
  const due = dueOf(sub, metadata.now);
  if (!due || due.amount === 0) throw new ConflictError(`Nothing is due on subscription ${sub.id}`);
  if (data.amount !== due.amount || (data.purpose !== undefined && data.purpose !== due.purpose)) {
    throw new ConflictError(`The amount due on subscription ${sub.id} changed while the order was being created; start the payment again`);
  }
  if (data.currency !== sub.currency) throw ValidationError.field('currency', `must be ${sub.currency}`);
  const events: SubscriptionEvent[] = [{ type: 'PaymentOrdered', data: orderedData(data.paypalOrderID, data.paypalSubscriptionID, sub.currency, due) }];
  if (sub.status === INITIAL) {
    events.push({ type: 'SubscriptionStatusChanged', data: { from: INITIAL, to: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', reason: 'PayPal order created' } });
  }
  return events;
}

function orderedData(paypalOrderID: string, paypalSubscriptionID: string, currency: string, due: Due): PaymentOrdered {
  return {
    paypalOrderID,
    paypalSubscriptionID,
    amount: due.amount,
    currency,
    purpose: due.purpose,
    configuration: due.configuration,
    ...(due.credit ? { credit: due.credit } : {}),
    ...(due.periodStart ? { periodStart: due.periodStart, periodEnd: due.periodEnd } : {}),
  };
}

/**
 * What one captured order grants, exactly as the order recorded it: a period of its configuration, or the pending
 * change its balance paid for. An order that is no longer current (superseded while PayPal was capturing it, or on
 * a subscription that ended) grants nothing: its money becomes account credit.
 */
function settle(sub: ExistingSubscription, paypalOrderID: string, capture: { captureId: string; amount: number; currency: string }, metadata: CommandMetadata, licenceKey: string): SubscriptionEvent[] {
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
  // Current: still open, on a subscription that takes payments, and the credit it planned to use still there.
  const current =
    (order.status === 'open' || order.status === 'pending') && (sub.status === ACTIVE || PAYABLE_STATUSES.includes(sub.status) || pausedForNonPayment(sub)) && order.credit <= sub.credit;
  if (!current) return [{ type: 'OrderCaptured', data: { ...base, credited: true } }];

  const configuration = order.configuration ?? configurationOf(sub);
  const licence = sub.licence_key ? {} : { licence_key: licenceKey };
  const events: SubscriptionEvent[] = [];
  const revised = (reason: 'BALANCE_PAID' | 'SCHEDULED' | 'IMMEDIATE', proration: number) => revisedTo(sub, configuration, base.paypalSubscriptionID, now, reason, proration);
  if (order.purpose === 'balance') {
    events.push({ type: 'OrderCaptured', data: { ...base, configuration, ...licence } });
    events.push(revised('BALANCE_PAID', order.amount + order.credit));
    return events;
  }
  const periodStart = nextPeriodStart(sub, now);
  const periodEnd = periodEndFrom(sub, periodStart);
  events.push({ type: 'OrderCaptured', data: { ...base, configuration, periodStart, periodEnd, ...licence } });
  // The period bought another configuration (a scheduled downgrade, a lapsed pending change): in force once it starts.
  if (!sameConfiguration(configuration, configurationOf(sub)) && periodStart <= now) events.push(revised(sub.scheduledChange ? 'SCHEDULED' : 'IMMEDIATE', 0));
  if (PAYABLE_STATUSES.includes(sub.status)) {
    events.push({ type: 'SubscriptionStatusChanged', data: { from: sub.status, to: ACTIVE, reason: 'payment captured' } });
  }
  if (pausedForNonPayment(sub)) {
    events.push({ type: 'SubscriptionResumed', data: { reason: 'PAID' } });
    events.push({ type: 'SubscriptionStatusChanged', data: { from: sub.status, to: ACTIVE, reason: 'payment captured' } });
  }
  return events;
}

/**
 * Records what PayPal reports about the capture of one of our orders. Money that moved is always recorded (a
 * fact), but it grants only what its order paid for; PENDING is remembered until PayPal completes or denies it;
 * a capture that is not COMPLETED, or not of the order's amount and currency, is recorded as rejected.
 */
function captureOrder(command: Cmd<'CaptureOrder'>, state: SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = existing(state, metadata);
  const order = sub.orders[data.paypalOrderID];
  if (!order) throw ValidationError.field('paypalOrderID', 'is not a payment order of this subscription');
  if (order.status === 'captured' || order.status === 'rejected') return [];
  if (data.providerStatus === 'PENDING') {
    if (order.status === 'pending') return [];
    return [{ type: 'PaymentPending', data: { paypalOrderID: data.paypalOrderID, captureId: data.captureId, amount: data.amount, currency: data.currency } }];
  }
  const reason =
    data.providerStatus !== 'COMPLETED' ? 'NOT_COMPLETED' : data.currency !== sub.currency ? 'CURRENCY_MISMATCH' : data.amount !== order.amount ? 'AMOUNT_MISMATCH' : null;
  if (reason) {
    return [
      {
        type: 'PaymentRejected',
        data: { paypalOrderID: data.paypalOrderID, reason, expectedAmount: order.amount, receivedAmount: data.amount, currency: data.currency, providerStatus: data.providerStatus },
      },
    ];
  }
  return settle(sub, data.paypalOrderID, data, metadata, data.licenceKey);
}

/** What is due is covered by account credit: an order of 0 paid from the credit, settled at once without PayPal. */
function payFromCredit(command: Cmd<'PayFromCredit'>, state: SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = existing(state, metadata);
  const due = dueOf(sub, metadata.now);
  if (!due || due.amount > 0 || due.credit === 0) throw new ConflictError(`The account credit of subscription ${sub.id} does not cover what is due`);
  if (openOrders(sub).length > 0) return [];
  const orderId = `CREDIT-${Object.keys(sub.orders).length + 1}`;
  const reference = sub.paypalSubscriptionID ?? `CREDIT-${sub.id}`;
  const ordered: SubscriptionEvent = { type: 'PaymentOrdered', data: orderedData(orderId, reference, sub.currency, due) };
  const after = evolve(sub, ordered) as ExistingSubscription;
  return [ordered, ...settle(after, orderId, { captureId: orderId, amount: 0, currency: sub.currency }, metadata, data.licenceKey)];
}

function closeOrder(command: Cmd<'CloseOrder'>, state: SubscriptionState): SubscriptionEvent[] {
  const sub = existing(state, command.metadata);
  requireAdmin(command.metadata, 'close orders');
  if (sub.orders[command.data.paypalOrderID]?.status !== 'open') return [];
  return [{ type: 'PaymentOrderSuperseded', data: { paypalOrderID: command.data.paypalOrderID, reason: command.data.reason } }];
}

function applyScheduledChange(command: Cmd<'ApplyScheduledChange'>, state: SubscriptionState): SubscriptionEvent[] {
  const sub = existing(state, command.metadata);
  requireAdmin(command.metadata, 'apply scheduled changes');
  const change = sub.scheduledChange;
  if (!change || change.effectiveAt > command.metadata.now || sub.status === CANCEL) return [];
  return [revisedTo(sub, change, sub.paypalSubscriptionID ?? '', change.effectiveAt, 'SCHEDULED')];
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

const requireClock = (metadata: CommandMetadata, what: string) => {
  if (metadata.actorRole !== 'SYSTEM' && metadata.actorRole !== 'ROLE_ADMIN') throw new ForbiddenError(`Only the billing clock or an administrator may ${what}`);
};

/**
 * A payment that fell due was not made (no saved wallet, or PayPal declined it). The first failure at a due date
 * moves a Live subscription to Wait payment and records the dunning timeline (retries, grace, suspension,
 * cancellation); each retry that fails is counted. Recorded once per due date and attempt.
 */
function recordRenewalFailure(command: Cmd<'RecordRenewalFailure'>, state: SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = existing(state, metadata);
  requireClock(metadata, 'record a failed renewal');
  if (metadata.now < data.dueAt) throw ValidationError.field('dueAt', 'is still to come');
  const failed = { dueAt: data.dueAt, attempt: data.attempt, reason: data.reason, ...(data.providerReason ? { providerReason: data.providerReason } : {}) };
  if (sub.dunning) {
    if (sub.dunning.timeline.dueAt !== data.dueAt || data.attempt < sub.dunning.attempts || sub.status !== 'SUBSCRIPTION_STATUS_WAIT_PAYMENT') return [];
    return [{ type: 'RenewalFailed', data: failed }];
  }
  if (sub.status !== ACTIVE || data.attempt !== 0 || coveredUntil(sub) !== data.dueAt) return [];
  const trialEnded = sub.trialEndDate === data.dueAt && !sub.paid.some((p) => p.end === data.dueAt);
  return [
    { type: 'RenewalFailed', data: { ...failed, timeline: dunningTimeline(data.dueAt, billingPolicy()) } },
    {
      type: 'SubscriptionStatusChanged',
      data: { from: ACTIVE, to: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', reason: trialEnded ? 'trial ended: payment due' : 'renewal due: payment not made' },
    },
  ];
}

/** Dunning's end: still unpaid when the grace period ends (paused, licence suspended), or when dunning ends (cancelled). */
function endUnpaid(command: Cmd<'EndUnpaid'>, state: SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = existing(state, metadata);
  requireClock(metadata, 'end an unpaid subscription');
  const timeline = sub.dunning?.timeline;
  if (!timeline) return [];
  if (data.step === 'SUSPEND') {
    if (sub.status !== 'SUBSCRIPTION_STATUS_WAIT_PAYMENT' || metadata.now < timeline.suspendAt) return [];
    return [
      { type: 'SubscriptionPaused', data: { reason: 'NON_PAYMENT' } },
      { type: 'SubscriptionStatusChanged', data: { from: sub.status, to: 'SUBSCRIPTION_STATUS_PAUSE', reason: 'unpaid at the end of the grace period' } },
    ];
  }
  if (!pausedForNonPayment(sub) || metadata.now < timeline.cancelAt) return [];
  return cancelled(sub, 'unpaid: dunning ended');
}

function recordVaultedPaymentMethod(command: Cmd<'RecordVaultedPaymentMethod'>, state: SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = existing(state, metadata);
  notCancelled(sub, 'save a payment method');
  if (sub.vault?.id === data.vaultId) return [];
  return [{ type: 'PaymentMethodVaulted', data: { ...data, ...(sub.vault ? { previousVaultId: sub.vault.id } : {}) } }];
}

/**
 * A saved-wallet payment PayPal already captured. Recorded whatever happened meanwhile: as the payment of what is
 * due when it still matches (and no other order is open), else as an order captured for nothing current, whose money
 * is account credit. Recorded once per PayPal order.
 */
function recordSavedWalletPayment(command: Cmd<'RecordSavedWalletPayment'>, state: SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = existing(state, metadata);
  requireClock(metadata, 'record a saved-wallet payment');
  if (sub.orders[data.paypalOrderID]) {
    return captureOrder({ type: 'CaptureOrder', data: { ...data, quantity: sub.quantity, amount: data.capturedAmount }, metadata }, state);
  }
  const due = dueOf(sub, metadata.now);
  const current = due !== null && due.amount === data.amount && due.purpose === data.purpose && openOrders(sub).length === 0 && sub.status !== CANCEL;
  const ordered: SubscriptionEvent = current
    ? { type: 'PaymentOrdered', data: orderedData(data.paypalOrderID, data.paypalSubscriptionID, sub.currency, due!) }
    : { type: 'PaymentOrdered', data: { paypalOrderID: data.paypalOrderID, paypalSubscriptionID: data.paypalSubscriptionID, amount: data.amount, currency: data.currency, purpose: data.purpose } };
  const after = evolve(sub, ordered) as ExistingSubscription;
  // Not current: the order is closed before its capture, so the capture is kept as credit and grants nothing.
  const closed: SubscriptionEvent[] = current ? [] : [{ type: 'PaymentOrderSuperseded', data: { paypalOrderID: data.paypalOrderID, reason: 'CONFIGURATION_CHANGED' } }];
  const settledOn = closed.reduce(evolve, after as SubscriptionState);
  const capture = captureOrder({ type: 'CaptureOrder', data: { ...data, quantity: sub.quantity, amount: data.capturedAmount }, metadata }, settledOn);
  return [ordered, ...closed, ...capture];
}

/** Cancel when the covered time ends (or undo that). Nothing covered is running: cancel it now instead. */
function scheduleCancellation(command: Cmd<'ScheduleCancellation'>, state: SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = existing(state, metadata);
  notCancelled(sub, 'be cancelled');
  if (data.undo) return sub.cancelAt ? [{ type: 'CancellationWithdrawn', data: { cancelAt: sub.cancelAt } }] : [];
  const covered = coveredUntil(sub);
  if (sub.status !== ACTIVE || !covered || covered <= metadata.now) throw new ConflictError(`Subscription ${sub.id} has no paid time running to cancel at the end of; cancel it now instead`);
  if (sub.cancelAt === covered) return [];
  return [
    ...supersedeOpenOrders(sub, 'SUBSCRIPTION_CANCELLED'),
    { type: 'CancellationScheduled', data: { cancelAt: covered, by: isAdmin(metadata) ? 'ADMIN' : 'CUSTOMER' } },
  ];
}

function cancelAtPeriodEnd(command: Cmd<'CancelAtPeriodEnd'>, state: SubscriptionState): SubscriptionEvent[] {
  const sub = existing(state, command.metadata);
  requireClock(command.metadata, 'carry out a cancellation');
  if (!sub.cancelAt || sub.cancelAt > command.metadata.now) return [];
  return cancelled(sub, 'cancelled at the end of the paid period');
}

function pause(command: Cmd<'PauseSubscription'>, state: SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = existing(state, metadata);
  requireAdmin(metadata, 'pause subscriptions');
  if (sub.status !== ACTIVE && sub.status !== 'SUBSCRIPTION_STATUS_WAIT_PAYMENT') throw new InvalidTransitionError(sub.status, 'SUBSCRIPTION_STATUS_PAUSE');
  if (data.resumeAt && data.resumeAt <= metadata.now) throw ValidationError.field('resumeAt', 'must be in the future');
  return [
    ...supersedeOpenOrders(sub, 'STATUS_CHANGED'),
    { type: 'SubscriptionPaused', data: { reason: 'ADMIN', ...(data.resumeAt ? { resumeAt: data.resumeAt } : {}) } },
    { type: 'SubscriptionStatusChanged', data: { from: sub.status, to: 'SUBSCRIPTION_STATUS_PAUSE', reason: 'paused by an administrator' } },
  ];
}

/** Resumed by an administrator, or by the clock on the resume date: Live again while paid time runs, else waiting for payment. */
function resume(command: Cmd<'ResumeSubscription'>, state: SubscriptionState): SubscriptionEvent[] {
  const { metadata } = command;
  const sub = existing(state, metadata);
  requireClock(metadata, 'resume subscriptions');
  if (sub.status !== 'SUBSCRIPTION_STATUS_PAUSE') return [];
  const byClock = metadata.actorRole === 'SYSTEM';
  if (byClock && (!sub.pause?.resumeAt || sub.pause.resumeAt > metadata.now)) return [];
  const to: SubscriptionStatus = hasPaidTimeRunning(sub, metadata.now) || (sub.trialEndDate ?? '') > metadata.now ? ACTIVE : 'SUBSCRIPTION_STATUS_WAIT_PAYMENT';
  return [
    { type: 'SubscriptionResumed', data: { reason: byClock ? 'RESUME_DATE' : 'ADMIN' } },
    { type: 'SubscriptionStatusChanged', data: { from: sub.status, to, reason: byClock ? 'resume date reached' : 'resumed by an administrator' } },
  ];
}

function cancelled(sub: ExistingSubscription, reason: string | undefined, note?: string): SubscriptionEvent[] {
  if (sub.status === CANCEL) return [];
  return [
    ...supersedeOpenOrders(sub, 'SUBSCRIPTION_CANCELLED'),
    { type: 'SubscriptionCancelled', data: { from: sub.status, ...(reason ? { reason } : {}), ...(note ? { note } : {}) } },
  ];
}

function setStatus(command: Cmd<'SetSubscriptionStatus'>, state: SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = existing(state, metadata);
  requireAdmin(metadata, 'set a subscription status');
  if (data.status === sub.status) return [];
  if (!canSetStatus(sub.status, data.status, metadata.actorRole === 'ROLE_ADMIN')) {
    throw new InvalidTransitionError(sub.status, data.status);
  }
  // What an administrator writes is their note: administrators read it, customers do not.
  if (data.status === CANCEL) return cancelled(sub, undefined, data.reason);
  return [
    ...supersedeOpenOrders(sub, 'STATUS_CHANGED'),
    { type: 'SubscriptionStatusChanged', data: { from: sub.status, to: data.status, ...(data.reason ? { note: data.reason } : {}) } },
  ];
}

function cancel(command: Cmd<'CancelSubscription'>, state: SubscriptionState): SubscriptionEvent[] {
  const { metadata, data } = command;
  // A customer's reason is theirs to read; an administrator's is a note for administrators.
  return metadata.actorRole === 'ROLE_ADMIN' ? cancelled(existing(state, metadata), undefined, data.reason) : cancelled(existing(state, metadata), data.reason);
}

function remove(command: Cmd<'RemoveSubscription'>, state: SubscriptionState): SubscriptionEvent[] {
  existing(state, command.metadata);
  requireAdmin(command.metadata, 'remove subscriptions');
  return [{ type: 'SubscriptionRemoved', data: command.data.reason ? { note: command.data.reason } : {} }];
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

/**
 * A refund (ours or PayPal's) or a reversal (a chargeback). Recorded once per refund id. Taking back all of a
 * capture that paid for time still running ends that paid time now, and the subscription waits for payment again;
 * a partial refund is a credit note and changes no entitlement.
 */
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
  const now = metadata.now;
  // Refunding money kept as credit changes what open orders planned to use: they are made again.
  const events: SubscriptionEvent[] = capture.credited ? supersedeOpenOrders(sub, 'CREDIT_CHANGED') : [];
  events.push(
    {
      type: 'PaymentRefunded',
      data: { captureId: data.captureId, refundId: data.refundId, amount: data.amount, currency: data.currency, refundedAt: now, ...(data.reversal ? { reversal: true } : {}) },
    },
  );
  const full = capture.refunded + data.amount === capture.amount;
  const paidRunningTime = capture.purpose === 'balance' || sub.paid.some((p) => p.captureId === capture.captureId && p.end > now);
  // Money kept as credit that was since spent on paid time: taking it back takes back that time too.
  const spentCredit = capture.credited && data.amount > sub.credit;
  const takesBackTime = (full && !capture.credited && paidRunningTime) || spentCredit;
  if (!takesBackTime || !hasPaidTimeRunning(sub, now)) return events;
  const reason = data.reversal ? 'REVERSED' : 'REFUNDED';
  events.push({ type: 'PaidTimeEnded', data: { captureId: capture.captureId, reason, endedAt: now } });
  const trialRunning = sub.trialEndDate !== undefined && sub.trialEndDate > now;
  if (sub.status === ACTIVE && !trialRunning) {
    events.push(...supersedeOpenOrders(sub, 'STATUS_CHANGED'));
    events.push({ type: 'SubscriptionStatusChanged', data: { from: ACTIVE, to: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', reason: data.reversal ? 'payment reversed by PayPal' : 'payment refunded' } });
  }
  return events;
}

function recordDispute(command: Cmd<'RecordDispute'>, state: SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = existing(state, metadata);
  requireAdmin(metadata, 'record disputes');
  const known = sub.disputes[data.disputeId];
  if (known && known.stage === data.stage && known.status === data.status) return [];
  return [{ type: 'PaymentDisputed', data }];
}

/**
 * The licence follows the entitlement: whatever a command changed, if the licence the subscription should carry
 * now differs from the one last issued, a new one is issued (or the last revoked). Live: until the covered time ends
 * plus the grace period (a trial: its end; free and lifetime plans: no end); in dunning the grace keeps it valid;
 * cancelled, paused, refunded or unpaid: revoked.
 */
function withLicence(command: SubscriptionCommand, state: SubscriptionState, events: SubscriptionEvent[]): SubscriptionEvent[] {
  if (events.length === 0) return events;
  const after = events.reduce(evolve, state);
  if (!exists(after)) return events;
  const entitled = entitlementOf(after);
  // Only a change of entitlement issues or revokes (a stream from before signed licences gets its first at its next change).
  if (JSON.stringify(entitled) === JSON.stringify(exists(state) ? entitlementOf(state) : null)) return events;
  const last = after.licence;
  if (!entitled) {
    if (!last || last.revoked) return events;
    const reason = after.status === CANCEL || after.removed ? 'CANCELLED' : after.status === 'SUBSCRIPTION_STATUS_PAUSE' ? 'PAUSED' : events.some((e) => e.type === 'PaidTimeEnded') ? 'REFUNDED' : 'UNPAID';
    return [...events, { type: 'LicenceRevoked', data: { serial: last.serial, reason } }];
  }
  if (last && !last.revoked && last.validUntil === entitled.validUntil && last.quantity === entitled.quantity && JSON.stringify(last.modules) === JSON.stringify(entitled.modules)) return events;
  return [...events, { type: 'LicenceIssued', data: { licenceKey: after.licence_key!, serial: (last?.serial ?? 0) + 1, ...entitled, issuedAt: command.metadata.now } }];
}

/** What the licence should say now, or null when the subscription entitles to nothing. */
function entitlementOf(s: ExistingSubscription): { modules: { name: string; limit: number }[]; quantity: number; validUntil: string } | null {
  const live = s.status === ACTIVE || (s.status === 'SUBSCRIPTION_STATUS_WAIT_PAYMENT' && s.dunning !== undefined);
  if (!live || s.removed || !s.licence_key) return null;
  const covered = coveredUntil(s);
  const paidEnd = paidThrough(s);
  const validUntil = s.plan.billingMonths === 0 ? NO_END : covered === undefined ? null : covered === paidEnd ? plusDays(covered, billingPolicy().graceDays) : covered;
  if (!validUntil) return null;
  return { modules: s.modules.map(({ name, limit }) => ({ name, limit })), quantity: s.quantity, validUntil };
}

export function decide(command: SubscriptionCommand, state: SubscriptionState): SubscriptionEvent[] {
  return withLicence(command, state, decideOnly(command, state));
}

function decideOnly(command: SubscriptionCommand, state: SubscriptionState): SubscriptionEvent[] {
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
    case 'PayFromCredit':
      return payFromCredit(command, state);
    case 'CloseOrder':
      return closeOrder(command, state);
    case 'ApplyScheduledChange':
      return applyScheduledChange(command, state);
    case 'RecordDispute':
      return recordDispute(command, state);
    case 'RecordRenewalFailure':
      return recordRenewalFailure(command, state);
    case 'EndUnpaid':
      return endUnpaid(command, state);
    case 'RecordVaultedPaymentMethod':
      return recordVaultedPaymentMethod(command, state);
    case 'RecordSavedWalletPayment':
      return recordSavedWalletPayment(command, state);
    case 'ScheduleCancellation':
      return scheduleCancellation(command, state);
    case 'CancelAtPeriodEnd':
      return cancelAtPeriodEnd(command, state);
    case 'PauseSubscription':
      return pause(command, state);
    case 'ResumeSubscription':
      return resume(command, state);
    default:
      return unreachable(command);
  }
}
