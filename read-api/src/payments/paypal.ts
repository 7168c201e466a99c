import { PaymentProviderError } from '@relaycast/contracts';
import type { Config } from '../config.js';
import type { PaymentGateway } from './gateway.js';

/** Without credentials nothing can be charged: every call says so clearly, and purchases that need money stop there. */
function unconfiguredGateway(): PaymentGateway {
  const refuse = async (): Promise<never> => {
    throw new PaymentProviderError('Payments are not configured on this server (set PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET)', false);
  };
  return {
    configured: false,
    clientId: null,
    createOrder: refuse,
    getOrder: refuse,
    captureOrder: refuse,
    verifyFundingSource: refuse,
    verifyWebhookSignature: async () => false,
  };
}

export function createPayPalGateway(config: Config['paypal']): PaymentGateway {
  if (!config.clientId || !config.clientSecret) return unconfiguredGateway();
  throw new Error('PayPal gateway: not implemented yet');
}
