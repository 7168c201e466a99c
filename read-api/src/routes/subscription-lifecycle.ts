import { Type } from '@sinclair/typebox';
import { cancelNow, cancelNowPreview, grantComplimentary, subscriptionDecider } from '@relaycast/billing-core';
import { Id, IsoDateTime } from '@relaycast/contracts';
import { CancelNowPreviewView, RefundedMeta, SubscriptionView } from '@relaycast/contracts';
import { defineRoute } from '../http/route.js';
import { answerWith, visibleSubscription } from './subscription-access.js';

/**
 * A subscription over time: cancellation at the end of the paid time (customers), pause, resume, complimentary time
 * and cancellation now with its refund (administrators). Each runs one command or workflow; the rules are billing-core's.
 */
export const subscriptionLifecycleRoutes = [
  defineRoute({
    path: '/subscriptions/cancelAtPeriodEnd',
    answer: SubscriptionView,
    errors: ['NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION', 'PAYMENT_IN_PROGRESS'],
    access: 'customer',
    tag: 'Subscriptions',
    summary: 'Cancel when the paid time (or the trial) ends; `undo: true` withdraws it until then. Nothing is refunded; the licence stays valid to that date.',
    body: Type.Object({ id: Id, undo: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
    async handle({ body, rt, user, meta }) {
      const view = await visibleSubscription(rt, user, body.id);
      const result = await rt.execute(subscriptionDecider, view._id, { type: 'ScheduleCancellation', data: body.undo ? { undo: true } : {}, metadata: meta() });
      return answerWith(rt, view._id, result.consistent);
    },
  }),
  defineRoute({
    path: '/subscriptions/pause',
    answer: SubscriptionView,
    errors: ['NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION', 'PAYMENT_IN_PROGRESS'],
    access: 'admin',
    tag: 'Subscriptions',
    summary: 'Pause a Live or unpaid subscription (licence suspended), until `resumeAt` or until resumed. Paid time is not extended.',
    body: Type.Object({ id: Id, resumeAt: Type.Optional(IsoDateTime) }, { additionalProperties: false }),
    async handle({ body, rt, user, meta }) {
      const view = await visibleSubscription(rt, user, body.id);
      const result = await rt.execute(subscriptionDecider, view._id, { type: 'PauseSubscription', data: body.resumeAt ? { resumeAt: body.resumeAt } : {}, metadata: meta() });
      return answerWith(rt, view._id, result.consistent);
    },
  }),
  defineRoute({
    path: '/subscriptions/resume',
    answer: SubscriptionView,
    errors: ['NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION', 'PAYMENT_IN_PROGRESS'],
    access: 'admin',
    tag: 'Subscriptions',
    summary: 'Resume a paused subscription: Live while paid time runs, otherwise waiting for payment.',
    body: Type.Object({ id: Id }, { additionalProperties: false }),
    async handle({ body, rt, user, meta }) {
      const view = await visibleSubscription(rt, user, body.id);
      const result = await rt.execute(subscriptionDecider, view._id, { type: 'ResumeSubscription', data: {}, metadata: meta() });
      return answerWith(rt, view._id, result.consistent);
    },
  }),
  defineRoute({
    path: '/subscriptions/cancelNow',
    answer: SubscriptionView,
    answerMeta: RefundedMeta,
    errors: ['NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION', 'PAYMENT_IN_PROGRESS', 'PAYMENT_PROVIDER_FAILED', 'PAYMENT_REFUSED'],
    access: 'admin',
    tag: 'Subscriptions',
    summary: 'Cancel at once; with `refund: true`, refund through PayPal the unused share of the running paid period (rounded down to the cent) and every period paid ahead.',
    body: Type.Object({ id: Id, refund: Type.Boolean() }, { additionalProperties: false }),
    async handle({ body, rt, user, meta }) {
      const view = await visibleSubscription(rt, user, body.id);
      const result = await cancelNow(rt.paymentDeps, { subscriptionId: view._id, refund: body.refund }, meta());
      return answerWith(rt, view._id, result.cancelled.consistent ?? true, 200, { refunded: result.refunded });
    },
  }),
  defineRoute({
    path: '/subscriptions/cancelNowPreview',
    answer: CancelNowPreviewView,
    errors: ['NOT_FOUND'],
    query: true,
    recordsNothing: true,
    access: 'admin',
    tag: 'Subscriptions',
    summary: 'What `/subscriptions/cancelNow` with `refund: true` would refund through PayPal at the billing clock’s time, in cents — in all and per payment (each period, running or paid ahead, and each raise’s balance: its unused share to the millisecond, rounded down) — and until when the subscription is paid or covered. Records nothing.',
    body: Type.Object({ id: Id }, { additionalProperties: false }),
    async handle({ body, rt, user }) {
      const view = await visibleSubscription(rt, user, body.id);
      return { data: await cancelNowPreview(rt.paymentDeps, view._id, rt.clock.now()) };
    },
  }),
  defineRoute({
    path: '/subscriptions/grantComplimentary',
    answer: SubscriptionView,
    errors: ['NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION', 'PAYMENT_IN_PROGRESS'],
    access: 'admin',
    tag: 'Subscriptions',
    summary:
      'Grant time without payment (a complimentary subscription): Live until `until` (default one billing period, after any time already covered), with its reason, shown as such in the history and in finance. The same as setting Live with a reason.',
    body: Type.Object({ id: Id, reason: Type.String({ minLength: 1, maxLength: 2000 }), until: Type.Optional(IsoDateTime) }, { additionalProperties: false }),
    async handle({ body, rt, user, meta }) {
      const view = await visibleSubscription(rt, user, body.id);
      const result = await grantComplimentary(rt.paymentDeps, view._id, { type: 'GrantComplimentary', data: { reason: body.reason, ...(body.until ? { until: body.until } : {}) }, metadata: meta() });
      return answerWith(rt, view._id, result.consistent ?? true);
    },
  }),
];
