import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { paypalEnv, startPayPalStandIn, type PayPalStandIn } from '../../test/paypal-standin/server.js';
import { buyConstructor, captureBody, deliverWebhook, historyOf, historyTypes, orderAndApprove, type Customer } from '../../test/paypal-standin/flow.js';

/** POST /paypal/webhooks: verified through PayPal's verify call (the stand-in's), applied idempotently. */
describe('PayPal webhooks (stand-in PayPal)', () => {
  let paypal: PayPalStandIn;
  let server: TestServer;

  before(async () => {
    paypal = await startPayPalStandIn();
    server = await startTestServer({ env: paypalEnv(paypal) });
  });
  afterEach(() => paypal.reset());
  after(async () => {
    await server.close();
    await paypal.close();
  });

  /** A Live subscription paid through the browser flow. */
  async function liveSubscription(customer: Customer) {
    const sub = await buyConstructor(customer);
    const order = await orderAndApprove(customer, sub._id);
    const live = (await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, order))).body.data;
    return { sub: live, order };
  }
  const view = async (customer: Customer, id: string) => (await customer.post('/subscriptions/findOne', { id })).body.data;

  it('refuses a delivery PayPal does not verify (401) and changes nothing', async () => {
    const customer = await server.customer('forged');
    const { sub } = await liveSubscription(customer);
    const event = paypal.webhookEvent('PAYMENT.CAPTURE.REFUNDED', { id: 'R-FORGED', status: 'COMPLETED', amount: { currency_code: 'USD', value: '10.00' }, custom_id: sub.paypalSubscriptionID });
    const verifyCalls = paypal.verifiedBodies.length;
    const forged = await deliverWebhook(server, paypal, event, { valid: false });
    expect(forged.status).to.equal(401);
    expect(forged.body.error.code).to.equal('UNAUTHORIZED');
    expect(paypal.verifiedBodies.length, 'PayPal was asked').to.equal(verifyCalls + 1);
    // An event type we do not handle changes nothing whoever sent it: answered without asking PayPal.
    const unhandled = await deliverWebhook(server, paypal, paypal.webhookEvent('BILLING.SUBSCRIPTION.CANCELLED', { id: 'I-FORGED', status: 'CANCELLED', custom_id: sub.paypalSubscriptionID }), { valid: false });
    expect(unhandled.status).to.equal(200);
    expect(unhandled.body.data).to.include({ outcome: 'ignored' });
    expect(paypal.verifiedBodies.length, 'PayPal was not asked about an unhandled type').to.equal(verifyCalls + 1);
    // Without PayPal's transmission headers there is nothing to verify.
    expect((await deliverWebhook(server, paypal, event, { headers: {} })).status).to.equal(401);
    const after = await view(customer, sub._id);
    expect(after).to.include({ status: 'SUBSCRIPTION_STATUS_ACTIVE', version: sub.version });
    // Not JSON, or not an event: 400.
    expect((await deliverWebhook(server, paypal, '{not json')).status).to.equal(400);
    expect((await deliverWebhook(server, paypal, { hello: 'world' })).status).to.equal(400);
  });

  it('PAYMENT.CAPTURE.COMPLETED activates a subscription whose capture PayPal held as PENDING; a replay changes nothing', async () => {
    const customer = await server.customer('pending');
    const sub = await buyConstructor(customer);
    const order = await orderAndApprove(customer, sub._id);
    paypal.captureStatusFor(order.paypalOrderID, 'PENDING');
    const held = await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, order));
    expect(held.status).to.equal(202);
    expect(held.body.meta).to.include({ pending: true });
    expect(held.body.data.status).to.equal('SUBSCRIPTION_STATUS_WAIT_PAYMENT');

    // PayPal completes the capture later and says so.
    const capture = paypal.captureResource(order.paypalOrderID);
    const event = paypal.webhookEvent('PAYMENT.CAPTURE.COMPLETED', { ...capture, status: 'COMPLETED' });
    const delivered = await deliverWebhook(server, paypal, event);
    expect(delivered.status).to.equal(200);
    expect(delivered.body.data).to.include({ eventId: event.id, outcome: 'applied', subscriptionId: sub._id });
    const live = await view(customer, sub._id);
    expect(live).to.include({ status: 'SUBSCRIPTION_STATUS_ACTIVE', paypalOrderID: order.paypalOrderID });
    expect(live.totals.captured).to.equal(1000);
    const captured = (await historyOf(customer, sub._id)).filter((h) => h.type === 'OrderCaptured');
    expect(captured).to.have.length(1);
    expect(captured[0]!.actor).to.deep.equal({ id: 'paypal-webhook', role: 'SYSTEM' });

    const replayed = await deliverWebhook(server, paypal, event);
    expect(replayed.status).to.equal(200);
    expect(replayed.body.data.outcome).to.equal('unchanged');
    expect(await view(customer, sub._id)).to.include({ version: live.version });
    // The customer's own capture call afterwards is answered from the record.
    expect((await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, order))).status).to.equal(200);
    expect((await historyTypes(customer, sub._id)).filter((t) => t === 'OrderCaptured')).to.have.length(1);
  });

  it('a webhook for a capture the browser already recorded is answered “unchanged” (one OrderCaptured, one key)', async () => {
    const customer = await server.customer('both');
    const { sub, order } = await liveSubscription(customer);
    const event = paypal.webhookEvent('PAYMENT.CAPTURE.COMPLETED', paypal.captureResource(order.paypalOrderID));
    const delivered = await deliverWebhook(server, paypal, event);
    expect(delivered.body.data).to.include({ outcome: 'unchanged', subscriptionId: sub._id });
    expect((await historyTypes(customer, sub._id)).filter((t) => t === 'OrderCaptured')).to.have.length(1);
  });

  it('PAYMENT.CAPTURE.DENIED records PaymentRejected; the subscription keeps waiting for payment', async () => {
    const customer = await server.customer('denied');
    const sub = await buyConstructor(customer);
    const order = await orderAndApprove(customer, sub._id);
    paypal.captureStatusFor(order.paypalOrderID, 'PENDING');
    expect((await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, order))).status).to.equal(202);
    const event = paypal.webhookEvent('PAYMENT.CAPTURE.DENIED', { ...paypal.captureResource(order.paypalOrderID), status: 'DECLINED' });
    expect((await deliverWebhook(server, paypal, event)).body.data.outcome).to.equal('applied');
    const rejected = (await historyOf(customer, sub._id)).filter((h) => h.type === 'PaymentRejected');
    expect(rejected.map((h) => h.data)).to.deep.equal([
      { paypalOrderID: order.paypalOrderID, reason: 'NOT_COMPLETED', expectedAmount: 1000, receivedAmount: 1000, currency: 'USD', providerStatus: 'DECLINED' },
    ]);
    expect((await view(customer, sub._id)).status).to.equal('SUBSCRIPTION_STATUS_WAIT_PAYMENT');
    expect((await deliverWebhook(server, paypal, event)).body.data.outcome).to.equal('unchanged');
  });

  it('PAYMENT.CAPTURE.REFUNDED shows in the totals and the history, once, also when the refund carries no custom_id', async () => {
    const customer = await server.customer('refunded');
    const { sub, order } = await liveSubscription(customer);
    const captureId = paypal.orders.get(order.paypalOrderID)!.captures[0]!.id;

    const partial = paypal.webhookEvent('PAYMENT.CAPTURE.REFUNDED', paypal.refund(captureId, '4.00'));
    expect((await deliverWebhook(server, paypal, partial)).body.data).to.include({ outcome: 'applied', subscriptionId: sub._id });
    expect((await view(customer, sub._id)).totals).to.deep.equal({ ordered: 1000, captured: 1000, refunded: 400, payments: 1 });
    expect((await deliverWebhook(server, paypal, partial)).body.data.outcome).to.equal('unchanged');

    // Refunded from PayPal's dashboard: no custom_id on the refund, found through its capture.
    const rest = paypal.webhookEvent('PAYMENT.CAPTURE.REFUNDED', paypal.refund(captureId, '6.00', { withCustomId: false }));
    expect((await deliverWebhook(server, paypal, rest)).body.data.outcome).to.equal('applied');
    expect((await view(customer, sub._id)).totals.refunded).to.equal(1000);
    const refunds = (await historyOf(customer, sub._id)).filter((h) => h.type === 'PaymentRefunded');
    expect(refunds.map((h) => h.data.amount)).to.deep.equal([400, 600]);

    // More than was captured is not recorded (and PayPal is told it was received).
    const tooMuch = paypal.webhookEvent('PAYMENT.CAPTURE.REFUNDED', paypal.refund(captureId, '1.00'));
    const ignored = await deliverWebhook(server, paypal, tooMuch);
    expect(ignored.status).to.equal(200);
    expect(ignored.body.data.outcome).to.equal('ignored');
    expect((await view(customer, sub._id)).totals.refunded).to.equal(1000);
  });

  it('BILLING.SUBSCRIPTION.* is ignored: we sell through Orders v2, so PayPal subscriptions are never ours', async () => {
    const customer = await server.customer('lifecycle');
    const { sub } = await liveSubscription(customer);
    const resource = { id: 'I-BW452GLLEP1G', status: 'SUSPENDED', plan_id: 'P-5ML4271244454362WXNWU5NQ', custom_id: sub.paypalSubscriptionID };
    for (const type of ['BILLING.SUBSCRIPTION.SUSPENDED', 'BILLING.SUBSCRIPTION.CANCELLED', 'BILLING.SUBSCRIPTION.PAYMENT.FAILED']) {
      const res = await deliverWebhook(server, paypal, paypal.webhookEvent(type, resource));
      expect(res.status).to.equal(200);
      expect(res.body.data).to.include({ outcome: 'ignored', reason: `event type ${type} is not handled` });
    }
    expect(await view(customer, sub._id)).to.include({ status: 'SUBSCRIPTION_STATUS_ACTIVE', version: sub.version });
  });

  it('answers 200 and ignores (logged) events it cannot act on: an unknown type, an order not ours', async () => {
    const customer = await server.customer('ignored');
    const { sub } = await liveSubscription(customer);
    const unknownType = await deliverWebhook(server, paypal, paypal.webhookEvent('CHECKOUT.ORDER.APPROVED', { id: 'O-1', custom_id: sub.paypalSubscriptionID }, 'checkout-order'));
    expect(unknownType.body.data).to.include({ outcome: 'ignored', reason: 'event type CHECKOUT.ORDER.APPROVED is not handled' });
    const foreignOrder = await deliverWebhook(
      server,
      paypal,
      paypal.webhookEvent('PAYMENT.CAPTURE.COMPLETED', { id: 'CAP-X', status: 'COMPLETED', amount: { currency_code: 'USD', value: '10.00' }, custom_id: sub.paypalSubscriptionID, supplementary_data: { related_ids: { order_id: 'ORDER-NOT-OURS' } } }),
    );
    expect(foreignOrder.body.data).to.include({ outcome: 'ignored' });
    expect((await view(customer, sub._id)).version).to.equal(sub.version);
  });
});

describe('PayPal webhooks without a webhook id', () => {
  it('answer 503 (PayPal retries once the server is configured) and change nothing', async () => {
    const paypal = await startPayPalStandIn();
    const server = await startTestServer({ env: paypalEnv(paypal, { PAYPAL_WEBHOOK_ID: '' }) });
    try {
      const res = await deliverWebhook(server, paypal, paypal.webhookEvent('BILLING.SUBSCRIPTION.CANCELLED', { id: 'I-1', custom_id: 'RCS-1' }));
      expect(res.status).to.equal(503);
      expect(res.body.error.message).to.match(/PAYPAL_WEBHOOK_ID/);
      expect(paypal.verifiedBodies).to.have.length(0);
    } finally {
      await server.close();
      await paypal.close();
    }
  });
});
