import { createHash } from 'node:crypto';
import { purchaseSubscription, PURCHASE_KEY_LENGTH } from '@relaycast/billing-core';
import { Type } from '@sinclair/typebox';
import { SubscriptionCreate, SubscriptionView } from '@relaycast/contracts';
import { defineRoute, type HeaderDoc } from '../http/route.js';
import { answerWith, pick, visibleSubscription } from './subscription-access.js';

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
  schema: Type.String({ minLength: PURCHASE_KEY_LENGTH.min, maxLength: PURCHASE_KEY_LENGTH.max }),
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
    // The request's fingerprint rides with its Idempotency-Key: billing-core tells a retry from another purchase.
    const fingerprint = createHash('sha256').update(canonicalJson(body)).digest('base64url').slice(0, 22);
    const pd = body.payment_details ?? {};
    const { subscriptionId, created, consistent } = await purchaseSubscription(rt.paymentDeps, {
      idempotencyKey: req.get('Idempotency-Key'),
      fingerprint,
      command: {
        type: 'CreateSubscription',
        data: {
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
        metadata: meta(),
      },
    });
    if (created) return answerWith(rt, subscriptionId, consistent, 201);
    return { data: await visibleSubscription(rt, user, subscriptionId, 'read') };
  },
});
