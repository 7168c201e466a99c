import { createHmac } from 'node:crypto';

/** Where the app serves the demo PayPal sandbox (PAYMENTS=demo): PAYPAL_BASE_URL is PUBLIC_URL + this. */
export const DEMO_PAYPAL_PATH = '/demo-paypal';
/** The client id the demo adapter and the demo JS SDK use (public, as any PayPal client id). */
export const DEMO_CLIENT_ID = 'relaycast-demo-payments';
/** The webhook id the adapter sends to the sandbox's verify call. */
export const DEMO_WEBHOOK_ID = 'WH-RELAYCAST-DEMO';

/** The demo adapter's client secret: derived from the session secret, so only this installation's processes know it. */
export function demoClientSecret(sessionSecret: string): string {
  return createHmac('sha256', sessionSecret).update('relaycast demo-paypal client secret').digest('base64url');
}
