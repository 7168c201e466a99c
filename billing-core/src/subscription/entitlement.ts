import type { Configuration, LicenceIssued, LicenceRevoked } from '@relaycast/contracts';
import type { SubscriptionEvent } from './events.js';
import { configurationAt, configurationOf, grantedTime, sameConfiguration, type ExistingSubscription, type PaidUpgrade, type SubscriptionState } from './state.js';
import type { Cmd } from './rules.js';
import { requireClock, visibleTo } from './rules.js';

/**
 * Entitlement: what the customer may use, licence files included, derived from what was paid — never from the
 * configuration in force (what renewals charge) or from the status alone. The rules (docs/licences.md):
 *
 * - Coverage is paid periods (at the configuration each paid for, raised from the moment a balance was paid), the
 *   trial (at the configuration it started with) and complimentary time an administrator granted (each raised, like
 *   a paid period, from the moment a balance for a raise inside it was paid), and — only after a
 *   renewal lapsed — the grace: the configuration the lapsed payment charges, from its due date to the end of the
 *   grace (LICENCE_GRACE_DAYS, recorded in the dunning timeline).
 * - A licence file carries one configuration and is valid to the end of the coverage at that configuration, never
 *   beyond: when the next covered time is at another configuration, the billing clock issues its licence when it
 *   starts (the `licence` due item); engines fetch the current file online.
 * - A revision while nothing paid is running changes what is due, never what is licensed.
 * - Paused, cancelled or removed: no licence (the last one is revoked online; offline it runs to its date).
 *
 * Licence events are this module's explicit output: after every command, `licenceEvents` compares the licence the
 * coverage entitles to now with the last one issued, and issues or revokes.
 */

/** The licence's end for plans that never end (free and lifetime plans). */
export const NO_END = '9999-12-31T23:59:59.000Z';

export type Basis = NonNullable<LicenceIssued['basis']>;

/** A stretch of time the customer may use at one configuration, and on what grounds. */
export interface Coverage {
  start: string;
  end: string;
  configuration: Configuration;
  basis: Exclude<Basis, 'FREE'>;
}

/** What a licence file says: the limits and until when. */
export interface LicenceTerms {
  modules: { name: string; limit: number }[];
  quantity: number;
  validUntil: string;
  basis: Basis;
}

const licensedModules = (c: Configuration) => c.modules.map(({ name, limit }) => ({ name, limit }));
const sameLimits = (a: Configuration, b: Configuration) => a.quantity === b.quantity && JSON.stringify(licensedModules(a)) === JSON.stringify(licensedModules(b));

/** The configuration a paid period was paid for at `t`: the latest raise in force then (not taken back), else its own. */
export function paidConfigurationAt(p: ExistingSubscription['paid'][number], t: string): Configuration {
  return configurationAt(p, t);
}

/**
 * A stretch of coverage (a paid period, the trial, a grant), split where a paid-for change raised its configuration
 * (or a raise taken back lowered it again).
 */
function splitByUpgrades(stretch: { start: string; end: string; configuration: Configuration; upgrades?: readonly PaidUpgrade[] }, basis: Coverage['basis']): Coverage[] {
  if (!(stretch.end > stretch.start)) return [];
  const out: Coverage[] = [];
  const cuts = new Set<string>([stretch.start]);
  for (const up of stretch.upgrades ?? []) for (const t of [up.at, up.until]) if (t !== undefined && t > stretch.start && t < stretch.end) cuts.add(t);
  const points = [...cuts].sort();
  let start = points[0]!;
  let configuration = configurationAt(stretch, start);
  for (const t of points.slice(1)) {
    const next = configurationAt(stretch, t);
    if (sameConfiguration(next, configuration)) continue;
    out.push({ start, end: t, configuration, basis });
    start = t;
    configuration = next;
  }
  out.push({ start, end: stretch.end, configuration, basis });
  return out;
}

/**
 * Every stretch of coverage, by priority: paid time first, then complimentary time, the trial, the grace. A raise
 * paid for inside a period, the trial or a grant is covered from its capture on.
 */
export function coverageOf(s: ExistingSubscription): Coverage[] {
  const out = s.paid.flatMap((p) => splitByUpgrades(p, 'PAID'));
  const granted = grantedTime(s);
  for (const g of granted) if (g.basis === 'COMPLIMENTARY') out.push(...splitByUpgrades(g, 'COMPLIMENTARY'));
  for (const g of granted) if (g.basis === 'TRIAL') out.push(...splitByUpgrades(g, 'TRIAL'));
  const timeline = s.dunning?.timeline;
  // Never after money was taken back: a refund ends what it paid for, it grants no grace (older streams waited).
  if (timeline && s.status === 'SUBSCRIPTION_STATUS_WAIT_PAYMENT' && s.waitingCause !== 'PAYMENT_TAKEN_BACK') {
    const configuration = graceConfiguration(out, timeline.dueAt, timeline.configuration);
    if (configuration) out.push({ start: timeline.dueAt, end: timeline.graceUntil, configuration, basis: 'GRACE' });
  }
  return out;
}

/**
 * What the grace after a lapsed payment licenses: the cheaper of what was last covered before it fell due (paid for
 * — at the raise paid last, never at one still pending —, the trial, a complimentary grant) and what the lapsed
 * payment charges. A raise nobody paid for never reaches a licence file; nor does a renewal's size above what was used.
 */
function graceConfiguration(covered: readonly Coverage[], dueAt: string, charged: Configuration | undefined): Configuration | undefined {
  const before = covered.filter((c) => c.start < dueAt).sort((a, b) => (a.end < b.end ? -1 : a.end > b.end ? 1 : 0));
  const last = before[before.length - 1]?.configuration;
  if (!last) return undefined;
  if (!charged) return last;
  return charged.amount < last.amount ? charged : last;
}

/** The coverage in force at `at` (the first of the highest priority that holds it), if any. */
function coverageAt(all: Coverage[], at: string): Coverage | undefined {
  return all.find((c) => c.start <= at && at < c.end);
}

/** The licence the subscription entitles to at `now`, or null (nothing covered, paused, cancelled, no key yet). */
export function licenceTermsAt(s: ExistingSubscription, now: string): LicenceTerms | null {
  if (s.removed || !s.licence_key) return null;
  if (s.status !== 'SUBSCRIPTION_STATUS_ACTIVE' && s.status !== 'SUBSCRIPTION_STATUS_WAIT_PAYMENT') return null;
  if (s.plan.billingMonths === 0) {
    return s.status === 'SUBSCRIPTION_STATUS_ACTIVE' ? { modules: licensedModules(configurationOf(s)), quantity: s.quantity, validUntil: NO_END, basis: 'FREE' } : null;
  }
  const all = coverageOf(s);
  const current = coverageAt(all, now);
  if (!current) return null;
  // Valid while the coverage goes on at the same limits (a renewal, a trial converted at the same configuration).
  let end = current.end;
  for (let next = coverageAt(all, end); next && sameLimits(next.configuration, current.configuration); next = coverageAt(all, end)) end = next.end;
  return { modules: licensedModules(current.configuration), quantity: current.configuration.quantity, validUntil: end, basis: current.basis };
}

/** When the licence must change without a command causing it (the next covered time is at other limits), if ever. */
export function nextLicenceBoundary(s: ExistingSubscription, now: string): string | undefined {
  const terms = licenceTermsAt(s, now);
  if (!terms || terms.validUntil === NO_END) return undefined;
  return coverageAt(coverageOf(s), terms.validUntil) ? terms.validUntil : undefined;
}

function revocationReason(after: ExistingSubscription, events: readonly SubscriptionEvent[]): LicenceRevoked['reason'] {
  if (events.some((e) => e.type === 'PaidTimeEnded' || e.type === 'PaidChangeTakenBack' || (e.type === 'SubscriptionCancelled' && e.data.cause === 'PAYMENT_TAKEN_BACK'))) return 'REFUNDED';
  if (after.removed || after.status === 'SUBSCRIPTION_STATUS_CANCEL') return 'CANCELLED';
  if (after.status === 'SUBSCRIPTION_STATUS_PAUSE') return 'PAUSED';
  return 'UNPAID';
}

/**
 * The licence events that follow a command: the licence the subscription entitles to now, issued when it differs
 * from the last one (next serial); the last one revoked when nothing is entitled any more and it would still
 * verify, or when the subscription is suspended or ended (the record says so; offline it runs to its date).
 */
export function licenceEvents(after: ExistingSubscription, now: string, events: readonly SubscriptionEvent[]): SubscriptionEvent[] {
  const terms = licenceTermsAt(after, now);
  const last = after.licence;
  if (!terms) {
    if (!last || last.revoked) return [];
    const ended = after.removed || after.status === 'SUBSCRIPTION_STATUS_CANCEL' || after.status === 'SUBSCRIPTION_STATUS_PAUSE';
    if (!ended && last.validUntil <= now) return [];
    return [{ type: 'LicenceRevoked', data: { serial: last.serial, reason: revocationReason(after, events) } }];
  }
  const same = last && !last.revoked && last.validUntil === terms.validUntil && last.quantity === terms.quantity && JSON.stringify(last.modules) === JSON.stringify(terms.modules);
  if (same) return [];
  return [{ type: 'LicenceIssued', data: { licenceKey: after.licence_key!, serial: (last?.serial ?? 0) + 1, modules: terms.modules, quantity: terms.quantity, issuedAt: now, validUntil: terms.validUntil, basis: terms.basis } }];
}

/** The billing clock at a licence boundary: nothing but the licence changes (the composed decider adds it). */
export function refreshLicence(command: Cmd<'RefreshLicence'>, state: SubscriptionState): SubscriptionEvent[] {
  visibleTo(state, command.metadata);
  requireClock(command.metadata, 'refresh a licence');
  return [];
}

export const entitlementEvolvers = {
  LicenceIssued: (s: ExistingSubscription, d: LicenceIssued): ExistingSubscription => ({ ...s, licence_key: s.licence_key ?? d.licenceKey, licence: { ...d, revoked: false } }),
  LicenceRevoked: (s: ExistingSubscription, _d: LicenceRevoked): ExistingSubscription => (s.licence ? { ...s, licence: { ...s.licence, revoked: true } } : s),
};
