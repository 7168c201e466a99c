import { randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { amountDue, deterministicUuid, exists, pricing, subscriptionDecider, type SubscriptionCommand } from '@relaycast/billing-core';
import {
  CancelAll,
  CaptureChangePaymentMethod,
  CaptureOrder,
  AppError,
  ConflictError,
  ForbiddenError,
  HistoryQuery,
  Id,
  IdBody,
  InvalidTransitionError,
  ListQuery,
  NotFoundError,
  PaymentProviderError,
  PriceMismatchError,
  QuoteRequest,
  SubscriptionCreate,
  SubscriptionListQuery,
  SubscriptionRevise,
  SubscriptionUpdate,
  ValidationError,
  formatCents,
  streamIds,
  type PaymentRejected,
  UnavailableError,
  type SubscriptionView,
  type UserView,
} from '@relaycast/contracts';
import { pageAnswer, defineRoute, type Answer, type RouteContext } from '../http/route.js';
import type { Runtime } from '../runtime.js';
import { captureRequestId, newBillingReference, ordersOf, recordCapture, type CaptureOutcome } from '../payments/orders.js';

const isAdmin = (user: UserView | null) => user?.role === 'ROLE_ADMIN';

/** A subscription the caller may see: any for administrators, their own for customers (403 otherwise). */
export async function visibleSubscription(rt: Runtime, user: UserView | null, id: string, purpose: 'read' | 'command' = 'command'): Promise<SubscriptionView> {
  const view = await rt.readSide.queries.getSubscription(id).catch(async (error: unknown) => {
    // Read models away (Redis down): reads say so (503), but a command can still be checked against the event
    // store, which knows the subscription, so writes go on.
    if (purpose === 'command' && error instanceof UnavailableError) return subscriptionFromEvents(rt, id);
    throw error;
  });
  if (!view) throw new NotFoundError('Subscription not found');
  if (!isAdmin(user) && view.user_id !== user?._id) throw new ForbiddenError('You do not have access to this subscription');
  return view;
}

/**
 * A subscription as its own events tell it, for when the read models cannot be reached. Only what commands need
 * (owner, status, price, version…); the customer's name and e-mail are not part of the stream.
 */
async function subscriptionFromEvents(rt: Runtime, id: string): Promise<SubscriptionView | null> {
  const events = await rt.events.readStream(subscriptionDecider.streamId(id));
  const state = events.reduce((s, e) => subscriptionDecider.evolve(s, e as never), subscriptionDecider.initialState());
  if (!exists(state) || state.removed) return null;
  const first = events[0]!;
  const last = events[events.length - 1]!;
  const totals = { ordered: 0, captured: state.captures.reduce((sum, c) => sum + c.amount, 0), refunded: state.captures.reduce((sum, c) => sum + c.refunded, 0), payments: state.captures.length };
  return {
    _id: state.id,
    name: state.name,
    user_id: state.user_id,
    customer: { email: '', name: '' },
    infrastructure_type: state.infrastructure_type,
    subscription_type: state.subscription_type,
    status: state.status,
    plan: state.plan,
    payment_details: { payment_method: 'PAYPAL', plan_id: state.plan.plan_id, amount: state.amount, unitQuantity: state.quantity, privacy_policy_confirm: true },
    infrastructure_details: state.infrastructure_details,
    ...(state.paypalSubscriptionID ? { paypalSubscriptionID: state.paypalSubscriptionID } : {}),
    ...(state.paypalOrderID ? { paypalOrderID: state.paypalOrderID } : {}),
    quantity: state.quantity,
    modules: state.modules,
    amount: state.amount,
    currency: state.currency,
    totals,
    balance: state.balance,
    amountDue: amountDue(state).amount,
    version: last.version,
    createdAt: first.occurredAt,
    updatedAt: last.occurredAt,
  };
}

/** The seed's payment calls name a user; customers may only name themselves. */
function checkUser(user: UserView | null, userId: string): void {
  if (!isAdmin(user) && userId !== user?._id) throw new ForbiddenError('user_id must be your own');
}

/** revise, captureOrder…: by `id`, or by the PayPal billing reference among the user's subscriptions. */
async function resolveSubscription(rt: Runtime, user: UserView | null, body: { id?: string; user_id: string; paypalSubscriptionID: string }): Promise<SubscriptionView> {
  checkUser(user, body.user_id);
  if (body.id) {
    const view = await visibleSubscription(rt, user, body.id);
    if (view.user_id !== body.user_id) throw ValidationError.field('user_id', 'does not own this subscription');
    return view;
  }
  const found = (await rt.readSide.queries.subscriptionsOfUser(body.user_id)).find((s) => s.paypalSubscriptionID === body.paypalSubscriptionID);
  if (!found) throw new NotFoundError('No subscription of this user has that paypalSubscriptionID');
  return found;
}

/** Reads the subscription after a command; 202 with what is known when the read model has not caught up yet. */
async function answerWith(rt: Runtime, id: string, consistent: boolean, status = 200): Promise<Answer> {
  const view = await rt.readSide.queries.getSubscription(id);
  return consistent ? { data: view, status } : { data: view, status: 202, meta: { consistent: false } };
}

const versionOf = (body: unknown) => {
  const version = (body as { version?: unknown }).version;
  if (version === undefined) return {};
  if (!Number.isInteger(version) || (version as number) < 0) throw ValidationError.field('version', 'must be a non-negative integer');
  return { expectedVersion: version as number };
};

const NOT_CONFIGURED = 'Payments are not configured on this server (PAYPAL_CLIENT_ID is not set); nothing was charged';

async function payable(ctx: RouteContext<{ id: string }>) {
  const { rt, user, body } = ctx;
  const view = await visibleSubscription(rt, user, body.id);
  if (!rt.payments.configured) throw new PaymentProviderError(NOT_CONFIGURED, false);
  return view;
}

function takesPayments(view: SubscriptionView): void {
  if (view.status === 'SUBSCRIPTION_STATUS_CANCEL' || view.status === 'SUBSCRIPTION_STATUS_PAUSE') {
    throw new InvalidTransitionError(view.status, 'SUBSCRIPTION_STATUS_ACTIVE', 'a cancelled or paused subscription takes no payments');
  }
}

const PENDING_MESSAGE = 'PayPal is still reviewing this payment; the subscription goes live as soon as PayPal completes it';

/** What a capture answers: the subscription; 202 while PayPal holds it; 422 or 402 when it was refused. */
async function captureAnswer(rt: Runtime, id: string, result: CaptureOutcome): Promise<Answer> {
  switch (result.outcome) {
    case 'captured':
      return answerWith(rt, id, result.consistent);
    case 'pending': {
      const view = await rt.readSide.queries.getSubscription(id);
      return { data: view, status: 202, meta: { pending: true, message: PENDING_MESSAGE } };
    }
    case 'mismatch':
      throw new PriceMismatchError(result.rejected.expectedAmount, result.rejected.receivedAmount, result.rejected.reason === 'CURRENCY_MISMATCH' ? 'captured currency' : 'captured amount');
    case 'declined':
      throw declined(result.rejected);
  }
}

function declined(rejected: PaymentRejected): AppError {
  return new AppError('PAYMENT_PROVIDER_FAILED', 402, `PayPal did not complete the payment (${rejected.providerStatus ?? 'not completed'}); nothing was charged. Try again or choose another funding source in PayPal.`);
}

export const subscriptionRoutes = [
  defineRoute({
    path: '/subscriptions/create',
    access: 'customer',
    tag: 'Subscriptions',
    summary: 'Create a subscription (customers buy for themselves; the price is computed by the server). An Idempotency-Key header makes a repeat return the first result.',
    body: SubscriptionCreate,
    async handle({ body, rt, req, user, meta }) {
      const key = req.get('Idempotency-Key');
      if (key !== undefined && (key.length < 8 || key.length > 128)) throw ValidationError.field('Idempotency-Key', 'must be 8 to 128 characters');
      // With a key, the id is derived from it: a repeated request targets the same stream and cannot create twice.
      const subscriptionId = key ? deterministicUuid(`${user!._id}\u0000${key}`) : randomUUID();
      const pd = body.payment_details ?? {};
      const command: SubscriptionCommand = {
        type: 'CreateSubscription',
        data: {
          subscriptionId,
          user_id: body.user_id,
          subscription_type: body.subscription_type,
          status: body.status,
          ...pick(body, ['name', 'infrastructure_type', 'modules', 'quantity', 'infrastructure_details', 'licence_key', 'hardware_key', 'startDate', 'endDate']),
          ...(pd.plan_id ? { plan_id: pd.plan_id } : {}),
          ...(pd.amount !== undefined ? { amount: pd.amount } : {}),
          ...(pd.unitQuantity !== undefined ? { unitQuantity: pd.unitQuantity } : {}),
          ...(pd.privacy_policy_confirm !== undefined ? { privacy_policy_confirm: pd.privacy_policy_confirm } : {}),
          ...(pd.client_id ? { client_id: pd.client_id } : {}),
        },
        metadata: meta(),
      };
      try {
        const result = await rt.execute(subscriptionDecider, subscriptionId, command);
        return answerWith(rt, subscriptionId, result.consistent, 201);
      } catch (error) {
        if (key && error instanceof ConflictError) return { data: await visibleSubscription(rt, user, subscriptionId, 'read') };
        throw error;
      }
    },
  }),
  defineRoute({
    path: '/subscriptions/quote',
    access: 'public',
    tag: 'Subscriptions',
    summary: 'Price a configuration from the catalogue: exactly what the server will charge, without buying',
    body: QuoteRequest,
    async handle({ body }) {
      try {
        return { data: pricing.quoteSubscription(body) };
      } catch (error) {
        if (error instanceof pricing.QuoteError) throw ValidationError.field(error.field, error.reason);
        throw error;
      }
    },
  }),
  defineRoute({
    path: '/subscriptions/findAll',
    access: 'admin',
    tag: 'Subscriptions',
    summary: 'All subscriptions (paging, sorting, status and user filters, text search)',
    body: SubscriptionListQuery,
    async handle({ body, rt }) {
      const page = await rt.readSide.queries.listSubscriptions({ ...body, userId: body.user_id });
      return pageAnswer(page);
    },
  }),
  defineRoute({
    path: '/subscriptions/findAllByToken',
    access: 'customer',
    tag: 'Subscriptions',
    summary: 'The signed-in user’s own subscriptions',
    body: ListQuery,
    async handle({ body, rt, user }) {
      const page = await rt.readSide.queries.listSubscriptions({ ...body, userId: user!._id });
      return pageAnswer(page);
    },
  }),
  defineRoute({
    path: '/subscriptions/findOne',
    access: 'customer',
    tag: 'Subscriptions',
    summary: 'One subscription (customers: their own)',
    body: IdBody,
    async handle({ body, rt, user }) {
      return { data: await visibleSubscription(rt, user, body.id, 'read') };
    },
  }),
  defineRoute({
    path: '/subscriptions/update',
    access: 'customer',
    tag: 'Subscriptions',
    summary: 'Update descriptive fields (customers: name and infrastructure details); administrators may also set the status',
    body: SubscriptionUpdate,
    async handle({ body, rt, user, meta }) {
      const view = await visibleSubscription(rt, user, body.id);
      const fields = pick(body, ['name', 'infrastructure_details', 'licence_key', 'hardware_key', 'startDate', 'endDate']);
      let consistent = true;
      if (Object.keys(fields).length) {
        consistent = (await rt.execute(subscriptionDecider, view._id, { type: 'UpdateSubscription', data: fields, metadata: meta() }, versionOf(body))).consistent;
      }
      if (body.status && body.status !== view.status) {
        const reason = (body as { reason?: unknown }).reason;
        const data = { status: body.status, ...(typeof reason === 'string' && reason ? { reason: reason.slice(0, 2000) } : {}) };
        consistent = (await rt.execute(subscriptionDecider, view._id, { type: 'SetSubscriptionStatus', data, metadata: meta() })).consistent && consistent;
      }
      return answerWith(rt, view._id, consistent);
    },
  }),
  defineRoute({
    path: '/subscriptions/remove',
    access: 'admin',
    tag: 'Subscriptions',
    summary: 'Remove a subscription (an event; its history stays)',
    body: IdBody,
    async handle({ body, rt, user, meta }) {
      const view = await visibleSubscription(rt, user, body.id);
      await rt.execute(subscriptionDecider, view._id, { type: 'RemoveSubscription', data: {}, metadata: meta() });
      return { data: { _id: view._id, removed: true } };
    },
  }),
  defineRoute({
    path: '/subscriptions/revise',
    access: 'customer',
    tag: 'Subscriptions',
    summary: 'Change quantity or modules; the amount is recomputed. With preview: true, answers the new amount and proration and records nothing.',
    body: SubscriptionRevise,
    async handle({ body, rt, user, meta }) {
      const view = await resolveSubscription(rt, user, body);
      // The billing reference is ours: a subscription without one gets a new one, never the browser's string
      // (which could name another subscription's reference and so receive its PayPal events).
      if (view.paypalSubscriptionID && view.paypalSubscriptionID !== body.paypalSubscriptionID) throw ValidationError.field('paypalSubscriptionID', 'does not match this subscription');
      const paypalSubscriptionID = view.paypalSubscriptionID ?? newBillingReference();
      const command: SubscriptionCommand = {
        type: 'ReviseSubscription',
        data: { paypalSubscriptionID, quantity: body.quantity, ...(body.modules ? { modules: body.modules } : {}), ...(body.amount !== undefined ? { amount: body.amount } : {}) },
        metadata: meta(),
      };
      const result = await rt.execute(subscriptionDecider, view._id, command, { ...versionOf(body), dryRun: body.preview === true });
      const revised = result.events.find((e) => e.type === 'SubscriptionRevised')?.data as
        | { quantity: number; amount: number; previousAmount: number; proration: number; modules: unknown }
        | undefined;
      if (body.preview) {
        const data = revised ?? { quantity: view.quantity, amount: view.amount, previousAmount: view.amount, proration: 0, modules: view.modules };
        return { data: { ...data, currency: view.currency, version: view.version, amountDueAfter: amountDue({ ...view, amount: data.amount, balance: view.balance + data.proration }).amount } };
      }
      return answerWith(rt, view._id, result.consistent);
    },
  }),
  defineRoute({
    path: '/subscriptions/createOrder',
    access: 'customer',
    tag: 'Payments',
    summary:
      'Create the PayPal order for what is due now (first period, renewal or balance). The amount comes from the catalogue, never from the browser; an open order for the same amount is reused rather than duplicated.',
    body: Type.Object({ id: Id }, { additionalProperties: true }),
    async handle(ctx) {
      const { rt, meta } = ctx;
      const view = await payable(ctx);
      takesPayments(view);
      const due = amountDue(view);
      if (due.amount === 0) throw new ConflictError('Nothing is due on this subscription');
      const billingReference = view.paypalSubscriptionID ?? newBillingReference();
      const answer = (order: { orderId: string; approveUrl: string | null }, reused: boolean, consistent = true): Answer => ({
        data: { paypalOrderID: order.orderId, paypalSubscriptionID: billingReference, amount: due.amount, currency: view.currency, purpose: due.purpose, approveUrl: order.approveUrl, reused },
        ...(consistent ? {} : { meta: { consistent: false } }),
      });

      // An order of ours for exactly this payment that PayPal still holds open is the one to pay: a second order
      // could be approved and captured too. One PayPal already captured (our answer was lost) is recorded now.
      const open = (await ordersOf(rt, view._id)).filter((o) => !o.captured && !o.rejected && o.amount === due.amount && o.purpose === due.purpose && o.currency === view.currency);
      const last = open[open.length - 1];
      if (last) {
        const info = await rt.payments.getOrder(last.paypalOrderID).catch((error: unknown) => {
          if (error instanceof NotFoundError) return null;
          throw error;
        });
        if (info && ['CREATED', 'APPROVED', 'PAYER_ACTION_REQUIRED', 'SAVED'].includes(info.status)) return answer({ orderId: info.id, approveUrl: info.approveUrl }, true);
        if (info?.status === 'COMPLETED' && info.capture) {
          const recorded = await recordCapture(rt, view, last, info.capture, meta());
          if (recorded.outcome === 'captured') throw new ConflictError('PayPal had already received this payment: it is now recorded and nothing more is due');
          // Pending: PayPal will finish it. Wrong amount: money moved, so no second order (422). Declined: pay anew.
          if (recorded.outcome !== 'declined') return captureAnswer(rt, view._id, recorded);
        }
      }

      const order = await rt.payments.createOrder({
        subscriptionId: view._id,
        billingReference,
        amountCents: due.amount,
        currency: view.currency,
        description: `${view.name}: ${due.purpose === 'balance' ? 'balance owing' : 'licence period'}`,
        // The same request (a retried click) gets the same order from PayPal.
        requestId: `order-${view._id}-${view.version}`,
        intent: 'CAPTURE',
        returnUrl: `${rt.config.publicUrl}/user/buy-new-licence?subscription=${view._id}`,
        cancelUrl: `${rt.config.publicUrl}/user/buy-new-licence?subscription=${view._id}&cancelled=1`,
      });
      const result = await rt.execute(subscriptionDecider, view._id, {
        type: 'OrderPayment',
        data: { paypalOrderID: order.orderId, paypalSubscriptionID: billingReference, amount: due.amount, currency: view.currency },
        metadata: meta(),
      });
      return answer(order, false, result.consistent);
    },
  }),
  defineRoute({
    path: '/subscriptions/captureOrder',
    access: 'customer',
    tag: 'Payments',
    summary:
      'Capture an approved PayPal order through PayPal and record it: status and amount checked against our order (422 and PaymentRejected on a mismatch); idempotent by PayPal order id',
    body: CaptureOrder,
    async handle(ctx) {
      const { body, rt, user, meta } = ctx;
      const view = await resolveSubscription(rt, user, body);
      if (!rt.payments.configured) throw new PaymentProviderError(NOT_CONFIGURED, false);
      if (body.quantity !== view.quantity) throw ValidationError.field('quantity', `must be ${view.quantity}, the subscription's quantity`);
      if (view.paypalSubscriptionID !== body.paypalSubscriptionID) throw ValidationError.field('paypalSubscriptionID', 'does not match this subscription');
      // Only an order we created for this subscription can be captured for it: never one the browser made up.
      const order = (await ordersOf(rt, view._id)).find((o) => o.paypalOrderID === body.paypalOrderID);
      if (!order) throw ValidationError.field('paypalOrderID', 'is not a payment order of this subscription');
      // Recorded already (a double click, a retry after a timeout, or PayPal's webhook was first): nothing to do.
      if (order.captured) return answerWith(rt, view._id, true);
      takesPayments(view);
      const due = amountDue(view);
      if (order.amount !== due.amount || order.purpose !== due.purpose) {
        throw new ConflictError(`The amount due changed after this PayPal order was created (now ${formatCents(due.amount, view.currency)}): start the payment again; nothing was charged`);
      }
      // PayPal runs a capture with this request id once, however often it is retried (double clicks, timeouts).
      const paid = await rt.payments.captureOrder(order.paypalOrderID, captureRequestId(order));
      if (paid.customId !== order.paypalSubscriptionID) {
        // Our own order, so this cannot happen unless PayPal's data changed; the money moved, so it is still recorded.
        rt.logger.warn({ orderId: order.paypalOrderID, customId: paid.customId, expected: order.paypalSubscriptionID }, 'PayPal order carries another billing reference');
      }
      return captureAnswer(rt, view._id, await recordCapture(rt, view, order, paid.capture, meta()));
    },
  }),
  defineRoute({
    path: '/subscriptions/captureChangePaymentMethod',
    access: 'customer',
    tag: 'Payments',
    summary: 'Switch to another PayPal funding source: the approved order (intent AUTHORIZE) is authorized and voided at once (no charge) and recorded',
    body: CaptureChangePaymentMethod,
    async handle(ctx) {
      const { body, rt, user, meta } = ctx;
      const view = await resolveSubscription(rt, user, body);
      if (!rt.payments.configured) throw new PaymentProviderError(NOT_CONFIGURED, false);
      if (body.quantity !== view.quantity) throw ValidationError.field('quantity', `must be ${view.quantity}, the subscription's quantity`);
      if (view.status === 'SUBSCRIPTION_STATUS_CANCEL') throw new ConflictError('A cancelled subscription has no payment method to change');
      if (view.paypalSubscriptionID && view.paypalSubscriptionID !== body.paypalSubscriptionID) throw ValidationError.field('paypalSubscriptionID', 'does not match this subscription');
      const history = await rt.events.readStream(streamIds.subscription(view._id));
      const done = history.some((e) => e.type === 'PaymentMethodChanged' && (e.data as { paypalOrderID: string }).paypalOrderID === body.paypalOrderID);
      if (done) return answerWith(rt, view._id, true);
      const order = await rt.payments.getOrder(body.paypalOrderID);
      if (order.intent !== 'AUTHORIZE') throw ValidationError.field('paypalOrderID', 'is not a payment-method order (create one with /subscriptions/createPaymentMethodOrder)');
      if (order.customId !== body.paypalSubscriptionID) throw new ForbiddenError('This PayPal order was not made for this subscription');
      await rt.payments.verifyFundingSource(body.paypalOrderID, `verify-${body.paypalOrderID}`);
      const result = await rt.execute(subscriptionDecider, view._id, {
        type: 'ChangePaymentMethod',
        data: { paypalOrderID: body.paypalOrderID, paypalSubscriptionID: body.paypalSubscriptionID, quantity: body.quantity },
        metadata: meta({ idempotencyKey: `payment-method-${body.paypalOrderID}` }),
      });
      return answerWith(rt, view._id, result.consistent);
    },
  }),
  defineRoute({
    path: '/subscriptions/createPaymentMethodOrder',
    access: 'customer',
    tag: 'Payments',
    summary: 'Create the PayPal order (intent AUTHORIZE, never captured) a customer approves to switch funding source',
    body: Type.Object({ id: Id }, { additionalProperties: true }),
    async handle(ctx) {
      const { rt } = ctx;
      const view = await payable(ctx);
      if (view.status === 'SUBSCRIPTION_STATUS_CANCEL') throw new ConflictError('A cancelled subscription has no payment method to change');
      // The subscription keeps its billing reference, so PayPal's events about earlier orders still find it.
      const billingReference = view.paypalSubscriptionID ?? newBillingReference();
      const order = await rt.payments.createOrder({
        subscriptionId: view._id,
        billingReference,
        amountCents: Math.max(100, view.amount),
        currency: view.currency,
        description: `${view.name}: verify new payment method (not charged)`,
        requestId: `pm-${view._id}-${view.version}-${randomUUID()}`,
        intent: 'AUTHORIZE',
        returnUrl: `${rt.config.publicUrl}/admin/subscriptions/change-payment-method?subscription=${view._id}`,
        cancelUrl: `${rt.config.publicUrl}/admin/subscriptions/change-payment-method?subscription=${view._id}&cancelled=1`,
      });
      return { data: { paypalOrderID: order.orderId, paypalSubscriptionID: billingReference, approveUrl: order.approveUrl } };
    },
  }),
  defineRoute({
    path: '/subscriptions/startTrial',
    access: 'customer',
    tag: 'Subscriptions',
    summary: 'Start the free trial (7 days, 604,800 s) of a paid constructor or unlimited plan, once, before the first payment',
    body: IdBody,
    async handle({ body, rt, user, meta }) {
      const view = await visibleSubscription(rt, user, body.id);
      const hasTrial = (view.plan.plan_id === 'constructor' || view.plan.plan_id === 'unlimited') && view.amount > 0;
      if (!hasTrial) throw new ConflictError('This plan has no trial: only paid constructor and unlimited plans do');
      const result = await rt.execute(subscriptionDecider, view._id, { type: 'StartTrial', data: {}, metadata: meta() });
      return answerWith(rt, view._id, result.consistent);
    },
  }),
  defineRoute({
    path: '/subscriptions/cancelAll',
    access: 'customer',
    tag: 'Subscriptions',
    summary: 'Cancel every subscription of a user (customers: their own; administrators name user_id)',
    body: CancelAll,
    async handle({ body, rt, user, meta }) {
      const userId = body.user_id ?? user!._id;
      checkUser(user, userId);
      const cancelled: string[] = [];
      for (const s of await rt.readSide.queries.subscriptionsOfUser(userId)) {
        if (s.status === 'SUBSCRIPTION_STATUS_CANCEL') continue;
        const r = await rt.execute(subscriptionDecider, s._id, { type: 'CancelSubscription', data: body.reason ? { reason: body.reason } : {}, metadata: meta() });
        if (r.events.length) cancelled.push(s._id);
      }
      return { data: { cancelled } };
    },
  }),
  defineRoute({
    path: '/subscriptions/cancel',
    access: 'customer',
    tag: 'Subscriptions',
    summary: 'Cancel one subscription',
    body: Type.Object({ id: Id, reason: Type.Optional(Type.String({ maxLength: 2000 })) }, { additionalProperties: true }),
    async handle({ body, rt, user, meta }) {
      const view = await visibleSubscription(rt, user, body.id);
      const r = await rt.execute(subscriptionDecider, view._id, { type: 'CancelSubscription', data: body.reason ? { reason: body.reason } : {}, metadata: meta() });
      return answerWith(rt, view._id, r.consistent);
    },
  }),
  defineRoute({
    path: '/subscriptions/history',
    access: 'customer',
    tag: 'Subscriptions',
    summary: 'A subscription’s auditable history: every event, who, when, what changed, amounts (filter by type and time)',
    body: HistoryQuery,
    async handle({ body, rt, user }) {
      const view = await visibleSubscription(rt, user, body.id, 'read');
      return { data: await rt.readSide.queries.history({ streamId: streamIds.subscription(view._id) }, body) };
    },
  }),
];

function pick<T extends object, K extends keyof T>(source: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const key of keys) if (source[key] !== undefined) out[key] = source[key];
  return out;
}
