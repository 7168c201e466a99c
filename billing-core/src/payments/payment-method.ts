import { randomUUID } from 'node:crypto';
import { ConflictError, ForbiddenError, ValidationError, streamIds, type CommandMetadata } from '@relaycast/contracts';
import { claimDecider, claimKeys } from '../claim/index.js';
import { aggregate } from '../handler.js';
import { subscriptionDecider } from '../subscription/index.js';
import { billingReferenceFor, claimBillingReference, loadSubscription, requireConfigured, type PaymentDeps } from './context.js';

/** The PayPal order (intent AUTHORIZE, never captured) a customer approves to switch funding source. */
export async function createPaymentMethodOrder(deps: PaymentDeps, subscriptionId: string, metadata: CommandMetadata) {
  requireConfigured(deps.gateway);
  const { sub, version } = await loadSubscription(deps, subscriptionId);
  if (sub.status === 'SUBSCRIPTION_STATUS_CANCEL') throw new ConflictError('A cancelled subscription has no payment method to change');
  // The subscription keeps its billing reference, so PayPal's events about earlier orders still find it.
  const reference = sub.paypalSubscriptionID ?? billingReferenceFor(sub.id);
  await claimBillingReference(deps, reference, sub.id, metadata);
  const order = await deps.gateway.createOrder({
    subscriptionId: sub.id,
    billingReference: reference,
    amountCents: Math.max(100, sub.amount),
    currency: sub.currency,
    description: `${sub.name}: verify new payment method (not charged)`,
    requestId: `pm-${sub.id}-${version}-${randomUUID()}`,
    intent: 'AUTHORIZE',
    // PayPal saves the approved wallet with the authorization: it becomes the account renewals charge.
    ...(sub.plan.billingMonths > 0 ? { saveWallet: true } : {}),
    returnUrl: `${deps.publicUrl}/admin/subscriptions/change-payment-method?subscription=${sub.id}`,
    cancelUrl: `${deps.publicUrl}/admin/subscriptions/change-payment-method?subscription=${sub.id}&cancelled=1`,
  });
  return { paypalOrderID: order.orderId, paypalSubscriptionID: reference, approveUrl: order.approveUrl };
}

/** The approved AUTHORIZE order is authorized and voided at once (no charge), then recorded as the new method. */
export async function changePaymentMethod(deps: PaymentDeps, input: { subscriptionId: string; paypalOrderID: string; paypalSubscriptionID: string; quantity: number }, metadata: CommandMetadata) {
  requireConfigured(deps.gateway);
  const { sub } = await loadSubscription(deps, input.subscriptionId);
  if (input.quantity !== sub.quantity) throw ValidationError.field('quantity', `must be ${sub.quantity}, the subscription's quantity`);
  if (sub.status === 'SUBSCRIPTION_STATUS_CANCEL') throw new ConflictError('A cancelled subscription has no payment method to change');
  if (sub.paypalSubscriptionID && sub.paypalSubscriptionID !== input.paypalSubscriptionID) throw ValidationError.field('paypalSubscriptionID', 'does not match this subscription');
  const key = `payment-method-${input.paypalOrderID}`;
  if (sub.paypalOrderID === input.paypalOrderID) return { consistent: true, replayed: true };
  const order = await deps.gateway.getOrder(input.paypalOrderID);
  if (order.intent !== 'AUTHORIZE') throw ValidationError.field('paypalOrderID', 'is not a payment-method order (create one with /subscriptions/createPaymentMethodOrder)');
  if (order.customId !== input.paypalSubscriptionID) throw new ForbiddenError('This PayPal order was not made for this subscription');
  const verified = await deps.gateway.verifyFundingSource(input.paypalOrderID, `verify-${input.paypalOrderID}`);
  // The saved wallet first: the change below is what marks this order done (a retry stops there).
  if (verified.vault?.status === 'VAULTED') {
    await deps.execute(subscriptionDecider, sub.id, {
      type: 'RecordVaultedPaymentMethod',
      data: { vaultId: verified.vault.id, source: 'PAYMENT_METHOD_CHANGE', ...(verified.vault.payerEmail ? { payerEmail: verified.vault.payerEmail } : {}) },
      metadata: { ...metadata, idempotencyKey: `${key}-vault` },
    });
  }
  const result = await deps.execute(subscriptionDecider, sub.id, {
    type: 'ChangePaymentMethod',
    data: { paypalOrderID: input.paypalOrderID, paypalSubscriptionID: input.paypalSubscriptionID, quantity: input.quantity },
    metadata: { ...metadata, idempotencyKey: key },
  });
  return { consistent: result.consistent ?? true, replayed: result.replayed };
}

/**
 * Saving (or replacing) the PayPal account renewals charge, without a payment: a Vault v3 setup token the buyer
 * approves at PayPal. The token is claimed for this subscription, so that only this subscription can turn it into
 * its saved wallet (a token that leaked cannot attach someone else's account to another subscription).
 */
export async function startWalletSetup(deps: PaymentDeps, subscriptionId: string, metadata: CommandMetadata) {
  requireConfigured(deps.gateway);
  const { sub, version } = await loadSubscription(deps, subscriptionId);
  if (sub.status === 'SUBSCRIPTION_STATUS_CANCEL') throw new ConflictError('A cancelled subscription has no payment method to change');
  // Back to the customer's subscriptions, which save the approved token (web: useWalletReturn).
  const back = `${deps.publicUrl}/admin/subscriptions/list?subscription=${sub.id}`;
  const setup = await deps.gateway.createWalletSetup({ requestId: `wallet-setup-${sub.id}-${version}`, returnUrl: `${back}&wallet=approved`, cancelUrl: `${back}&wallet=cancelled` });
  await deps.execute(claimDecider, claimKeys.walletSetup(setup.setupTokenId), { type: 'ClaimIdentifier', data: { subscriptionId: sub.id }, metadata: { ...metadata, actorRole: 'SYSTEM' } });
  return setup;
}

/** The approved setup token becomes the saved wallet (a payment token) and replaces the one renewals charged. No charge. */
export async function saveWalletFromSetup(deps: PaymentDeps, input: { subscriptionId: string; setupTokenId: string }, metadata: CommandMetadata) {
  requireConfigured(deps.gateway);
  const claimed = (await aggregate(deps.events, claimDecider, claimKeys.walletSetup(input.setupTokenId))).state.owner;
  if (claimed !== input.subscriptionId) throw ValidationError.field('setupTokenId', 'was not started for this subscription');
  const { sub } = await loadSubscription(deps, input.subscriptionId);
  const wallet = await deps.gateway.saveWallet(input.setupTokenId, `wallet-save-${input.setupTokenId}`);
  const result = await deps.execute(subscriptionDecider, sub.id, {
    type: 'RecordVaultedPaymentMethod',
    data: { vaultId: wallet.vaultId, source: 'SETUP_TOKEN', ...(wallet.payerEmail ? { payerEmail: wallet.payerEmail } : {}) },
    metadata: { ...metadata, idempotencyKey: `wallet-save-${input.setupTokenId}` },
  });
  return { consistent: result.consistent ?? true };
}
