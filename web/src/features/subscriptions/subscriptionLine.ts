import type { SubscriptionView } from '@relaycast/contracts';
import type { Language } from '@relaycast/contracts/constants';
import type { TFunction } from '../../app/shell/texts.js';
import { formatUsd } from '../../app/shell/format.js';
import { formatDate } from '../ui/forms.js';
import { planLabel } from './labels.js';

/**
 * What tells one subscription from another under the same name ("Subscription <date>", the seed's): plan, units,
 * price per period, and when it was created (date and time). One line, in the reader's language.
 */
export function subscriptionLine(s: SubscriptionView, t: TFunction, lang: Language): string {
  const amount = formatUsd(s.amount, lang, { cents: s.amount % 100 !== 0 });
  const price = s.amount === 0 ? t('period.free') : s.plan.billingMonths === 1 ? t('fields.amountMonthly', { amount }) : s.plan.billingMonths > 1 ? t('fields.amountPer', { amount, months: s.plan.billingMonths }) : amount;
  return [planLabel(s, t), t('fields.unitsValue', { n: s.quantity }), price, t('fields.createdValue', { date: formatDate(s.createdAt, lang, true) })].join(' · ');
}
