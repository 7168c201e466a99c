/** The ids a valid body refers to: things the test created first. */
export interface BodyContext {
  ownerId: string;
  subscriptionId: string;
  entryId: string;
  userId: string;
}

/** A body each route accepts from its owner or an administrator (the starting point of the matrix and the fuzzing). */
export function validBody(path: string, c: BodyContext): Record<string, unknown> {
  const ref = { user_id: c.ownerId, paypalSubscriptionID: 'RCS-NOPE', quantity: 2, id: c.subscriptionId };
  const bodies: Record<string, Record<string, unknown>> = {
    '/auth/local/signin': { email: 'nobody@example.com', password: 'whatever-1' },
    '/auth/local/register': { email: `new-${Math.random()}@example.com`, password: 'long-enough', givenName: 'N', familyName: 'U', privacy_policy_confirm: true },
    // The harness's customers' password: the change succeeds for them (and ends their sessions), is refused for others.
    '/auth/local/changePassword': { currentPassword: 'customer-password', newPassword: 'violet tractor umbrella 42' },
    '/auth/profile/update': { givenName: 'Renamed', language: 'ru' },
    '/users/create': { givenName: 'A', familyName: 'B', email: `u-${Math.random()}@example.com`, role: 'ROLE_CUSTOMER' },
    '/users/findAll': { page: 1, pageSize: 5 },
    '/users/findOne': { id: c.userId },
    '/users/update': { id: c.userId, givenName: 'Victor' },
    '/users/remove': { id: 'no-such-user' },
    // The customer's own confirmation: an administrator sending it is refused (400).
    '/subscriptions/create': { subscription_type: 'SUBSCRIPTION_FREE', status: 'SUBSCRIPTION_STATUS_INITIAL', user_id: c.ownerId, payment_details: { plan_id: 'unlimited', privacy_policy_confirm: true } },
    // A German business (DE136695976: valid check digit): the quote's tax fields are generated and mutated too.
    '/subscriptions/quote': { plan_id: 'constructor', infrastructure_type: 'self-hosted', subscription_type: 'SUBSCRIPTION_MONTH', country: 'DE', vatNumber: 'DE136695976' },
    '/subscriptions/findAll': { page: 1 },
    '/subscriptions/findAllByToken': { page: 1 },
    '/subscriptions/findOne': { id: c.subscriptionId },
    '/subscriptions/update': { id: c.subscriptionId, name: 'Renamed' },
    '/subscriptions/remove': { id: 'no-such-subscription' },
    '/subscriptions/revise': { ...ref, preview: true },
    '/subscriptions/createOrder': { id: c.subscriptionId },
    '/subscriptions/createPaymentMethodOrder': { id: c.subscriptionId },
    '/subscriptions/captureOrder': { ...ref, paypalOrderID: 'ORDER-X' },
    '/subscriptions/captureChangePaymentMethod': { ...ref, paypalOrderID: 'ORDER-X' },
    '/subscriptions/startTrial': { id: c.subscriptionId },
    '/subscriptions/cancelAll': { user_id: c.ownerId, reason: 'test' },
    '/subscriptions/cancel': { id: c.subscriptionId },
    '/subscriptions/history': { id: c.subscriptionId },
    '/subscriptions/cancelAtPeriodEnd': { id: c.subscriptionId, undo: true },
    '/subscriptions/walletSetup': { id: c.subscriptionId },
    '/subscriptions/walletSave': { id: c.subscriptionId, setupTokenId: 'ST-NOT-STARTED' },
    '/subscriptions/pause': { id: 'no-such-subscription' },
    '/subscriptions/resume': { id: 'no-such-subscription' },
    '/subscriptions/cancelNow': { id: 'no-such-subscription', refund: false },
    '/subscriptions/cancelNowPreview': { id: c.subscriptionId },
    '/subscriptions/amountToPay': { id: c.subscriptionId },
    '/subscriptions/actions': { id: c.subscriptionId },
    '/admin/overview': {},
    '/admin/clock/advance': { days: 0 },
    '/admin/demo/declineWallet': { id: c.subscriptionId, charges: 1 },
    '/subscriptions/grantComplimentary': { id: 'no-such-subscription', reason: 'a partner' },
    '/admin/billing-policy': {},
    '/admin/billing-policy/set': { policy: { retryDays: [1, 3, 5, 7], graceDays: 7, cancelAfterDays: 14 } },
    '/licence/verify': { licence: 'not a licence file' },
    '/admin/entry/create': { entry_type: 'TEMPLATE', template: [{ property_i18n: 'name', defaultValue: 'Awesome template', dataType: 'STRING', formEntityType: 'TEXT' }] },
    '/admin/entry/update': { _id: c.entryId, entry_type: 'MATERIAL', url: '/how-to-use', template: [{ property_i18n: 'title', defaultValue: 'Hi', dataType: 'STRING', formEntityType: 'TEXT' }] },
    '/admin/entry/getAll': { entry_type: 'TEMPLATE' },
    '/admin/entry/getOne': { _id: c.entryId, entry_type: 'MATERIAL' },
    '/admin/entry/remove': { _id: 'no-such-entry' },
    '/admin/entry/getEntriesByURL': { url: '/how-to-use' },
    // The site's copy (the harness's catalogue: test/site-fixture.ts): saved, published, then reverted, in this order.
    '/admin/content/pages': { locale: 'en' },
    '/admin/content/page': { url: '/how-to-use', locale: 'ru' },
    '/admin/content/saveSection': { url: '/how-to-use', locale: 'en', section: 'sections/connect', texts: { title: '3. Connect your encoder over SRT' } },
    '/admin/content/publishSection': { url: '/how-to-use', locale: 'en', section: 'sections/connect' },
    '/admin/content/revertSection': { url: '/how-to-use', locale: 'en', section: 'sections/connect' },
    '/admin/files/remove': { _id: 'no-such-file' },
    '/admin/files/getAll': { page: 1 },
    '/users/history': { id: c.userId },
    '/users/erase': { id: 'no-such-user', reason: 'test' },
    '/invoices/findOne': { number: 'INV-999999' },
    '/creditNotes/findOne': { number: 'CN-999999' },
    // GB980780684: the UK's mod-97 check (weights 8…2 over 9,8,0,7,8,0,6 sum to 207; 207 + 84 = 291 = 3 × 97).
    '/billingDetails/update': { name: 'Owner Streaming Ltd', address: '1 Harbour Road\nBristol BS1 4DJ', country: 'GB', vatNumber: 'GB980780684' },
    '/subscriptions/refund': { id: 'no-such-subscription', captureId: 'CAPTURE-X' },
    '/finance/replay': {},
    '/finance/verify': {},
    '/finance/overview': {},
    '/finance/recognition': {},
    '/finance/trialBalance': { asOf: '2026-03-31', book: 'real', currency: 'USD' },
    '/finance/ledger': { from: '2026-03-01', to: '2026-03-31', book: 'real', currency: 'USD', subscriptionId: c.subscriptionId, page: 1, pageSize: 20 },
    '/finance/tax/oss': { quarter: '2026-Q1', book: 'real' },
    // E-mail (routes/mail.ts): a well-formed token that is not a genuine link (400 naming token for anyone).
    '/auth/verifyEmail': { token: 'eyJ1aWQiOiJub2JvZHkifQ.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    '/auth/local/resendVerification': {},
    '/auth/local/requestPasswordReset': { email: 'nobody@example.com' },
    '/auth/local/resetPassword': { token: 'eyJ1aWQiOiJub2JvZHkifQ.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA', password: 'violet tractor umbrella 42' },
    '/auth/profile/emailPreferences': { reminders: false },
    '/admin/users/sendPasswordReset': { id: c.userId },
    '/admin/mail/messages': { page: 1, pageSize: 5 },
    '/admin/mail/message': { key: 'no-such-event/verify-email' },
    '/admin/mail/resend': { key: 'no-such-event/verify-email' },
    '/admin/mail/status': {},
  };
  return bodies[path] ?? {};
}
