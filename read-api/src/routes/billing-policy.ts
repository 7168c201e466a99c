import { Type } from '@sinclair/typebox';
import { billingPolicyDecider, readBillingPolicy } from '@relaycast/billing-core';
import { BillingPolicy } from '@relaycast/contracts';
import { BillingPolicyView } from '@relaycast/contracts';
import { defineRoute } from '../http/route.js';

/** The billing policy every process follows (dunning retries, grace, cancellation delay), kept in the event log. */
export const billingPolicyRoutes = [
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
