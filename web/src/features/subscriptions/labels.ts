import type { SubscriptionView } from '@relaycast/contracts';
import type { TFunction } from 'i18next';

/** "Builder (self-hosted)", "Unlimited, annual"… */
export function planLabel(s: Pick<SubscriptionView, 'plan' | 'infrastructure_type'>, t: TFunction): string {
  if (s.plan.plan_id === 'unlimited') return t('plan.unlimited', { period: t(`period.${s.plan.period ?? 'monthly'}`) });
  return t('plan.constructor', { infrastructure: t(`infrastructure.${s.infrastructure_type}`) });
}

/** The seed's status labels (§4): Live, Cancelled, Wait payment, Creating (and Paused). */
export function statusLabel(status: SubscriptionView['status'], t: TFunction): string {
  return t(`status.${status}`);
}

export function statusTone(status: SubscriptionView['status']): string {
  switch (status) {
    case 'SUBSCRIPTION_STATUS_ACTIVE':
      return 'ok';
    case 'SUBSCRIPTION_STATUS_CANCEL':
      return 'off';
    case 'SUBSCRIPTION_STATUS_PAUSE':
      return 'warn';
    default:
      return 'wait';
  }
}
