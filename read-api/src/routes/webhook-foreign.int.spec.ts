import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { paypalEnv, startPayPalStandIn, type PayPalStandIn } from '../../test/paypal-standin/server.js';
import { buyConstructor, captureBody, deliverWebhook, historyTypes, orderAndApprove, type Customer } from '../../test/paypal-standin/flow.js';

/**
 * Issue 31, item 6: a dispute naming another merchant's capture but carrying one of our billing references was
 * recorded on that customer, and a PAYMENT.CAPTURE.REFUNDED for a capture not ours answered 503 for ever (PayPal
 * retries for days). Disputes and refunds are recorded only when the capture is one of ours — by its id, recorded on
 * that subscription, or (not recorded yet) captured at PayPal for one of its orders; a foreign one is answered 200
 * `ignored` and logged.
 */
describe('PayPal webhooks: disputes and refunds only for captures of ours (stand-in PayPal)', function () {
  this.timeout(60_000);
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

  async function liveSubscription(customer: Customer) {
    const sub = await buyConstructor(customer);
    const order = await orderAndApprove(customer, sub._id);
    const live = (await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, order))).body.data;
    return { sub: live, order, captureId: paypal.orders.get(order.paypalOrderID)!.captures[0]!.id };
  }
  const view = async (customer: Customer, id: string) => (await customer.post('/subscriptions/findOne', { id })).body.data;

  it('a dispute naming another merchant’s capture, with our customer’s reference: 200 ignored, nothing recorded on the customer', async () => {
    const customer = await server.customer('disputed-foreign');
    const { sub, captureId } = await liveSubscription(customer);
    const resource = paypal.disputeResource(captureId, 'OPEN', { disputeId: 'PP-D-FOREIGN-1' });
    const transactions = resource.disputed_transactions as Record<string, unknown>[];
    transactions[0]!.seller_transaction_id = '9XY12345AB6789012';
    const answer = await deliverWebhook(server, paypal, paypal.webhookEvent('CUSTOMER.DISPUTE.CREATED', resource));
    expect(answer.status).to.equal(200);
    expect(answer.body.data.outcome).to.equal('ignored');
    expect(answer.body.data.reason).to.match(/capture 9XY12345AB6789012 is not one of ours/);
    expect(await historyTypes(customer, sub._id)).to.not.include('PaymentDisputed');
    expect((await view(customer, sub._id)).disputes ?? []).to.deep.equal([]);
  });

  it('a dispute naming another customer’s capture of ours, with this customer’s reference: not recorded on either', async () => {
    const ada = await server.customer('ada-disputes');
    const bob = await server.customer('bob-disputes');
    const a = await liveSubscription(ada);
    const b = await liveSubscription(bob);
    const resource = paypal.disputeResource(b.captureId, 'OPEN', { disputeId: 'PP-D-CROSS-1' });
    (resource.disputed_transactions as Record<string, unknown>[])[0]!.custom = a.sub.paypalSubscriptionID;
    const answer = await deliverWebhook(server, paypal, paypal.webhookEvent('CUSTOMER.DISPUTE.CREATED', resource));
    expect([answer.status, answer.body.data.outcome]).to.deep.equal([200, 'ignored']);
    expect(await historyTypes(ada, a.sub._id)).to.not.include('PaymentDisputed');
    expect(await historyTypes(bob, b.sub._id)).to.not.include('PaymentDisputed');
    // The genuine dispute of that capture is recorded on its own subscription.
    const genuine = await deliverWebhook(server, paypal, paypal.webhookEvent('CUSTOMER.DISPUTE.CREATED', paypal.disputeResource(b.captureId, 'OPEN', { disputeId: 'PP-D-CROSS-2' })));
    expect(genuine.body.data).to.include({ outcome: 'applied', subscriptionId: b.sub._id });
  });

  it('a refund of a capture PayPal does not know for us, with our reference: 200 ignored (never 503 for ever), nothing recorded', async () => {
    const customer = await server.customer('refund-foreign');
    const { sub, captureId } = await liveSubscription(customer);
    const resource = paypal.refund(captureId, '4.00');
    resource.links = (resource.links as { href: string; rel: string }[]).map((l) => (l.rel === 'up' ? { ...l, href: l.href.replace(captureId, '7QX98765ZZ1234567') } : l));
    const answer = await deliverWebhook(server, paypal, paypal.webhookEvent('PAYMENT.CAPTURE.REFUNDED', resource));
    expect(answer.status).to.equal(200);
    expect(answer.body.data.outcome).to.equal('ignored');
    expect((await view(customer, sub._id)).totals.refunded).to.equal(0);
  });

  it('a refund of another customer’s capture, with this customer’s reference: 200 ignored, recorded on neither', async () => {
    const ada = await server.customer('ada-refunds');
    const bob = await server.customer('bob-refunds');
    const a = await liveSubscription(ada);
    const b = await liveSubscription(bob);
    const crossed = { ...paypal.refund(b.captureId, '3.00'), custom_id: a.sub.paypalSubscriptionID };
    const answer = await deliverWebhook(server, paypal, paypal.webhookEvent('PAYMENT.CAPTURE.REFUNDED', crossed));
    expect([answer.status, answer.body.data.outcome]).to.deep.equal([200, 'ignored']);
    expect((await view(ada, a.sub._id)).totals.refunded).to.equal(0);
    expect((await view(bob, b.sub._id)).totals.refunded).to.equal(0);
  });

  it('a refund of a capture of ours not recorded yet (the capture’s answer was lost): 503 until it is recorded, then applied', async () => {
    const customer = await server.customer('refund-early');
    const sub = await buyConstructor(customer);
    const order = await orderAndApprove(customer, sub._id);
    // PayPal captures, but its answer never reaches us.
    paypal.failAfterNext(1, /\/capture$/);
    const lost = await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, order));
    expect(lost.status).to.be.oneOf([502, 503]);
    const captureId = paypal.orders.get(order.paypalOrderID)!.captures[0]!.id;
    const refund = paypal.webhookEvent('PAYMENT.CAPTURE.REFUNDED', paypal.refund(captureId, '2.00'));
    const early = await deliverWebhook(server, paypal, refund);
    expect(early.status, 'ours, not recorded yet: PayPal retries').to.equal(503);
    expect((await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, order))).status).to.equal(200);
    const later = await deliverWebhook(server, paypal, refund);
    expect(later.body.data).to.include({ outcome: 'applied', subscriptionId: sub._id });
    expect((await view(customer, sub._id)).totals.refunded).to.equal(200);
  });
});
