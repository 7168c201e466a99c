import { BUILDER_MODULES, PERIOD_TO_SUBSCRIPTION_TYPE, TRIAL_MAX_UNITS, type PlanId, type SubscriptionType } from '@relaycast/contracts/constants';
import { quoteSubscription, unitsForModules, QuoteError, type Quote, type QuoteInput } from '@relaycast/billing-core/pricing';
import { builderModulesFromQuery } from '../../app/shell/purchaseQuery.js';

export type BuilderModule = (typeof BUILDER_MODULES)[number]['name'];

/**
 * Is a free trial offered for a configuration of `quantity` licence units? Only up to TRIAL_MAX_UNITS (the first
 * price tier): the server refuses a larger trial (400 on quantity), so the page does not offer one and says why.
 */
export const trialOffered = (quantity: number): boolean => quantity <= TRIAL_MAX_UNITS;
export type Period = 'free' | 'monthly' | 'annual';

/** What the customer configures on /user/buy-new-licence. */
export interface PurchaseConfig {
  plan: PlanId;
  /** Unlimited: free, monthly or annual. The builder: monthly or annual billing. */
  period: Period;
  modules: Record<BuilderModule, number>;
  /** Licence units of the builder (at least what the modules need); null: exactly what they need. */
  units: number | null;
}

export function defaultModules(): Record<BuilderModule, number> {
  return Object.fromEntries(BUILDER_MODULES.map((m) => [m.name, m.initial])) as Record<BuilderModule, number>;
}

/**
 * The configuration a purchase starts from: the sign-in query (seed §2: infrastructure=selfhosted, plan=constructor
 * or unlimited, period=free|mounthly|annual) — "mounthly" is the seed's spelling of monthly — and the builder's
 * modules as the pricing page chose them (streams=25&restream=10), each held to its range. Units: exactly what the
 * modules need.
 */
export function configFromQuery(params: URLSearchParams): PurchaseConfig {
  const plan: PlanId = params.get('plan') === 'unlimited' ? 'unlimited' : 'constructor';
  const raw = params.get('period');
  const period: Period = raw === 'free' && plan === 'unlimited' ? 'free' : raw === 'annual' ? 'annual' : 'monthly';
  return { plan, period, modules: builderModulesFromQuery(params), units: null };
}

export function subscriptionTypeOf(config: PurchaseConfig): SubscriptionType {
  if (config.plan === 'unlimited') return PERIOD_TO_SUBSCRIPTION_TYPE[config.period];
  return config.period === 'annual' ? 'SUBSCRIPTION_YEAR' : 'SUBSCRIPTION_MONTH';
}

export function moduleSelections(config: PurchaseConfig): { name: BuilderModule; limit: number }[] {
  return BUILDER_MODULES.map((m) => ({ name: m.name, limit: config.modules[m.name] })).filter((m) => m.limit > 0);
}

/** What the pricing engine (billing-core, the same code the server runs) is asked to price. */
export function quoteInputOf(config: PurchaseConfig): QuoteInput {
  if (config.plan === 'unlimited') return { plan_id: 'unlimited', infrastructure_type: 'self-hosted', subscription_type: subscriptionTypeOf(config) };
  const modules = moduleSelections(config);
  return {
    plan_id: 'constructor',
    infrastructure_type: 'self-hosted',
    subscription_type: subscriptionTypeOf(config),
    modules,
    quantity: Math.max(config.units ?? 0, unitsForModules(modules)),
  };
}

/** The price in the browser, or the engine's complaint (field and reason). */
export function localQuote(config: PurchaseConfig): { quote: Quote } | { error: string } {
  try {
    return { quote: quoteSubscription(quoteInputOf(config)) };
  } catch (error) {
    if (error instanceof QuoteError) return { error: `${error.field} ${error.reason}` };
    throw error;
  }
}

/** The /subscriptions/create body of this purchase; the server prices it again and refuses another amount (422). */
export function createBody(config: PurchaseConfig, quote: Quote, userId: string, privacyConfirmed: boolean): Record<string, unknown> {
  const input = quoteInputOf(config);
  return {
    subscription_type: input.subscription_type,
    status: 'SUBSCRIPTION_STATUS_INITIAL',
    user_id: userId,
    infrastructure_type: input.infrastructure_type,
    ...(input.modules ? { modules: input.modules } : {}),
    ...(input.quantity !== undefined ? { quantity: input.quantity } : {}),
    payment_details: {
      payment_method: 'PAYPAL',
      plan_id: quote.plan_id,
      amount: quote.amount,
      unitQuantity: quote.quantity,
      privacy_policy_confirm: privacyConfirmed,
    },
  };
}

/** A stable text of a configuration (same configuration, same text): the idempotency key is kept per text. */
export function configText(config: PurchaseConfig): string {
  return JSON.stringify(quoteInputOf(config));
}

const STORAGE_KEY = 'relaycast.purchase';
interface Pending {
  userId: string;
  config: PurchaseConfig;
  key: string;
  /** The purchase query the page had (a buy button's choice): another choice starts afresh, not from this one. */
  query?: string;
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

/** The purchase this tab started but has not seen created yet (a reload in the middle resumes it). */
export function pendingPurchase(userId: string): Pending | null {
  const raw = storage()?.getItem(STORAGE_KEY);
  if (!raw) return null;
  try {
    const p = JSON.parse(raw) as Pending;
    return p.userId === userId && typeof p.key === 'string' ? p : null;
  } catch {
    return null;
  }
}

/**
 * The Idempotency-Key for creating this configuration: the same while the configuration stays the same, so a
 * reload or a second click during the request gets the first subscription back instead of a second one.
 */
export function idempotencyKeyFor(userId: string, config: PurchaseConfig, newKey: () => string, query = ''): string {
  const pending = pendingPurchase(userId);
  if (pending && configText(pending.config) === configText(config)) return pending.key;
  const key = newKey();
  storage()?.setItem(STORAGE_KEY, JSON.stringify({ userId, config, key, query } satisfies Pending));
  return key;
}

/**
 * Where the purchase step starts: the purchase this tab had started with the same choice (reloaded before it got its
 * id), else the choice of the query — a new buy button's choice is never replaced by an older purchase's.
 */
export function startingConfig(userId: string, params: URLSearchParams): PurchaseConfig {
  const pending = pendingPurchase(userId);
  const query = choiceQuery(params);
  return pending && (pending.query ?? '') === query ? pending.config : configFromQuery(params);
}

/** The part of the query that names the choice (not the subscription id or PayPal's return parameters). */
export function choiceQuery(params: URLSearchParams): string {
  const kept = new URLSearchParams(params);
  for (const name of ['subscription', 'token', 'PayerID', 'cancelled']) kept.delete(name);
  kept.sort();
  return kept.toString();
}

/** The purchase is done (paid, or live for free): the next one gets a new key. */
export function clearPendingPurchase(): void {
  storage()?.removeItem(STORAGE_KEY);
}
