import {
  abandonedCheckoutsBefore,
  cancelSubscriptions,
  changeSubscription,
  plusDays,
  quoteWithTax,
  reviseSubscription,
  startTrial,
  subscriptionActions,
  subscriptionDecider,
  type SubscriptionCommand,
} from '@relaycast/billing-core';
import { Type } from '@sinclair/typebox';
import { createInvoiceQueries } from '@relaycast/projections';
import { CancelAll, HistoryQuery, Id, IdBody, OwnSubscriptionsQuery, QuoteRequest, SubscriptionListQuery, SubscriptionRevise, SubscriptionUpdate, streamIds, CancelledView, HistoryItem, PageMeta, QuoteView, RemovedView, RevisionMeta, RevisionPreviewView, SubscriptionActionsView, SubscriptionView } from '@relaycast/contracts';
import { pageAnswer, defineRoute } from '../http/route.js';
import { answerWith, checkUser, pick, resolveSubscription, versionOf, visibleSubscription } from './subscription-access.js';
import { historyForReader } from './history-view.js';

import { createSubscriptionRoute } from './subscription-create.js';

export const subscriptionRoutes = [
  createSubscriptionRoute,
  defineRoute({
    path: '/subscriptions/quote',
    answer: QuoteView,
    query: true,
    access: 'public',
    tag: 'Subscriptions',
    summary: 'Price a configuration from the catalogue: exactly what the server will charge, without buying — net, tax lines, tax and total for the `country` and `vatNumber` given (or, without either, the signed-in customer’s billing details; nobody known: no tax)',
    body: QuoteRequest,
    async handle({ body, rt, user }) {
      const billingDetails = user && body.country === undefined && body.vatNumber === undefined ? await createInvoiceQueries(rt.readModels).billingDetails(user._id) : null;
      return { data: quoteWithTax(body, { seller: rt.config.tax, at: rt.clock.now(), billingDetails }) };
    },
  }),
  defineRoute({
    path: '/subscriptions/findAll',
    answer: Type.Array(SubscriptionView),
    answerMeta: PageMeta,
    query: true,
    access: 'admin',
    tag: 'Subscriptions',
    summary: 'All subscriptions (paging, sorting, status and user filters, text search)',
    body: SubscriptionListQuery,
    async handle({ body, rt }) {
      const { dueWithinDays, ...query } = body;
      const dueBefore = dueWithinDays !== undefined ? plusDays(rt.clock.now(), dueWithinDays) : query.dueBefore;
      const page = await rt.readSide.queries.listSubscriptions({ ...query, ...(dueBefore ? { dueBefore } : {}), userId: body.user_id });
      return pageAnswer(page);
    },
  }),
  defineRoute({
    path: '/subscriptions/findAllByToken',
    answer: Type.Array(SubscriptionView),
    answerMeta: PageMeta,
    query: true,
    access: 'customer',
    tag: 'Subscriptions',
    summary: 'The signed-in user’s own subscriptions (checkouts abandoned in Creating for more than a day left out)',
    body: OwnSubscriptionsQuery,
    async handle({ body, rt, user }) {
      const page = await rt.readSide.queries.listSubscriptions({ ...body, userId: user!._id, createdAfterUnlessStarted: abandonedCheckoutsBefore(rt.clock.now()) });
      return pageAnswer(page);
    },
  }),
  defineRoute({
    path: '/subscriptions/findOne',
    answer: SubscriptionView,
    errors: ['NOT_FOUND'],
    query: true,
    access: 'customerOrFinance',
    tag: 'Subscriptions',
    summary: 'One subscription (customers: their own; administrators and the finance role: any)',
    body: IdBody,
    async handle({ body, rt, user }) {
      return { data: await visibleSubscription(rt, user, body.id, 'read') };
    },
  }),
  defineRoute({
    path: '/subscriptions/update',
    answer: SubscriptionView,
    errors: ['NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION', 'PAYMENT_IN_PROGRESS'],
    access: 'customer',
    tag: 'Subscriptions',
    summary: 'Update descriptive fields (customers: name and infrastructure details); administrators may also set the status',
    body: SubscriptionUpdate,
    async handle({ body, rt, user, meta }) {
      const view = await visibleSubscription(rt, user, body.id);
      const fields = pick(body, ['name', 'infrastructure_details', 'licence_key', 'hardware_key', 'startDate', 'endDate']);
      const reason = (body as { reason?: unknown }).reason;
      const { consistent } = await changeSubscription(
        rt.paymentDeps,
        view._id,
        {
          ...(Object.keys(fields).length ? { update: { type: 'UpdateSubscription' as const, data: fields, metadata: meta() } } : {}),
          ...(body.status && body.status !== view.status
            ? { status: { type: 'SetSubscriptionStatus' as const, data: { status: body.status, ...(typeof reason === 'string' && reason ? { reason: reason.slice(0, 2000) } : {}) }, metadata: meta() } }
            : {}),
        },
        versionOf(body),
      );
      return answerWith(rt, view._id, consistent);
    },
  }),
  defineRoute({
    path: '/subscriptions/remove',
    answer: RemovedView,
    errors: ['NOT_FOUND', 'CONFLICT'],
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
    answer: Type.Union([SubscriptionView, RevisionPreviewView]),
    answerMeta: Type.Optional(RevisionMeta),
    errors: ['NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION', 'PAYMENT_IN_PROGRESS', 'PRICE_MISMATCH', 'PAYMENT_PROVIDER_FAILED', 'PAYMENT_REFUSED'],
    access: 'customer',
    tag: 'Subscriptions',
    summary: 'Change quantity or modules: at once while nothing is covered (before any payment, waiting for payment); inside paid time, a trial or complimentary time a rise waits for its prorated balance; a fall applies when the paid time ends (at once in a trial or complimentary time). With preview: true, answers what it would do and records nothing.',
    body: SubscriptionRevise,
    async handle({ body, rt, user, meta }) {
      const view = await resolveSubscription(rt, user, body);
      const command: Extract<SubscriptionCommand, { type: 'ReviseSubscription' }> = {
        type: 'ReviseSubscription',
        data: { paypalSubscriptionID: body.paypalSubscriptionID, quantity: body.quantity, ...(body.modules ? { modules: body.modules } : {}), ...(body.amount !== undefined ? { amount: body.amount } : {}) },
        metadata: meta(),
      };
      const { result, effect } = await reviseSubscription(rt.paymentDeps, view._id, command, { preview: body.preview === true, ...versionOf(body) });
      if (body.preview) return { data: { ...effect, currency: view.currency, version: view.version } };
      return answerWith(rt, view._id, result.consistent ?? true, 200, effect.effect === 'none' ? undefined : { effect: effect.effect, ...(effect.savedWallet ? { savedWallet: effect.savedWallet } : {}) });
    },
  }),
  defineRoute({
    path: '/subscriptions/startTrial',
    answer: SubscriptionView,
    errors: ['NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION'],
    access: 'customer',
    tag: 'Subscriptions',
    summary: 'Start the free trial (7 days, 604,800 s) of a paid constructor or unlimited plan of at most 20 units, before the first payment; one trial per customer and per mailbox (plus tags, Gmail dots and googlemail.com, punycode domains are one mailbox)',
    body: IdBody,
    async handle({ body, rt, user, meta }) {
      const view = await visibleSubscription(rt, user, body.id);
      const result = await startTrial(rt.paymentDeps, view._id, { type: 'StartTrial', data: {}, metadata: meta() });
      return answerWith(rt, view._id, result.consistent ?? true);
    },
  }),
  defineRoute({
    path: '/subscriptions/cancelAll',
    answer: CancelledView,
    errors: ['NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION', 'PAYMENT_IN_PROGRESS'],
    access: 'customer',
    tag: 'Subscriptions',
    summary: 'Cancel every subscription of a user (customers: their own; administrators name user_id)',
    body: CancelAll,
    async handle({ body, rt, user, meta }) {
      const userId = body.user_id ?? user!._id;
      checkUser(user, userId);
      const ids = (await rt.readSide.queries.subscriptionsOfUser(userId)).map((s) => s._id);
      return { data: { cancelled: await cancelSubscriptions(rt.paymentDeps, ids, body.reason ? { reason: body.reason } : {}, meta()) } };
    },
  }),
  defineRoute({
    path: '/subscriptions/cancel',
    answer: SubscriptionView,
    errors: ['NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION', 'PAYMENT_IN_PROGRESS'],
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
    path: '/subscriptions/actions',
    answer: SubscriptionActionsView,
    errors: ['NOT_FOUND'],
    query: true,
    recordsNothing: true,
    access: 'customer',
    tag: 'Subscriptions',
    summary: 'What the caller may do to one subscription now — pause, resume, grant complimentary time (administrators), cancel at the end of the paid time, cancel now — by the same checks the commands run. Records nothing.',
    body: IdBody,
    async handle({ body, rt, user, meta }) {
      const view = await visibleSubscription(rt, user, body.id);
      return { data: await subscriptionActions(rt.paymentDeps, view._id, meta()) };
    },
  }),
  defineRoute({
    path: '/subscriptions/history',
    answer: Type.Array(HistoryItem),
    errors: ['NOT_FOUND'],
    query: true,
    access: 'customerOrFinance',
    tag: 'Subscriptions',
    summary: 'A subscription’s auditable history: every event, who, when, what changed, amounts (filter by type and time; customers: their own; administrators and the finance role: any)',
    body: HistoryQuery,
    async handle({ body, rt, user }) {
      const view = await visibleSubscription(rt, user, body.id, 'read');
      return { data: historyForReader(await rt.readSide.queries.history({ streamId: streamIds.subscription(view._id) }, body), user) };
    },
  }),
];

