import {
  InvalidTransitionError,
  ValidationError,
  type Configuration,
  type SubscriptionChangePending,
  type SubscriptionChangeScheduled,
  type SubscriptionChangeWithdrawn,
  type PaidChangeTakenBack,
  type SubscriptionRevised,
} from '@relaycast/contracts';
import { requireAdmin } from '../decider.js';
import type { ModuleSelection } from '../pricing/quote.js';
import type { SubscriptionEvent } from './events.js';
import { downgradeDate, prorateGrantedRise, prorateRise } from './money.js';
import { checkClientAmount, configurationFrom, noPaymentInFlight, notCancelled, quote, requirePaidModule, supersedeOpenOrders, visibleTo, type Cmd } from './rules.js';
import { configurationAt, configurationOf, coveredUntil, hasPaidTimeRunning, sameConfiguration, type ExistingSubscription, type PaidTime, type PaidUpgrade, type SubscriptionState } from './state.js';
import { raiseTakenBack } from './billing/books.js';

/**
 * Plan change: a revision of quantity or modules, and a scheduled downgrade taking effect. What is licensed follows
 * what was paid (the entitlement module), so a revision changes the configuration in force — what is due — and
 * reaches the paid time only when paid for (a balance) or already paid for (COVERED).
 */

/** The configuration in force changes to `to`. */
export function revisedTo(sub: ExistingSubscription, to: Configuration, reference: string, effectiveAt: string, reason: NonNullable<SubscriptionRevised['reason']>, proration = 0): SubscriptionEvent {
  return {
    type: 'SubscriptionRevised',
    data: { paypalSubscriptionID: reference, quantity: to.quantity, previousQuantity: sub.quantity, modules: to.modules, amount: to.amount, previousAmount: sub.amount, proration, effectiveAt, reason },
  };
}

function modulesOf(sub: ExistingSubscription): ModuleSelection[] {
  return sub.modules.map(({ name, limit }) => ({ name, limit }));
}

/**
 * A revision. Nothing covered is running (before the first payment, Wait payment, a renewal not yet charged): it
 * changes what is due at once, and nothing licensed. Inside covered time — paid periods, the trial, complimentary
 * time — a rise is pending until its prorated balance is captured (granted time never paid for a raise: its raise is
 * paid like a paid period's). Inside paid time a fall is scheduled for the end of the paid time, and a change the
 * running periods already paid for applies to them at once; inside granted time alone (nothing paid to keep) a
 * change that costs no more than what the trial or grant covers applies at once to what is due, the trial or grant
 * licensing on what it was granted for. Any change makes open orders stale; going back to the configuration in
 * force withdraws a pending or scheduled change. Refused while a payment is in flight (it was for what is due now).
 */
export function revise(command: Cmd<'ReviseSubscription'>, state: SubscriptionState): SubscriptionEvent[] {
  return revision(command, state).events;
}

/**
 * What a revision does, as decided (returned beside its events, never read back from them): in force at once, pending
 * its balance, scheduled for a date, a waiting change withdrawn, or nothing; with the configuration it moves to.
 */
export type RevisionDecision =
  | { effect: 'immediate'; to: Configuration; previousAmount: number }
  | { effect: 'pending'; to: Configuration; previousAmount: number; balance: number }
  | { effect: 'scheduled'; to: Configuration; previousAmount: number; effectiveAt: string }
  | { effect: 'withdrawn' }
  | { effect: 'none'; to: Configuration; previousAmount: number };

export interface Revision {
  events: SubscriptionEvent[];
  decision: RevisionDecision;
}

export function revision(command: Cmd<'ReviseSubscription'>, state: SubscriptionState): Revision {
  const { data, metadata } = command;
  const sub = visibleTo(state, metadata);
  notCancelled(sub, 'be revised');
  if (sub.status === 'SUBSCRIPTION_STATUS_PAUSE') throw new InvalidTransitionError(sub.status, sub.status, 'a paused subscription cannot be revised');
  if (sub.paypalSubscriptionID && sub.paypalSubscriptionID !== data.paypalSubscriptionID) throw ValidationError.field('paypalSubscriptionID', 'does not match this subscription');
  noPaymentInFlight(sub);
  const quoted = quote({
    plan_id: sub.plan.plan_id,
    infrastructure_type: sub.infrastructure_type,
    subscription_type: sub.subscription_type,
    // A quantity-only revision keeps the other modules and lets the streams be whatever units remain, so the
    // quantity can go down again after it went up (units beyond the modules' needs are publishing streams).
    modules: data.modules ?? modulesOf(sub).map((m) => (m.name === 'streams' ? { ...m, limit: 0 } : m)),
    quantity: data.quantity,
  });
  checkClientAmount(quoted, data.amount, 'amount');
  requirePaidModule({ amount: quoted.amount, billingMonths: sub.plan.billingMonths });
  const target = configurationFrom(quoted);
  const inForce = configurationOf(sub);
  const now = metadata.now;
  const nothing: Revision = { events: [], decision: { effect: 'none', to: inForce, previousAmount: inForce.amount } };
  const immediate = (events: SubscriptionEvent[]): Revision => ({ events, decision: { effect: 'immediate', to: target, previousAmount: inForce.amount } });
  if (sameConfiguration(target, sub.pendingChange) || sameConfiguration(target, sub.scheduledChange)) return nothing;
  const stale = supersedeOpenOrders(sub, 'CONFIGURATION_CHANGED');
  const covered = coveredUntil(sub);
  if (sub.status !== 'SUBSCRIPTION_STATUS_ACTIVE' || covered === undefined || covered <= now) {
    return sameConfiguration(target, inForce) ? nothing : immediate([...stale, revisedTo(sub, target, data.paypalSubscriptionID, now, 'IMMEDIATE')]);
  }
  // Inside covered time: what the target costs beyond what each running period was paid for, and beyond what the
  // trial or a complimentary grant covers for the rest of its time, must be paid first.
  const balance = prorateRise(sub, target.amount, now) + prorateGrantedRise(sub, target.amount, now);
  if (balance > 0) {
    return {
      events: [...stale, { type: 'SubscriptionChangePending', data: { ...target, previousAmount: inForce.amount, balance, requestedAt: now } }],
      decision: { effect: 'pending', to: target, previousAmount: inForce.amount, balance },
    };
  }
  if (sameConfiguration(target, inForce)) {
    const kind = sub.pendingChange ? 'PENDING' : sub.scheduledChange ? 'SCHEDULED' : undefined;
    return kind ? { events: [...stale, { type: 'SubscriptionChangeWithdrawn', data: { kind } }], decision: { effect: 'withdrawn' } } : nothing;
  }
  // Only granted time runs (a trial, a complimentary grant, nothing paid ahead): nothing paid is kept or credited,
  // so a change that costs no more applies to what is due at once; the trial or grant licenses what it covers.
  if (!hasPaidTimeRunning(sub, now)) return immediate([...stale, revisedTo(sub, target, data.paypalSubscriptionID, now, 'IMMEDIATE')]);
  if (target.amount < inForce.amount) {
    const effectiveAt = downgradeDate(sub, inForce.amount, now)!;
    return {
      events: [...stale, { type: 'SubscriptionChangeScheduled', data: { ...target, previousAmount: inForce.amount, effectiveAt } }],
      decision: { effect: 'scheduled', to: target, previousAmount: inForce.amount, effectiveAt },
    };
  }
  // The running periods were paid for as much (an equal price, a swap of modules): in force, and licensed, at once.
  return immediate([...stale, revisedTo(sub, target, data.paypalSubscriptionID, now, 'COVERED')]);
}

/** The billing clock: a scheduled downgrade whose date has come takes effect. */
export function applyScheduledChange(command: Cmd<'ApplyScheduledChange'>, state: SubscriptionState): SubscriptionEvent[] {
  const sub = visibleTo(state, command.metadata);
  requireAdmin(command.metadata, 'apply scheduled changes');
  const change = sub.scheduledChange;
  if (!change || change.effectiveAt > command.metadata.now || sub.status === 'SUBSCRIPTION_STATUS_CANCEL') return [];
  return [revisedTo(sub, change, sub.paypalSubscriptionID ?? '', change.effectiveAt, 'SCHEDULED')];
}

type S = ExistingSubscription;

const withoutChanges = (s: S): S => {
  const { pendingChange: _p, scheduledChange: _s, ...rest } = s;
  return rest;
};

/**
 * The paid periods running after `at` run at `to` from then on (a balance was paid — `captureId` — or they were paid
 * for as much).
 */
function raisePaidTime(paid: PaidTime[], at: string, to: Configuration, priceRises: boolean, captureId?: string): PaidTime[] {
  return paid.map((p) => {
    if (p.end <= at) return p;
    const upgrades = [...(p.upgrades ?? []), { at: at > p.start ? at : p.start, configuration: to, ...(captureId ? { captureId, amountBefore: p.amount } : {}) }];
    return { ...p, upgrades, ...(priceRises && p.amount < to.amount ? { amount: to.amount } : {}) };
  });
}

/** The raises paid by `captureIds` end at `at` (cut there, or gone if not begun); the others are kept. */
function endUpgrades(upgrades: readonly PaidUpgrade[], captureIds: ReadonlySet<string>, at: string): { upgrades: PaidUpgrade[]; ended: PaidUpgrade[] } {
  const ended = upgrades.filter((u) => u.captureId !== undefined && captureIds.has(u.captureId) && !(u.until !== undefined && u.until <= at));
  const kept = upgrades.flatMap((u) => {
    if (!ended.includes(u)) return [u];
    return u.at >= at ? [] : [{ ...u, until: at }];
  });
  return { upgrades: kept, ended };
}

/** The raises paid by `captureIds` end at `at`: from then on each period runs at what it ran at before them. */
function endRaises(paid: PaidTime[], captureIds: ReadonlySet<string>, at: string): PaidTime[] {
  return paid.map((p) => {
    if (!p.upgrades?.some((u) => u.captureId !== undefined && captureIds.has(u.captureId))) return p;
    const { upgrades, ended } = endUpgrades(p.upgrades, captureIds, at);
    // What the period is paid for again: what it was paid for before the first raise taken back.
    const before = ended[0]?.amountBefore;
    return { ...p, upgrades, ...(before !== undefined ? { amount: before } : {}) };
  });
}

/**
 * A balance paid at `at` while the trial or complimentary time ran: each stretch still running that covers less
 * than `to` runs at `to` from then on (its raise recorded with the capture that paid it, to be taken back with it).
 */
function raiseGrantedTime(s: S, at: string, to: Configuration, captureId: string | undefined): Pick<S, 'trialUpgrades' | 'complimentary'> {
  const raised = <G extends { start: string; end: string; configuration: Configuration; upgrades?: PaidUpgrade[] }>(g: G): G => {
    const from = g.start > at ? g.start : at;
    if (g.end <= at || configurationAt(g, from).amount >= to.amount) return g;
    return { ...g, upgrades: [...(g.upgrades ?? []), { at: from, configuration: to, ...(captureId ? { captureId } : {}) }] };
  };
  const trial = s.trialStartDate && s.trialEndDate ? raised({ start: s.trialStartDate, end: s.trialEndDate, configuration: s.trialConfiguration ?? configurationOf(s), ...(s.trialUpgrades ? { upgrades: s.trialUpgrades } : {}) }) : undefined;
  return { ...(trial?.upgrades ? { trialUpgrades: trial.upgrades } : {}), complimentary: s.complimentary.map(raised) };
}

/** The raises paid by `captureIds` end at `at` in the trial and complimentary time too. */
function endGrantedRaises(s: S, captureIds: ReadonlySet<string>, at: string): Pick<S, 'trialUpgrades' | 'complimentary'> {
  return {
    ...(s.trialUpgrades ? { trialUpgrades: endUpgrades(s.trialUpgrades, captureIds, at).upgrades } : {}),
    complimentary: s.complimentary.map((c) => (c.upgrades ? { ...c, upgrades: endUpgrades(c.upgrades, captureIds, at).upgrades } : c)),
  };
}

/** The raise a balance's capture paid for (the last recorded payment, when it was a raise). */
function lastRaise(s: S): string | undefined {
  const last = s.books.items[s.books.items.length - 1];
  return last?.kind === 'raise' ? last.captureId : undefined;
}

export const planChangeEvolvers = {
  SubscriptionRevised: (s: S, d: SubscriptionRevised): S => {
    const to: Configuration = { modules: d.modules, quantity: d.quantity, amount: d.amount };
    const paid = d.reason === 'BALANCE_PAID' || d.reason === 'COVERED' ? raisePaidTime(s.paid, d.effectiveAt, to, d.reason === 'BALANCE_PAID', d.reason === 'BALANCE_PAID' ? lastRaise(s) : undefined) : s.paid;
    // A balance raises the trial and complimentary time still running too (what it was prorated over).
    const granted = d.reason === 'BALANCE_PAID' ? raiseGrantedTime(s, d.effectiveAt, to, lastRaise(s)) : {};
    // A change of plan moves a subscription bought before taxes to net prices (the tax added on top from now on).
    return { ...withoutChanges(s), ...granted, quantity: d.quantity, modules: d.modules, amount: d.amount, paypalSubscriptionID: d.paypalSubscriptionID, paid, revisedAt: d.effectiveAt, taxPricing: 'net' };
  },
  SubscriptionChangePending: (s: S, d: SubscriptionChangePending): S => {
    // A scheduled downgrade stays until the rise is paid: a period paid ahead at its price is not paid for more.
    const { previousAmount: _prev, ...change } = d;
    return { ...s, pendingChange: change };
  },
  SubscriptionChangeScheduled: (s: S, d: SubscriptionChangeScheduled): S => {
    const { previousAmount: _prev, ...change } = d;
    return { ...withoutChanges(s), scheduledChange: change };
  },
  SubscriptionChangeWithdrawn: (s: S, _d: SubscriptionChangeWithdrawn): S => withoutChanges(s),
  PaidChangeTakenBack: (s: S, d: PaidChangeTakenBack): S => {
    const ended = new Set([d.captureId, ...(d.credited ?? []).map((c) => c.captureId)]);
    const moved = (d.credited ?? []).reduce((sum, c) => sum + c.amount, 0);
    const { pendingChange: _p, ...rest } = s;
    const scheduled = s.scheduledChange && s.scheduledChange.amount < d.configuration.amount ? { scheduledChange: s.scheduledChange } : {};
    const { scheduledChange: _s, ...base } = rest;
    return {
      ...base,
      ...scheduled,
      modules: d.configuration.modules,
      quantity: d.configuration.quantity,
      amount: d.configuration.amount,
      revisedAt: d.endedAt,
      paid: endRaises(s.paid, ended, d.endedAt),
      ...endGrantedRaises(s, ended, d.endedAt),
      credit: s.credit + moved,
      books: raiseTakenBack(s, d),
    };
  },
};
