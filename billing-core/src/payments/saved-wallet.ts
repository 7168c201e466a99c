import { AppError, PaymentProviderError, type CommandMetadata } from '@relaycast/contracts';
import { coveredUntil, dueOf, nextWalletRequestId, priced, subscriptionDecider, type ExistingSubscription } from '../subscription/index.js';
import { billingReferenceFor, claimBillingReference, issueDocuments, issueLicenceKey, taxOfDue, type PaymentDeps } from './context.js';

export type SavedWalletOutcome = { kind: 'paid' } | { kind: 'nothing-due' } | { kind: 'no-wallet' } | { kind: 'declined'; reason: string };

/**
 * Pays what is due now (a period, or a pending change's balance) without the buyer: from account credit when it
 * covers it, otherwise a merchant-initiated PayPal order with the saved wallet, created and captured in one call,
 * then recorded exactly as a checkout's capture.
 *
 * The charge is recorded as started first (SavedWalletChargeStarted, with its PayPal-Request-Id): one money movement
 * at a time, so a checkout or a revision cannot slip in while PayPal answers. The request id is the started charge's
 * own: a run that crashed before recording the outcome — or two schedulers at once — ask PayPal again with the same
 * one and get the same order, never a second charge. A transient PayPal failure leaves the charge started; the next
 * run finishes it. A decline ends it.
 */
export async function payWithSavedWallet(deps: PaymentDeps, sub: ExistingSubscription, metadata: CommandMetadata): Promise<SavedWalletOutcome> {
  const system: CommandMetadata = { ...metadata, actorRole: 'SYSTEM' };
  const tax = sub.charge ? undefined : await taxOfDue(deps, sub, dueOf(sub, metadata.now), metadata.now);
  const due = priced(dueOf(sub, metadata.now), tax, sub);
  if (!sub.charge) {
    if (!due) return { kind: 'nothing-due' };
    // A period is charged without the buyer only once the covered time has run out (the decider's rule too).
    const covered = coveredUntil(sub);
    if (due.purpose === 'period' && covered !== undefined && covered > metadata.now) return { kind: 'nothing-due' };
    if (due.amount === 0) {
      const licenceKey = await issueLicenceKey(deps, sub, metadata);
      await deps.execute(subscriptionDecider, sub.id, { type: 'PayFromCredit', data: { licenceKey, ...(tax ? { tax } : {}) }, metadata: { ...metadata, idempotencyKey: `pay-from-credit-${sub.id}-${Object.keys(sub.orders).length}` } });
      return { kind: 'paid' };
    }
    if (!sub.vault || !deps.gateway.configured) return { kind: 'no-wallet' };
  }
  const requestId = nextWalletRequestId(sub, `wallet-${sub.id}`);
  const reference = sub.paypalSubscriptionID ?? billingReferenceFor(sub.id);
  // Claimed before PayPal sees it (webhooks resolve it from the claim); idempotent, and cheap when already claimed.
  await claimBillingReference(deps, reference, sub.id, metadata);
  const started = await deps.execute(subscriptionDecider, sub.id, { type: 'StartSavedWalletCharge', data: { requestId, ...(tax ? { tax } : {}) }, metadata: { ...system, idempotencyKey: `${requestId}-start` } });
  const charge = (started.state as ExistingSubscription).charge;
  if (!charge || charge.requestId !== requestId) return { kind: 'nothing-due' };
  let order;
  try {
    order = await deps.gateway.chargeSavedWallet({
      vaultId: sub.vault!.id,
      subscriptionId: sub.id,
      billingReference: reference,
      amountCents: charge.amount,
      currency: sub.currency,
      description: `${sub.name}: ${charge.purpose === 'balance' ? 'change of plan' : 'renewal'}`,
      requestId,
      ...(charge.tax ? { breakdown: { itemTotalCents: charge.tax.amount, taxTotalCents: charge.tax.tax, discountCents: charge.tax.total - charge.amount } } : {}),
    });
  } catch (error) {
    if (error instanceof AppError && (error.code === 'PAYMENT_DECLINED' || error.code === 'PAYMENT_REFUSED')) {
      const reason = error.message.slice(0, 128);
      await deps.execute(subscriptionDecider, sub.id, { type: 'RecordSavedWalletDecline', data: { requestId, reason }, metadata: { ...system, idempotencyKey: `${requestId}-declined` } });
      return { kind: 'declined', reason };
    }
    throw error;
  }
  // PayPal took the money when it created the order: recorded in one command, whatever changed meanwhile (a
  // cancellation): the decider grants what is due if it still matches, else keeps the money as credit.
  const capture = order.capture;
  if (!capture) throw new PaymentProviderError('PayPal created the saved-wallet order without capturing it', true);
  const licenceKey = await issueLicenceKey(deps, sub, metadata);
  const recorded = await deps.execute(subscriptionDecider, sub.id, {
    type: 'RecordSavedWalletPayment',
    data: {
      paypalOrderID: order.id, paypalSubscriptionID: reference, amount: charge.amount, currency: sub.currency, purpose: charge.purpose,
      captureId: capture.captureId, providerStatus: capture.status, capturedAmount: capture.amountCents, licenceKey, requestId,
    },
    metadata: { ...system, idempotencyKey: `${requestId}-payment` },
  });
  await issueDocuments(deps, recorded);
  return { kind: 'paid' };
}
