
import { billingReferenceFor, pricing, reviseSubscription, tax, setSubscriptionStatus, startTrial, subscriptionDecider, updateSubscription, type SubscriptionCommand } from '@relaycast/billing-core';
import { Type } from '@sinclair/typebox';
import { CancelAll, ConflictError, HistoryQuery, Id, IdBody, OwnSubscriptionsQuery, QuoteRequest, SubscriptionListQuery, SubscriptionRevise, SubscriptionUpdate, ValidationError, streamIds, CancelledView, HistoryItem, PageMeta, QuoteView, RemovedView, RevisionMeta, RevisionPreviewView, SubscriptionView } from '@relaycast/contracts';
import { createInvoiceQueries } from '@relaycast/projections';
import { pageAnswer, defineRoute } from '../http/route.js';
import { answerWith, checkUser, pick, resolveSubscription, versionOf, visibleSubscription } from './subscription-access.js';
import { historyForReader } from './history-view.js';

import { createSubscriptionRoute } from './subscription-create.js';

/** How long a checkout may stay in Creating before the customer's list leaves it out. */
export const ABANDONED_CHECKOUT_MS = 24 * 60 * 60 * 1000;

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
      const { country, vatNumber, ...configuration } = body;
      let priced: pricing.Quote;
      try {
        priced = pricing.quoteSubscription(configuration);
      } catch (error) {
        if (error instanceof pricing.QuoteError) throw ValidationError.field(error.field, error.reason);
        throw error;
      }
      const at = rt.clock.now();
      let customer: tax.TaxCustomer = {};
      if (country !== undefined || vatNumber !== undefined) {
        try {
          const vatNumberCheck = vatNumber !== undefined ? tax.checkVatNumber(vatNumber, { ...(country ? { country } : {}), at }) : undefined;
          customer = { ...(country ? { billingCountry: country } : {}), ...(vatNumberCheck ? { vatNumber: vatNumberCheck.vatNumber, vatNumberCheck } : {}) };
        } catch (error) {
          if (error instanceof tax.TaxInputError) throw ValidationError.field(error.field, error.reason);
          throw error;
        }
      } else if (user) {
        customer = tax.taxCustomerOf(await createInvoiceQueries(rt.readModels).billingDetails(user._id));
      }
      const taxed = tax.taxFor({ seller: rt.config.tax, customer, netCents: priced.amount, at });
      return { data: { ...priced, taxLines: taxed.taxLines, tax: taxed.tax, total: taxed.total, taxNotices: taxed.decision.notices } };
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
      const dueBefore = dueWithinDays !== undefined ? new Date(Date.parse(rt.clock.now()) + dueWithinDays * 86_400_000).toISOString() : query.dueBefore;
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
      // A checkout left in Creating for a day is abandoned: out of the customer's list, its events kept (and
      // administrators still list it).
      const cutoff = new Date(Date.parse(rt.clock.now()) - ABANDONED_CHECKOUT_MS).toISOString();
      const page = await rt.readSide.queries.listSubscriptions({ ...body, userId: user!._id, createdAfterUnlessStarted: cutoff });
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
      const statusChange: Extract<SubscriptionCommand, { type: 'SetSubscriptionStatus' }> | null =
        body.status && body.status !== view.status
          ? { type: 'SetSubscriptionStatus', data: { status: body.status, ...(typeof reason === 'string' && reason ? { reason: reason.slice(0, 2000) } : {}) }, metadata: meta() }
          : null;
      const update: SubscriptionCommand = { type: 'UpdateSubscription', data: fields, metadata: meta() };
      // All or nothing: a change that would be refused (fields, role, status machine) is refused before anything is written.
      if (Object.keys(fields).length) await rt.execute(subscriptionDecider, view._id, update, { ...versionOf(body), dryRun: true });
      if (statusChange) await rt.execute(subscriptionDecider, view._id, { ...statusChange, data: { ...statusChange.data, licenceKey: 'PREVIEW-KEY-0000' } }, { dryRun: true });
      let consistent = true;
      if (Object.keys(fields).length) consistent = (await updateSubscription(rt.paymentDeps, view._id, update as Extract<SubscriptionCommand, { type: 'UpdateSubscription' }>, versionOf(body))).consistent ?? true;
      if (statusChange) consistent = ((await setSubscriptionStatus(rt.paymentDeps, view._id, statusChange)).consistent ?? true) && consistent;
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
      // The billing reference is ours: never the browser's string (which could name another subscription's).
      if (view.paypalSubscriptionID && view.paypalSubscriptionID !== body.paypalSubscriptionID) throw ValidationError.field('paypalSubscriptionID', 'does not match this subscription');
      const command: SubscriptionCommand = {
        type: 'ReviseSubscription',
        data: { paypalSubscriptionID: view.paypalSubscriptionID ?? billingReferenceFor(view._id), quantity: body.quantity, ...(body.modules ? { modules: body.modules } : {}), ...(body.amount !== undefined ? { amount: body.amount } : {}) },
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
      if (view.amount === 0) throw new ConflictError('This plan has no trial: only paid constructor and unlimited plans do');
      const result = await startTrial(rt.paymentDeps, view._id, view.user_id, { type: 'StartTrial', data: {}, metadata: meta() });
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

