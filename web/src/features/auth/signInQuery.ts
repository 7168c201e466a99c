import {
  PERIOD_TO_SUBSCRIPTION_TYPE,
  PLAN_IDS,
  SIGN_IN_INFRASTRUCTURES,
  SIGN_IN_PERIODS,
  type PlanId,
  type SignInPeriod,
  type SubscriptionType,
} from '@relaycast/contracts/constants';
import { builderModulesFromQuery, queryNamesModules, type BuilderModules } from '../../app/shell/purchaseQuery.js';

export interface PurchaseChoice {
  infrastructure: (typeof SIGN_IN_INFRASTRUCTURES)[number];
  plan: PlanId;
  /** Unlimited only: free, mounthly (the seed's spelling) or monthly, annual. */
  period?: SignInPeriod;
  subscriptionType: SubscriptionType;
  /** The builder: the modules chosen on the pricing page, when the button carried them. */
  modules?: BuilderModules;
}

function oneOf<T extends string>(list: readonly T[], value: string | null): T | undefined {
  return list.find((v) => v === value);
}

/**
 * Reads /auth/sign-in's query (seed §2): infrastructure, plan and, for the unlimited plan, period. Both
 * "mounthly" and "monthly" mean the monthly subscription. Returns null when the query names no valid purchase.
 */
export function parsePurchaseQuery(params: URLSearchParams): PurchaseChoice | null {
  const infrastructure = oneOf(SIGN_IN_INFRASTRUCTURES, params.get('infrastructure'));
  const plan = oneOf(PLAN_IDS, params.get('plan'));
  if (!infrastructure || !plan) return null;
  if (plan === 'constructor') {
    return { infrastructure, plan, subscriptionType: 'SUBSCRIPTION_MONTH', ...(queryNamesModules(params) ? { modules: builderModulesFromQuery(params) } : {}) };
  }
  const period = oneOf(SIGN_IN_PERIODS, params.get('period'));
  if (!period) return null;
  return { infrastructure, plan, period, subscriptionType: PERIOD_TO_SUBSCRIPTION_TYPE[period] };
}
