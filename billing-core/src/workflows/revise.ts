import type { AmountToPayView, Configuration } from '@relaycast/contracts';
import { withDecision } from '../handler.js';
import { billingReferenceFor, loadSubscription, type PaymentDeps } from '../payments/context.js';
import { payWithSavedWallet } from '../payments/saved-wallet.js';
import { amountToPay } from '../payments/purchase.js';
import type { SubscriptionCommand } from '../subscription/commands.js';
import { amountDue, decideRevision, subscriptionDecider, type ExistingSubscription, type RevisionDecision } from '../subscription/index.js';

type Revise = Extract<SubscriptionCommand, { type: 'ReviseSubscription' }>;

/** What a revision does (or would do, previewed): at once, pending its balance, at a date, or back to what is in force. */
export interface RevisionEffect {
  effect: RevisionDecision['effect'];
  quantity?: number;
  amount?: number;
  previousAmount?: number;
  /** The balance to pay now for a pending change (0 otherwise), as the seed's revise preview calls it. */
  proration: number;
  balance?: number;
  effectiveAt?: string;
  modules?: Configuration['modules'];
  /** What will be due after it. */
  amountDueAfter: number;
  /** A pending balance tried on the saved PayPal wallet: paid (the change is in force), declined, or no wallet. */
  savedWallet?: 'paid' | 'declined' | 'no-wallet' | 'nothing-due';
  /** A change pending its balance: what paying it now asks of PayPal, tax included (as `payDue` and the saved wallet price it). */
  payNow?: AmountToPayView;
}

/** The decision as the API tells it (the seed's preview fields), with what is due after it. */
function effectOf(decision: RevisionDecision, amountDueAfter: number): RevisionEffect {
  if (decision.effect === 'withdrawn') return { effect: 'withdrawn', proration: 0, amountDueAfter };
  const { to, previousAmount } = decision;
  const common = { quantity: to.quantity, amount: to.amount, previousAmount, modules: to.modules, amountDueAfter };
  switch (decision.effect) {
    case 'pending':
      return { effect: 'pending', ...common, proration: decision.balance, balance: decision.balance };
    case 'scheduled':
      return { effect: 'scheduled', ...common, proration: 0, effectiveAt: decision.effectiveAt };
    case 'immediate':
    case 'none':
      return { effect: decision.effect, ...common, proration: 0 };
  }
}

/**
 * A revision, or its preview (decided, not recorded), with what it does — as the decider decided it, returned beside
 * its events. The billing reference is ours: the subscription's, or (none recorded yet) the one derived from its id,
 * never the browser's string, which the decider refuses when it names another. A rise that waits for its balance is
 * paid at once from a saved PayPal wallet (a merchant-initiated order), so the upgrade is immediate; declined, it stays
 * pending for the customer to pay.
 */
export async function reviseSubscription(deps: PaymentDeps, subscriptionId: string, command: Revise, options: { preview: boolean; expectedVersion?: number }) {
  const { sub: before } = await loadSubscription(deps, subscriptionId);
  const revise: Revise = before.paypalSubscriptionID ? command : { ...command, data: { ...command.data, paypalSubscriptionID: billingReferenceFor(subscriptionId) } };
  const deciding = withDecision(subscriptionDecider, (c, s) => decideRevision(c as Revise, s));
  const result = await deps.execute(deciding.decider, subscriptionId, revise, { dryRun: options.preview, ...(options.expectedVersion !== undefined ? { expectedVersion: options.expectedVersion } : {}) });
  const state = result.state as ExistingSubscription;
  const decision: RevisionDecision = deciding.outcome() ?? { effect: 'none', to: { modules: state.modules, quantity: state.quantity, amount: state.amount }, previousAmount: state.amount };
  const pending = effectOf(decision, amountDue(state, command.metadata.now).amount);
  const effect = pending.effect === 'pending' ? { ...pending, payNow: await amountToPay(deps, state, command.metadata.now) } : pending;
  if (options.preview || decision.effect !== 'pending' || !state.vault) return { result, effect };
  const paid = await payWithSavedWallet(deps, state, command.metadata);
  if (paid.kind !== 'paid') return { result, effect: { ...effect, savedWallet: paid.kind } };
  const { sub: after } = await loadSubscription(deps, subscriptionId);
  return { result, effect: { ...effect, effect: 'immediate' as const, amountDueAfter: amountDue(after, command.metadata.now).amount, savedWallet: 'paid' as const } };
}
