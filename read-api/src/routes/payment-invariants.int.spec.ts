import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { paypalEnv, startPayPalStandIn, type PayPalStandIn } from '../../test/paypal-standin/server.js';
import { buyConstructor, captureBody, deliverWebhook, historyOf, historyTypes, orderAndApprove, type Customer } from '../../test/paypal-standin/flow.js';

/**
 * The attacks of the payments issue, each reproduced against the running server and the PayPal stand-in: no order,
 * race or webhook grants more than was paid. Prices from the seed's catalogue (self-hosted units: 1–20 at $5,
 * 21–40 at $4, 41+ at $3): 1 unit $5, 3 units $15, 40 units $180, 1,000 units $3,060 a month.
 */
describe('payment invariants: nothing granted beyond what was paid (stand-in PayPal)', () => {
  const ONE_UNIT = 500;
  const THOUSAND_UNITS = 306_000;
  let paypal: PayPalStandIn;
  let server: TestServer;

  before(async () => {
    paypal = await startPayPalStandIn();
    server = await startTestServer({ env: paypalEnv(paypal, { PAYPAL_TIMEOUT_MS: '6000' }) });
  });
  afterEach(() => paypal.reset());
  after(async () => {
    await server.close();
    await paypal.close();
  });

  const view = async (client: Customer, id: string) => (await client.post('/subscriptions/findOne', { id })).body.data;
  const revise = (customer: Customer, sub: { _id: string; paypalSubscriptionID?: string }, quantity: number, reference = sub.paypalSubscriptionID) =>
    customer.post('/subscriptions/revise', { id: sub._id, user_id: customer.userId, paypalSubscriptionID: reference ?? 'RCS-NONE', quantity });
  async function live(customer: Customer, streams: number) {
    const sub = await buyConstructor(customer, streams);
    const order = await orderAndApprove(customer, sub._id);
    const paid = await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, order));
    expect(paid.body.data.status).to.equal('SUBSCRIPTION_STATUS_ACTIVE');
    return { sub: paid.body.data, order };
  }
  const captureIdOf = (orderId: string) => paypal.orders.get(orderId)!.captures[0]!.id;

  it('1. pay for 1 unit, revise to 1,000 while PayPal is capturing: the revision waits (409), Live at the 1 unit paid for', async () => {
    const customer = await server.customer('race');
    const sub = await buyConstructor(customer, 1);
    const order = await orderAndApprove(customer, sub._id);
    paypal.delayNext(1, 1500, /\/capture$/);
    const capturing = customer.post('/subscriptions/captureOrder', captureBody(customer, sub, order));
    await new Promise((resolve) => setTimeout(resolve, 400));
    // One money movement at a time: the plan does not change while PayPal is capturing what it was priced at.
    const revised = await revise(customer, { ...sub, paypalSubscriptionID: order.paypalSubscriptionID }, 1000);
    expect(revised.status).to.equal(409);
    expect(revised.body.error.code).to.equal('PAYMENT_IN_PROGRESS');
    const captured = await capturing;
    expect(captured.status).to.equal(200);
    const after = await view(customer, sub._id);
    expect(after).to.include({ status: 'SUBSCRIPTION_STATUS_ACTIVE', quantity: 1, amount: ONE_UNIT, credit: 0 });
    expect(after.totals.captured).to.equal(ONE_UNIT);
    expect(after.licence).to.include({ serial: 1 });
    expect(paypal.captureCount(order.paypalOrderID)).to.equal(1);
    // Once the capture is recorded, the rise waits for its balance as any revision inside paid time.
    const again = await revise(customer, { ...sub, paypalSubscriptionID: order.paypalSubscriptionID }, 1000);
    expect(again.body.data.pendingChange).to.include({ quantity: 1000, amount: THOUSAND_UNITS });
  });

  it('1. the same race without a delay, five times: Live only at what was paid for, or nothing charged', async () => {
    for (let i = 0; i < 5; i++) {
      const customer = await server.customer(`plainrace${i}`);
      const sub = await buyConstructor(customer, 1);
      const order = await orderAndApprove(customer, sub._id);
      await Promise.all([customer.post('/subscriptions/captureOrder', captureBody(customer, sub, order)), revise(customer, { ...sub, paypalSubscriptionID: order.paypalSubscriptionID }, 1000)]);
      const after = await view(customer, sub._id);
      if (after.status === 'SUBSCRIPTION_STATUS_ACTIVE') {
        // The capture started first: the revision waited (409) or came after it, as a rise pending its balance.
        expect(after).to.include({ quantity: 1, amount: ONE_UNIT });
        expect(after.totals.captured).to.equal(ONE_UNIT);
        if (after.pendingChange) expect(after.pendingChange).to.include({ quantity: 1000, amount: THOUSAND_UNITS });
      } else {
        // The revision came first: the order no longer matched what is due and PayPal was never asked to capture it.
        expect(after).to.include({ status: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', quantity: 1000, credit: 0, amountDue: THOUSAND_UNITS });
        expect(after.totals.captured).to.equal(0);
        expect(paypal.captureCount(order.paypalOrderID)).to.equal(0);
      }
    }
  });

  it('1. the same through a PENDING capture completed days later by webhook: credit, not 1,000 units', async () => {
    const customer = await server.customer('pendingrace');
    const sub = await buyConstructor(customer, 1);
    const order = await orderAndApprove(customer, sub._id);
    paypal.captureStatusFor(order.paypalOrderID, 'PENDING');
    expect((await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, order))).status).to.equal(202);
    expect((await revise(customer, { ...sub, paypalSubscriptionID: order.paypalSubscriptionID }, 1000)).status).to.equal(200);
    const completed = paypal.webhookEvent('PAYMENT.CAPTURE.COMPLETED', { ...paypal.captureResource(order.paypalOrderID), status: 'COMPLETED' });
    expect((await deliverWebhook(server, paypal, completed)).body.data).to.include({ outcome: 'applied', subscriptionId: sub._id });
    expect(await view(customer, sub._id)).to.include({ status: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', quantity: 1000, credit: ONE_UNIT, amountDue: THOUSAND_UNITS - ONE_UNIT });
    const types = await historyTypes(customer, sub._id);
    expect(types).to.include.members(['PaymentPending', 'PaymentOrderSuperseded', 'OrderCaptured']);
  });

  it('2. an upgrade while Live waits for its balance: 1 unit stays in force until the balance is captured', async () => {
    const customer = await server.customer('upgrade');
    const { sub } = await live(customer, 1);
    const revised = await revise(customer, sub, 1000);
    expect(revised.body.data).to.include({ status: 'SUBSCRIPTION_STATUS_ACTIVE', quantity: 1, amount: ONE_UNIT });
    expect(revised.body.data.pendingChange).to.include({ quantity: 1000, amount: THOUSAND_UNITS });
    // Seconds into the month, the rest of it costs (almost) the whole difference.
    expect(revised.body.data.balance).to.be.within(THOUSAND_UNITS - ONE_UNIT - 5, THOUSAND_UNITS - ONE_UNIT);
    expect(revised.body.data.amountDue).to.equal(revised.body.data.balance);
    const balanceOrder = await orderAndApprove(customer, sub._id);
    expect(balanceOrder).to.include({ purpose: 'balance', amount: revised.body.data.balance });
    const paid = await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, balanceOrder));
    expect(paid.body.data).to.include({ quantity: 1000, amount: THOUSAND_UNITS, balance: 0 });
    const revisedEvent = (await historyOf(customer, sub._id)).filter((h) => h.type === 'SubscriptionRevised').at(-1)!;
    expect(revisedEvent.data).to.include({ reason: 'BALANCE_PAID', quantity: 1000 });
  });

  it('2. a downgrade while Live is scheduled for the end of the paid period', async () => {
    const customer = await server.customer('downgrade');
    const { sub } = await live(customer, 3);
    const revised = await revise(customer, sub, 1);
    expect(revised.body.meta).to.deep.equal({ effect: 'scheduled' });
    expect(revised.body.data).to.include({ quantity: 3, amount: 1500 });
    expect(revised.body.data.scheduledChange).to.include({ quantity: 1, amount: ONE_UNIT, effectiveAt: sub.periodEnd });
    // The next period is ordered at the lower price.
    expect(revised.body.data.amountDue).to.equal(ONE_UNIT);
  });

  it('3. a stale order cannot pay for another configuration: refused before PayPal, in Creating and while Live', async () => {
    const customer = await server.customer('stale');
    const sub = await buyConstructor(customer, 3);
    const order = await orderAndApprove(customer, sub._id);
    expect(order.amount).to.equal(1500);
    expect((await revise(customer, { ...sub, paypalSubscriptionID: order.paypalSubscriptionID }, 40)).body.data).to.include({ quantity: 40, amount: 18_000 });
    const stale = await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, order));
    expect(stale.status).to.equal(409);
    expect(paypal.captureCount(order.paypalOrderID)).to.equal(0);
    expect(await view(customer, sub._id)).to.include({ status: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', amountDue: 18_000 });

    const other = await server.customer('stalelive');
    const { sub: liveSub } = await live(other, 3);
    const renewal = await orderAndApprove(other, liveSub._id);
    await revise(other, liveSub, 40);
    expect((await other.post('/subscriptions/captureOrder', captureBody(other, liveSub, renewal))).status).to.equal(409);
    expect(paypal.captureCount(renewal.paypalOrderID)).to.equal(0);
  });

  it('4. fifty concurrent createOrder: one billing reference, one PayPal order, one PaymentOrdered; it can be paid', async () => {
    const customer = await server.customer('fifty');
    const sub = await buyConstructor(customer, 2);
    const answers = await Promise.all(Array.from({ length: 50 }, () => customer.post('/subscriptions/createOrder', { id: sub._id })));
    expect(answers.map((a) => a.status)).to.deep.equal(Array(50).fill(200));
    expect(new Set(answers.map((a) => a.body.data.paypalOrderID)).size).to.equal(1);
    expect(new Set(answers.map((a) => a.body.data.paypalSubscriptionID)).size).to.equal(1);
    const reference = answers[0]!.body.data.paypalSubscriptionID as string;
    expect([...paypal.orders.values()].filter((o) => o.custom_id === reference)).to.have.length(1);
    expect((await historyTypes(customer, sub._id)).filter((t) => t === 'PaymentOrdered')).to.have.length(1);
    await fetch(answers[0]!.body.data.approveUrl, { redirect: 'manual' });
    const paid = await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, answers[17]!.body.data));
    expect(paid.body.data.status).to.equal('SUBSCRIPTION_STATUS_ACTIVE');
  });

  it('5. a webhook is applied from the event store while the read models are stopped; an unknown reference is 503 (retry)', async () => {
    const customer = await server.customer('lost');
    const sub = await buyConstructor(customer, 1);
    const order = await orderAndApprove(customer, sub._id);
    paypal.captureStatusFor(order.paypalOrderID, 'PENDING');
    expect((await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, order))).status).to.equal(202);
    await server.rt.readSide.stop();
    try {
      const completed = paypal.webhookEvent('PAYMENT.CAPTURE.COMPLETED', { ...paypal.captureResource(order.paypalOrderID), status: 'COMPLETED' });
      const delivered = await deliverWebhook(server, paypal, completed);
      expect(delivered.status).to.equal(200);
      expect(delivered.body.data).to.include({ outcome: 'applied', subscriptionId: sub._id });
    } finally {
      await server.rt.readSide.start();
    }
    for (let i = 0; i < 50 && (await view(customer, sub._id)).status !== 'SUBSCRIPTION_STATUS_ACTIVE'; i++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(await view(customer, sub._id)).to.include({ status: 'SUBSCRIPTION_STATUS_ACTIVE', quantity: 1 });

    const stranger = paypal.webhookEvent('PAYMENT.CAPTURE.COMPLETED', { id: 'CAP-X', status: 'COMPLETED', amount: { currency_code: 'USD', value: '5.00' }, custom_id: 'RCS-NEVER-CLAIMED', supplementary_data: { related_ids: { order_id: 'O-X' } } });
    const unresolved = await deliverWebhook(server, paypal, stranger);
    expect(unresolved.status).to.equal(503);
    expect(unresolved.body.error.message).to.match(/RCS-NEVER-CLAIMED/);
  });

  it('6. a full refund (twice at once) refunds once at PayPal and ends the paid period; nothing else covers it, so the subscription ends: nothing owed, nothing charged', async () => {
    const customer = await server.customer('refund');
    const admin = await server.admin();
    const { sub, order } = await live(customer, 2);
    const captureId = captureIdOf(order.paypalOrderID);
    const [a, b] = await Promise.all([admin.post('/subscriptions/refund', { id: sub._id, captureId }), admin.post('/subscriptions/refund', { id: sub._id, captureId })]);
    expect([a.status, b.status]).to.deep.equal([200, 200]);
    expect(paypal.refundCount(captureId)).to.equal(1);
    const after = await view(customer, sub._id);
    expect(after).to.include({ status: 'SUBSCRIPTION_STATUS_CANCEL', amountDue: 0 });
    expect(after.totals).to.include({ captured: 1000, refunded: 1000 });
    expect(Date.parse(after.periodEnd)).to.be.below(Date.parse(sub.periodEnd));
    const history = await historyOf(customer, sub._id);
    expect(history.filter((h) => h.type === 'PaymentRefunded')).to.have.length(1);
    expect(history.find((h) => h.type === 'PaidTimeEnded')!.data).to.include({ captureId, reason: 'REFUNDED' });
    expect(history.find((h) => h.type === 'SubscriptionCancelled')!.data).to.include({ cause: 'PAYMENT_TAKEN_BACK', reason: 'payment refunded' });
    expect(history.filter((h) => h.type === 'SubscriptionStatusChanged' && (h.data as { to: string }).to === 'SUBSCRIPTION_STATUS_WAIT_PAYMENT' && (h.data as { cause?: string }).cause !== 'ORDER_CREATED')).to.deep.equal([]);
    // Nothing left to refund; a customer may not refund at all.
    expect((await admin.post('/subscriptions/refund', { id: sub._id, captureId })).status).to.equal(400);
    expect((await customer.post('/subscriptions/refund', { id: sub._id, captureId })).status).to.equal(403);
  });

  it('6. a partial refund is a credit note: Live as before', async () => {
    const customer = await server.customer('partial');
    const admin = await server.admin();
    const { sub, order } = await live(customer, 2);
    const res = await admin.post('/subscriptions/refund', { id: sub._id, captureId: captureIdOf(order.paypalOrderID), amount: 250 });
    expect(res.body.data).to.include({ status: 'SUBSCRIPTION_STATUS_ACTIVE', periodEnd: sub.periodEnd });
    expect(res.body.data.totals.refunded).to.equal(250);
  });

  it('6. a reversal by webhook ends the paid period and, nothing else covering it, the subscription; one that comes before its capture is recorded is 503 (retry)', async () => {
    const customer = await server.customer('reversed');
    const { sub, order } = await live(customer, 2);
    const captureId = captureIdOf(order.paypalOrderID);
    const reversal = paypal.webhookEvent('PAYMENT.CAPTURE.REVERSED', paypal.reverse(captureId));
    expect((await deliverWebhook(server, paypal, reversal)).body.data).to.include({ outcome: 'applied', subscriptionId: sub._id });
    expect(await view(customer, sub._id)).to.include({ status: 'SUBSCRIPTION_STATUS_CANCEL', amountDue: 0 });
    const history = await historyOf(customer, sub._id);
    expect(history.find((h) => h.type === 'PaymentRefunded')!.data).to.include({ reversal: true, amount: 1000 });
    expect(history.find((h) => h.type === 'PaidTimeEnded')!.data).to.include({ reason: 'REVERSED' });
    expect((await deliverWebhook(server, paypal, reversal)).body.data.outcome).to.equal('unchanged');

    // PayPal's refund event for a capture our record has not reached yet: not lost, retried.
    const other = await server.customer('early-refund');
    const early = await buyConstructor(other, 1);
    const earlyOrder = await orderAndApprove(other, early._id);
    paypal.captureStatusFor(earlyOrder.paypalOrderID, 'PENDING');
    await other.post('/subscriptions/captureOrder', captureBody(other, early, earlyOrder));
    const refundFirst = paypal.webhookEvent('PAYMENT.CAPTURE.REFUNDED', paypal.refund(captureIdOf(earlyOrder.paypalOrderID)));
    expect((await deliverWebhook(server, paypal, refundFirst)).status).to.equal(503);
  });

  it('6. disputes are recorded and shown to administrators, opened then resolved', async () => {
    const customer = await server.customer('disputed');
    const admin = await server.admin();
    const { sub, order } = await live(customer, 2);
    const captureId = captureIdOf(order.paypalOrderID);
    const opened = paypal.webhookEvent('CUSTOMER.DISPUTE.CREATED', paypal.disputeResource(captureId, 'OPEN', { disputeId: 'PP-D-1' }));
    expect((await deliverWebhook(server, paypal, opened)).body.data).to.include({ outcome: 'applied', subscriptionId: sub._id });
    expect((await view(admin as Customer, sub._id)).disputes).to.deep.equal([{ id: 'PP-D-1', stage: 'CREATED', status: 'OPEN', captureId }]);
    const resolved = paypal.webhookEvent('CUSTOMER.DISPUTE.RESOLVED', paypal.disputeResource(captureId, 'RESOLVED', { disputeId: 'PP-D-1', outcome: 'RESOLVED_SELLER_FAVOUR' }));
    expect((await deliverWebhook(server, paypal, resolved)).body.data.outcome).to.equal('applied');
    const after = await view(admin as Customer, sub._id);
    expect(after.disputes).to.deep.equal([{ id: 'PP-D-1', stage: 'RESOLVED', status: 'RESOLVED', captureId }]);
    expect(after.status).to.equal('SUBSCRIPTION_STATUS_ACTIVE');
    const finance = await admin.post('/finance/replay', { format: 'json' });
    expect(JSON.stringify(finance.body.data)).to.contain('PP-D-1');
  });

  it('7. licence key, hardware key and dates are the server’s: refused from a customer, unique when an administrator sets them', async () => {
    const customer = await server.customer('chooser');
    const base = { subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', user_id: customer.userId, modules: [{ name: 'streams', limit: 1 }], payment_details: { plan_id: 'constructor', privacy_policy_confirm: true } };
    for (const [field, value] of [['licence_key', 'AAAAA-BBBBB-CCCCC-DDDDD-EEEEE'], ['hardware_key', 'HW-1'], ['endDate', '2099-01-01T00:00:00.000Z'], ['startDate', '2020-01-01T00:00:00.000Z']] as const) {
      const res = await customer.post('/subscriptions/create', { ...base, [field]: value });
      expect(res.status, field).to.equal(400);
      expect(res.body.error.details[0].field).to.equal(field);
    }
    const { sub: first } = await live(customer, 1);
    const { sub: second } = await live(await server.customer('chooser2'), 1);
    expect(first.licence_key).to.not.equal(second.licence_key);
    const admin = await server.admin();
    const taken = await admin.post('/subscriptions/update', { id: second._id, licence_key: first.licence_key });
    expect(taken.status).to.equal(409);
    expect((await admin.post('/subscriptions/update', { id: second._id, licence_key: 'ADMIN-CHOSEN-KEY-0001' })).status).to.equal(200);
  });

  it('8. a $0 builder is refused; a free plan is Live at once and one per customer; limits above the catalogue are refused', async () => {
    const customer = await server.customer('free');
    const zero = await customer.post('/subscriptions/create', { subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', user_id: customer.userId, infrastructure_type: 'saas', modules: [{ name: 'streams', limit: 1 }], payment_details: { plan_id: 'constructor', privacy_policy_confirm: true } });
    expect(zero.status).to.equal(400);
    expect(zero.body.error.details[0].field).to.equal('modules');
    const huge = await customer.post('/subscriptions/create', { subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', user_id: customer.userId, modules: [{ name: 'streams', limit: 10_000_000 }], payment_details: { plan_id: 'constructor', privacy_policy_confirm: true } });
    expect(huge.status).to.equal(400);
    expect(huge.body.error.details[0]).to.deep.include({ field: 'modules[0].limit' });

    const free = { subscription_type: 'SUBSCRIPTION_FREE', status: 'SUBSCRIPTION_STATUS_INITIAL', user_id: customer.userId, payment_details: { plan_id: 'unlimited', privacy_policy_confirm: true } };
    const [one, two] = await Promise.all([customer.post('/subscriptions/create', free), customer.post('/subscriptions/create', free)]);
    expect([one.status, two.status].sort()).to.deep.equal([201, 409]);
    const created = one.status === 201 ? one : two;
    expect(created.body.data).to.include({ status: 'SUBSCRIPTION_STATUS_ACTIVE', amount: 0 });
    expect((await customer.post('/subscriptions/cancel', { id: created.body.data._id })).status).to.equal(200);
    expect((await customer.post('/subscriptions/create', free)).status).to.equal(201);
  });

  it('9. an upgrade after an early renewal is charged over the running period and the one paid ahead', async () => {
    const customer = await server.customer('early');
    const { sub } = await live(customer, 1);
    const renewal = await orderAndApprove(customer, sub._id);
    expect(renewal).to.include({ purpose: 'period', amount: ONE_UNIT });
    const renewed = (await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, renewal))).body.data;
    expect(renewed.periodStart).to.equal(sub.periodEnd);
    // 1 → 2 units is $5 more a month: the rest of this month (rounded up to $5.00) plus all of the next one.
    const revised = await revise(customer, sub, 2);
    expect(revised.body.data.pendingChange).to.include({ quantity: 2, balance: 1000 });
  });
});
