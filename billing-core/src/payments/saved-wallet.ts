import { AppError, PaymentProviderError, type CommandMetadata } from '@relaycast/contracts';
import { dueOf, subscriptionDecider, type ExistingSubscription } from '../subscription/index.js';
import { billingReferenceFor, claimBillingReference, issueLicenceKey, type PaymentDeps } from './context.js';

export type SavedWalletOutcome = { kind: 'paid' } | { kind: 'nothing-due' } | { kind: 'no-wallet' } | { kind: 'declined'; reason: string };

/**
 * Pays what is due now (a period, or a pending change's balance) without the buyer: from account credit when it
 * covers it, otherwise a merchant-initiated PayPal order with the saved wallet, created and captured in one call,
 * then recorded exactly as a checkout's capture. `requestId` is PayPal's idempotency key: the same one (a retried
 * run) gets the same order from PayPal, never a second charge. The caller deals with open orders first.
 */
export async function payWithSavedWallet(deps: PaymentDeps, sub: ExistingSubscription, requestId: string, metadata: CommandMetadata): Promise<SavedWalletOutcome> {
  const step = (suffix: string): CommandMetadata => ({ ...metadata, idempotencyKey: `${requestId}-${suffix}` });
  const due = dueOf(sub, metadata.now);
  if (!due) return { kind: 'nothing-due' };
  if (due.amount === 0) {
    const licenceKey = await issueLicenceKey(deps, sub, metadata);
    await deps.execute(subscriptionDecider, sub.id, { type: 'PayFromCredit', data: { licenceKey }, metadata: step('credit') });
    return { kind: 'paid' };
  }
  if (!sub.vault || !deps.gateway.configured) return { kind: 'no-wallet' };
  const reference = sub.paypalSubscriptionID ?? billingReferenceFor(sub.id);
  // Claimed before PayPal sees it (webhooks resolve it from the claim); idempotent, and cheap when already claimed.
  await claimBillingReference(deps, reference, sub.id, metadata);
  let order;
  try {
    order = await deps.gateway.chargeSavedWallet({
      vaultId: sub.vault.id,
      subscriptionId: sub.id,
      billingReference: reference,
      amountCents: due.amount,
      currency: sub.currency,
      description: `${sub.name}: ${due.purpose === 'balance' ? 'change of plan' : 'renewal'}`,
      requestId,
    });
  } catch (error) {
    if (error instanceof AppError && (error.code === 'PAYMENT_DECLINED' || error.code === 'PAYMENT_REFUSED')) return { kind: 'declined', reason: error.message.slice(0, 128) };
    throw error;
  }
  // PayPal took the money when it created the order: recorded in one command, whatever changed meanwhile (a
  // revision, a cancellation): the decider grants what is due if it still matches, else keeps the money as credit.
  const capture = order.capture;
  if (!capture) throw new PaymentProviderError('PayPal created the saved-wallet order without capturing it', true);
  const licenceKey = await issueLicenceKey(deps, sub, metadata);
  await deps.execute(subscriptionDecider, sub.id, {
    type: 'RecordSavedWalletPayment',
    data: {
      paypalOrderID: order.id, paypalSubscriptionID: reference, amount: due.amount, currency: sub.currency, purpose: due.purpose,
      captureId: capture.captureId, providerStatus: capture.status, capturedAmount: capture.amountCents, licenceKey,
    },
    metadata: { ...step('payment'), actorRole: 'SYSTEM' },
  });
  return { kind: 'paid' };
}
