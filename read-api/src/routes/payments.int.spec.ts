import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { paypalEnv, startPayPalStandIn, type PayPalStandIn } from '../../test/paypal-standin/server.js';
import { approveInBrowser, buyConstructor, captureBody, historyOf, historyTypes, orderAndApprove, type Customer } from '../../test/paypal-standin/flow.js';

/** The real app and the real @paypal/paypal-server-sdk, pointed at the PayPal stand-in through PAYPAL_BASE_URL. */
describe('PayPal payments through the real SDK (stand-in PayPal)', () => {
  // Generous for ordinary calls (a GC pause or an fsync in this process must not turn one into a 502); the slow
  // cases below hold PayPal's answer longer than this.
  const TIMEOUT_MS = 2000;
  let paypal: PayPalStandIn;
  let server: TestServer;

  before(async () => {
    paypal = await startPayPalStandIn();
    server = await startTestServer({ env: paypalEnv(paypal, { PAYPAL_TIMEOUT_MS: String(TIMEOUT_MS) }) });
  });
  afterEach(() => paypal.reset());
  after(async () => {
    await server.close();
    await paypal.close();
  });

  const capturesAt = (orderId: string) => paypal.requests.filter((r) => r.path === `/v2/checkout/orders/${orderId}/capture`);

  it('sells a subscription end to end: server-priced order, buyer approval, capture through PayPal, Live with a licence', async () => {
    const customer = await server.customer('buyer');
    const sub = await buyConstructor(customer, 2);
    expect(sub).to.include({ status: 'SUBSCRIPTION_STATUS_INITIAL', amount: 1000 });

    // The browser's figure is ignored: the order is for what the catalogue says is due.
    const ordered = await customer.post('/subscriptions/createOrder', { id: sub._id, amount: 1, currency: 'EUR' });
    expect(ordered.status).to.equal(200);
    const order = ordered.body.data;
    expect(order).to.include({ amount: 1000, currency: 'USD', purpose: 'period', reused: false });
    expect(order.paypalSubscriptionID).to.match(/^RCS-/);
    const atPayPal = paypal.orders.get(order.paypalOrderID)!;
    expect(atPayPal).to.deep.include({ intent: 'CAPTURE', status: 'CREATED', amount: { currency_code: 'USD', value: '10.00' }, custom_id: order.paypalSubscriptionID });
    expect(atPayPal.requestId, 'PayPal-Request-Id on create').to.equal(`order-${sub._id}-${sub.version}`);
    expect((await customer.post('/subscriptions/findOne', { id: sub._id })).body.data.status).to.equal('SUBSCRIPTION_STATUS_WAIT_PAYMENT');

    // A second click on "Pay" gets the same open order, not a second one the buyer could also pay.
    const again = await customer.post('/subscriptions/createOrder', { id: sub._id });
    expect(again.body.data).to.include({ paypalOrderID: order.paypalOrderID, reused: true });
    expect([...paypal.orders.values()].filter((o) => o.custom_id === order.paypalSubscriptionID)).to.have.length(1);

    // The buyer approves at PayPal and comes back to the purchase page.
    const back = await approveInBrowser(order.approveUrl);
    expect(`${back.origin}${back.pathname}`).to.equal(`${server.config.publicUrl}/user/buy-new-licence`);
    expect(back.searchParams.get('subscription')).to.equal(sub._id);

    const captured = await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, order));
    expect(captured.status).to.equal(200);
    // Paid: Live, and what is due next is the renewal of the period.
    expect(captured.body.data).to.include({ status: 'SUBSCRIPTION_STATUS_ACTIVE', paypalOrderID: order.paypalOrderID, amountDue: 1000, balance: 0 });
    expect(captured.body.data.licence_key).to.match(/^[A-Z2-9]{5}(-[A-Z2-9]{5}){4}$/);
    expect(captured.body.data.totals).to.deep.equal({ ordered: 1000, captured: 1000, refunded: 0, payments: 1 });
    expect(Date.parse(captured.body.data.periodEnd) - Date.parse(captured.body.data.periodStart)).to.be.greaterThan(27 * 86_400_000);
    expect(paypal.captureCount(order.paypalOrderID)).to.equal(1);
    expect(capturesAt(order.paypalOrderID).map((r) => r.requestId)).to.deep.equal([`capture-${order.paypalOrderID}`]);
    expect(await historyTypes(customer, sub._id)).to.deep.equal(['SubscriptionCreated', 'PaymentOrdered', 'SubscriptionStatusChanged', 'OrderCaptured', 'SubscriptionStatusChanged', 'LicenceIssued']);

    // Captured again (a reload): answered from what is recorded, PayPal is not asked twice.
    const repeat = await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, order));
    expect(repeat.status).to.equal(200);
    expect(capturesAt(order.paypalOrderID)).to.have.length(1);
  });

  it('a double-clicked capture (two concurrent calls) captures once and records one event', async () => {
    const customer = await server.customer('doubleclick');
    const sub = await buyConstructor(customer, 3);
    const order = await orderAndApprove(customer, sub._id);
    const [a, b] = await Promise.all([
      customer.post('/subscriptions/captureOrder', captureBody(customer, sub, order)),
      customer.post('/subscriptions/captureOrder', captureBody(customer, sub, order)),
    ]);
    expect([a.status, b.status]).to.deep.equal([200, 200]);
    expect(a.body.data.status).to.equal('SUBSCRIPTION_STATUS_ACTIVE');
    expect(paypal.captureCount(order.paypalOrderID)).to.equal(1);
    // However many of the two reached PayPal, they carried one PayPal-Request-Id.
    expect(new Set(capturesAt(order.paypalOrderID).map((r) => r.requestId))).to.deep.equal(new Set([`capture-${order.paypalOrderID}`]));
    const captured = (await historyTypes(customer, sub._id)).filter((t) => t === 'OrderCaptured');
    expect(captured).to.have.length(1);
    expect((await customer.post('/subscriptions/findOne', { id: sub._id })).body.data.totals.captured).to.equal(1500);
  });

  it('asks the buyer to finish in PayPal when the order is not approved yet (409), then captures once approved', async () => {
    const customer = await server.customer('early');
    const sub = await buyConstructor(customer);
    const ordered = (await customer.post('/subscriptions/createOrder', { id: sub._id })).body.data;
    const early = await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, ordered));
    expect(early.status).to.equal(409);
    expect(early.body.error.message).to.match(/not been approved in PayPal/);
    expect((await customer.post('/subscriptions/findOne', { id: sub._id })).body.data.status).to.equal('SUBSCRIPTION_STATUS_WAIT_PAYMENT');
    paypal.approve(ordered.paypalOrderID);
    expect((await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, ordered))).status).to.equal(200);
  });

  it('PayPal answering 500: 502 with a clear message, still waiting for payment; a retry later captures exactly once', async () => {
    const customer = await server.customer('outage');
    const sub = await buyConstructor(customer);
    const order = await orderAndApprove(customer, sub._id);
    paypal.failNext(2, /\/capture$/);
    for (let i = 0; i < 2; i++) {
      const down = await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, order));
      expect(down.status).to.equal(502);
      expect(down.body.error).to.deep.include({ code: 'PAYMENT_PROVIDER_FAILED', message: 'PayPal did not answer; nothing was charged — try again' });
    }
    expect((await customer.post('/subscriptions/findOne', { id: sub._id })).body.data.status).to.equal('SUBSCRIPTION_STATUS_WAIT_PAYMENT');
    expect(paypal.captureCount(order.paypalOrderID)).to.equal(0);

    const later = await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, order));
    expect(later.status).to.equal(200);
    expect(later.body.data.status).to.equal('SUBSCRIPTION_STATUS_ACTIVE');
    expect(paypal.captureCount(order.paypalOrderID)).to.equal(1);
  });

  it('PayPal down while creating the order: 502, nothing recorded, the subscription can still be paid later', async () => {
    const customer = await server.customer('createdown');
    const sub = await buyConstructor(customer);
    paypal.failNext(1, /^\/v2\/checkout\/orders$/);
    const down = await customer.post('/subscriptions/createOrder', { id: sub._id });
    expect(down.status).to.equal(502);
    expect(down.body.error.message).to.equal('PayPal did not answer; nothing was charged — try again');
    expect(await historyTypes(customer, sub._id)).to.deep.equal(['SubscriptionCreated']);
    const order = await orderAndApprove(customer, sub._id);
    expect((await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, order))).body.data.status).to.equal('SUBSCRIPTION_STATUS_ACTIVE');
  });

  it('PayPal too slow (timeout): the customer is told to retry, the subscription waits; the retry records the capture PayPal made, once', async () => {
    const customer = await server.customer('slow');
    const sub = await buyConstructor(customer);
    const order = await orderAndApprove(customer, sub._id);
    // PayPal captures at once but answers after our timeout: money moved, we did not hear it.
    paypal.delayNext(1, TIMEOUT_MS + 600, /\/capture$/);
    const slow = await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, order));
    expect(slow.status).to.equal(502);
    expect(slow.body.error.message).to.match(/did not answer in time.*never charged twice/);
    expect((await customer.post('/subscriptions/findOne', { id: sub._id })).body.data.status).to.equal('SUBSCRIPTION_STATUS_WAIT_PAYMENT');
    expect(paypal.captureCount(order.paypalOrderID)).to.equal(1);

    await new Promise((resolve) => setTimeout(resolve, 700));
    const retry = await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, order));
    expect(retry.status).to.equal(200);
    expect(retry.body.data.status).to.equal('SUBSCRIPTION_STATUS_ACTIVE');
    expect(paypal.captureCount(order.paypalOrderID), 'no second charge').to.equal(1);
    expect((await historyTypes(customer, sub._id)).filter((t) => t === 'OrderCaptured')).to.have.length(1);
  });

  it('a customer who clicks "Pay" again after a lost capture answer gets the capture recorded, not a second order', async () => {
    const customer = await server.customer('lostanswer');
    const sub = await buyConstructor(customer);
    const order = await orderAndApprove(customer, sub._id);
    paypal.delayNext(1, TIMEOUT_MS + 400, /\/capture$/);
    expect((await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, order))).status).to.equal(502);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const pay = await customer.post('/subscriptions/createOrder', { id: sub._id });
    expect(pay.status).to.equal(409);
    expect(pay.body.error.message).to.match(/already received this payment/);
    expect((await customer.post('/subscriptions/findOne', { id: sub._id })).body.data.status).to.equal('SUBSCRIPTION_STATUS_ACTIVE');
    expect([...paypal.orders.values()].filter((o) => o.custom_id === order.paypalSubscriptionID)).to.have.length(1);
  });

  it('PayPal declining the funding source: 402 asking for another one, nothing recorded; paying with another source works', async () => {
    const customer = await server.customer('declined');
    const sub = await buyConstructor(customer);
    const order = await orderAndApprove(customer, sub._id);
    paypal.declineInstrumentOnce(order.paypalOrderID);
    const declined = await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, order));
    expect(declined.status).to.equal(402);
    expect(declined.body.error.message).to.match(/declined this funding source; nothing was charged/);
    expect(await historyTypes(customer, sub._id)).to.not.include('PaymentRejected');
    // The buyer picks another card in the PayPal window; the same order is captured.
    expect((await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, order))).body.data.status).to.equal('SUBSCRIPTION_STATUS_ACTIVE');
    expect(paypal.captureCount(order.paypalOrderID)).to.equal(1);
  });

  it('a capture PayPal reports DECLINED: 402, PaymentRejected recorded, and the next “Pay” makes a new order', async () => {
    const customer = await server.customer('declinedcapture');
    const sub = await buyConstructor(customer);
    const order = await orderAndApprove(customer, sub._id);
    paypal.captureStatusFor(order.paypalOrderID, 'DECLINED');
    const res = await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, order));
    expect(res.status).to.equal(402);
    const rejected = (await historyOf(customer, sub._id)).filter((h) => h.type === 'PaymentRejected');
    expect(rejected.map((h) => h.data)).to.deep.equal([{ paypalOrderID: order.paypalOrderID, reason: 'NOT_COMPLETED', expectedAmount: 1000, receivedAmount: 1000, currency: 'USD', providerStatus: 'DECLINED' }]);
    expect((await customer.post('/subscriptions/findOne', { id: sub._id })).body.data.status).to.equal('SUBSCRIPTION_STATUS_WAIT_PAYMENT');
    const next = await orderAndApprove(customer, sub._id);
    expect(next.paypalOrderID).to.not.equal(order.paypalOrderID);
    expect((await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, next))).body.data.status).to.equal('SUBSCRIPTION_STATUS_ACTIVE');
  });

  it('a capture of another amount than ordered is 422 and recorded as PaymentRejected for the audit trail', async () => {
    const customer = await server.customer('mismatch');
    const sub = await buyConstructor(customer);
    const order = await orderAndApprove(customer, sub._id);
    paypal.captureAmountFor(order.paypalOrderID, '1.00');
    const res = await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, order));
    expect(res.status).to.equal(422);
    expect(res.body.error).to.deep.include({ code: 'PRICE_MISMATCH', details: { field: 'captured amount', expectedCents: 1000, receivedCents: 100 } });
    const history = await historyOf(customer, sub._id);
    const rejected = history.filter((h) => h.type === 'PaymentRejected');
    expect(rejected).to.have.length(1);
    expect(rejected[0]!.data).to.include({ paypalOrderID: order.paypalOrderID, reason: 'AMOUNT_MISMATCH', expectedAmount: 1000, receivedAmount: 100, currency: 'USD' });
    expect(history.map((h) => h.type)).to.not.include('OrderCaptured');
    const view = (await customer.post('/subscriptions/findOne', { id: sub._id })).body.data;
    expect(view.status).to.equal('SUBSCRIPTION_STATUS_WAIT_PAYMENT');
    expect(view.licence_key).to.equal(undefined);
    // Asking again changes nothing: same answer, one rejection.
    expect((await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, order))).status).to.equal(422);
    expect((await historyTypes(customer, sub._id)).filter((t) => t === 'PaymentRejected')).to.have.length(1);
  });

  it('refuses a capture for another user’s subscription or order, before asking PayPal', async () => {
    const owner = await server.customer('owner');
    const thief = await server.customer('thief');
    const sub = await buyConstructor(owner);
    const order = await orderAndApprove(owner, sub._id);
    // The owner's subscription, named by id or by user_id.
    expect((await thief.post('/subscriptions/captureOrder', captureBody(owner, sub, order))).status).to.equal(403);
    expect((await thief.post('/subscriptions/captureOrder', { ...captureBody(owner, sub, order), id: undefined, user_id: owner.userId })).status).to.equal(403);
    // The thief's own subscription with the owner's order.
    const own = await buyConstructor(thief);
    const ownOrder = (await thief.post('/subscriptions/createOrder', { id: own._id })).body.data;
    const swapped = await thief.post('/subscriptions/captureOrder', { ...captureBody(thief, own, ownOrder), paypalOrderID: order.paypalOrderID });
    expect(swapped.status).to.equal(400);
    expect(swapped.body.error.message).to.equal('paypalOrderID is not a payment order of this subscription');
    expect(capturesAt(order.paypalOrderID)).to.have.length(0);
    expect((await owner.post('/subscriptions/captureOrder', captureBody(owner, sub, order))).status).to.equal(200);
  });

  it('refuses to capture an order whose amount is no longer what is due (the quantity changed after ordering)', async () => {
    const customer = await server.customer('changed');
    const sub = await buyConstructor(customer, 2);
    const order = await orderAndApprove(customer, sub._id);
    const revised = await customer.post('/subscriptions/revise', { id: sub._id, user_id: customer.userId, paypalSubscriptionID: order.paypalSubscriptionID, quantity: 4 });
    expect(revised.body.data).to.include({ quantity: 4, amount: 2000, amountDue: 2000 });
    const stale = await customer.post('/subscriptions/captureOrder', { ...captureBody(customer, revised.body.data, order) });
    expect(stale.status).to.equal(409);
    expect(stale.body.error.message).to.match(/changed after this PayPal order was created; nothing was charged/);
    expect(capturesAt(order.paypalOrderID)).to.have.length(0);
    const fresh = await orderAndApprove(customer, sub._id);
    expect(fresh.amount).to.equal(2000);
    expect((await customer.post('/subscriptions/captureOrder', captureBody(customer, revised.body.data, fresh))).body.data.status).to.equal('SUBSCRIPTION_STATUS_ACTIVE');
  });

  it('revise: previews the new amount and proration without recording, then confirms; the balance is paid through PayPal', async () => {
    const customer = await server.customer('reviser');
    const sub = await buyConstructor(customer, 2);
    const order = await orderAndApprove(customer, sub._id);
    const live = (await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, order))).body.data;

    const body = { id: sub._id, user_id: customer.userId, paypalSubscriptionID: live.paypalSubscriptionID, quantity: 4 };
    const preview = await customer.post('/subscriptions/revise', { ...body, preview: true });
    expect(preview.status).to.equal(200);
    expect(preview.body.data).to.include({ quantity: 4, amount: 2000, previousAmount: 1000, currency: 'USD', version: live.version });
    expect(preview.body.data.proration).to.be.within(990, 1000);
    expect(preview.body.data.amountDueAfter).to.equal(preview.body.data.proration);
    expect((await customer.post('/subscriptions/findOne', { id: sub._id })).body.data).to.include({ quantity: 2, version: live.version });

    // The browser's figure must match the server's; a wrong one is 422 and records nothing.
    expect((await customer.post('/subscriptions/revise', { ...body, amount: 1500 })).status).to.equal(422);
    // Another reference than the subscription's is refused.
    expect((await customer.post('/subscriptions/revise', { ...body, paypalSubscriptionID: 'RCS-SOMEONE-ELSE' })).status).to.equal(400);
    const confirmed = await customer.post('/subscriptions/revise', { ...body, amount: 2000, version: preview.body.data.version });
    expect(confirmed.status).to.equal(200);
    expect(confirmed.body.meta).to.deep.equal({ effect: 'pending' });
    // Pending until paid: 2 units stay in force, 4 wait for the balance.
    expect(confirmed.body.data).to.include({ quantity: 2, amount: 1000 });
    expect(confirmed.body.data.pendingChange).to.include({ quantity: 4, amount: 2000, balance: preview.body.data.proration });
    expect(confirmed.body.data.balance).to.equal(preview.body.data.proration);

    const balanceOrder = await orderAndApprove(customer, sub._id);
    expect(balanceOrder).to.include({ purpose: 'balance', amount: confirmed.body.data.balance });
    const paid = await customer.post('/subscriptions/captureOrder', captureBody(customer, confirmed.body.data, balanceOrder));
    expect(paid.body.data).to.include({ balance: 0, quantity: 4, amount: 2000, status: 'SUBSCRIPTION_STATUS_ACTIVE' });
    expect(paid.body.data).to.not.have.property('pendingChange');
    expect(paid.body.data.totals.payments).to.equal(2);
  });

  it('captureChangePaymentMethod: authorizes and voids a new funding source (no charge) and records the change', async () => {
    const customer = await server.customer('switcher');
    const sub = await buyConstructor(customer);
    const order = await orderAndApprove(customer, sub._id);
    const live = (await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, order))).body.data;

    const pm = await customer.post('/subscriptions/createPaymentMethodOrder', { id: sub._id });
    expect(pm.status).to.equal(200);
    // The subscription keeps its billing reference: PayPal events about earlier orders still find it.
    expect(pm.body.data.paypalSubscriptionID).to.equal(live.paypalSubscriptionID);
    expect(paypal.orders.get(pm.body.data.paypalOrderID)).to.include({ intent: 'AUTHORIZE', custom_id: live.paypalSubscriptionID });
    await approveInBrowser(pm.body.data.approveUrl);

    const body = { id: sub._id, user_id: customer.userId, paypalOrderID: pm.body.data.paypalOrderID, paypalSubscriptionID: pm.body.data.paypalSubscriptionID, quantity: live.quantity };
    const changed = await customer.post('/subscriptions/captureChangePaymentMethod', body);
    expect(changed.status).to.equal(200);
    expect(changed.body.data).to.include({ paypalOrderID: pm.body.data.paypalOrderID, status: 'SUBSCRIPTION_STATUS_ACTIVE' });
    const atPayPal = paypal.orders.get(pm.body.data.paypalOrderID)!;
    expect(atPayPal.authorizations.map((a) => a.status)).to.deep.equal(['VOIDED']);
    expect(paypal.captureCount(pm.body.data.paypalOrderID)).to.equal(0);
    expect((await customer.post('/subscriptions/findOne', { id: sub._id })).body.data.totals.captured).to.equal(1000);
    expect((await historyTypes(customer, sub._id)).slice(-1)).to.deep.equal(['PaymentMethodChanged']);

    // Repeated: nothing new at PayPal or in the history.
    const requests = paypal.requests.length;
    expect((await customer.post('/subscriptions/captureChangePaymentMethod', body)).status).to.equal(200);
    expect(paypal.requests.length).to.equal(requests);
    expect((await historyTypes(customer, sub._id)).filter((t) => t === 'PaymentMethodChanged')).to.have.length(1);
    // A purchase order is not a payment-method order.
    expect((await customer.post('/subscriptions/captureChangePaymentMethod', { ...body, paypalOrderID: order.paypalOrderID })).status).to.equal(400);
  });

  it('cancellation: cancelAll cancels every subscription; afterwards nothing is ordered or captured', async () => {
    const customer = await server.customer('leaver');
    const first = await buyConstructor(customer);
    const second = await buyConstructor(customer, 5);
    const order = await orderAndApprove(customer, second._id);
    const cancelled = await customer.post('/subscriptions/cancelAll', { reason: 'moving on' });
    expect(cancelled.status).to.equal(200);
    expect(cancelled.body.data.cancelled).to.have.members([first._id, second._id]);
    for (const id of [first._id, second._id]) {
      expect((await customer.post('/subscriptions/findOne', { id })).body.data.status).to.equal('SUBSCRIPTION_STATUS_CANCEL');
    }
    const late = await customer.post('/subscriptions/captureOrder', captureBody(customer, second, order));
    expect(late.status).to.equal(409);
    // Cancelling made the open order stale: it is never sent to PayPal.
    expect(late.body.error.code).to.equal('CONFLICT');
    expect((await historyTypes(customer, second._id))).to.include('PaymentOrderSuperseded');
    expect(capturesAt(order.paypalOrderID)).to.have.length(0);
    expect((await customer.post('/subscriptions/createOrder', { id: first._id })).status).to.equal(409);
    // Cancelling again changes nothing.
    expect((await customer.post('/subscriptions/cancelAll', {})).body.data.cancelled).to.deep.equal([]);
  });

  it('starts the 7-day trial of a paid plan once per customer, before the first payment; a free plan has none', async () => {
    const customer = await server.customer('trial');
    const sub = await buyConstructor(customer);
    const started = await customer.post('/subscriptions/startTrial', { id: sub._id });
    expect(started.status).to.equal(200);
    expect(started.body.data).to.include({ status: 'SUBSCRIPTION_STATUS_ACTIVE', trialPeriod: 604_800 });
    expect(Date.parse(started.body.data.trialEndDate) - Date.parse(started.body.data.trialStartDate)).to.equal(604_800_000);
    expect((await customer.post('/subscriptions/startTrial', { id: sub._id })).status).to.equal(409);
    const stranger = await server.customer('trialstranger');
    expect((await stranger.post('/subscriptions/startTrial', { id: sub._id })).status).to.equal(403);

    const free = await customer.post('/subscriptions/create', {
      subscription_type: 'SUBSCRIPTION_FREE',
      status: 'SUBSCRIPTION_STATUS_INITIAL',
      user_id: customer.userId,
      payment_details: { plan_id: 'unlimited', privacy_policy_confirm: true },
    });
    const noTrial = await customer.post('/subscriptions/startTrial', { id: free.body.data._id });
    expect(noTrial.status).to.equal(409);
    expect(noTrial.body.error.message).to.match(/no trial/);

    const annual = await customer.post('/subscriptions/create', {
      subscription_type: 'SUBSCRIPTION_YEAR',
      status: 'SUBSCRIPTION_STATUS_INITIAL',
      user_id: customer.userId,
      payment_details: { plan_id: 'unlimited', privacy_policy_confirm: true },
    });
    // One trial per customer, not per subscription.
    const second = await customer.post('/subscriptions/startTrial', { id: annual.body.data._id });
    expect(second.status).to.equal(409);
    expect(second.body.error.message).to.match(/already had a free trial/);
    expect((await customer.post('/subscriptions/findOne', { id: annual.body.data._id })).body.data.status).to.equal('SUBSCRIPTION_STATUS_INITIAL');
  });

  it('gives a customer one trial even when two subscriptions start theirs at once', async () => {
    const customer = await server.customer('twotrials');
    const [one, two] = [await buyConstructor(customer), await buyConstructor(customer)];
    const answers = await Promise.all([one, two].map((s) => customer.post('/subscriptions/startTrial', { id: s._id })));
    expect(answers.map((a) => a.status).sort()).to.deep.equal([200, 409]);
    const statuses = await Promise.all([one, two].map(async (s) => (await customer.post('/subscriptions/findOne', { id: s._id })).body.data.status));
    expect(statuses.sort()).to.deep.equal(['SUBSCRIPTION_STATUS_ACTIVE', 'SUBSCRIPTION_STATUS_INITIAL']);
  });
});

describe('payments without PayPal credentials', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer();
  });
  after(async () => server.close());

  it('createOrder answers 502 with a clear message and records nothing', async () => {
    const customer: Customer = await server.customer('nopaypal');
    const sub = await buyConstructor(customer);
    const res = await customer.post('/subscriptions/createOrder', { id: sub._id });
    expect(res.status).to.equal(502);
    expect(res.body.error.code).to.equal('PAYMENT_PROVIDER_FAILED');
    expect(res.body.error.message).to.match(/Payments are not configured on this server.*nothing was charged/);
    expect(await historyTypes(customer, sub._id)).to.deep.equal(['SubscriptionCreated']);
  });
});
