import type { SubscriptionStatus } from '@relaycast/contracts';

/**
 * What the next PayPal payment of a subscription is, and for what: the first period while it waits for payment;
 * then either the balance a revision left owing, or the next period less any credit. Nothing while paused or
 * cancelled. Used by the decider (to check orders) and by the read model (to show it).
 */
export function amountDue(s: { status: SubscriptionStatus; amount: number; balance: number }): { amount: number; purpose: 'period' | 'balance' } {
  switch (s.status) {
    case 'SUBSCRIPTION_STATUS_INITIAL':
    case 'SUBSCRIPTION_STATUS_WAIT_PAYMENT':
      return { amount: s.amount, purpose: 'period' };
    case 'SUBSCRIPTION_STATUS_ACTIVE':
      return s.balance > 0 ? { amount: s.balance, purpose: 'balance' } : { amount: Math.max(0, s.amount + s.balance), purpose: 'period' };
    case 'SUBSCRIPTION_STATUS_PAUSE':
    case 'SUBSCRIPTION_STATUS_CANCEL':
      return { amount: 0, purpose: 'period' };
  }
}
