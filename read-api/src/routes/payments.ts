import { Type } from '@sinclair/typebox';
import { amountToPayOf, captureOrder, changePaymentMethod, createPaymentMethodOrder, payDue, refundCapture, type CaptureOutcome } from '@relaycast/billing-core';
import { AmountToPayView, AppError, CaptureChangePaymentMethod, CaptureOrder, Cents, Id, IdBody, OPEN_FORM, PriceMismatchError, ValidationError } from '@relaycast/contracts';
import { CreditedMeta, OrderView, PaidFromCreditMeta, PaymentMethodOrderView, SubscriptionView } from '@relaycast/contracts';
import { defineRoute, type Answer } from '../http/route.js';
import type { Runtime } from '../runtime.js';
import { answerWith, resolveSubscription, visibleSubscription } from './subscription-access.js';

const PENDING_MESSAGE = 'PayPal is still reviewing this payment; the subscription goes live as soon as PayPal completes it';
const CREDITED_MESSAGE = 'PayPal took this payment after the subscription changed, so it is kept as account credit towards what is due now';

/** What a capture answers: the subscription; 202 while PayPal holds it; 422 or 402 when it was refused. */
async function captureAnswer(rt: Runtime, id: string, result: CaptureOutcome): Promise<Answer> {
  switch (result.outcome) {
    case 'captured':
      return answerWith(rt, id, result.consistent);
    case 'credited':
      return answerWith(rt, id, result.consistent, 200, { credited: true, amount: result.amount, message: CREDITED_MESSAGE });
    case 'pending':
      return { data: await rt.readSide.queries.getSubscription(id), status: 202, meta: { pending: true, message: PENDING_MESSAGE } };
    case 'mismatch':
      throw new PriceMismatchError(result.rejected.expectedAmount, result.rejected.receivedAmount, result.rejected.reason === 'CURRENCY_MISMATCH' ? 'captured currency' : 'captured amount');
    case 'declined':
      throw new AppError('PAYMENT_DECLINED', `PayPal did not complete the payment (${result.rejected.providerStatus ?? 'not completed'}); nothing was charged. Try again or choose another funding source in PayPal.`);
  }
}

/** The payment calls: each validates, finds the caller's subscription, runs one billing-core workflow, answers. */
export const paymentRoutes = [
  defineRoute({
    path: '/subscriptions/createOrder',
    answer: Type.Union([OrderView, SubscriptionView]),
    answerMeta: Type.Optional(PaidFromCreditMeta),
    errors: ['NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION', 'PAYMENT_IN_PROGRESS', 'PAYMENT_PROVIDER_FAILED', 'PAYMENT_REFUSED'],
    access: 'customer',
    tag: 'Payments',
    summary:
      'Create (or hand out again) the PayPal order for what is due now: the first period, a renewal, or the balance of a pending change. Priced from the event store, never from the browser.',
    body: Type.Object({ id: Id, saveWallet: Type.Optional(Type.Boolean()) }, OPEN_FORM),
    async handle({ body, rt, user, meta }) {
      const view = await visibleSubscription(rt, user, body.id);
      // PayPal shows the buyer the order's description: in the language of their account pages.
      const started = await payDue(rt.paymentDeps, view._id, meta(), { saveWallet: body.saveWallet === true, ...(user?.language ? { language: user.language } : {}) });
      if (started.kind === 'paid-from-credit') return answerWith(rt, view._id, started.consistent, 200, { paidFromCredit: true });
      return { data: started.order, ...(started.consistent ? {} : { meta: { consistent: false } }) };
    },
  }),
  defineRoute({
    path: '/subscriptions/captureOrder',
    answer: SubscriptionView,
    answerMeta: Type.Optional(CreditedMeta),
    errors: ['NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION', 'PAYMENT_IN_PROGRESS', 'TAX_COUNTRY_CONFLICT', 'PRICE_MISMATCH', 'PAYMENT_DECLINED', 'PAYMENT_PROVIDER_FAILED', 'PAYMENT_REFUSED'],
    access: 'customer',
    tag: 'Payments',
    summary:
      'Capture an approved PayPal order of this subscription and record it: it grants exactly what the order was for; idempotent by PayPal order id. When the billing country and the PayPal account’s country disagree, nothing is captured (409 TAX_COUNTRY_CONFLICT, naming both) until the customer confirms the billing country (`confirmCountry`) or changes their billing details (a new order follows, at the new tax).',
    body: CaptureOrder,
    async handle({ body, rt, user, meta }) {
      const view = await resolveSubscription(rt, user, body);
      const input = { subscriptionId: view._id, paypalOrderID: body.paypalOrderID, paypalSubscriptionID: body.paypalSubscriptionID, ...(body.confirmCountry ? { confirmCountry: body.confirmCountry } : {}) };
      return captureAnswer(rt, view._id, await captureOrder(rt.paymentDeps, input, meta()));
    },
  }),
  defineRoute({
    path: '/subscriptions/amountToPay',
    answer: AmountToPayView,
    errors: ['NOT_FOUND'],
    query: true,
    access: 'customerOrFinance',
    tag: 'Payments',
    summary:
      'What paying now asks of PayPal, tax included: what is due (a period or a pending change’s balance), net, its tax lines from the customer’s billing details, the total, the account credit used and `toPay` — the amount every pay button says. Decided from the event store as createOrder decides it; nothing is recorded.',
    body: IdBody,
    async handle({ body, rt, user }) {
      const view = await visibleSubscription(rt, user, body.id, 'read');
      return { data: await amountToPayOf(rt.paymentDeps, view._id, rt.clock.now()) };
    },
  }),
  defineRoute({
    path: '/subscriptions/captureChangePaymentMethod',
    answer: SubscriptionView,
    errors: ['NOT_FOUND', 'CONFLICT', 'PAYMENT_PROVIDER_FAILED', 'PAYMENT_REFUSED'],
    access: 'customer',
    tag: 'Payments',
    summary: 'Switch to another PayPal funding source: the approved order (intent AUTHORIZE) is authorized and voided at once (no charge) and recorded',
    body: CaptureChangePaymentMethod,
    async handle({ body, rt, user, meta }) {
      const view = await resolveSubscription(rt, user, body);
      const input = { subscriptionId: view._id, paypalOrderID: body.paypalOrderID, paypalSubscriptionID: body.paypalSubscriptionID, quantity: body.quantity };
      return answerWith(rt, view._id, (await changePaymentMethod(rt.paymentDeps, input, meta())).consistent);
    },
  }),
  defineRoute({
    path: '/subscriptions/createPaymentMethodOrder',
    answer: PaymentMethodOrderView,
    errors: ['NOT_FOUND', 'CONFLICT', 'PAYMENT_PROVIDER_FAILED', 'PAYMENT_REFUSED'],
    access: 'customer',
    tag: 'Payments',
    summary: 'Create the PayPal order (intent AUTHORIZE, never captured) a customer approves to switch funding source',
    body: Type.Object({ id: Id }, OPEN_FORM),
    async handle({ body, rt, user, meta }) {
      const view = await visibleSubscription(rt, user, body.id);
      return { data: await createPaymentMethodOrder(rt.paymentDeps, view._id, meta()) };
    },
  }),
  defineRoute({
    path: '/subscriptions/refund',
    answer: SubscriptionView,
    errors: ['NOT_FOUND', 'CONFLICT', 'INVALID_TRANSITION', 'PAYMENT_IN_PROGRESS', 'PAYMENT_PROVIDER_FAILED', 'PAYMENT_REFUSED'],
    access: 'admin',
    tag: 'Payments',
    summary: 'Refund a capture through PayPal (all of what remains, or `amount` cents). A full refund of paid time still running ends it now; a partial one is a credit note.',
    body: Type.Object({ id: Id, captureId: Id, amount: Type.Optional(Type.Intersect([Cents, Type.Integer({ minimum: 1 })])) }),
    async handle({ body, rt, user, meta }) {
      const view = await visibleSubscription(rt, user, body.id);
      const result = await refundCapture(rt.paymentDeps, { subscriptionId: view._id, captureId: body.captureId, ...(body.amount !== undefined ? { amount: body.amount } : {}) }, meta());
      return answerWith(rt, view._id, result.consistent ?? true);
    },
  }),
];
