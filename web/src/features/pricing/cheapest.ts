import { UNLIMITED_FREE_LIMITS, UNLIMITED_MONTHLY_PRICE_CENTS, type ModuleName } from '@relaycast/contracts/constants';

export type CheapestPlan = 'free' | 'builder' | 'unlimited';

/**
 * The cheapest self-hosted plan that runs a configuration, so that no pricing tool steers to the dearer one: the free
 * plan when every module fits its limits, otherwise the builder at its monthly price or unlimited at $79 a month,
 * whichever costs less (the builder on a tie: it is what was configured).
 */
export function cheapestPlan(modules: readonly { name: ModuleName; limit: number }[], builderMonthlyCents: number): CheapestPlan {
  const fitsFree = modules.every((m) => m.limit <= (UNLIMITED_FREE_LIMITS[m.name] ?? 0));
  if (fitsFree) return 'free';
  return builderMonthlyCents > UNLIMITED_MONTHLY_PRICE_CENTS.monthly ? 'unlimited' : 'builder';
}
