import {
  CURRENCY,
  DEFAULT_FREE_LIMITS,
  MODULE_LABELS,
  MODULE_PRICE_TABLES,
  PAYMENT_UNIT_GROUPS,
  PAYMENT_UNIT_GROUP_ORDER,
  PER_UNIT_LIMITS,
  SAAS_TIERS,
  SELF_HOSTED_TIERS,
  UNLIMITED_BILLED_MONTHS,
  UNLIMITED_FREE_LIMITS,
  UNLIMITED_MONTHLY_PRICE_CENTS,
  type InfrastructureType,
  type ModuleName,
  type PriceTier,
  type PlanId,
  type SubscriptionType,
  type UnlimitedPeriod,
} from '@relaycast/contracts/constants';
import { priceForUnitRange } from './tiers.js';

export interface ModuleSelection {
  name: ModuleName;
  limit: number;
}
export interface PricedModule {
  name: ModuleName;
  limit: number;
  units: number;
  free: boolean;
  amount: number;
  labels: { en: string; ru: string };
}
export interface QuoteInput {
  plan_id: PlanId;
  infrastructure_type: InfrastructureType;
  subscription_type: SubscriptionType;
  modules?: readonly ModuleSelection[];
  /** Licence units wanted; units beyond what the modules need become publishing streams. */
  quantity?: number;
}
export interface Quote {
  plan_id: PlanId;
  period?: UnlimitedPeriod;
  infrastructure_type: InfrastructureType;
  subscription_type: SubscriptionType;
  modules: PricedModule[];
  /** Licence units (at least 1). */
  quantity: number;
  /** Price of one month of this configuration, in cents. */
  monthlyAmount: number;
  /** Months paid at once (0: nothing is charged through PayPal). */
  billingMonths: number;
  /** What one payment costs: monthlyAmount × billingMonths, in cents. */
  amount: number;
  currency: string;
}

/** A quote request the catalogue cannot price; `field` names the offending input. */
export class QuoteError extends Error {
  constructor(readonly field: string, readonly reason: string) {
    super(`${field} ${reason}`);
    this.name = 'QuoteError';
  }
}

function labelled(name: ModuleName, limit: number, units: number, amount: number): PricedModule {
  return { name, limit, units, free: amount === 0, amount, labels: MODULE_LABELS[name] };
}

/** Units a self-hosted module needs: the limit beyond its free allowance over the per-unit limit, rounded up. */
export function unitsForModule(name: ModuleName, limit: number): number {
  const perUnit = PER_UNIT_LIMITS[name];
  if (perUnit === undefined) return 0;
  const chargeable = Math.max(0, limit - (DEFAULT_FREE_LIMITS[name] ?? 0));
  return Math.ceil(chargeable / perUnit);
}

/** The catalogue's largest licence (the last tier's end): no module may need more units, nor the whole licence. */
export const MAX_LICENCE_UNITS = SELF_HOSTED_TIERS[SELF_HOSTED_TIERS.length - 1]!.to;

function assertDistinct(modules: readonly ModuleSelection[]): void {
  const seen = new Set<string>();
  modules.forEach((m, i) => {
    if (seen.has(m.name)) throw new QuoteError(`modules[${i}].name`, `"${m.name}" appears more than once`);
    seen.add(m.name);
  });
}

/** A module limit whose units exceed the catalogue is refused here, at create and revise alike. */
function assertWithinCatalogue(modules: readonly ModuleSelection[]): void {
  modules.forEach((m, i) => {
    const perUnit = PER_UNIT_LIMITS[m.name];
    if (perUnit === undefined) return;
    const max = MAX_LICENCE_UNITS * perUnit + (DEFAULT_FREE_LIMITS[m.name] ?? 0);
    if (m.limit > max) throw new QuoteError(`modules[${i}].limit`, `must be at most ${max} (the catalogue's largest licence)`);
  });
}

/**
 * Units per payment group: within a group the largest module's units count (seed §9), groups are summed.
 * Returns each group's units and which module carries them.
 */
function groupUnits(modules: readonly ModuleSelection[]): Map<string, { units: number; carrier: ModuleName }> {
  const groups = new Map<string, { units: number; carrier: ModuleName }>();
  for (const m of modules) {
    const group = PAYMENT_UNIT_GROUPS[m.name];
    if (!group) continue;
    const units = unitsForModule(m.name, m.limit);
    const current = groups.get(group);
    if (!current || units > current.units) groups.set(group, { units, carrier: m.name });
  }
  return groups;
}

/** The licence units a set of modules needs (at least the minimum of 1). */
export function unitsForModules(modules: readonly ModuleSelection[]): number {
  let total = 0;
  for (const { units } of groupUnits(modules).values()) total += units;
  return Math.max(1, total);
}

/** Extra units a customer buys beyond the modules' needs are publishing streams (one stream per unit). */
function withExtraUnitsAsStreams(modules: readonly ModuleSelection[], quantity: number): ModuleSelection[] {
  const needed = unitsForModules(modules);
  if (quantity < needed) throw new QuoteError('quantity', `must be at least ${needed} for the chosen modules`);
  const list = modules.map((m) => ({ ...m }));
  const extra = quantity - needed;
  const hasPaidUnits = [...groupUnits(list).values()].some((g) => g.units > 0);
  // With no paid units at all the one minimum unit is a publishing stream too.
  const streamsToAdd = extra + (hasPaidUnits ? 0 : 1);
  if (streamsToAdd === 0) return list;
  const streamsGroupUnits = groupUnits(list).get('streams')?.units ?? 0;
  const streams = list.find((m) => m.name === 'streams');
  const limit = (streamsGroupUnits + streamsToAdd) * (PER_UNIT_LIMITS.streams ?? 1);
  if (streams) streams.limit = limit;
  // Appended, so the indices in error messages still point at the customer's own list.
  else list.push({ name: 'streams', limit });
  return list;
}

/**
 * Each group's units are priced at the ordinals they occupy (groups in a fixed order), so the module amounts add
 * up to the graduated price of the whole licence. The group's largest module carries its amount.
 */
function groupAmounts(modules: readonly ModuleSelection[], tiers: readonly PriceTier[]): Map<ModuleName, number> {
  const groups = groupUnits(modules);
  const amounts = new Map<ModuleName, number>();
  let ordinal = 1;
  for (const group of PAYMENT_UNIT_GROUP_ORDER) {
    const g = groups.get(group);
    if (!g || g.units === 0) continue;
    amounts.set(g.carrier, priceForUnitRange(ordinal, g.units, tiers));
    ordinal += g.units;
  }
  return amounts;
}

/**
 * Self-hosted modules cost licence units at the self-hosted tiers. On the cloud (saas) plan a module with a price
 * table costs its row, and per-unit modules cost the SaaS tiers' price (0).
 */
function priceModules(modules: readonly ModuleSelection[], infrastructure: InfrastructureType): PricedModule[] {
  const amounts = groupAmounts(modules, infrastructure === 'self-hosted' ? SELF_HOSTED_TIERS : SAAS_TIERS);
  return modules.map((m, i) => {
    const table = MODULE_PRICE_TABLES[m.name];
    if (infrastructure === 'saas' && table) {
      const row = table.find((r) => r.amount === m.limit);
      if (!row) throw new QuoteError(`modules[${i}].limit`, `must be one of ${table.map((r) => r.amount).join(', ')} for ${m.name}`);
      return labelled(m.name, m.limit, 0, row.priceCents);
    }
    if (PER_UNIT_LIMITS[m.name] === undefined) {
      throw new QuoteError(`modules[${i}].name`, `"${m.name}" is sold on the cloud (saas) plan only`);
    }
    return labelled(m.name, m.limit, unitsForModule(m.name, m.limit), amounts.get(m.name) ?? 0);
  });
}

function billingMonthsFor(input: QuoteInput): number {
  switch (input.subscription_type) {
    case 'SUBSCRIPTION_MONTH':
      return 1;
    case 'SUBSCRIPTION_YEAR':
      return 12;
    // Pay-as-you-go is billed by the cloud marketplace, and perpetual licences are recorded by an administrator:
    // neither is charged through PayPal here.
    case 'SUBSCRIPTION_PAY_AS_YOU_GO':
    case 'SUBSCRIPTION_PERPETUAL':
      return 0;
    case 'SUBSCRIPTION_FREE':
      throw new QuoteError('subscription_type', 'SUBSCRIPTION_FREE is offered on the unlimited plan only');
  }
}

function quoteConstructor(input: QuoteInput): Quote {
  const selections = input.modules ?? [];
  assertDistinct(selections);
  assertWithinCatalogue(selections);
  if (input.subscription_type === 'SUBSCRIPTION_PAY_AS_YOU_GO' && input.infrastructure_type !== 'saas') {
    throw new QuoteError('subscription_type', 'SUBSCRIPTION_PAY_AS_YOU_GO is offered on the cloud (saas) plan only');
  }
  const billingMonths = billingMonthsFor(input);
  const quantity = input.quantity ?? unitsForModules(selections);
  if (quantity > MAX_LICENCE_UNITS) throw new QuoteError('quantity', `must be at most ${MAX_LICENCE_UNITS} (the catalogue's largest licence)`);
  const modules = withExtraUnitsAsStreams(selections, quantity);
  const priced = priceModules(modules, input.infrastructure_type);
  const monthlyAmount = priced.reduce((sum, m) => sum + m.amount, 0);
  return {
    plan_id: 'constructor',
    infrastructure_type: input.infrastructure_type,
    subscription_type: input.subscription_type,
    modules: priced,
    quantity,
    monthlyAmount,
    billingMonths,
    amount: monthlyAmount * billingMonths,
    currency: CURRENCY,
  };
}

const UNLIMITED_PERIOD_BY_TYPE: Partial<Record<SubscriptionType, UnlimitedPeriod>> = {
  SUBSCRIPTION_FREE: 'free',
  SUBSCRIPTION_MONTH: 'monthly',
  SUBSCRIPTION_YEAR: 'annual',
};

function quoteUnlimited(input: QuoteInput): Quote {
  const period = UNLIMITED_PERIOD_BY_TYPE[input.subscription_type];
  if (!period) {
    throw new QuoteError('subscription_type', 'must be SUBSCRIPTION_FREE, SUBSCRIPTION_MONTH or SUBSCRIPTION_YEAR for the unlimited plan');
  }
  if (input.infrastructure_type !== 'self-hosted') throw new QuoteError('infrastructure_type', 'must be self-hosted for the unlimited plan');
  if (input.quantity !== undefined && input.quantity !== 1) throw new QuoteError('quantity', 'must be 1 for the unlimited plan');
  const limits = period === 'free' ? Object.entries(UNLIMITED_FREE_LIMITS) : [];
  const monthlyAmount = UNLIMITED_MONTHLY_PRICE_CENTS[period];
  const billingMonths = UNLIMITED_BILLED_MONTHS[period];
  return {
    plan_id: 'unlimited',
    period,
    infrastructure_type: 'self-hosted',
    subscription_type: input.subscription_type,
    modules: limits.map(([name, limit]) => labelled(name as ModuleName, limit, 0, 0)),
    quantity: 1,
    monthlyAmount,
    billingMonths,
    amount: monthlyAmount * billingMonths,
    currency: CURRENCY,
  };
}

/** Prices a subscription from the catalogue. The server calls this for every purchase and revision. */
export function quoteSubscription(input: QuoteInput): Quote {
  return input.plan_id === 'unlimited' ? quoteUnlimited(input) : quoteConstructor(input);
}
