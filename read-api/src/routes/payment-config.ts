import { CURRENCY, PaymentConfigView } from '@relaycast/contracts';
import { defineRoute } from '../http/route.js';

/**
 * What the browser needs to show PayPal's buttons: the public client id, where the PayPal JS SDK is loaded from
 * (PAYPAL_SDK_URL; the tests point it at the stand-in's copy) and the currency. Public: nothing here is secret.
 * `mode` is PAYMENTS: with `demo` the buttons are the built-in sandbox's (no money moves) and every page says so.
 */
export const paymentConfigRoutes = [
  defineRoute({
    path: '/payments/config',
    answer: PaymentConfigView,
    storeless: true,
    query: true,
    access: 'public',
    tag: 'Payments',
    summary: 'PayPal JS SDK settings for the browser: { configured, clientId, sdkUrl, currency, environment, mode } (mode: paypal, demo — the built-in sandbox, no money moves — or off)',
    async handle({ rt }) {
      const { clientId, sdkUrl, environment } = rt.config.paypal;
      return { data: { configured: rt.payments.configured, clientId, sdkUrl, currency: CURRENCY, environment, mode: rt.config.payments } };
    },
  }),
];
