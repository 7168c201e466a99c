import { isDeepStrictEqual } from 'node:util';
import { BillingPolicy, PolicyCommandSchemas, ValidationError, streamIds, validate, type FieldProblem, type PolicyCommand, type PolicyEvent } from '@relaycast/contracts';
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

/**
 * The bounds of a billing policy. The grace is what a lapsed subscription's licence file runs beyond its paid time
 * (offline, where nothing can take it back): at most 30 days. Retries are whole days after the due date, strictly
 * increasing, the last on the suspension day (the grace's end) at the latest — a retry after the suspension would
 * charge a paused subscription. The cancellation comes after the last retry, at most a year after the suspension.
 */
export const POLICY_BOUNDS = { graceDays: { min: 0, max: 30 }, cancelAfterDays: { min: 0, max: 365 }, retries: 20 } as const;

const wholeIn = (value: number, min: number, max: number) => Number.isInteger(value) && value >= min && value <= max;

/** What breaks the bounds, field by field (`policy.graceDays`, …), in English with a rule for the web app; [] when none. */
export function policyProblems(policy: BillingPolicy): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const { graceDays, retryDays, cancelAfterDays } = policy;
  const { graceDays: g, cancelAfterDays: c } = POLICY_BOUNDS;
  if (!wholeIn(graceDays, g.min, g.max)) problems.push({ field: 'policy.graceDays', message: `must be a whole number of days from ${g.min} to ${g.max}`, rule: 'graceBounds', params: { min: g.min, max: g.max } });
  if (retryDays.length > POLICY_BOUNDS.retries) problems.push({ field: 'policy.retryDays', message: `must list at most ${POLICY_BOUNDS.retries} retries`, rule: 'maxItems', params: { limit: POLICY_BOUNDS.retries } });
  else if (!retryDays.every((d) => Number.isInteger(d) && d >= 1)) problems.push({ field: 'policy.retryDays', message: 'must be whole days after the due date, 1 or more', rule: 'retryWholeDays' });
  else if (retryDays.some((d, i) => i > 0 && d <= retryDays[i - 1]!)) problems.push({ field: 'policy.retryDays', message: 'must be strictly increasing', rule: 'retryIncreasing' });
  else if (retryDays.length && retryDays.at(-1)! > graceDays) problems.push({ field: 'policy.retryDays', message: `must end on the suspension day at the latest (day ${graceDays}, the grace's end)`, rule: 'retryAfterSuspension', params: { limit: graceDays } });
  if (!wholeIn(cancelAfterDays, c.min, c.max)) problems.push({ field: 'policy.cancelAfterDays', message: `must be a whole number of days from ${c.min} to ${c.max}`, rule: 'cancelBounds', params: { min: c.min, max: c.max } });
  else if (retryDays.length && graceDays + cancelAfterDays <= Math.max(...retryDays)) problems.push({ field: 'policy.cancelAfterDays', message: 'must cancel after the last retry', rule: 'cancelBeforeRetry' });
  return problems;
}

/**
 * A recorded policy as it applies: within the bounds (a policy recorded before they existed, or by hand, still
 * replays as recorded; what the clock and the licences follow is this). Whole days; the grace at most 30 days;
 * retries kept while strictly increasing and not after the suspension; the cancellation after the last retry.
 */
export function clampPolicy(policy: BillingPolicy): BillingPolicy {
  const { graceDays: g, cancelAfterDays: c } = POLICY_BOUNDS;
  const whole = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Number.isFinite(value) ? Math.round(value) : min));
  const graceDays = whole(policy.graceDays, g.min, g.max);
  const retryDays: number[] = [];
  for (const day of policy.retryDays.map((d) => (Number.isFinite(d) ? Math.max(1, Math.ceil(d)) : Infinity))) {
    if (day <= graceDays && (retryDays.length === 0 || day > retryDays.at(-1)!) && retryDays.length < POLICY_BOUNDS.retries) retryDays.push(day);
  }
  let cancelAfterDays = whole(policy.cancelAfterDays, c.min, c.max);
  if (retryDays.length && graceDays + cancelAfterDays <= retryDays.at(-1)!) cancelAfterDays = retryDays.at(-1)! - graceDays + 1;
  return { retryDays, graceDays, cancelAfterDays };
}
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
  if (raw.trim() === '' || !/^\d+$/.test(raw.trim())) throw new PolicyVariableError(name, `${name} must be a number of days (whole), got "${raw}"`);
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
  const grace = vars.LICENCE_GRACE_DAYS?.trim();
  const cancel = vars.DUNNING_CANCEL_AFTER_DAYS?.trim();
  const policy: BillingPolicy = {
    retryDays,
    graceDays: grace ? days('LICENCE_GRACE_DAYS', grace) : retryDays.length ? retryDays[retryDays.length - 1]! : DEFAULT_BILLING_POLICY.graceDays,
    cancelAfterDays: cancel ? days('DUNNING_CANCEL_AFTER_DAYS', cancel) : DEFAULT_BILLING_POLICY.cancelAfterDays,
  };
  // The same bounds as an administrator's change, each problem named by its variable.
  const field = { 'policy.retryDays': 'DUNNING_SCHEDULE', 'policy.graceDays': 'LICENCE_GRACE_DAYS', 'policy.cancelAfterDays': 'DUNNING_CANCEL_AFTER_DAYS' } as Record<string, string>;
  const [problem] = policyProblems(policy);
  if (problem) {
    const name = field[problem.field]!;
    throw new PolicyVariableError(name, `${name} ${problem.message} (the policy proposed: DUNNING_SCHEDULE=${policy.retryDays.join(',')}, LICENCE_GRACE_DAYS=${policy.graceDays}, DUNNING_CANCEL_AFTER_DAYS=${policy.cancelAfterDays})`);
  }
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
  const problems = policyProblems(policy);
  if (problems.length) throw new ValidationError(problems.map((p) => `${p.field} ${p.message}`).join('; '), problems);
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

export interface BillingPolicyReading {
  /** The policy every process applies: the recorded one within the bounds (clampPolicy), or the default. */
  policy: BillingPolicy;
  recorded: boolean;
  /** When the recorded policy is out of bounds: as recorded, and what is out (the admin home warns). */
  outOfBounds?: { recorded: BillingPolicy; problems: FieldProblem[] };
  history: { at: string; data: PolicyEvent['data']; actorId: string }[];
}

/** The policy in the event log now, as it applies, with its history; the default when none was ever recorded. */
export async function readBillingPolicy(events: Pick<EventStore, 'readStream'>): Promise<BillingPolicyReading> {
  const stream = await events.readStream(BILLING_POLICY_STREAM);
  const history = stream.filter((e) => e.type === 'BillingPolicySet').map((e) => ({ at: e.occurredAt, data: e.data as PolicyEvent['data'], actorId: e.metadata.actorId }));
  const last = history[history.length - 1];
  if (!last) return { policy: DEFAULT_BILLING_POLICY, recorded: false, history };
  const problems = policyProblems(last.data.policy);
  if (problems.length === 0) return { policy: last.data.policy, recorded: true, history };
  return { policy: clampPolicy(last.data.policy), recorded: true, outOfBounds: { recorded: last.data.policy, problems }, history };
}
