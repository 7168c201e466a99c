import { isDeepStrictEqual } from 'node:util';
import { BillingPolicy, PolicyCommandSchemas, ValidationError, streamIds, validate, type PolicyCommand, type PolicyEvent } from '@relaycast/contracts';
import { requireAdmin, type Decider } from '../decider.js';
import type { EventStore } from '../store/port.js';

/**
 * The billing policy as a setting in the event log, with its history (stream `setting-billing-policy`): every
 * process reads the same one, and the workflows hand it to the subscription decider. Environment variables only
 * propose the first policy; a process whose variables disagree with the log refuses to start (read-api's
 * composition root), and administrators change it with SetBillingPolicy.
 */

export type { BillingPolicy } from '@relaycast/contracts';

export const DEFAULT_BILLING_POLICY: BillingPolicy = { retryDays: [1, 3, 5, 7], graceDays: 7, cancelAfterDays: 14 };
export const BILLING_POLICY_STREAM = streamIds.setting('billing-policy');

/** The variables that propose a policy, by field. */
export const POLICY_VARIABLES = { retryDays: 'DUNNING_SCHEDULE', graceDays: 'LICENCE_GRACE_DAYS', cancelAfterDays: 'DUNNING_CANCEL_AFTER_DAYS' } as const;

export class PolicyVariableError extends Error {
  constructor(readonly variable: string, message: string) {
    super(message);
  }
}

function days(name: string, raw: string): number {
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(value) || value < 0 || value > 3650) throw new PolicyVariableError(name, `${name} must be a number of days between 0 and 3650, got "${raw}"`);
  return value;
}

/**
 * The policy the variables propose, each left to the default when unset (the grace defaults to the last retry), or
 * null when none is set. Throws PolicyVariableError naming a malformed variable.
 */
export function policyFromVariables(vars: Partial<Record<(typeof POLICY_VARIABLES)[keyof typeof POLICY_VARIABLES], string>>): { policy: BillingPolicy; set: string[] } | null {
  const set = Object.values(POLICY_VARIABLES).filter((name) => (vars[name] ?? '').trim() !== '');
  if (set.length === 0) return null;
  const schedule = vars.DUNNING_SCHEDULE?.trim();
  const retryDays = schedule ? schedule.split(',').map((part) => days('DUNNING_SCHEDULE', part.trim().replace(/^\+/, ''))) : DEFAULT_BILLING_POLICY.retryDays;
  if (retryDays.length > 20 || retryDays.some((d, i) => i > 0 && d < retryDays[i - 1]!)) throw new PolicyVariableError('DUNNING_SCHEDULE', 'DUNNING_SCHEDULE must list at most 20 increasing day offsets, e.g. "1,3,5,7"');
  const grace = vars.LICENCE_GRACE_DAYS?.trim();
  const cancel = vars.DUNNING_CANCEL_AFTER_DAYS?.trim();
  const policy: BillingPolicy = {
    retryDays,
    graceDays: grace ? days('LICENCE_GRACE_DAYS', grace) : retryDays.length ? retryDays[retryDays.length - 1]! : DEFAULT_BILLING_POLICY.graceDays,
    cancelAfterDays: cancel ? days('DUNNING_CANCEL_AFTER_DAYS', cancel) : DEFAULT_BILLING_POLICY.cancelAfterDays,
  };
  return { policy, set };
}

/** The variables whose proposal differs from `policy` (the log's), by name. */
export function disagreeingVariables(proposed: { policy: BillingPolicy; set: string[] }, policy: BillingPolicy): string[] {
  return (Object.keys(POLICY_VARIABLES) as (keyof typeof POLICY_VARIABLES)[])
    .filter((field) => proposed.set.includes(POLICY_VARIABLES[field]) && !isDeepStrictEqual(proposed.policy[field], policy[field]))
    .map((field) => POLICY_VARIABLES[field]);
}

export type PolicyState = { policy: BillingPolicy | null };

function decide(command: PolicyCommand, state: PolicyState): PolicyEvent[] {
  const { data, metadata } = command;
  requireAdmin(metadata, 'change the billing policy');
  const policy = validate(BillingPolicy, data.policy);
  if (policy.retryDays.some((d, i) => i > 0 && d < policy.retryDays[i - 1]!)) throw ValidationError.field('policy.retryDays', 'must be increasing');
  if (state.policy && isDeepStrictEqual(state.policy, policy)) return [];
  if (state.policy && data.source !== 'ADMIN') return [];
  return [{ type: 'BillingPolicySet', data: { policy, ...(state.policy ? { previous: state.policy } : {}), source: data.source, ...(data.reason ? { reason: data.reason } : {}) } }];
}

export const billingPolicyDecider: Decider<PolicyState, PolicyCommand, PolicyEvent> = {
  streamId: () => BILLING_POLICY_STREAM,
  initialState: () => ({ policy: null }),
  evolve: (_state, event) => ({ policy: event.data.policy }),
  decide,
  commandSchemas: PolicyCommandSchemas,
};

/** The policy in the event log now, with its history; the default when none was ever recorded. */
export async function readBillingPolicy(events: Pick<EventStore, 'readStream'>): Promise<{ policy: BillingPolicy; recorded: boolean; history: { at: string; data: PolicyEvent['data']; actorId: string }[] }> {
  const stream = await events.readStream(BILLING_POLICY_STREAM);
  const history = stream.filter((e) => e.type === 'BillingPolicySet').map((e) => ({ at: e.occurredAt, data: e.data as PolicyEvent['data'], actorId: e.metadata.actorId }));
  const last = history[history.length - 1];
  return { policy: last?.data.policy ?? DEFAULT_BILLING_POLICY, recorded: last !== undefined, history };
}
