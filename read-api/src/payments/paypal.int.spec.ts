import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { httpStatusOf } from '../http/errors.js';
import { AppError, PaymentProviderError } from '@relaycast/contracts';
import { STANDIN_CLIENT_ID, STANDIN_CLIENT_SECRET, STANDIN_WEBHOOK_ID, startPayPalStandIn, type PayPalStandIn } from '../../test/paypal-standin/server.js';
import type { Config } from '../config.js';
import { createPayPalGateway, rewriteOrigin } from './paypal.js';
import type { OrderRequest, PaymentGateway } from '@relaycast/billing-core';

/** The error a gateway call failed with, and the HTTP status the API answers it with. */
async function caught(promise: Promise<unknown>): Promise<{ code: string; status: number; message: string; details?: unknown; retryable?: boolean }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) {
      const retryable = error instanceof PaymentProviderError ? { retryable: error.retryable } : {};
      return { code: error.code, status: httpStatusOf(error.code), message: error.message, details: error.details, ...retryable };
    }
    throw error;
  }
  throw new Error('expected a failure');
}

/** The PayPal adapter alone: the real SDK against the stand-in, without the app around it. */
describe('PayPal gateway (@paypal/paypal-server-sdk against the stand-in)', () => {
  let paypal: PayPalStandIn;
  const config = (overrides: Partial<Config['paypal']> = {}): Config['paypal'] => ({
    clientId: STANDIN_CLIENT_ID,
    clientSecret: STANDIN_CLIENT_SECRET,
    environment: 'sandbox',
    baseUrl: paypal.url,
    webhookId: STANDIN_WEBHOOK_ID,
    timeoutMs: 2000,
    sdkUrl: `${paypal.url}/sdk/js`,
    ...overrides,
  });
  let n = 0;
  const request = (overrides: Partial<OrderRequest> = {}): OrderRequest => ({
    subscriptionId: 'sub-1',
    billingReference: 'RCS-TEST',
    amountCents: 1234,
    currency: 'USD',
    description: 'Subscription: licence period',
    requestId: `order-${++n}`,
    intent: 'CAPTURE',
    returnUrl: 'http://127.0.0.1/return',
    cancelUrl: 'http://127.0.0.1/cancel',
    ...overrides,
  });

  before(async () => {
    paypal = await startPayPalStandIn();
  });
  afterEach(() => paypal.reset());
  after(async () => paypal.close());

  it('rewrites every request to PAYPAL_BASE_URL, keeping path and query (a path prefix too)', () => {
    expect(rewriteOrigin('https://api-m.paypal.com/v2/checkout/orders/X?fields=payment_source', 'http://127.0.0.1:9')).to.equal('http://127.0.0.1:9/v2/checkout/orders/X?fields=payment_source');
    expect(rewriteOrigin('https://api-m.sandbox.paypal.com/v1/oauth2/token', 'http://127.0.0.1:9/paypal/')).to.equal('http://127.0.0.1:9/paypal/v1/oauth2/token');
  });

  it('gets its OAuth token from the stand-in too, and sends amounts as PayPal decimal strings with our custom_id', async () => {
    const gateway = createPayPalGateway(config());
    const before = paypal.requests.length;
    const order = await gateway.createOrder(request());
    expect(paypal.requests.slice(before).map((r) => r.path)).to.deep.equal(['/v1/oauth2/token', '/v2/checkout/orders']);
    expect(paypal.orders.get(order.orderId)).to.deep.include({ amount: { currency_code: 'USD', value: '12.34' }, custom_id: 'RCS-TEST', reference_id: 'sub-1', return_url: 'http://127.0.0.1/return' });
    expect(order.approveUrl).to.equal(`${paypal.url}/checkoutnow?token=${order.orderId}`);
    const info = await gateway.getOrder(order.orderId);
    expect(info).to.include({ id: order.orderId, status: 'CREATED', intent: 'CAPTURE', amountCents: 1234, currency: 'USD', customId: 'RCS-TEST', capture: null });
  });

  it('recovers after PayPal’s token endpoint failed once (the SDK alone would keep the failed token for good)', async () => {
    const gateway = createPayPalGateway(config());
    paypal.failNext(1, /^\/v1\/oauth2\/token$/);
    const failed = await caught(gateway.createOrder(request()));
    expect(failed).to.include({ status: 502, code: 'PAYMENT_PROVIDER_FAILED' });
    const order = await gateway.createOrder(request());
    expect(order.status).to.equal('CREATED');
  });

  it('maps PayPal’s refusals: unknown order 404, not approved 409, wrong credentials 502 (ours, not retryable)', async () => {
    const gateway = createPayPalGateway(config());
    expect(await caught(gateway.getOrder('NO-SUCH-ORDER'))).to.include({ status: 404, code: 'NOT_FOUND' });
    const order = await gateway.createOrder(request());
    const early = await caught(gateway.captureOrder(order.orderId, `capture-${order.orderId}`));
    expect(early).to.include({ status: 409 });
    expect(early.message).to.match(/not been approved/);
    const wrong = await caught(createPayPalGateway(config({ clientSecret: 'wrong' })).getOrder(order.orderId));
    expect(wrong).to.include({ status: 502, retryable: false });
    expect(wrong.message).to.match(/refused our credentials/);
  });

  it('a capture repeated with the same PayPal-Request-Id, or another, returns the one capture (ORDER_ALREADY_CAPTURED → the order)', async () => {
    const gateway = createPayPalGateway(config());
    const order = await gateway.createOrder(request());
    paypal.approve(order.orderId);
    const first = await gateway.captureOrder(order.orderId, 'capture-a');
    const same = await gateway.captureOrder(order.orderId, 'capture-a');
    const other = await gateway.captureOrder(order.orderId, 'capture-b');
    expect(first.capture).to.include({ status: 'COMPLETED', amountCents: 1234, currency: 'USD' });
    expect(same.capture).to.deep.equal(first.capture);
    expect(other.capture).to.deep.equal(first.capture);
    expect(paypal.captureCount(order.orderId)).to.equal(1);
    const details = await gateway.getCapture(first.capture!.captureId);
    expect(details).to.include({ customId: 'RCS-TEST', orderId: order.orderId, amountCents: 1234 });
  });

  it('a PayPal that cannot be reached is 502 “nothing was charged”; one too slow is 502 “try again, never charged twice”', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = await caught(createPayPalGateway(config({ baseUrl: `http://127.0.0.1:${port}` })).getOrder('X'));
    expect(unreachable).to.include({ status: 502 });
    expect(unreachable.message).to.match(/could not be reached; nothing was charged/);

    const gateway = createPayPalGateway(config({ timeoutMs: 1000 }));
    const order = await gateway.createOrder(request());
    paypal.delayNext(1, 1600, /^\/v2\/checkout\/orders\/[^/]+$/);
    const slow = await caught(gateway.getOrder(order.orderId));
    expect(slow).to.include({ status: 502 });
    expect(slow.message).to.match(/did not answer in time/);
  });

  it('authorizes and voids a payment-method order without capturing', async () => {
    const gateway = createPayPalGateway(config());
    const order = await gateway.createOrder(request({ intent: 'AUTHORIZE' }));
    paypal.approve(order.orderId);
    const verified = await gateway.verifyFundingSource(order.orderId, `verify-${order.orderId}`);
    expect(verified.status).to.equal('VOIDED');
    expect(paypal.orders.get(order.orderId)!.authorizations.map((a) => [a.id, a.status])).to.deep.equal([[verified.authorizationId, 'VOIDED']]);
    expect(paypal.captureCount(order.orderId)).to.equal(0);
  });

  it('verifies a webhook through PayPal with the body exactly as received, and our webhook id', async () => {
    const gateway: PaymentGateway = createPayPalGateway(config());
    // Unusual spacing and key order: what PayPal signed must reach PayPal unchanged.
    const raw = '{"id":"WH-1","event_type":"PAYMENT.CAPTURE.COMPLETED","resource":{"id":"C-1","amount":{"value":"10.00","currency_code":"USD"}},  "zeta":1,"alpha":2}';
    paypal.verifiedEvents.length = 0;
    paypal.verifiedBodies.length = 0;
    expect(await gateway.verifyWebhookSignature(paypal.webhookHeaders(), raw)).to.equal(true);
    expect(await gateway.verifyWebhookSignature(paypal.webhookHeaders({ valid: false }), raw)).to.equal(false);
    expect(paypal.verifiedBodies).to.have.length(2);
    for (const body of paypal.verifiedBodies) expect(body.endsWith(`"webhook_event":${raw}}`), body).to.equal(true);
    expect(paypal.verifiedEvents[0]).to.deep.equal(JSON.parse(raw));
    expect(JSON.parse(paypal.verifiedBodies[0]!)).to.include({ webhook_id: STANDIN_WEBHOOK_ID, transmission_sig: 'standin-valid-signature', auth_algo: 'SHA256withRSA' });
    // Missing transmission headers, or no webhook id configured: false without asking PayPal.
    const { 'paypal-transmission-sig': _sig, ...unsigned } = paypal.webhookHeaders();
    expect(await gateway.verifyWebhookSignature(unsigned, raw)).to.equal(false);
    expect(await createPayPalGateway(config({ webhookId: null })).verifyWebhookSignature(paypal.webhookHeaders(), raw)).to.equal(false);
    expect(paypal.verifiedEvents).to.have.length(2);
  });

  it('without credentials the gateway is unconfigured and refuses clearly', async () => {
    const gateway = createPayPalGateway(config({ clientId: null }));
    expect(gateway.configured).to.equal(false);
    const refused = await caught(gateway.createOrder(request()));
    expect(refused).to.include({ status: 502, retryable: false });
    expect(refused.message).to.match(/not configured/);
  });
});
