import { Type } from '@sinclair/typebox';
import type { Router } from 'express';
import { billingPolicyDecider, cancelNow, cancelNowLines, coveredUntil, grantComplimentary, loadSubscription, readBillingPolicy, saveWalletFromSetup, startWalletSetup, subscriptionDecider, type TestClock } from '@relaycast/billing-core';
import { BillingPolicy, ConflictError, ForbiddenError, Id, IsoDateTime, ValidationError } from '@relaycast/contracts';
import { BillingPolicyView, CancelNowPreviewView, ClockAdvanceView, RefundedMeta, SubscriptionView, WalletSetupView } from '@relaycast/contracts';
import { defineRoute } from '../http/route.js';
import type { Runtime } from '../runtime.js';
import { answerWith, visibleSubscription } from './subscription-access.js';

/** Billing time: the clock (public, for the test-clock banner), and moving the test clock forward. */
export function mountBillingClock(router: Router, rt: Runtime): void {
  router.get('/billing/clock', (_req, res) => {
    res.setHeader('Cache-Control', 'no-store');
    res.json({ data: { mode: rt.clock.mode, now: rt.clock.now() } });
  });
}

const DAY_MS = 86_400_000;

/** The lifecycle calls: end-of-term cancellation (customers), pause, resume and cancel-now (administrators), the test clock. */
export const billingTimeRoutes = [
  defineRoute({
    path: '/admin/clock/advance',
    answer: ClockAdvanceView,
    access: 'admin',
    tag: 'Billing clock',
    summary:
      'Test clock only (BILLING_CLOCK=test): move billing time forward by `days` and/or `seconds`, or `to` a time, then run everything that fell due (renewals, dunning, cancellations). Refused with the system clock.',
    body: Type.Object(
      {
        days: Type.Optional(Type.Number({ minimum: 0, maximum: 3660 })),
        seconds: Type.Optional(Type.Number({ minimum: 0, maximum: 316_224_000 })),
        to: Type.Optional(IsoDateTime),
      },
      { additionalProperties: false },
    ),
    async handle({ body, rt }) {
      if (rt.clock.mode !== 'test') throw new ForbiddenError('The billing clock is the system clock; only a test clock (BILLING_CLOCK=test) can be moved');
      const clock = rt.clock as TestClock;
      if (body.to === undefined && body.days === undefined && body.seconds === undefined) throw ValidationError.field('days', 'give days, seconds or to');
      const from = clock.now();
      let now: string;
      try {
        now = body.to !== undefined ? clock.advanceTo(body.to) : clock.advance((body.days ?? 0) * DAY_MS + (body.seconds ?? 0) * 1000);
      } catch (error) {
        if (error instanceof RangeError) throw ValidationError.field('to', 'must not be before the clock’s time');
        throw error;
      }
      const ran = await rt.scheduler.runUntilIdle();
      return { data: { from, now, ran } };
    },
  }),
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
    path: '/subscriptions/walletSetup',
    answer: WalletSetupView,
    errors: ['NOT_FOUND', 'CONFLICT', 'PAYMENT_PROVIDER_FAILED', 'PAYMENT_REFUSED'],
    access: 'customer',
    tag: 'Payments',
    summary: 'Start saving (or replacing) the PayPal account renewals are charged to, without a payment: answers the PayPal setup token and where the buyer approves it',
    body: Type.Object({ id: Id }, { additionalProperties: false }),
    async handle({ body, rt, user, meta }) {
      const view = await visibleSubscription(rt, user, body.id);
      return { data: await startWalletSetup(rt.paymentDeps, view._id, meta()) };
    },
  }),
  defineRoute({
    path: '/subscriptions/walletSave',
    answer: SubscriptionView,
    errors: ['NOT_FOUND', 'CONFLICT', 'PAYMENT_PROVIDER_FAILED', 'PAYMENT_REFUSED'],
    access: 'customer',
    tag: 'Payments',
    summary: 'After the buyer approved the setup token at PayPal: save that PayPal account for renewals (replacing the saved one). No charge.',
    body: Type.Object({ id: Id, setupTokenId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9-]+$' }) }, { additionalProperties: false }),
    async handle({ body, rt, user, meta }) {
      const view = await visibleSubscription(rt, user, body.id);
      const saved = await saveWalletFromSetup(rt.paymentDeps, { subscriptionId: view._id, setupTokenId: body.setupTokenId }, meta());
      return answerWith(rt, view._id, saved.consistent);
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
      if (view.status !== 'SUBSCRIPTION_STATUS_PAUSE') throw new ConflictError('This subscription is not paused');
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
      const { sub } = await loadSubscription(rt.paymentDeps, view._id);
      const lines = cancelNowLines(sub, rt.clock.now());
      const until = coveredUntil(sub);
      return { data: { refund: lines.reduce((sum, r) => sum + r.amount, 0), ...(until ? { paidUntil: until } : {}), currency: sub.currency, lines } };
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
  defineRoute({
    path: '/admin/billing-policy',
    answer: BillingPolicyView,
    query: true,
    access: 'admin',
    tag: 'Billing clock',
    summary: 'The billing policy every process follows (dunning retries, grace, cancellation delay), from the event log, with its history',
    body: Type.Object({}),
    async handle({ rt }) {
      return { data: await readBillingPolicy(rt.events) };
    },
  }),
  defineRoute({
    path: '/admin/billing-policy/set',
    answer: BillingPolicyView,
    access: 'admin',
    tag: 'Billing clock',
    summary:
      'Change the billing policy (recorded with its history; new dunning runs follow it, running ones keep their timeline). Processes whose DUNNING_SCHEDULE / LICENCE_GRACE_DAYS / DUNNING_CANCEL_AFTER_DAYS then disagree refuse to restart: unset or align them.',
    body: Type.Object({ policy: BillingPolicy, reason: Type.Optional(Type.String({ maxLength: 2000 })) }, { additionalProperties: false }),
    async handle({ body, rt, meta }) {
      await rt.execute(billingPolicyDecider, 'billing-policy', { type: 'SetBillingPolicy', data: { policy: body.policy, source: 'ADMIN', ...(body.reason ? { reason: body.reason } : {}) }, metadata: meta() });
      return { data: await readBillingPolicy(rt.events) };
    },
  }),
];
