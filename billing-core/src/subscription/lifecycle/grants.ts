import { ConflictError, DEFAULT_TRIAL_PERIOD_SECONDS, InvalidTransitionError, TRIAL_MAX_UNITS, ValidationError, type Configuration, type PlanSnapshot } from '@relaycast/contracts';
import { requireAdmin } from '../../decider.js';
import { addMonths } from '../../calendar/index.js';
import type { SubscriptionEvent } from '../events.js';
import { noPaymentInFlight, notCancelled, supersedeOpenOrders, visibleTo, type Cmd } from '../rules.js';
import { configurationOf, coveredUntil, everCovered, type ExistingSubscription, type SubscriptionState } from '../state.js';
import { checkTransition, transition } from '../status.js';

/**
 * Time the customer may use without paying: the one trial (before the first payment, at the configuration chosen
 * then), and complimentary time an administrator grants explicitly, with a reason. Both issue a licence limited to
 * their end; both end like paid time (the billing clock then charges or waits for payment).
 */

/** A complimentary grant from `now` (or the end of what is covered already) to `until` (default: one billing period). */
export function complimentaryGrant(
  sub: { plan: PlanSnapshot; covered?: string },
  configuration: Configuration,
  grant: { reason: string; until?: string },
  licenceKey: string,
  now: string,
): SubscriptionEvent {
  const start = sub.covered !== undefined && sub.covered > now ? sub.covered : now;
  const end = grant.until ?? addMonths(start, Math.max(1, sub.plan.billingMonths));
  if (end <= start) throw ValidationError.field('until', `must be after ${start}`);
  return { type: 'ComplimentaryGranted', data: { note: grant.reason, start, end, configuration, licence_key: licenceKey } };
}

/**
 * Live without payment, by an administrator, for a reason. The grant covers the configuration in force, from now
 * (or from the end of the time already covered) to `until`; open orders are made again (what is due moved on).
 */
export function grantComplimentary(command: Cmd<'GrantComplimentary'>, state: SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = visibleTo(state, metadata);
  requireAdmin(metadata, 'grant complimentary time');
  return grantEvents(sub, data, metadata.now);
}

/**
 * What a complimentary grant needs of the subscription: not cancelled, no payment in flight, something to pay for, and
 * (when not Live) the status machine's COMPLIMENTARY move to Live.
 */
export function checkGrant(sub: ExistingSubscription): void {
  notCancelled(sub, 'be granted time');
  noPaymentInFlight(sub);
  if (sub.plan.billingMonths === 0) throw new ConflictError(`Subscription ${sub.id} has nothing to pay: no complimentary time is needed`);
  if (sub.status !== 'SUBSCRIPTION_STATUS_ACTIVE') checkTransition(sub.status, 'SUBSCRIPTION_STATUS_ACTIVE', 'COMPLIMENTARY');
}

export function grantEvents(sub: ExistingSubscription, data: { reason?: string; until?: string; licenceKey?: string }, now: string): SubscriptionEvent[] {
  checkGrant(sub);
  if (!data.reason) throw ValidationError.field('reason', 'is required: Live without payment is a complimentary grant, and its reason is recorded', 'required');
  const key = sub.licence_key ?? data.licenceKey;
  if (!key) throw ValidationError.field('licenceKey', 'is needed for the licence of a complimentary grant (the server issues one)');
  const grant = complimentaryGrant({ plan: sub.plan, covered: coveredUntil(sub) }, configurationOf(sub), { reason: data.reason, ...(data.until ? { until: data.until } : {}) }, key, now);
  const events: SubscriptionEvent[] = [...supersedeOpenOrders(sub, 'STATUS_CHANGED'), grant];
  if (sub.status === 'SUBSCRIPTION_STATUS_PAUSE') events.push({ type: 'SubscriptionResumed', data: { reason: 'ADMIN' } });
  if (sub.status !== 'SUBSCRIPTION_STATUS_ACTIVE') events.push(transition(sub, 'SUBSCRIPTION_STATUS_ACTIVE', 'COMPLIMENTARY', now, { note: data.reason }));
  return events;
}

/**
 * The one trial (per customer and per mailbox: the workflow's claims; per subscription: here), before the first
 * payment, of at most TRIAL_MAX_UNITS units (the first price tier): a larger configuration is paid for from the start.
 */
export function startTrial(command: Cmd<'StartTrial'>, state: SubscriptionState): SubscriptionEvent[] {
  const { data, metadata } = command;
  const sub = visibleTo(state, metadata);
  if (sub.trialStartDate) throw new ConflictError(`Subscription ${sub.id} has already had its trial`);
  if (sub.amount === 0) throw new ConflictError(`Subscription ${sub.id} is free and has no trial`);
  checkTransition(sub.status, 'SUBSCRIPTION_STATUS_ACTIVE', 'TRIAL_STARTED', 'a trial starts before the first payment');
  if (everCovered(sub)) throw new InvalidTransitionError(sub.status, 'SUBSCRIPTION_STATUS_ACTIVE', 'a trial starts before the first payment');
  if (sub.quantity > TRIAL_MAX_UNITS) {
    throw ValidationError.field('quantity', `must be at most ${TRIAL_MAX_UNITS} units for a free trial (this configuration has ${sub.quantity}): pay for it, or revise it to ${TRIAL_MAX_UNITS} units or fewer first`, 'trialMaxUnits', { max: TRIAL_MAX_UNITS });
  }
  noPaymentInFlight(sub);
  const key = sub.licence_key ?? data.licenceKey;
  if (!key) throw ValidationError.field('licenceKey', 'is needed for the trial’s licence (the server issues one)');
  const trialPeriod = data.trialPeriod ?? DEFAULT_TRIAL_PERIOD_SECONDS;
  const trialEndDate = new Date(Date.parse(metadata.now) + trialPeriod * 1000).toISOString();
  return [
    { type: 'TrialStarted', data: { trialStartDate: metadata.now, trialEndDate, trialPeriod, configuration: configurationOf(sub), licence_key: key } },
    transition(sub, 'SUBSCRIPTION_STATUS_ACTIVE', 'TRIAL_STARTED', metadata.now),
  ];
}
