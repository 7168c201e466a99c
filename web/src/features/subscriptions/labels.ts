import type { AmountToPayView, SubscriptionView } from '@relaycast/contracts';
import type { TFunction } from '../../app/shell/texts.js';
import type { Language } from '@relaycast/contracts/constants';
import { formatNumber } from '../../app/shell/format.js';

/** "Builder, self-hosted", "Self-hosted unlimited, Annual", "Self-hosted free plan (limited)"… */
export function planLabel(s: Pick<SubscriptionView, 'plan' | 'infrastructure_type'>, t: TFunction): string {
  if (s.plan.plan_id === 'unlimited' && (s.plan.period === 'free' || s.plan.billingMonths === 0)) return t('plan.free');
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

/** "Publishing streams: 25 · Restreams: 10 · VOD viewers: 50": what a licence covers, in the one term of each module. */
export function modulesText(modules: readonly { name: string; limit: number }[], t: TFunction, lang: Language): string {
  const shown = modules.filter((m) => m.limit > 0);
  if (shown.length === 0) return '—';
  return shown.map((m) => `${t(`modules.${m.name}`)}: ${formatNumber(m.limit, lang)}`).join(' · ');
}

/** What a subscription needs paid now: the first period (Creating, Wait payment) or a revision's balance. */
export function paymentDue(s: SubscriptionView): 'first' | 'balance' | null {
  if (s.amountDue <= 0) return null;
  if (s.status === 'SUBSCRIPTION_STATUS_INITIAL' || s.status === 'SUBSCRIPTION_STATUS_WAIT_PAYMENT') return 'first';
  // Paused for non-payment: paying resumes it.
  if (s.status === 'SUBSCRIPTION_STATUS_PAUSE' && s.pause?.reason === 'NON_PAYMENT') return 'first';
  if (s.status === 'SUBSCRIPTION_STATUS_ACTIVE' && s.balance > 0) return 'balance';
  return null;
}

/**
 * What the customer owes on this subscription now, in cents: a payment that fell due and was not made (a renewal,
 * the end of a trial) — the server's amount due while the subscription waits for it or is paused for it; 0 when
 * nothing is owed. A purchase never paid for is not a debt (nothing was delivered), nor is a requested upgrade's
 * balance (the customer's choice); a refunded subscription ends, so nothing follows it.
 */
export function amountOwed(s: SubscriptionView): number {
  if (s.amountDue <= 0 || !s.dunning) return 0;
  if (s.status === 'SUBSCRIPTION_STATUS_WAIT_PAYMENT') return s.amountDue;
  if (s.status === 'SUBSCRIPTION_STATUS_PAUSE' && s.pause?.reason === 'NON_PAYMENT') return s.amountDue;
  return 0;
}

/**
 * A free trial may be offered on the payment page: before anything was ever paid or covered (Creating, or waiting
 * for the first order's payment), never on a subscription that owes a renewal (the server refuses it there: a
 * trial comes before the first payment).
 */
export function trialPossible(s: SubscriptionView): boolean {
  const beforeFirstPayment = s.status === 'SUBSCRIPTION_STATUS_INITIAL' || (s.status === 'SUBSCRIPTION_STATUS_WAIT_PAYMENT' && !s.dunning);
  return beforeFirstPayment && !s.trialStartDate && s.totals.payments === 0 && !s.periodStart && s.amount > 0;
}

/**
 * The one figure every button that pays for a subscription says: what PayPal will be asked for now, tax included and
 * credit used — the server's answer (`/subscriptions/amountToPay`, decided as the order will be), never the view's
 * net `amountDue` and never computed here. Null until the server has answered: no amount is said before it is known.
 */
export function amountToPayNow(due: Pick<AmountToPayView, 'toPay'> | undefined): number | null {
  return due ? due.toPay : null;
}
