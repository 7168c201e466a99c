import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from '../schemas/common.js';

/**
 * The billing policy: how dunning runs and how long the grace lasts. One for every process, kept in the event log
 * (stream `setting-billing-policy`) with its history: the workflows read it from there and give it to the decider,
 * which never reads the environment. The environment variables only propose the first one (a process whose
 * variables disagree with the log refuses to start).
 */
export const BillingPolicy = Type.Object(
  {
    /** Days after the due date on which a failed payment is tried again (DUNNING_SCHEDULE), increasing. */
    retryDays: Type.Array(Type.Number({ minimum: 0, maximum: 3650 }), { maxItems: 20 }),
    /** Days after the due date the grace licence lasts; unpaid then, the subscription is paused (LICENCE_GRACE_DAYS). */
    graceDays: Type.Number({ minimum: 0, maximum: 3650 }),
    /** Days after the suspension a still unpaid subscription is cancelled (DUNNING_CANCEL_AFTER_DAYS). */
    cancelAfterDays: Type.Number({ minimum: 0, maximum: 3650 }),
  },
  { additionalProperties: false },
);
export type BillingPolicy = Static<typeof BillingPolicy>;

export const BillingPolicySet = Type.Object({
  policy: BillingPolicy,
  previous: Type.Optional(BillingPolicy),
  /** Where it came from: the defaults or the environment at the first start, or an administrator. */
  source: StringEnum(['DEFAULT', 'ENVIRONMENT', 'ADMIN'] as const),
  reason: Type.Optional(Type.String({ maxLength: 2000 })),
});
export type BillingPolicySet = Static<typeof BillingPolicySet>;

export const PolicyEventSchemas = { BillingPolicySet } as const;
export type PolicyEvent = { type: 'BillingPolicySet'; data: BillingPolicySet };
