import type { Configuration, DunningTimeline, InfrastructureDetails, LicenceIssued, PaymentRejected, PlanSnapshot, PricedModule, SubscriptionStatus } from '@relaycast/contracts';
import type { SubscriptionCreated, SubscriptionEvent } from './events.js';

/** Money PayPal captured for one of our orders, and what became of it. */
export interface Capture {
  captureId: string;
  paypalOrderID: string;
  amount: number;
  refunded: number;
  purpose: 'period' | 'balance';
  /** The order was no longer current when captured: the money became account credit and granted nothing. */
  credited: boolean;
}

/** A PayPal order we created, what it pays for, and where it stands. */
export interface OrderRecord {
  amount: number;
  /** Account credit the order uses besides its amount. */
  credit: number;
  purpose: 'period' | 'balance';
  /** What a capture of this order grants (absent on orders recorded before pending updates: the configuration then in force). */
  configuration?: Configuration;
  status: 'open' | 'pending' | 'captured' | 'superseded' | 'rejected';
  /** Captures PayPal declined: each makes the next capture attempt a new PayPal request. */
  declines: number;
  /** Why PayPal's capture was refused (a repeat of the capture answers the same). */
  rejection?: PaymentRejected;
}

/** Time paid for: one billing period bought by a capture (or account credit). */
export interface PaidTime {
  captureId: string;
  start: string;
  end: string;
  /** What that period cost at the configuration it was bought for, in cents. */
  amount: number;
}

export interface PendingChange extends Configuration {
  balance: number;
  requestedAt: string;
}
export interface ScheduledChange extends Configuration {
  effectiveAt: string;
}

/** A subscription that exists: what its events have established so far. */
export interface ExistingSubscription {
  status: SubscriptionStatus;
  id: string;
  user_id: string;
  name: string;
  infrastructure_type: SubscriptionCreated['infrastructure_type'];
  subscription_type: SubscriptionCreated['subscription_type'];
  plan: PlanSnapshot;
  /** The configuration in force: what the customer is entitled to use. */
  modules: PricedModule[];
  quantity: number;
  amount: number;
  currency: string;
  infrastructure_details: InfrastructureDetails;
  licence_key?: string;
  hardware_key?: string;
  startDate?: string;
  endDate?: string;
  trialStartDate?: string;
  trialEndDate?: string;
  trialPeriod?: number;
  paypalSubscriptionID?: string;
  paypalOrderID?: string;
  /** The last paid period (shown as the current one). */
  periodStart?: string;
  periodEnd?: string;
  /** Every period paid for, oldest first (ended early by a full refund or reversal). */
  paid: PaidTime[];
  /** A price-raising revision waiting for its balance. */
  pendingChange?: PendingChange;
  /** A price-lowering revision waiting for the paid time to end. */
  scheduledChange?: ScheduledChange;
  /** Cents of account credit: money captured for orders that were no longer current. */
  credit: number;
  orders: Record<string, OrderRecord>;
  captures: Capture[];
  refundIds: string[];
  disputes: Record<string, { stage: string; status: string; captureId?: string }>;
  removed: boolean;
  /** When the configuration in force last changed. */
  revisedAt?: string;
  /** Where billing periods are anchored: the first paid period's start (again after a gap in paid time). */
  anchor?: string;
  /** A PayPal wallet saved for merchant-initiated payments. */
  vault?: { id: string; payerEmail?: string };
  /** A payment fell due and was not made: its timeline, and how many attempts failed (the first at the due date). */
  dunning?: { timeline: DunningTimeline; attempts: number };
  /** Cancels at the end of the paid time unless withdrawn. */
  cancelAt?: string;
  pause?: { reason: 'ADMIN' | 'NON_PAYMENT'; resumeAt?: string };
  /** The licence last issued, and whether it was revoked since. */
  licence?: LicenceIssued & { revoked: boolean };
}

export type SubscriptionState = { status: 'NONE' } | ExistingSubscription;

export function initialState(): SubscriptionState {
  return { status: 'NONE' };
}

export function exists(state: SubscriptionState): state is ExistingSubscription {
  return state.status !== 'NONE';
}

/** The end of the paid time (the last paid period's end), or undefined when nothing was ever paid. */
export function paidThrough(s: Pick<ExistingSubscription, 'paid'>): string | undefined {
  return s.paid.reduce<string | undefined>((end, p) => (end === undefined || p.end > end ? p.end : end), undefined);
}

/** The configuration in force. */
export function configurationOf(s: Pick<ExistingSubscription, 'modules' | 'quantity' | 'amount'>): Configuration {
  return { modules: s.modules, quantity: s.quantity, amount: s.amount };
}

const withoutChanges = (s: ExistingSubscription): ExistingSubscription => {
  const { pendingChange: _p, scheduledChange: _s, ...rest } = s;
  return rest;
};

/** What SubscriptionUpdated may change (the fields of UpdateSubscription). */
const DESCRIPTIVE_FIELDS = ['name', 'infrastructure_details', 'licence_key', 'hardware_key', 'startDate', 'endDate'] as const;

export function evolve(state: SubscriptionState, event: SubscriptionEvent): SubscriptionState {
  if (event.type === 'SubscriptionCreated') {
    const d = event.data;
    return {
      status: d.status,
      id: d.subscriptionId,
      user_id: d.user_id,
      name: d.name,
      infrastructure_type: d.infrastructure_type,
      subscription_type: d.subscription_type,
      plan: d.plan,
      modules: d.modules,
      quantity: d.quantity,
      amount: d.amount,
      currency: d.currency,
      infrastructure_details: d.infrastructure_details,
      ...(d.licence_key ? { licence_key: d.licence_key } : {}),
      ...(d.hardware_key ? { hardware_key: d.hardware_key } : {}),
      ...(d.startDate ? { startDate: d.startDate } : {}),
      ...(d.endDate ? { endDate: d.endDate } : {}),
      paid: [],
      credit: 0,
      orders: {},
      captures: [],
      refundIds: [],
      disputes: {},
      removed: false,
    };
  }
  if (!exists(state)) return state;
  switch (event.type) {
    case 'SubscriptionUpdated': {
      // Descriptive fields only, whatever an event carries: status, money and entitlement change through their own events.
      const changes = event.data.changes;
      const descriptive = Object.fromEntries(DESCRIPTIVE_FIELDS.filter((k) => k in changes).map((k) => [k, changes[k]]));
      return { ...state, ...(descriptive as Partial<ExistingSubscription>) };
    }
    case 'SubscriptionRevised': {
      const d = event.data;
      // A paid balance pays the running periods up to the new price from now on.
      const paid = d.reason === 'BALANCE_PAID' ? state.paid.map((p) => (p.end > d.effectiveAt && p.amount < d.amount ? { ...p, amount: d.amount } : p)) : state.paid;
      return { ...withoutChanges(state), quantity: d.quantity, modules: d.modules, amount: d.amount, paypalSubscriptionID: d.paypalSubscriptionID, paid, revisedAt: d.effectiveAt };
    }
    case 'SubscriptionChangePending': {
      // A scheduled downgrade stays until the rise is paid: a period paid ahead at its price is not paid for more.
      const { previousAmount: _prev, ...change } = event.data;
      return { ...state, pendingChange: change };
    }
    case 'SubscriptionChangeScheduled': {
      const { previousAmount: _prev, ...change } = event.data;
      return { ...withoutChanges(state), scheduledChange: change };
    }
    case 'SubscriptionChangeWithdrawn':
      return withoutChanges(state);
    case 'PaymentOrdered': {
      const d = event.data;
      const order: OrderRecord = {
        amount: d.amount,
        credit: d.credit ?? 0,
        purpose: d.purpose,
        ...(d.configuration ? { configuration: d.configuration } : {}),
        status: 'open',
        declines: 0,
      };
      return { ...state, paypalSubscriptionID: d.paypalSubscriptionID, orders: { ...state.orders, [d.paypalOrderID]: order } };
    }
    case 'PaymentOrderSuperseded':
      return setOrder(state, event.data.paypalOrderID, (o) => ({ ...o, status: 'superseded' }));
    case 'PaymentPending':
      // Only an open order becomes pending: a superseded one stays superseded (its money will be credit).
      return setOrder(state, event.data.paypalOrderID, (o) => (o.status === 'open' ? { ...o, status: 'pending' } : o));
    case 'PaymentRejected':
      // A refused capture closes the order: the next payment is a new order (another funding source).
      return setOrder(state, event.data.paypalOrderID, (o) => ({ ...o, status: 'rejected', declines: o.declines + 1, rejection: event.data }));
    case 'OrderCaptured': {
      const d = event.data;
      const credited = d.credited === true;
      const paysPeriod = d.purpose === 'period' && !credited && d.periodStart !== undefined && d.periodEnd !== undefined;
      const gross = d.amount + (d.credit ?? 0);
      const next: ExistingSubscription = {
        ...setOrder(state, d.paypalOrderID, (o) => ({ ...o, status: 'captured' })),
        paypalOrderID: d.paypalOrderID,
        paypalSubscriptionID: d.paypalSubscriptionID,
        ...(state.licence_key ?? d.licence_key ? { licence_key: state.licence_key ?? d.licence_key } : {}),
        credit: credited ? state.credit + d.amount : state.credit - (d.credit ?? 0),
        captures: [...state.captures, { captureId: d.captureId, paypalOrderID: d.paypalOrderID, amount: d.amount, refunded: 0, purpose: d.purpose, credited }],
      };
      if (!paysPeriod) return next;
      const through = paidThrough(state);
      const continues = through !== undefined ? d.periodStart! <= through : state.anchor !== undefined;
      const { dunning: _d, ...paidUp } = next;
      return {
        ...paidUp,
        anchor: continues ? (state.anchor ?? d.periodStart!) : d.periodStart!,
        startDate: state.startDate ?? d.periodStart,
        periodStart: d.periodStart,
        periodEnd: d.periodEnd,
        endDate: d.periodEnd,
        paid: [...state.paid, { captureId: d.captureId, start: d.periodStart!, end: d.periodEnd!, amount: gross }],
      };
    }
    case 'PaymentRefunded': {
      const capture = state.captures.find((c) => c.captureId === event.data.captureId);
      return {
        ...state,
        refundIds: [...state.refundIds, event.data.refundId],
        // Refunding money that was account credit uses that credit up.
        credit: capture?.credited ? Math.max(0, state.credit - event.data.amount) : state.credit,
        captures: state.captures.map((c) => (c.captureId === event.data.captureId ? { ...c, refunded: c.refunded + event.data.amount } : c)),
      };
    }
    case 'PaidTimeEnded': {
      const at = event.data.endedAt;
      const paid = state.paid.filter((p) => p.start < at).map((p) => (p.end > at ? { ...p, end: at } : p));
      return { ...state, paid, ...(state.periodEnd && state.periodEnd > at ? { periodEnd: at, endDate: at } : {}) };
    }
    case 'PaymentDisputed': {
      const d = event.data;
      return { ...state, disputes: { ...state.disputes, [d.disputeId]: { stage: d.stage, status: d.status, ...(d.captureId ? { captureId: d.captureId } : {}) } } };
    }
    case 'PaymentMethodChanged':
      return { ...state, paypalOrderID: event.data.paypalOrderID, paypalSubscriptionID: event.data.paypalSubscriptionID };
    case 'SubscriptionStatusChanged': {
      // Live again: whatever dunning there was is over.
      if (event.data.to !== 'SUBSCRIPTION_STATUS_ACTIVE') return { ...state, status: event.data.to };
      const { dunning: _d, ...rest } = state;
      return { ...rest, status: event.data.to };
    }
    case 'RenewalFailed': {
      const d = event.data;
      const dunning = d.timeline ? { timeline: d.timeline, attempts: 1 } : state.dunning ? { ...state.dunning, attempts: state.dunning.attempts + 1 } : undefined;
      return dunning ? { ...state, dunning } : state;
    }
    case 'PaymentMethodVaulted':
      return { ...state, vault: { id: event.data.vaultId, ...(event.data.payerEmail ? { payerEmail: event.data.payerEmail } : {}) } };
    case 'CancellationScheduled':
      return { ...state, cancelAt: event.data.cancelAt };
    case 'CancellationWithdrawn': {
      const { cancelAt: _c, ...rest } = state;
      return rest;
    }
    case 'SubscriptionPaused':
      return { ...state, pause: { reason: event.data.reason, ...(event.data.resumeAt ? { resumeAt: event.data.resumeAt } : {}) } };
    case 'SubscriptionResumed': {
      const { pause: _p, ...rest } = state;
      return rest;
    }
    case 'LicenceIssued':
      return { ...state, licence_key: state.licence_key ?? event.data.licenceKey, licence: { ...event.data, revoked: false } };
    case 'LicenceRevoked':
      return state.licence ? { ...state, licence: { ...state.licence, revoked: true } } : state;
    case 'TrialStarted':
      return { ...state, trialStartDate: event.data.trialStartDate, trialEndDate: event.data.trialEndDate, trialPeriod: event.data.trialPeriod };
    case 'SubscriptionCancelled': {
      const { cancelAt: _c, dunning: _d, ...rest } = state;
      return { ...rest, status: 'SUBSCRIPTION_STATUS_CANCEL' };
    }
    case 'SubscriptionRemoved':
      return { ...state, removed: true };
  }
}

function setOrder(state: ExistingSubscription, orderId: string, change: (o: OrderRecord) => OrderRecord): ExistingSubscription {
  const order = state.orders[orderId];
  return order ? { ...state, orders: { ...state.orders, [orderId]: change(order) } } : state;
}
