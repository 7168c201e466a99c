import { Type } from '@sinclair/typebox';
import { saveWalletFromSetup, startWalletSetup } from '@relaycast/billing-core';
import { Id } from '@relaycast/contracts';
import { SubscriptionView, WalletSetupView } from '@relaycast/contracts';
import { defineRoute } from '../http/route.js';
import { answerWith, visibleSubscription } from './subscription-access.js';

/** The saved PayPal account renewals are charged to: set up (or replaced) without a payment. */
export const walletRoutes = [
  defineRoute({
    path: '/subscriptions/walletSetup',
    answer: WalletSetupView,
    errors: ['NOT_FOUND', 'CONFLICT', 'PAYMENT_PROVIDER_FAILED', 'PAYMENT_REFUSED'],
    access: 'customer',
    tag: 'Payments',
    summary: 'Start saving (or replacing) the PayPal account renewals are charged to, without a payment: answers the PayPal setup token and where the buyer approves it',
    body: Type.Object({ id: Id }, { additionalProperties: false }),
    async handle({ body, rt, user, meta }) {
      const view = await visibleSubscription(rt, user, body.id);
      return { data: await startWalletSetup(rt.paymentDeps, view._id, meta()) };
    },
  }),
  defineRoute({
    path: '/subscriptions/walletSave',
    answer: SubscriptionView,
    errors: ['NOT_FOUND', 'CONFLICT', 'PAYMENT_PROVIDER_FAILED', 'PAYMENT_REFUSED'],
    access: 'customer',
    tag: 'Payments',
    summary: 'After the buyer approved the setup token at PayPal: save that PayPal account for renewals (replacing the saved one). No charge.',
    body: Type.Object({ id: Id, setupTokenId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9-]+$' }) }, { additionalProperties: false }),
    async handle({ body, rt, user, meta }) {
      const view = await visibleSubscription(rt, user, body.id);
      const saved = await saveWalletFromSetup(rt.paymentDeps, { subscriptionId: view._id, setupTokenId: body.setupTokenId }, meta());
      return answerWith(rt, view._id, saved.consistent);
    },
  }),
];
