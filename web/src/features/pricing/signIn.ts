import { SIGN_IN_PATH, type PricingPeriod } from '@relaycast/contracts/constants';

export type UnlimitedChoice = 'free' | PricingPeriod;

/**
 * Purchase buttons (seed §2): /auth/sign-in with infrastructure=selfhosted and plan=constructor or
 * plan=unlimited; for unlimited also period=free, mounthly or annual. The seed's spelling "mounthly" is what the
 * buttons send; the sign-in page accepts "monthly" too.
 */
export function purchaseUrl(plan: 'constructor'): string;
export function purchaseUrl(plan: 'unlimited', choice: UnlimitedChoice): string;
export function purchaseUrl(plan: 'constructor' | 'unlimited', choice?: UnlimitedChoice): string {
  const params = new URLSearchParams({ infrastructure: 'selfhosted', plan });
  if (plan === 'unlimited') params.set('period', choice === 'monthly' ? 'mounthly' : (choice ?? 'mounthly'));
  return `${SIGN_IN_PATH}?${params.toString()}`;
}
