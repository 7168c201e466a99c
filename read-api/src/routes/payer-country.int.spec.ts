import { expect } from 'chai';
import { startTestServer, type TestServer } from '../../test/harness.js';
import { paypalEnv, startPayPalStandIn, type PayPalStandIn } from '../../test/paypal-standin/server.js';
import { approveInBrowser, captureBody, historyOf, type Customer } from '../../test/paypal-standin/flow.js';

/*
 * Issue 35: PayPal's payer country over HTTP, through the real SDK and the stand-in (its buyer's country set per buyer).
 * The seller is in Estonia; the unlimited plan's month is $79.00 net. Worked by hand:
 *   Germany 19 %: 7900 × 0.19 = 1501 → $94.01;  France 20 %: 7900 × 0.2 = 1580 → $94.80;
 *   carved out of $79.00 for a German payer: 7900 × 19 / 119 = 1261.34 → $12.61 VAT, $66.39 net.
 */
describe('the PayPal payer’s country (real HTTP, stand-in PayPal)', function () {
  this.timeout(60_000);
  let paypal: PayPalStandIn;
  let server: TestServer;

  before(async () => {
    paypal = await startPayPalStandIn();
    server = await startTestServer({ env: paypalEnv(paypal, { SELLER_VAT_NUMBER: 'EE101234568' }) });
  });
  after(async () => {
    await server.close();
    await paypal.close();
  });

  async function unlimitedMonth(customer: Customer) {
    const created = await customer.post('/subscriptions/create', {
      subscription_type: 'SUBSCRIPTION_MONTH',
      status: 'SUBSCRIPTION_STATUS_INITIAL',
      user_id: customer.userId,
      infrastructure_type: 'self-hosted',
      payment_details: { plan_id: 'unlimited', privacy_policy_confirm: true },
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    return created.body.data as { _id: string; quantity: number };
  }
  const billing = (customer: Customer, country: string) => customer.post('/billingDetails/update', { name: 'Eva Muster', address: 'Hauptstraße 1\n10115 Berlin', country });
  async function orderApprovedIn(customer: Customer, subscriptionId: string, payerCountry: string | null) {
    const ordered = await customer.post('/subscriptions/createOrder', { id: subscriptionId });
    expect(ordered.status, JSON.stringify(ordered.body)).to.equal(200);
    paypal.buyerCountry(payerCountry);
    await approveInBrowser(ordered.body.data.approveUrl);
    return ordered.body.data as { paypalOrderID: string; paypalSubscriptionID: string; amount: number };
  }
  const capturedTax = async (customer: Customer, id: string) => (await historyOf(customer, id)).filter((h) => h.type === 'OrderCaptured');

  it('a German billing country and a French PayPal account: 409 TAX_COUNTRY_CONFLICT naming both, nothing captured; confirming Germany captures $94.01 with both countries on record', async () => {
    const customer = (await server.customer('conflict-confirm')) as Customer;
    expect((await billing(customer, 'DE')).status).to.equal(200);
    const sub = await unlimitedMonth(customer);
    // What every pay button says, before the order: the server's total with the German VAT.
    const due = await customer.post('/subscriptions/amountToPay', { id: sub._id });
    expect(due.body.data).to.deep.equal({ purpose: 'period', amount: 7900, taxLines: [{ kind: 'vat', country: 'DE', rate: '0.19', amount: 1501 }], tax: 1501, total: 9401, included: false, credit: 0, toPay: 9401, currency: 'USD', taxNotices: [] });
    const order = await orderApprovedIn(customer, sub._id, 'FR');
    expect(order.amount).to.equal(9401);
    // The order PayPal shows carries the French payer's country (payer.address.country_code).
    expect(paypal.orders.get(order.paypalOrderID)!.payer!.address).to.deep.equal({ country_code: 'FR' });

    const refused = await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, order));
    expect(refused.status, JSON.stringify(refused.body)).to.equal(409);
    expect(refused.body.error.code).to.equal('TAX_COUNTRY_CONFLICT');
    expect(refused.body.error.details).to.deep.equal({ billingCountry: 'DE', payerCountry: 'FR' });
    expect(refused.body.error.message).to.match(/DE.*FR/);
    expect(paypal.captureCount(order.paypalOrderID), 'PayPal was not asked to capture').to.equal(0);
    expect((await customer.post('/subscriptions/findOne', { id: sub._id })).body.data.status).to.equal('SUBSCRIPTION_STATUS_WAIT_PAYMENT');

    // A country that is not an ISO code is a 400 naming the field; the payer's country is not how to change it either.
    const notCode = await customer.post('/subscriptions/captureOrder', { ...captureBody(customer, sub, order), confirmCountry: 'Germany' });
    expect(notCode.status).to.equal(400);
    expect(notCode.body.error.message).to.match(/^confirmCountry /);
    const payerSide = await customer.post('/subscriptions/captureOrder', { ...captureBody(customer, sub, order), confirmCountry: 'FR' });
    expect(payerSide.status).to.equal(400);
    expect(payerSide.body.error.message).to.match(/^confirmCountry must be the billing country, DE/);

    const confirmed = await customer.post('/subscriptions/captureOrder', { ...captureBody(customer, sub, order), confirmCountry: 'DE' });
    expect(confirmed.status, JSON.stringify(confirmed.body)).to.equal(200);
    expect(confirmed.body.data.status).to.equal('SUBSCRIPTION_STATUS_ACTIVE');
    expect(paypal.captureCount(order.paypalOrderID)).to.equal(1);
    const [captured] = await capturedTax(customer, sub._id);
    expect(captured!.data.amount).to.equal(9401);
    expect(captured!.data.tax).to.deep.include({ amount: 7900, tax: 1501, total: 9401 });
    expect(captured!.data.tax.decision.evidence).to.deep.include({ billingCountry: 'DE', payerCountry: 'FR', countryConfirmed: true, countrySource: 'billing' });
    expect(captured!.data.tax.decision.notices).to.deep.equal(['countryConflict']);
  });

  it('…or the customer says France: the billing details change, a new order asks $94.80 (the approved one is never captured), paid from the French account', async () => {
    const customer = (await server.customer('conflict-switch')) as Customer;
    await billing(customer, 'DE');
    const sub = await unlimitedMonth(customer);
    const first = await orderApprovedIn(customer, sub._id, 'FR');
    expect((await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, first))).body.error.code).to.equal('TAX_COUNTRY_CONFLICT');

    expect((await billing(customer, 'FR')).status).to.equal(200);
    expect((await customer.post('/subscriptions/amountToPay', { id: sub._id })).body.data).to.deep.include({ tax: 1580, total: 9480, toPay: 9480 });
    const second = await orderApprovedIn(customer, sub._id, 'FR');
    expect(second.paypalOrderID).to.not.equal(first.paypalOrderID);
    expect(second.amount).to.equal(9480);
    // The first order is not captured, now or later: its capture is refused as priced on old details.
    const old = await customer.post('/subscriptions/captureOrder', { ...captureBody(customer, sub, first), confirmCountry: 'DE' });
    expect(old.status).to.equal(409);
    expect(paypal.captureCount(first.paypalOrderID)).to.equal(0);

    const paid = await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, second));
    expect(paid.status, JSON.stringify(paid.body)).to.equal(200);
    const [captured] = await capturedTax(customer, sub._id);
    expect(captured!.data.tax.taxLines).to.deep.equal([{ kind: 'vat', country: 'FR', rate: '0.2', amount: 1580 }]);
    expect(captured!.data.tax.decision.evidence).to.deep.include({ billingCountry: 'FR', payerCountry: 'FR' });
    const superseded = (await historyOf(customer, sub._id)).find((h) => h.type === 'PaymentOrderSuperseded')!;
    expect(superseded.data).to.deep.equal({ paypalOrderID: first.paypalOrderID, reason: 'TAX_CHANGED' });
  });

  it('through the API with no country known: $79.00 asked, no VAT; a German payer then has the VAT carved out at the capture ($12.61 payable to Germany, the seller bears it)', async () => {
    const customer = (await server.customer('api-buyer')) as Customer;
    const sub = await unlimitedMonth(customer);
    expect((await customer.post('/subscriptions/amountToPay', { id: sub._id })).body.data).to.deep.include({ amount: 7900, tax: 0, total: 7900, toPay: 7900, taxNotices: ['noCountry'] });
    const order = await orderApprovedIn(customer, sub._id, 'DE');
    expect(order.amount).to.equal(7900);
    const paid = await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, order));
    expect(paid.status, JSON.stringify(paid.body)).to.equal(200);
    const [captured] = await capturedTax(customer, sub._id);
    expect(captured!.data.amount).to.equal(7900);
    expect(captured!.data.tax).to.deep.include({ amount: 6639, tax: 1261, total: 7900, included: true });
    expect(captured!.data.tax.taxLines).to.deep.equal([{ kind: 'vat', country: 'DE', rate: '0.19', amount: 1261 }]);
    expect(captured!.data.tax.decision.evidence).to.deep.include({ payerCountry: 'DE', country: 'DE', countrySource: 'payer' });

    // The books: VAT is a liability per country and rate, never revenue. Germany's 19 %: 1501 (the confirmed German
    // customer above) + 1261 (carved out here); France's 20 %: 1580.
    const admin = await server.admin();
    await server.rt.readSide.waitFor(await server.rt.events.headPosition(), 5000);
    const trial = await admin.post('/finance/trialBalance', {});
    expect(trial.status, JSON.stringify(trial.body)).to.equal(200);
    const account = (name: string) => trial.body.data.accounts.find((a: { account: string }) => a.account === name);
    expect(account('tax-payable:DE:0.19')).to.deep.include({ debit: 0, credit: 1501 + 1261 });
    expect(account('tax-payable:FR:0.2')).to.deep.include({ debit: 0, credit: 1580 });
  });
});
