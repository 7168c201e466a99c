export { CLAIM_UNDER_WAY_MS } from './claims.js';
export {
  cancelSubscriptions,
  changeSubscription,
  createSubscription,
  grantComplimentary,
  purchaseSubscription,
  PURCHASE_KEY_LENGTH,
  setSubscriptionStatus,
  startTrial,
  updateSubscription,
} from './subscription.js';
export { reviseSubscription, type RevisionEffect } from './revise.js';
export { ABANDONED_CLAIM_MS, administratorId, changeBillingDetails, eraseUser, googleUserId, registerUser, removeUser, requestPasswordReset, updateUser, type NewUser } from './users.js';
export { activeUser, cancelNowPreview, savedWalletOf, subscriptionActions, subscriptionFromEvents } from './reads.js';
export { quoteWithTax } from './quote.js';
