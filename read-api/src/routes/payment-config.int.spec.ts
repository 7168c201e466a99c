import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { paypalEnv, startPayPalStandIn, STANDIN_CLIENT_ID, type PayPalStandIn } from '../../test/paypal-standin/server.js';
import { buyConstructor } from '../../test/paypal-standin/flow.js';

/** What the browser needs for PayPal's buttons, and the stand-in's copy of the JS SDK the e2e tests load. */
describe('PayPal JS SDK settings (/payments/config) and the stand-in SDK', () => {
  let paypal: PayPalStandIn;
  let server: TestServer;

  before(async () => {
    paypal = await startPayPalStandIn();
    server = await startTestServer({ env: paypalEnv(paypal, { PAYPAL_SDK_URL: `${paypal.url}/sdk/js` }) });
  });
  after(async () => {
    await server.close();
    await paypal.close();
  });

  it('tells anyone the client id, the SDK URL and the currency; the SDK origin joins the page CSP', async () => {
    const res = await server.client().post('/payments/config');
    expect(res.status).to.equal(200);
    expect(res.body.data).to.deep.equal({ configured: true, clientId: STANDIN_CLIENT_ID, sdkUrl: `${paypal.url}/sdk/js`, currency: 'USD', environment: 'sandbox', mode: 'paypal' });
    const page = await fetch(`${server.baseUrl}/no-such-page`);
    const csp = page.headers.get('content-security-policy') ?? '';
    for (const directive of ['script-src', 'connect-src', 'frame-src']) {
      expect(csp.split(';').find((d) => d.trim().startsWith(directive)), directive).to.include(paypal.url);
    }
  });

  it('defaults to PayPal’s own SDK and says when payments are not configured', async () => {
    const plain = await startTestServer();
    try {
      const res = await plain.client().post('/payments/config');
      expect(res.body.data).to.include({ configured: false, clientId: null, sdkUrl: 'https://www.paypal.com/sdk/js', mode: 'off' });
    } finally {
      await plain.close();
    }
  });

  it('the stand-in serves the SDK for its client id only, and approves an order as the buyer would (or cancels)', async () => {
    const bad = await fetch(`${paypal.url}/sdk/js?client-id=someone-else`);
    expect(bad.status).to.equal(400);
    const sdk = await fetch(`${paypal.url}/sdk/js?client-id=${STANDIN_CLIENT_ID}&currency=USD&intent=capture`);
    expect(sdk.status).to.equal(200);
    expect(sdk.headers.get('content-type')).to.match(/javascript/);
    expect(await sdk.text()).to.include('Buttons');

    const customer = await server.customer();
    const subscription = await buyConstructor(customer, 1);
    const ordered = await customer.post('/subscriptions/createOrder', { id: subscription._id });
    const orderID = ordered.body.data.paypalOrderID as string;

    paypal.buyerNext('cancel');
    const cancelled = await fetch(`${paypal.url}/sdk/approve`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ orderID }) });
    expect(await cancelled.json()).to.deep.include({ action: 'cancel' });
    expect(paypal.orders.get(orderID)!.status).to.equal('CREATED');

    const approved = await fetch(`${paypal.url}/sdk/approve`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: JSON.stringify({ orderID }) });
    expect(approved.headers.get('access-control-allow-origin')).to.equal('*');
    const answer = (await approved.json()) as { action: string; payerID: string };
    expect(answer.action).to.equal('approve');
    expect(paypal.orders.get(orderID)!.status).to.equal('APPROVED');
    const captured = await customer.post('/subscriptions/captureOrder', { id: subscription._id, user_id: customer.userId, paypalOrderID: orderID, paypalSubscriptionID: ordered.body.data.paypalSubscriptionID, quantity: subscription.quantity });
    expect(captured.status).to.equal(200);
    expect(captured.body.data.status).to.equal('SUBSCRIPTION_STATUS_ACTIVE');
  });
});
