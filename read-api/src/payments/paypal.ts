import {
  CheckoutPaymentIntent,
  Client,
  Environment,
  OrdersController,
  PaymentsController,
  PaypalExperienceUserAction,
  PaypalPaymentTokenUsageType,
  StoreInVaultInstruction,
  VaultController,
  VaultTokenRequestType,
  PaypalWalletContextShippingPreference,
  type Order,
} from '@paypal/paypal-server-sdk';
import { AppError, centsToDecimal, decimalToCents, isCountryCode, PaymentProviderError, type CountryCode } from '@relaycast/contracts';
import { type CaptureDetails, type CaptureInfo, type OrderBasics, type OrderInfo, type PaymentGateway, type WebhookHeaders } from '@relaycast/billing-core';
import { PAYPAL_MESSAGES, issueOf, toAppError, transportFailure, type PayPalIssue } from './paypal-errors.js';

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
    getCapture: refuse,
    refundCapture: refuse,
    chargeSavedWallet: refuse,
    createWalletSetup: refuse,
    saveWallet: refuse,
    verifyWebhookSignature: async () => false,
  };
}

type RequestBuilderFactory = ReturnType<Client['getRequestBuilderFactory']>;

/** `https://api-m.paypal.com/v2/checkout/orders?x` → `${base}/v2/checkout/orders?x` (base may carry a path prefix). */
export function rewriteOrigin(url: string, base: string): string {
  const from = new URL(url);
  const to = new URL(base);
  return `${to.origin}${to.pathname.replace(/\/$/, '')}${from.pathname}${from.search}`;
}

/**
 * The SDK knows only PayPal's sandbox and live hosts. With PAYPAL_BASE_URL, every request builder it makes (the
 * controllers' and the OAuth token call's alike) gets an interceptor that moves the request to that origin. The
 * base comes in through a closure because the SDK asks for the factory inside Client's own constructor.
 */
function clientFor(baseUrl: string | null): typeof Client {
  if (!baseUrl) return Client;
  return class RedirectedClient extends Client {
    override getRequestBuilderFactory(): RequestBuilderFactory {
      const factory = super.getRequestBuilderFactory();
      return (method, path) => {
        const builder = factory(method, path);
        builder.interceptRequest((request) => ({ ...request, url: rewriteOrigin(request.url, baseUrl) }));
        return builder;
      };
    }
  };
}

const money = (cents: number, currency: string) => ({ currencyCode: currency, value: centsToDecimal(cents) });

/** An order's amount, with its breakdown (item total, tax total, credit as a discount) when a tax was decided. */
function amountOf(order: OrderBasics) {
  const b = order.breakdown;
  if (!b) return money(order.amountCents, order.currency);
  return {
    ...money(order.amountCents, order.currency),
    breakdown: {
      itemTotal: money(b.itemTotalCents, order.currency),
      taxTotal: money(b.taxTotalCents, order.currency),
      ...(b.discountCents ? { discount: money(b.discountCents, order.currency) } : {}),
    },
  };
}

function captureOf(order: Order): CaptureInfo | null {
  const captures = order.purchaseUnits?.flatMap((u) => u.payments?.captures ?? []) ?? [];
  // One capture per order (intent CAPTURE); the last is the one that counts.
  const c = captures[captures.length - 1];
  if (!c?.id || !c.amount) return null;
  return { captureId: c.id, status: c.status ?? 'UNKNOWN', amountCents: decimalToCents(c.amount.value), currency: c.amount.currencyCode };
}

const approveUrlOf = (order: Pick<Order, 'links'>) => order.links?.find((l) => l.rel === 'payer-action' || l.rel === 'approve')?.href ?? null;

/**
 * The country of the PayPal account that approved the order: `payer.address.country_code` (Orders v2), else the
 * wallet's own address (`payment_source.paypal.address`). Only an ISO 3166-1 code is taken as evidence.
 */
function payerCountryOf(order: Order): CountryCode | null {
  const code = order.payer?.address?.countryCode ?? order.paymentSource?.paypal?.address?.countryCode;
  return code && isCountryCode(code) ? code : null;
}

function orderInfo(order: Order): OrderInfo {
  const unit = order.purchaseUnits?.[0];
  if (!order.id) throw new PaymentProviderError('PayPal answered without an order id', true);
  return {
    id: order.id,
    status: order.status ?? 'UNKNOWN',
    intent: order.intent ?? 'UNKNOWN',
    amountCents: unit?.amount ? decimalToCents(unit.amount.value) : 0,
    currency: unit?.amount?.currencyCode ?? '',
    customId: unit?.customId ?? null,
    payerId: order.payer?.payerId ?? null,
    payerCountry: payerCountryOf(order),
    approveUrl: approveUrlOf(order),
    capture: captureOf(order),
    vault: vaultOf(order),
  };
}

function vaultOf(order: Order): OrderInfo['vault'] {
  const wallet = order.paymentSource?.paypal;
  const vault = wallet?.attributes?.vault;
  if (!vault?.id) return null;
  return { id: vault.id, status: vault.status ?? 'UNKNOWN', payerEmail: wallet?.emailAddress ?? null };
}

const WEBHOOK_HEADERS = {
  auth_algo: 'paypal-auth-algo',
  cert_url: 'paypal-cert-url',
  transmission_id: 'paypal-transmission-id',
  transmission_sig: 'paypal-transmission-sig',
  transmission_time: 'paypal-transmission-time',
} as const;

/**
 * The PaymentGateway over @paypal/paypal-server-sdk (Orders v2, Payments v2) plus PayPal's webhook verification,
 * which the SDK does not cover and which we call through the SDK's own request builder (same origin rewrite,
 * OAuth token, timeout and error handling).
 */
/** What the adapter needs (config.ts reads it from PAYPAL_*; with demo payments it names the built-in sandbox). */
export interface PayPalSettings {
  clientId: string | null;
  /** With demo payments, null in the configuration: the runtime derives it from the session secret (payments/demo). */
  clientSecret: string | null;
  environment: 'sandbox' | 'live';
  baseUrl: string | null;
  webhookId: string | null;
  timeoutMs: number;
  sdkUrl: string;
}

export function createPayPalGateway(config: PayPalSettings): PaymentGateway {
  const { clientId, clientSecret } = config;
  if (!clientId || !clientSecret) return unconfiguredGateway();

  const build = () => {
    const SdkClient = clientFor(config.baseUrl);
    const client = new SdkClient({
      clientCredentialsAuthCredentials: { oAuthClientId: clientId, oAuthClientSecret: clientSecret },
      environment: config.environment === 'live' ? Environment.Production : Environment.Sandbox,
      timeout: config.timeoutMs,
      // No SDK retries: a retry is the customer's or PayPal's (webhooks), and PayPal-Request-Id makes it safe.
      httpClientOptions: { timeout: config.timeoutMs, retryConfig: { maxNumberOfRetries: 0 } },
    });
    return { client, orders: new OrdersController(client), payments: new PaymentsController(client), vault: new VaultController(client) };
  };
  let sdk = build();

  /**
   * Runs one PayPal call and maps its failure. After a transport failure or a 5xx the SDK client is replaced:
   * the SDK keeps the promise of its OAuth token, so one failed token request would otherwise fail every later
   * call of that client.
   */
  async function call<T>(action: string, run: (s: typeof sdk) => Promise<T>, recover?: (issue: PayPalIssue) => Promise<T> | null): Promise<T> {
    const current = sdk;
    try {
      return await run(current);
    } catch (error) {
      const issue = issueOf(error);
      const recovered = issue && recover?.(issue);
      if (recovered) return recovered;
      if (transportFailure(error) || !issue || issue.status >= 500 || issue.status === 401) {
        if (sdk === current) sdk = build();
      }
      throw toAppError(error, action);
    }
  }

  async function getOrder(orderId: string): Promise<OrderInfo> {
    const { result } = await call('show the order', (s) => s.orders.getOrder({ id: orderId }));
    return orderInfo(result);
  }

  return {
    configured: true,
    clientId,
    async createOrder(request) {
      const { result } = await call('create the order', (s) =>
        s.orders.createOrder({
          body: {
            intent: request.intent === 'CAPTURE' ? CheckoutPaymentIntent.Capture : CheckoutPaymentIntent.Authorize,
            purchaseUnits: [
              {
                referenceId: request.subscriptionId,
                amount: amountOf(request),
                customId: request.billingReference,
                description: request.description.slice(0, 127),
              },
            ],
            paymentSource: {
              paypal: {
                experienceContext: {
                  returnUrl: request.returnUrl,
                  cancelUrl: request.cancelUrl,
                  userAction: PaypalExperienceUserAction.PayNow,
                  shippingPreference: PaypalWalletContextShippingPreference.NoShipping,
                },
                // Save the wallet for renewals without the buyer, once this payment succeeds.
                ...(request.saveWallet ? { attributes: { vault: { storeInVault: StoreInVaultInstruction.OnSuccess, usageType: PaypalPaymentTokenUsageType.Merchant } } } : {}),
              },
            },
          },
          paypalRequestId: request.requestId,
          prefer: 'return=representation',
        }),
      );
      if (!result.id) throw new PaymentProviderError('PayPal answered without an order id', true);
      return { orderId: result.id, status: result.status ?? 'CREATED', approveUrl: approveUrlOf(result) };
    },
    getOrder,
    async captureOrder(orderId, requestId) {
      return call(
        'capture the payment',
        async (s) => orderInfo((await s.orders.captureOrder({ id: orderId, paypalRequestId: requestId, prefer: 'return=representation' })).result),
        // Captured before (with another request id, or after PayPal forgot ours): the order shows that capture.
        (issue) => (issue.issue === 'ORDER_ALREADY_CAPTURED' ? getOrder(orderId) : null),
      );
    },
    async verifyFundingSource(orderId, requestId) {
      const { result } = await call('authorize the payment method', (s) => s.orders.authorizeOrder({ id: orderId, paypalRequestId: requestId, prefer: 'return=representation' }));
      const authorization = result.purchaseUnits?.flatMap((u) => u.payments?.authorizations ?? [])[0];
      if (!authorization?.id) throw new PaymentProviderError('PayPal authorized the order without an authorization id', true);
      if (authorization.status !== 'CREATED' && authorization.status !== 'PENDING') {
        throw new AppError('PAYMENT_DECLINED', PAYPAL_MESSAGES.declined);
      }
      await call('release the authorization', (s) => s.payments.voidPayment({ authorizationId: authorization.id!, paypalRequestId: `void-${authorization.id}` }));
      // The wallet PayPal saved with this authorization (asked for with the order): it replaces the one renewals charge.
      return { authorizationId: authorization.id, status: 'VOIDED', vault: vaultOf(result) };
    },
    async getCapture(captureId): Promise<CaptureDetails> {
      const { result } = await call('show the capture', (s) => s.payments.getCapturedPayment({ captureId }));
      if (!result.id || !result.amount) throw new PaymentProviderError('PayPal answered without the capture', true);
      return {
        captureId: result.id,
        status: result.status ?? 'UNKNOWN',
        amountCents: decimalToCents(result.amount.value),
        currency: result.amount.currencyCode,
        customId: result.customId ?? null,
        orderId: result.supplementaryData?.relatedIds?.orderId ?? null,
      };
    },
    async refundCapture(captureId, amount, requestId) {
      const { result } = await call('refund the payment', (s) =>
        s.payments.refundCapturedPayment({
          captureId,
          paypalRequestId: requestId,
          prefer: 'return=representation',
          body: { amount: money(amount.amountCents, amount.currency) },
        }),
      );
      if (!result.id) throw new PaymentProviderError('PayPal answered without a refund id', true);
      return {
        refundId: result.id,
        status: result.status ?? 'UNKNOWN',
        amountCents: result.amount ? decimalToCents(result.amount.value) : amount.amountCents,
        currency: result.amount?.currencyCode ?? amount.currency,
      };
    },
    async chargeSavedWallet(charge) {
      const { result } = await call('charge the saved PayPal account', (s) =>
        s.orders.createOrder({
          body: {
            intent: CheckoutPaymentIntent.Capture,
            purchaseUnits: [
              {
                referenceId: charge.subscriptionId,
                amount: amountOf(charge),
                customId: charge.billingReference,
                description: charge.description.slice(0, 127),
              },
            ],
            paymentSource: { paypal: { vaultId: charge.vaultId } },
          },
          paypalRequestId: charge.requestId,
          prefer: 'return=representation',
        }),
      );
      const info = orderInfo(result);
      if (info.capture && info.capture.status === 'DECLINED') throw new AppError('PAYMENT_DECLINED', PAYPAL_MESSAGES.declined);
      return info;
    },
    async createWalletSetup(request) {
      const { result } = await call('set up the saved PayPal account', (s) =>
        s.vault.createSetupToken({
          body: {
            paymentSource: {
              paypal: {
                usageType: PaypalPaymentTokenUsageType.Merchant,
                experienceContext: { returnUrl: request.returnUrl, cancelUrl: request.cancelUrl },
              },
            },
          },
          paypalRequestId: request.requestId,
        }),
      );
      if (!result.id) throw new PaymentProviderError('PayPal answered without a setup token id', true);
      return { setupTokenId: result.id, approveUrl: approveUrlOf(result) };
    },
    async saveWallet(setupTokenId, requestId) {
      const { result } = await call('save the PayPal account', (s) =>
        s.vault.createPaymentToken({ body: { paymentSource: { token: { id: setupTokenId, type: VaultTokenRequestType.SetupToken } } }, paypalRequestId: requestId }),
      );
      if (!result.id) throw new PaymentProviderError('PayPal answered without a payment token id', true);
      return { vaultId: result.id, payerEmail: result.paymentSource?.paypal?.emailAddress ?? null };
    },
    async verifyWebhookSignature(headers: WebhookHeaders, rawBody: string) {
      if (!config.webhookId) return false;
      const fields: Record<string, string> = {};
      for (const [field, header] of Object.entries(WEBHOOK_HEADERS)) {
        const value = headers[header];
        if (!value) return false;
        fields[field] = value;
      }
      // The event goes back exactly as PayPal sent it: re-serialising could change what was signed.
      const body = `{${Object.entries({ ...fields, webhook_id: config.webhookId })
        .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`)
        .join(',')},"webhook_event":${rawBody}}`;
      const response = await call('verify the webhook', (s) => {
        const request = s.client.getRequestBuilderFactory()('POST', '/v1/notifications/verify-webhook-signature');
        request.header('Content-Type', 'application/json');
        request.text(body);
        request.authenticate([{ oauth2: true }]);
        return request.callAsText();
      });
      const answer = JSON.parse(response.result) as { verification_status?: string };
      return answer.verification_status === 'SUCCESS';
    },
  };
}
