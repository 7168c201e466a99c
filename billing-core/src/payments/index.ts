export * from './gateway.js';
export { billingReferenceFor, captureRequestId, claimLicenceKey, issueDocuments, loadSubscription, newLicenceKey, releaseClaims, resolveBillingReference, taxAtCapture, taxCustomerOfUser, type Execute, type PaymentDeps } from './context.js';
export { captureOrder, recordCapture, type CaptureOutcome } from './capture.js';
export { amountToPay, amountToPayOf, payDue, type OrderAnswer, type PaymentStart } from './purchase.js';
export { cancelNow, cancelNowLines, refundCapture, refundCredit } from './refund.js';
export { changePaymentMethod, createPaymentMethodOrder, saveWalletFromSetup, startWalletSetup } from './payment-method.js';
export { handleWebhook, HANDLED_WEBHOOK_EVENTS, type WebhookGuard, type WebhookOutcome } from './webhook.js';
export { payWithSavedWallet, type SavedWalletOutcome } from './saved-wallet.js';
export { endDemoPurchases, standingDemoPurchases, type DemoPurchase } from './demo.js';
