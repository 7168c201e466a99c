import type { InfrastructureDetails, PlanSnapshot, PricedModule, SubscriptionStatus } from '@relaycast/contracts';
import type { SubscriptionCreated, SubscriptionEvent } from './events.js';

export interface Capture {
  captureId: string;
  paypalOrderID: string;
  amount: number;
  refunded: number;
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
  /** The paid period now running, from the last captured order. */
  periodStart?: string;
  periodEnd?: string;
  /** Orders we created at PayPal, by order id. */
  orders: Record<string, { amount: number; purpose: 'period' | 'balance'; captured: boolean }>;
  captures: Capture[];
  refundIds: string[];
  /** Cents owed from revisions inside a paid period; negative is a credit. */
  balance: number;
  removed: boolean;
}

export type SubscriptionState = { status: 'NONE' } | ExistingSubscription;

export function initialState(): SubscriptionState {
  return { status: 'NONE' };
}

export function exists(state: SubscriptionState): state is ExistingSubscription {
  return state.status !== 'NONE';
}

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
      licence_key: d.licence_key,
      hardware_key: d.hardware_key,
      startDate: d.startDate,
      endDate: d.endDate,
      orders: {},
      captures: [],
      refundIds: [],
      balance: 0,
      removed: false,
    };
  }
  if (!exists(state)) return state;
  switch (event.type) {
    case 'SubscriptionUpdated':
      return { ...state, ...(event.data.changes as Partial<ExistingSubscription>) };
    case 'SubscriptionRevised':
      return {
        ...state,
        quantity: event.data.quantity,
        modules: event.data.modules,
        amount: event.data.amount,
        paypalSubscriptionID: event.data.paypalSubscriptionID,
        balance: state.balance + event.data.proration,
      };
    case 'PaymentOrdered':
      return {
        ...state,
        paypalSubscriptionID: event.data.paypalSubscriptionID,
        orders: { ...state.orders, [event.data.paypalOrderID]: { amount: event.data.amount, purpose: event.data.purpose, captured: false } },
      };
    case 'OrderCaptured': {
      const d = event.data;
      const order = state.orders[d.paypalOrderID];
      const paysPeriod = d.purpose === 'period';
      return {
        ...state,
        paypalOrderID: d.paypalOrderID,
        paypalSubscriptionID: d.paypalSubscriptionID,
        licence_key: state.licence_key ?? d.licence_key,
        startDate: state.startDate ?? d.periodStart,
        ...(paysPeriod ? { periodStart: d.periodStart, periodEnd: d.periodEnd, endDate: d.periodEnd ?? state.endDate } : {}),
        // A period payment used up any credit; a balance payment pays the balance down.
        balance: paysPeriod ? Math.max(0, state.balance) : state.balance - d.amount,
        orders: order ? { ...state.orders, [d.paypalOrderID]: { ...order, captured: true } } : state.orders,
        captures: [...state.captures, { captureId: d.captureId, paypalOrderID: d.paypalOrderID, amount: d.amount, refunded: 0 }],
      };
    }
    case 'PaymentRejected':
      return state;
    case 'PaymentRefunded':
      return {
        ...state,
        refundIds: [...state.refundIds, event.data.refundId],
        captures: state.captures.map((c) =>
          c.captureId === event.data.captureId ? { ...c, refunded: c.refunded + event.data.amount } : c,
        ),
      };
    case 'PaymentMethodChanged':
      return { ...state, paypalOrderID: event.data.paypalOrderID, paypalSubscriptionID: event.data.paypalSubscriptionID };
    case 'SubscriptionStatusChanged':
      return { ...state, status: event.data.to };
    case 'TrialStarted':
      return {
        ...state,
        trialStartDate: event.data.trialStartDate,
        trialEndDate: event.data.trialEndDate,
        trialPeriod: event.data.trialPeriod,
      };
    case 'SubscriptionCancelled':
      return { ...state, status: 'SUBSCRIPTION_STATUS_CANCEL' };
    case 'SubscriptionRemoved':
      return { ...state, removed: true };
  }
}
