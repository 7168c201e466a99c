/**
 * What an adapter — an HTTP route, the webhook, the scheduler, a CLI — may call in billing-core: the use cases, the
 * deciders whose commands it runs through the command handler, and the few values it needs to say what it passes
 * (ids, calendar days, limits its API documents). Every rule stays behind these: an adapter parses, builds a command,
 * calls one of them and maps the answer. read-api/src/routes/imports.spec.ts holds the routes to this list.
 */

// Deciders: commands run through the generic command handler (rt.execute).
export { subscriptionDecider } from './subscription/index.js';
export { userDecider, RESET_LINK_MINUTES, RESETS_PER_HOUR } from './user/index.js';
export { entryDecider } from './entry/index.js';
export { fileDecider } from './file/index.js';
export { messageDecider, messageStreamKey } from './message/index.js';
export { billingPolicyDecider, readBillingPolicy } from './policy/index.js';

// Subscriptions over more than one stream, and what the API reads from their own streams.
export {
  activeUser,
  cancelNowPreview,
  cancelSubscriptions,
  changeSubscription,
  grantComplimentary,
  purchaseSubscription,
  PURCHASE_KEY_LENGTH,
  quoteWithTax,
  reviseSubscription,
  savedWalletOf,
  startTrial,
  subscriptionActions,
  subscriptionFromEvents,
} from './workflows/index.js';
export { abandonedCheckoutsBefore, priceSubscription } from './subscription/index.js';

// Users: registration with its address claim, changes, removal, erasure, reset links; ids derived from outside names.
export { administratorId, changeBillingDetails, eraseUser, googleUserId, registerUser, removeUser, requestPasswordReset, updateUser } from './workflows/index.js';

// Who may do what (the one statement of roles).
export { actsAsAdministrator, isAdministrator, requireSelfOrAdministrator } from './decider.js';

// Payments through PayPal.
export { amountToPayOf, captureOrder, cancelNow, changePaymentMethod, createPaymentMethodOrder, handleWebhook, payDue, refundCapture, saveWalletFromSetup, startWalletSetup } from './payments/index.js';

// Licences online.
export { checkLicenceOnline, currentLicenceFile, licenceFileOf } from './licence/online.js';

// Values an adapter passes along: calendar days and instants.
export { daysBetween } from './books/calendar.js';
export { plusDays } from './calendar/index.js';
