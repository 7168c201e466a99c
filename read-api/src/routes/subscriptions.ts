import { createHash } from 'node:crypto';
import { billingReferenceFor, createSubscription, deterministicUuid, pricing, reviseSubscription, setSubscriptionStatus, startTrial, subscriptionDecider, updateSubscription, type SubscriptionCommand } from '@relaycast/billing-core';
import { Type } from '@sinclair/typebox';
import {
  AppError,
  CancelAll,
  ConflictError,
  HistoryQuery,
  Id,
  IdBody,
  ListQuery,
  QuoteRequest,
  SubscriptionCreate,
  SubscriptionListQuery,
  SubscriptionRevise,
  SubscriptionUpdate,
  ValidationError,
  streamIds,
  CancelledView,
  HistoryItem,
  PageMeta,
  QuoteView,
  RemovedView,
  RevisionMeta,
  RevisionPreviewView,
  SubscriptionView,
} from '@relaycast/contracts';
import { pageAnswer, defineRoute, type HeaderDoc } from '../http/route.js';
import { answerWith, checkUser, pick, resolveSubscription, versionOf, visibleSubscription } from './subscription-access.js';
import { historyForReader } from './history-view.js';

/** JSON with object keys sorted at every level: the same request body always gives the same text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    return `{${Object.keys(value as object).sort().map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The purchase's Idempotency-Key header, as the OpenAPI document describes it (the route checks it itself). */
const IDEMPOTENCY_KEY: HeaderDoc = {
  name: 'Idempotency-Key',
  required: true,
  description: 'One per purchase, 8 to 128 characters: a retry with the same key and body answers the first purchase again instead of buying twice; the same key with another body is refused (422)',
  schema: Type.String({ minLength: 8, maxLength: 128 }),
};

/** How long a checkout may stay in Creating before the customer's list leaves it out. */
export const ABANDONED_CHECKOUT_MS = 24 * 60 * 60 * 1000;

export const subscriptionRoutes = [
  defineRoute({
    path: '/subscriptions/create',
    answer: SubscriptionView,
    success: [201, 200],
    errors: ['CONFLICT', 'INVALID_TRANSITION', 'PRICE_MISMATCH', 'IDEMPOTENCY_KEY_REUSED'],
    headers: [IDEMPOTENCY_KEY],
    access: 'customer',
    tag: 'Subscriptions',
    summary: 'Create a subscription (customers buy for themselves; the price is computed by the server). An Idempotency-Key header makes a repeat return the first result.',
    body: SubscriptionCreate,
    async handle({ body, rt, req, user, meta }) {
      const key = req.get('Idempotency-Key');
      if (!key) checkUser(user, body.user_id); // someone else's purchase is refused as such, before the missing key
      if (!key || key.length < 8 || key.length > 128) throw ValidationError.field('Idempotency-Key', 'is required: 8 to 128 characters, one per purchase (a retry sends the same)');
      // The id is derived from the key: a repeated request targets the same stream and cannot create twice. The
      // body's fingerprint rides with the key, so the same key with another body is told apart (422).
      const subscriptionId = deterministicUuid(`${user!._id}\u0000${key}`);
      const fingerprint = createHash('sha256').update(canonicalJson(body)).digest('base64url').slice(0, 22);
      const pd = body.payment_details ?? {};
      const command: SubscriptionCommand = {
        type: 'CreateSubscription',
        data: {
          subscriptionId,
          user_id: body.user_id,
          subscription_type: body.subscription_type,
          status: body.status,
          ...pick(body, ['name', 'infrastructure_type', 'modules', 'quantity', 'infrastructure_details', 'licence_key', 'hardware_key', 'startDate', 'endDate', 'complimentary']),
          ...(pd.plan_id ? { plan_id: pd.plan_id } : {}),
          ...(pd.amount !== undefined ? { amount: pd.amount } : {}),
          ...(pd.unitQuantity !== undefined ? { unitQuantity: pd.unitQuantity } : {}),
          ...(pd.privacy_policy_confirm !== undefined ? { privacy_policy_confirm: pd.privacy_policy_confirm } : {}),
          ...(pd.client_id ? { client_id: pd.client_id } : {}),
        },
        metadata: meta({ idempotencyKey: `create:${key}:${fingerprint}` }),
      };
      try {
        const result = await createSubscription(rt.paymentDeps, command);
        return answerWith(rt, subscriptionId, result.consistent ?? true, 201);
      } catch (error) {
        if (!(error instanceof ConflictError)) throw error;
        // The key was used before: with this body, the first request's subscription; with another, a 422.
        const first = (await rt.events.readStream(subscriptionDecider.streamId(subscriptionId), { maxCount: 1 }).catch(() => []))[0];
        if (!first) throw error; // another conflict (a second free plan) stands
        if (first.metadata.idempotencyKey !== `create:${key}:${fingerprint}`) throw new AppError('IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for a different purchase: use a new key for a new purchase');
        return { data: await visibleSubscription(rt, user, subscriptionId, 'read') };
      }
    },
  }),
  defineRoute({
    path: '/subscriptions/quote',
    answer: QuoteView,
    storeless: true,
    query: true,
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
    body: ListQuery,
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
    summary: 'Change quantity or modules: at once before any payment; inside paid time a rise waits for its prorated balance and a fall applies when the paid time ends. With preview: true, answers what it would do and records nothing.',
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
    summary: 'Start the free trial (7 days, 604,800 s) of a paid constructor or unlimited plan, before the first payment; one trial per customer',
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

