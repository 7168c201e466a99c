import { entityIdOf, SubscriptionEventSchemas, type AnyEvent, type EventEnvelope, type SubscriptionView } from '@relaycast/contracts';
import { amountDue, dueItemsOf, dueOf, exists, nextBillingItem, nextDueItem, nextRetryOf, subscriptionDecider, type ExistingSubscription, type SubscriptionEvent, type SubscriptionState } from '@relaycast/billing-core';
import { scoreOf, type Projection } from '../projection.js';
import type { UnitOfWork } from '../unit-of-work.js';

export const SUBSCRIPTIONS = 'subscriptions';
export const subscriptionsModel = {
  subscription: 'subscription',
  /** user id → { email, name }: denormalised onto each of the user's subscriptions */
  customer: 'customer',
  all: 'all',
  byUser: (userId: string) => `user:${userId}`,
  byStatus: (status: string) => `status:${status}`,
  /**
   * Our PayPal billing reference (the custom_id on every PayPal order) → { subscriptionId }: how PayPal's webhooks
   * find the subscription. A reference belongs to the first subscription that used it; every reference a
   * subscription ever had stays mapped, so events about older orders still arrive.
   */
  byBillingReference: 'billing-reference',
  /** The subscription's decider state (its events folded by billing-core's evolve): the view's billing figures derive from it. */
  state: 'subscription-state',
  /** Subscriptions by the time of the next thing the billing clock does to them (the scheduler's work list). */
  due: 'due',
  /** Subscriptions with a PayPal dispute not yet resolved, by creation time (the admin home's attention list). */
  disputed: 'disputed',
} as const;

/** What the subscriptions read model keeps of a user, to show beside their subscriptions. */
interface Customer {
  email: string;
  givenName: string;
  familyName: string;
}
const NOBODY: Customer = { email: '', givenName: '', familyName: '' };
const shown = (c: Customer): SubscriptionView['customer'] => ({ email: c.email, name: `${c.givenName} ${c.familyName}`.trim() });

/** Every event of a subscription stream: each changes the decider state the view's figures derive from. */
const SUBSCRIPTION_EVENTS: ReadonlySet<string> = new Set(Object.keys(SubscriptionEventSchemas));
const HANDLES = new Set([
  ...SUBSCRIPTION_EVENTS,
  'UserRegistered', 'UserUpdated', 'UserErased',
]);

const ERASED: Customer = { email: '', givenName: 'Erased', familyName: 'user' };

async function updateCustomer(uow: UnitOfWork, userId: string, customer: Customer): Promise<void> {
  uow.put(subscriptionsModel.customer, userId, customer);
  for (const id of (await uow.members(subscriptionsModel.byUser(userId))).sort()) {
    const view = await uow.get<SubscriptionView>(subscriptionsModel.subscription, id);
    if (view) uow.put(subscriptionsModel.subscription, id, { ...view, customer: shown(customer) });
  }
}

async function claimBillingReference(uow: UnitOfWork, reference: string, subscriptionId: string): Promise<void> {
  if (!(await uow.get(subscriptionsModel.byBillingReference, reference))) uow.put(subscriptionsModel.byBillingReference, reference, { subscriptionId });
}

function setStatus(uow: UnitOfWork, view: SubscriptionView, status: SubscriptionView['status']): SubscriptionView {
  if (status !== view.status) {
    uow.unindex(subscriptionsModel.byStatus(view.status), view._id);
    uow.index(subscriptionsModel.byStatus(status), view._id, scoreOf(view.createdAt));
  }
  return { ...view, status };
}

/**
 * The billing figures a customer and an administrator see, derived from the decider's own state so that the view
 * can never disagree with the rules: what is due, the pending or scheduled change, credit, paid period, disputes.
 */
function billingFigures(state: ExistingSubscription, at: string): Partial<SubscriptionView> {
  const pending = state.pendingChange;
  const scheduled = state.scheduledChange;
  const disputes = Object.entries(state.disputes).map(([id, d]) => ({ id, stage: d.stage, status: d.status, ...(d.captureId ? { captureId: d.captureId } : {}) }));
  return {
    quantity: state.quantity,
    modules: state.modules,
    amount: state.amount,
    balance: pending?.balance ?? 0,
    amountDue: amountDue(state, at).amount,
    credit: state.credit,
    ...(pending ? { pendingChange: { quantity: pending.quantity, amount: pending.amount, balance: pending.balance, modules: pending.modules, requestedAt: pending.requestedAt } } : {}),
    ...(scheduled ? { scheduledChange: { quantity: scheduled.quantity, amount: scheduled.amount, modules: scheduled.modules, effectiveAt: scheduled.effectiveAt } } : {}),
    ...(disputes.length ? { disputes } : {}),
    ...timeFigures(state),
  };
}

/** What the account and admin areas show of time: next renewal, saved wallet, dunning, cancellation, pause, licence. */
function timeFigures(s: ExistingSubscription): Partial<SubscriptionView> {
  // Reminders are the clock's too (the due index below has them), but not what the subscription does next.
  const next = nextBillingItem(s);
  // The renewal, even when a scheduled change comes first at the same instant (a downgrade takes effect, then the
  // renewal charges the new price): the customer still sees when and how much.
  const renewalItem = next?.kind === 'renewal' ? next : next?.kind === 'scheduled-change' ? dueItemsOf(s).find((i) => i.kind === 'renewal') : undefined;
  const renewal = renewalItem ? dueOf(s, renewalItem.at) : null;
  const dunning = s.dunning;
  const retry = dunning ? nextRetryOf(dunning) : undefined;
  return {
    ...(next ? { nextEvent: { kind: next.kind, at: next.at } } : {}),
    ...(renewalItem && renewal ? { nextRenewal: { at: renewalItem.at, amount: renewal.amount } } : {}),
    paymentMethod: { vaulted: s.vault !== undefined, ...(s.vault?.payerEmail ? { payerEmail: s.vault.payerEmail } : {}) },
    ...(dunning
      ? {
          dunning: {
            dueAt: dunning.timeline.dueAt,
            attempts: dunning.attempts,
            ...(retry && s.status === 'SUBSCRIPTION_STATUS_WAIT_PAYMENT' ? { nextRetryAt: retry } : {}),
            graceUntil: dunning.timeline.graceUntil,
            suspendAt: dunning.timeline.suspendAt,
            cancelAt: dunning.timeline.cancelAt,
          },
        }
      : {}),
    ...(s.cancelAt ? { cancelAt: s.cancelAt } : {}),
    ...(s.pause ? { pause: { reason: s.pause.reason, ...(s.pause.resumeAt ? { resumeAt: s.pause.resumeAt } : {}) } } : {}),
    ...(s.licence ? { licence: { serial: s.licence.serial, quantity: s.licence.quantity, issuedAt: s.licence.issuedAt, validUntil: s.licence.validUntil, revoked: s.licence.revoked } } : {}),
    ...(s.licence_key ? { licence_key: s.licence_key } : {}),
  };
}

/**
 * A subscription view straight from its decider state (its events folded), for when the read models cannot be
 * reached: the same figures the projection shows; the customer's name and e-mail are not part of the stream.
 */
export function subscriptionViewFromState(s: ExistingSubscription, at: { createdAt: string; updatedAt: string; version: number }): SubscriptionView {
  return {
    _id: s.id,
    name: s.name,
    user_id: s.user_id,
    customer: { email: '', name: '' },
    infrastructure_type: s.infrastructure_type,
    subscription_type: s.subscription_type,
    status: s.status,
    plan: s.plan,
    payment_details: { payment_method: 'PAYPAL', plan_id: s.plan.plan_id, amount: s.amount, unitQuantity: s.quantity, privacy_policy_confirm: true },
    infrastructure_details: s.infrastructure_details,
    ...(s.paypalSubscriptionID ? { paypalSubscriptionID: s.paypalSubscriptionID } : {}),
    ...(s.paypalOrderID ? { paypalOrderID: s.paypalOrderID } : {}),
    ...(s.licence_key ? { licence_key: s.licence_key } : {}),
    ...(s.periodStart ? { periodStart: s.periodStart, periodEnd: s.periodEnd } : {}),
    currency: s.currency,
    totals: { ordered: 0, captured: s.captures.reduce((sum, c) => sum + c.amount, 0), refunded: s.captures.reduce((sum, c) => sum + c.refunded, 0), payments: s.captures.length },
    ...(billingFigures(s, at.updatedAt) as Pick<SubscriptionView, 'quantity' | 'modules' | 'amount' | 'balance' | 'amountDue'>),
    version: at.version,
    createdAt: at.createdAt,
    updatedAt: at.updatedAt,
  };
}

function withoutBilling(view: SubscriptionView): SubscriptionView {
  const { pendingChange: _p, scheduledChange: _s, disputes: _d, nextEvent: _n, nextRenewal: _r, dunning: _u, cancelAt: _c, pause: _z, licence: _l, ...rest } = view;
  return rest;
}

/** Admin subscriptions list, subscriptions by user (the customer's own list), and each subscription's document. */
export const subscriptionsProjection: Projection = {
  name: SUBSCRIPTIONS,
  handles: HANDLES,
  async apply(raw: EventEnvelope, uow: UnitOfWork) {
    const event = raw as AnyEvent;
    const at = event.occurredAt;
    let state: SubscriptionState | null = null;
    if (SUBSCRIPTION_EVENTS.has(event.type)) {
      const id = entityIdOf(event.streamId);
      const before = (await uow.get<SubscriptionState>(subscriptionsModel.state, id)) ?? subscriptionDecider.initialState();
      state = subscriptionDecider.evolve(before, { type: event.type, data: event.data } as SubscriptionEvent);
      if (event.type === 'SubscriptionRemoved') uow.delete(subscriptionsModel.state, id);
      else uow.put(subscriptionsModel.state, id, state);
    }
    switch (event.type) {
      case 'UserRegistered':
        return updateCustomer(uow, event.data.userId, { email: event.data.email, givenName: event.data.givenName, familyName: event.data.familyName });
      case 'UserUpdated': {
        const userId = entityIdOf(event.streamId);
        const current = (await uow.get<Customer>(subscriptionsModel.customer, userId)) ?? NOBODY;
        const changes = event.data.changes as Partial<Customer>;
        if (changes.email === undefined && changes.givenName === undefined && changes.familyName === undefined) return;
        return updateCustomer(uow, userId, {
          email: changes.email ?? current.email,
          givenName: changes.givenName ?? current.givenName,
          familyName: changes.familyName ?? current.familyName,
        });
      }
      case 'UserErased':
        return updateCustomer(uow, entityIdOf(event.streamId), ERASED);
      case 'SubscriptionCreated': {
        const d = event.data;
        const customer = shown((await uow.get<Customer>(subscriptionsModel.customer, d.user_id)) ?? NOBODY);
        const view: SubscriptionView = {
          _id: d.subscriptionId,
          name: d.name,
          user_id: d.user_id,
          customer,
          infrastructure_type: d.infrastructure_type,
          subscription_type: d.subscription_type,
          status: d.status,
          plan: d.plan,
          payment_details: d.payment_details,
          infrastructure_details: d.infrastructure_details,
          ...(d.licence_key ? { licence_key: d.licence_key } : {}),
          ...(d.hardware_key ? { hardware_key: d.hardware_key } : {}),
          ...(d.startDate ? { startDate: d.startDate } : {}),
          ...(d.endDate ? { endDate: d.endDate } : {}),
          quantity: d.quantity,
          modules: d.modules,
          amount: d.amount,
          currency: d.currency,
          totals: { ordered: 0, captured: 0, refunded: 0, payments: 0 },
          balance: 0,
          amountDue: 0,
          ...(state && exists(state) ? billingFigures(state, at) : {}),
          version: event.version,
          createdAt: at,
          updatedAt: at,
        };
        uow.put(subscriptionsModel.subscription, view._id, view);
        uow.index(subscriptionsModel.all, view._id, scoreOf(at));
        uow.index(subscriptionsModel.byUser(d.user_id), view._id, scoreOf(at));
        uow.index(subscriptionsModel.byStatus(d.status), view._id, scoreOf(at));
        return;
      }
    }

    const id = entityIdOf(event.streamId);
    const current = await uow.get<SubscriptionView>(subscriptionsModel.subscription, id);
    if (!current) return;
    let view: SubscriptionView = { ...current, version: event.version, updatedAt: at };
    if (event.type === 'SubscriptionRevised' || event.type === 'PaymentOrdered' || event.type === 'OrderCaptured' || event.type === 'PaymentMethodChanged') {
      await claimBillingReference(uow, event.data.paypalSubscriptionID, id);
    }
    switch (event.type) {
      case 'SubscriptionUpdated':
        view = { ...view, ...(event.data.changes as Partial<SubscriptionView>) };
        break;
      case 'SubscriptionRevised':
        view = { ...view, paypalSubscriptionID: event.data.paypalSubscriptionID, payment_details: { ...view.payment_details, amount: event.data.amount, unitQuantity: event.data.quantity } };
        break;
      case 'PaymentOrdered':
        view = {
          ...view,
          paypalSubscriptionID: event.data.paypalSubscriptionID,
          totals: { ...view.totals, ordered: view.totals.ordered + event.data.amount },
        };
        break;
      case 'OrderCaptured': {
        const d = event.data;
        const s = state && exists(state) ? state : null;
        view = {
          ...view,
          paypalOrderID: d.paypalOrderID,
          paypalSubscriptionID: d.paypalSubscriptionID,
          ...(s?.licence_key ? { licence_key: s.licence_key } : {}),
          ...(s?.startDate ? { startDate: s.startDate } : {}),
          ...(s?.periodStart ? { periodStart: s.periodStart } : {}),
          ...(s?.periodEnd ? { periodEnd: s.periodEnd, endDate: s.periodEnd } : {}),
          totals: { ...view.totals, captured: view.totals.captured + d.amount, payments: view.totals.payments + 1 },
        };
        break;
      }
      case 'PaidTimeEnded': {
        const s = state && exists(state) ? state : null;
        const { periodStart: _s, periodEnd: _e, ...rest } = view;
        view = { ...rest, ...(s?.periodStart ? { periodStart: s.periodStart } : {}), ...(s?.periodEnd ? { periodEnd: s.periodEnd, endDate: s.periodEnd } : {}) };
        break;
      }
      case 'PaymentRefunded':
        view = { ...view, totals: { ...view.totals, refunded: view.totals.refunded + event.data.amount } };
        break;
      case 'PaymentMethodChanged':
        view = { ...view, paypalOrderID: event.data.paypalOrderID, paypalSubscriptionID: event.data.paypalSubscriptionID };
        break;
      case 'SubscriptionStatusChanged':
        view = setStatus(uow, view, event.data.to);
        break;
      case 'TrialStarted':
        view = { ...view, ...event.data };
        break;
      case 'SubscriptionCancelled':
        view = setStatus(uow, view, 'SUBSCRIPTION_STATUS_CANCEL');
        break;
      case 'PaymentRejected':
        break;
      case 'SubscriptionRemoved':
        uow.delete(subscriptionsModel.subscription, id);
        uow.unindex(subscriptionsModel.all, id);
        uow.unindex(subscriptionsModel.byUser(view.user_id), id);
        uow.unindex(subscriptionsModel.byStatus(view.status), id);
        uow.unindex(subscriptionsModel.due, id);
        uow.unindex(subscriptionsModel.disputed, id);
        return;
    }
    if (state && exists(state)) {
      const next = nextDueItem(state);
      if (next) uow.index(subscriptionsModel.due, id, scoreOf(next.at));
      else uow.unindex(subscriptionsModel.due, id);
      if (event.type === 'PaymentDisputed') {
        if (Object.values(state.disputes).some((d) => d.stage !== 'RESOLVED')) uow.index(subscriptionsModel.disputed, id, scoreOf(view.createdAt));
        else uow.unindex(subscriptionsModel.disputed, id);
      }
    }
    uow.put(subscriptionsModel.subscription, id, state && exists(state) ? { ...withoutBilling(view), ...billingFigures(state, at) } : view);
  },
};
