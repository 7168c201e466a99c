import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import type { ApiAnswer, ApiClient } from '../../test/harness.js';
import { useClockServer } from '../../test/clock-server.js';
import { approveInBrowser, captureBody, historyOf, type Customer } from '../../test/paypal-standin/flow.js';

/**
 * The OSS report over real HTTP (issue 35; docs/tax.md, "The OSS report"): real purchases through the PayPal
 * stand-in on the test clock, the seller in Estonia (EE100931558). The unlimited plan's month is $79.00 net.
 *
 * - 1 Mar 2024: a German consumer pays $79.00 + VAT 19 % $15.01 (INV-000001); a French consumer $79.00 + 20 % $15.80
 *   (INV-000002); an Estonian consumer $79.00 + 22 % $17.38 (Estonia's rate in 2024; the seller's own country: the
 *   national return); a German business with DE136695976 $79.00, reverse-charged; a customer in the United States
 *   $79.00, outside the scope.
 * - 10 Mar: $9.40 of the German consumer's $94.01 given back: VAT ⌊1501 × 940 / 9401 + ½⌋ = $1.50, net $7.90.
 * - 15 Apr (2024-Q2): $47.40 of the French consumer's $94.80 given back: VAT 1580 × 4740 / 9480 = $7.90, net $39.50.
 *
 * 2024-Q1's OSS lines: Germany 19 % $71.10 taxable, $13.51 VAT; France 20 % $79.00, $15.80; in euros at the ECB rate
 * for Sunday 31 March 2024 — none that day, nor on Good Friday and Easter Monday, so Tuesday 2 April's 1.0749:
 * 7110 / 1.0749 = 6614.57 → €66.15, 1351 / 1.0749 = 1256.86 → €12.57; 7900 / 1.0749 = 7349.52 → €73.50,
 * 1580 / 1.0749 = 1469.90 → €14.70. 2024-Q2: France −$39.50 and −$7.90 (its credit note alone: its invoice is of
 * 2024-Q1, and listed as such), at Monday 1 July's 1.0745: −3676.13 → −€36.76, −735.23 → −€7.35.
 */
const MONTH = { subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', payment_details: { plan_id: 'unlimited', privacy_policy_confirm: true } };
const docs = (count: number, taxable: number, vat: number) => ({ count, taxable, vat });
const none = docs(0, 0, 0);

function expectFieldError(res: ApiAnswer, field: string) {
  expect(res.status, JSON.stringify(res.body)).to.equal(400);
  expect(res.body.error.code).to.equal('VALIDATION_FAILED');
  expect(res.body.error.message.startsWith(`${field} `), res.body.error.message).to.equal(true);
}

describe('/finance/tax/oss: the OSS report of a quarter (real HTTP, test clock, PayPal stand-in)', function () {
  this.timeout(120_000);
  const clock = useClockServer('2024-03-01T10:00:00.000Z', { SELLER_VAT_NUMBER: 'EE100931558' });
  const buyers: Record<string, { customer: Customer; captureId: string; subscriptionId: string }> = {};

  /** A customer with billing details in `country` buys a month of the unlimited plan and pays it through PayPal. */
  async function buyMonth(name: string, billing: { country: string; vatNumber?: string }): Promise<number> {
    const customer = (await clock.server.customer(name)) as Customer;
    const details = await customer.post('/billingDetails/update', { name: `${name} Example`, address: '1 Example Street', ...billing });
    expect(details.status, JSON.stringify(details.body)).to.equal(200);
    const created = await customer.post('/subscriptions/create', { ...MONTH, user_id: customer.userId });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const sub = created.body.data;
    const ordered = await customer.post('/subscriptions/createOrder', { id: sub._id });
    expect(ordered.status, JSON.stringify(ordered.body)).to.equal(200);
    await approveInBrowser(ordered.body.data.approveUrl);
    const captured = await customer.post('/subscriptions/captureOrder', captureBody(customer, sub, ordered.body.data));
    expect(captured.status, JSON.stringify(captured.body)).to.equal(200);
    const captureId = (await historyOf(clock.admin, sub._id)).find((h) => h.type === 'OrderCaptured')!.data.captureId as string;
    buyers[name] = { customer, captureId, subscriptionId: sub._id };
    return ordered.body.data.amount as number;
  }

  async function refund(name: string, amount: number) {
    const res = await clock.admin.post('/subscriptions/refund', { id: buyers[name]!.subscriptionId, captureId: buyers[name]!.captureId, amount });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
  }

  async function settled() {
    const head = await clock.server.rt.events.headPosition();
    expect(await clock.server.rt.invoicingReactor.waitFor(head, 10_000), 'the invoicing reactor caught up').to.equal(true);
    expect(await clock.server.rt.readSide.waitFor(await clock.server.rt.events.headPosition(), 10_000), 'the read models caught up').to.equal(true);
  }

  before(async () => {
    // What PayPal is asked for: the gross (net + VAT), or the net alone.
    expect(await buyMonth('Greta', { country: 'DE' })).to.equal(9401);
    expect(await buyMonth('Francoise', { country: 'FR' })).to.equal(9480);
    expect(await buyMonth('Eero', { country: 'EE' })).to.equal(9638);
    expect(await buyMonth('Gmbh', { country: 'DE', vatNumber: 'DE136695976' })).to.equal(7900);
    expect(await buyMonth('Usa', { country: 'US' })).to.equal(7900);
    await clock.advance({ to: '2024-03-10T10:00:00.000Z' });
    await refund('Greta', 940);
    await clock.advance({ to: '2024-04-15T10:00:00.000Z' });
    await refund('Francoise', 4740);
    await settled();
  });

  it('2024-Q1: Germany and France per rate, in dollars and in euros at 2 April 2024’s rate; the domestic sale, the reverse charge and the US sale beside them', async () => {
    const res = await clock.admin.post('/finance/tax/oss', { quarter: '2024-Q1' });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
    const r = res.body.data;
    expect(r).to.deep.include({ quarter: '2024-Q1', book: 'real', from: '2024-01-01', to: '2024-03-31', sellerCountry: 'EE', scheme: 'union' });
    expect(r.exchangeRates).to.deep.equal([{ currency: 'USD', rate: '1.0749', published: '2024-04-02', day: '2024-03-31', stale: false }]);
    expect(r.oss.lines).to.deep.equal([
      { country: 'DE', rate: '0.19', currency: 'USD', taxable: 7110, vat: 1351, invoices: docs(1, 7900, 1501), creditNotes: docs(1, 790, 150), euro: { taxable: 6615, vat: 1257 } },
      { country: 'FR', rate: '0.2', currency: 'USD', taxable: 7900, vat: 1580, invoices: docs(1, 7900, 1580), creditNotes: none, euro: { taxable: 7350, vat: 1470 } },
    ]);
    expect(r.oss.countries).to.deep.equal([
      { country: 'DE', taxable: 6615, vat: 1257 },
      { country: 'FR', taxable: 7350, vat: 1470 },
    ]);
    expect(r.oss.total).to.deep.equal({ taxable: 13965, vat: 2727 });
    expect(r.domestic).to.deep.equal([{ country: 'EE', rate: '0.22', currency: 'USD', taxable: 7900, vat: 1738, invoices: docs(1, 7900, 1738), creditNotes: none }]);
    expect(r.reverseCharge).to.deep.equal([{ country: 'DE', vatNumber: 'DE136695976', currency: 'USD', taxable: 7900, invoices: docs(1, 7900, 0), creditNotes: none }]);
    expect(r.outsideScope).to.deep.equal([{ country: 'US', currency: 'USD', taxable: 7900, invoices: docs(1, 7900, 0), creditNotes: none }]);
    expect([r.otherVat, r.untaxed, r.corrections]).to.deep.equal([[], [], []]);
    expect(r.documents).to.deep.equal({ invoices: 5, creditNotes: 1 });
  });

  it('2024-Q2: the credit note of a 2024-Q1 invoice reduces it, listed as a correction of 2024-Q1; the demo book has nothing', async () => {
    const r = (await clock.admin.post('/finance/tax/oss', { quarter: '2024-Q2', book: 'real' })).body.data;
    expect(r.exchangeRates).to.deep.equal([{ currency: 'USD', rate: '1.0745', published: '2024-07-01', day: '2024-06-30', stale: false }]);
    expect(r.oss.lines).to.deep.equal([{ country: 'FR', rate: '0.2', currency: 'USD', taxable: -3950, vat: -790, invoices: none, creditNotes: docs(1, 3950, 790), euro: { taxable: -3676, vat: -735 } }]);
    expect(r.corrections).to.have.length(1);
    expect(r.corrections[0]).to.deep.include({ section: 'oss', invoice: 'INV-000002', invoiceQuarter: '2024-Q1', country: 'FR', rate: '0.2', currency: 'USD', taxable: 3950, vat: 790 });
    expect(r.corrections[0].creditNote).to.match(/^CN-\d{6}$/);
    expect(r.documents).to.deep.equal({ invoices: 0, creditNotes: 1 });
    const demo = (await clock.admin.post('/finance/tax/oss', { quarter: '2024-Q1', book: 'demo' })).body.data;
    expect([demo.oss.lines, demo.documents]).to.deep.equal([[], { invoices: 0, creditNotes: 0 }]);
  });

  it('the finance role reads it as administrators do; customers get 403, the signed-out 401', async () => {
    const finance: ApiClient = await clock.server.financeUser();
    const asAdmin = await clock.admin.post('/finance/tax/oss', { quarter: '2024-Q1' });
    const asFinance = await finance.post('/finance/tax/oss', { quarter: '2024-Q1' });
    expect(asFinance.status).to.equal(200);
    expect(asFinance.body.data).to.deep.equal(asAdmin.body.data);
    expect((await buyers.Greta!.customer.post('/finance/tax/oss', { quarter: '2024-Q1' })).status).to.equal(403);
    expect((await buyers.Greta!.customer.post('/finance/tax/oss', { quarter: '2024-Q1', format: 'csv' })).status).to.equal(403);
    expect((await clock.server.client().post('/finance/tax/oss', { quarter: '2024-Q1' })).status).to.equal(401);
  });

  it('bad input: a 400 naming the field — quarter, book, format — as JSON and as CSV', async () => {
    for (const quarter of ['2024-Q5', '2024-Q0', '2024Q1', '2024-q1', '24-Q1', '2024-01', '', 2024]) expectFieldError(await clock.admin.post('/finance/tax/oss', { quarter }), 'quarter');
    expectFieldError(await clock.admin.post('/finance/tax/oss', {}), 'quarter');
    expectFieldError(await clock.admin.post('/finance/tax/oss', { quarter: '2024-Q5', format: 'csv' }), 'quarter');
    expectFieldError(await clock.admin.post('/finance/tax/oss', { quarter: '2024-Q1', book: 'all' }), 'book');
    expectFieldError(await clock.admin.post('/finance/tax/oss', { quarter: '2024-Q1', format: 'xlsx' }), 'format');
  });

  it('CSV: one row per country and rate with the dollars and the euros, the totals, the rate, the other sections; amounts as decimals', async () => {
    const res = await clock.admin.post<string>('/finance/tax/oss', { quarter: '2024-Q1', format: 'csv' });
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^text\/csv/);
    expect(res.headers.get('content-disposition')).to.equal('attachment; filename=relaycast-oss-real-2024-Q1.csv');
    const text = res.body;
    expect(text.split('\r\n')[0]).to.equal('section,country,vat_rate,currency,taxable,vat,taxable_eur,vat_eur,invoices,credit_notes,vat_number,reason,applies_to,credit_note,invoice,invoice_quarter,ecb_rate,ecb_published,ecb_stale');
    const rows = (parse(text, { columns: true }) as Record<string, string>[]).map((r) => Object.fromEntries(Object.entries(r).filter(([, v]) => v !== '')));
    expect(rows).to.deep.equal([
      { section: 'oss', country: 'DE', vat_rate: '0.19', currency: 'USD', taxable: '71.10', vat: '13.51', taxable_eur: '66.15', vat_eur: '12.57', invoices: '1', credit_notes: '1' },
      { section: 'oss', country: 'FR', vat_rate: '0.2', currency: 'USD', taxable: '79.00', vat: '15.80', taxable_eur: '73.50', vat_eur: '14.70', invoices: '1', credit_notes: '0' },
      { section: 'oss-country', country: 'DE', taxable_eur: '66.15', vat_eur: '12.57' },
      { section: 'oss-country', country: 'FR', taxable_eur: '73.50', vat_eur: '14.70' },
      { section: 'oss-total', taxable_eur: '139.65', vat_eur: '27.27' },
      { section: 'exchange-rate', currency: 'USD', ecb_rate: '1.0749', ecb_published: '2024-04-02', ecb_stale: 'false' },
      { section: 'domestic', country: 'EE', vat_rate: '0.22', currency: 'USD', taxable: '79.00', vat: '17.38', invoices: '1', credit_notes: '0' },
      { section: 'reverse-charge', country: 'DE', vat_rate: '0', currency: 'USD', taxable: '79.00', vat: '0.00', invoices: '1', credit_notes: '0', vat_number: 'DE136695976' },
      { section: 'outside-scope', country: 'US', vat_rate: '0', currency: 'USD', taxable: '79.00', vat: '0.00', invoices: '1', credit_notes: '0' },
    ]);
    // 2024-Q2: the negative line stays a number (no apostrophe), the correction names its invoice and quarter.
    const q2 = (await clock.admin.post<string>('/finance/tax/oss', { quarter: '2024-Q2', format: 'csv' })).body;
    const lines = q2.split('\r\n');
    expect(lines[1]).to.equal('oss,FR,0.2,USD,-39.50,-7.90,-36.76,-7.35,0,1,,,,,,,,,');
    expect(lines.find((l) => l.startsWith('correction,'))).to.match(/^correction,FR,0\.2,USD,39\.50,7\.90,,,,,,,oss,CN-\d{6},INV-000002,2024-Q1,,,$/);
  });
});
