import { createHash } from 'node:crypto';
import { createSubscription, deterministicUuid, subscriptionDecider, type SubscriptionCommand } from '@relaycast/billing-core';
import { Type } from '@sinclair/typebox';
import { AppError, ConflictError, SubscriptionCreate, ValidationError, SubscriptionView } from '@relaycast/contracts';
import { defineRoute, type HeaderDoc } from '../http/route.js';
import { answerWith, checkUser, pick, visibleSubscription } from './subscription-access.js';

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

/** POST /subscriptions/create: a purchase, once per Idempotency-Key and body. */
export const createSubscriptionRoute = defineRoute({
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
});
