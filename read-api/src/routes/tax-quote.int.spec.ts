import { expect } from 'chai';
import type { tax } from '@relaycast/billing-core';
import { startTestServer, type ApiAnswer, type ApiClient, type TestServer } from '../../test/harness.js';

/*
 * Issue 35: the quote with tax, over HTTP, worked by hand. The seller is in Estonia with EE101234568 (check digit 8:
 * weights 3,7,1,3,7,1,3,7 over 1,0,1,2,3,4,5,6 sum to 92). The unlimited plan's month is $79.00 net. The billing clock
 * starts on 2025-06-30 at noon (Estonia: 22 %) and is moved to 2025-07-01 (24 %) in the rate-change case.
 * DE136695976, EE100931558, FR64443061841 are valid numbers (billing-core/src/tax/vat-number.spec.ts); DE136695977 has a
 * wrong check digit.
 */
const MONTH = { plan_id: 'unlimited', infrastructure_type: 'self-hosted', subscription_type: 'SUBSCRIPTION_MONTH' };
const line = (kind: string, country: string, rate: string, amount: number) => ({ kind, country, rate, amount });

function expectFieldError(res: ApiAnswer, field: string, message: RegExp) {
  expect(res.status, JSON.stringify(res.body)).to.equal(400);
  expect(res.body.error.code).to.equal('VALIDATION_FAILED');
  expect(res.body.error.message).to.match(message);
  expect(res.body.error.message.startsWith(`${field} `), res.body.error.message).to.equal(true);
}

describe('the quote with tax (real HTTP)', () => {
  let server: TestServer;
  let anonymous: ApiClient;
  const viesAsked: { vatNumber: string; country: string; requester?: string }[] = [];
  const vies: tax.ViesPort = {
    async check({ vatNumber, country, requester, now }) {
      viesAsked.push({ vatNumber, country, ...(requester ? { requester } : {}) });
      return { result: 'valid', checkedAt: now, requestIdentifier: 'WAPI-TEST-1' };
    },
  };
  before(async () => {
    server = await startTestServer({ env: { SELLER_VAT_NUMBER: 'EE101234568', BILLING_CLOCK: 'test', BILLING_CLOCK_START: '2025-06-30T12:00:00.000Z' }, vies });
    anonymous = server.client();
  });
  after(async () => server.close());

  const quote = (body: Record<string, unknown>, client: ApiClient = anonymous) => client.post('/subscriptions/quote', { ...MONTH, ...body });

  it('nobody known: the net as before, no tax lines, and the notice; existing fields unchanged', async () => {
    const res = await quote({});
    expect(res.status).to.equal(200);
    expect(res.body.data).to.deep.include({ plan_id: 'unlimited', period: 'monthly', monthlyAmount: 7900, billingMonths: 1, amount: 7900, currency: 'USD', taxLines: [], tax: 0, total: 7900, taxNotices: ['noCountry'] });
  });

  it('a German consumer: 19 % — $15.01, total $94.01', async () => {
    const res = await quote({ country: 'DE' });
    expect(res.body.data).to.deep.include({ amount: 7900, taxLines: [line('vat', 'DE', '0.19', 1501)], tax: 1501, total: 9401, taxNotices: [] });
  });

  it('a French consumer: 20 % — $15.80, total $94.80', async () => {
    expect((await quote({ country: 'FR' })).body.data).to.deep.include({ taxLines: [line('vat', 'FR', '0.2', 1580)], tax: 1580, total: 9480 });
  });

  it('a German business with a valid VAT number: reverse charge, $79.00', async () => {
    expect((await quote({ country: 'DE', vatNumber: 'DE136695976' })).body.data).to.deep.include({ amount: 7900, taxLines: [line('reverse-charge', 'DE', '0', 0)], tax: 0, total: 7900, taxNotices: [] });
  });

  it('a VAT number alone: its prefix gives the country (a French business: reverse charge)', async () => {
    expect((await quote({ vatNumber: 'FR64443061841' })).body.data).to.deep.include({ taxLines: [line('reverse-charge', 'FR', '0', 0)], total: 7900 });
  });

  it('a German number with a wrong check digit: VAT as to a consumer, and the notice', async () => {
    expect((await quote({ country: 'DE', vatNumber: 'DE136695977' })).body.data).to.deep.include({ tax: 1501, total: 9401, taxNotices: ['vatNumberFailedCheck'] });
  });

  it('a US customer: outside the scope, no VAT', async () => {
    expect((await quote({ country: 'US' })).body.data).to.deep.include({ taxLines: [line('outside-scope', 'US', '0', 0)], tax: 0, total: 7900, taxNotices: [] });
  });

  it('400s: another country\'s prefix or a malformed number names vatNumber; an unknown country names country', async () => {
    expectFieldError(await quote({ country: 'DE', vatNumber: 'FR64443061841' }), 'vatNumber', /must start with DE/);
    expectFieldError(await quote({ country: 'DE', vatNumber: '136695976' }), 'vatNumber', /must start with DE/);
    expectFieldError(await quote({ country: 'DE', vatNumber: 'DE12345' }), 'vatNumber', /format of DE/);
    expectFieldError(await quote({ vatNumber: 'de136695976' }), 'vatNumber', /vatNumber/);
    expectFieldError(await quote({ vatNumber: '123456789' }), 'vatNumber', /country prefix/);
    expectFieldError(await quote({ country: 'XX' }), 'country', /country/);
    expectFieldError(await quote({ country: 'de' }), 'country', /country/);
    expectFieldError(await quote({ country: 'DEU' }), 'country', /country/);
  });

  it('each refusal names its rule and what the web words it with (the browser says it in the reader\'s language)', async () => {
    const problem = async (body: Record<string, unknown>) => (await quote(body)).body.error.details[0];
    expect(await problem({ country: 'DE', vatNumber: 'FR64443061841' })).to.deep.include({ field: 'vatNumber', rule: 'vatPrefix', params: { prefix: 'DE', country: 'DE' } });
    expect(await problem({ country: 'DE', vatNumber: 'DE12345' })).to.deep.include({ field: 'vatNumber', rule: 'vatFormat', params: { country: 'DE' } });
    expect(await problem({ vatNumber: '123456789' })).to.deep.include({ field: 'vatNumber', rule: 'vatPrefixMissing' });
  });

  it('a signed-in customer\'s billing details: a German business (VIES asked, its answer kept); the body, when given, wins', async () => {
    const ada = await server.customer('ada');
    expect((await quote({}, ada)).body.data).to.deep.include({ taxLines: [], taxNotices: ['noCountry'] });
    const set = await ada.post('/billingDetails/update', { name: 'Maschinen GmbH', address: 'Hauptstraße 1\n10115 Berlin', country: 'DE', vatNumber: 'DE 136 695 976' });
    expect(set.status).to.equal(200);
    expect(set.body.data).to.deep.include({ country: 'DE', vatNumber: 'DE136695976' });
    // The check is dated by the command (a user stream's time never goes backwards: not before the sign-up's wall
    // clock), VIES's answer by the port.
    const { checkedAt, ...check } = set.body.data.vatNumberCheck;
    expect(Date.parse(checkedAt)).to.be.at.least(Date.parse('2025-06-30T12:00:00.000Z'));
    expect(check).to.deep.equal({ vatNumber: 'DE136695976', country: 'DE', offline: 'valid', vies: { result: 'valid', checkedAt: '2025-06-30T12:00:00.000Z', requestIdentifier: 'WAPI-TEST-1' } });
    expect(viesAsked).to.deep.equal([{ vatNumber: 'DE136695976', country: 'DE', requester: 'EE101234568' }]);
    expect((await quote({}, ada)).body.data).to.deep.include({ taxLines: [line('reverse-charge', 'DE', '0', 0)], tax: 0, total: 7900 });
    expect((await quote({ country: 'FR' }, ada)).body.data).to.deep.include({ taxLines: [line('vat', 'FR', '0.2', 1580)], total: 9480 });
  });

  it('billing details: another country\'s number is a 400 naming vatNumber; wrong check digits are kept, VAT charged with a notice', async () => {
    const bob = await server.customer('bob');
    const base = { name: 'Bob Dupont', address: '1 rue de Rivoli\n75001 Paris', country: 'FR' };
    expectFieldError(await bob.post('/billingDetails/update', { ...base, vatNumber: 'DE136695976' }), 'vatNumber', /must start with FR/);
    const kept = await bob.post('/billingDetails/update', { ...base, vatNumber: 'FR64443061842' });
    expect(kept.status).to.equal(200);
    expect(kept.body.data.vatNumberCheck).to.deep.include({ vatNumber: 'FR64443061842', country: 'FR', offline: 'invalid' });
    expect(kept.body.data.vatNumberCheck).to.not.have.property('vies');
    expect((await quote({}, bob)).body.data).to.deep.include({ taxLines: [line('vat', 'FR', '0.2', 1580)], total: 9480, taxNotices: ['vatNumberFailedCheck'] });
  });

  it('Estonia at the rate of the date: a consumer and a business on 2025-06-30 at 22 % ($17.38), on 2025-07-01 at 24 % ($18.96)', async () => {
    expect((await quote({ country: 'EE' })).body.data).to.deep.include({ taxLines: [line('vat', 'EE', '0.22', 1738)], tax: 1738, total: 9638 });
    expect((await quote({ country: 'EE', vatNumber: 'EE100931558' })).body.data).to.deep.include({ taxLines: [line('vat', 'EE', '0.22', 1738)], total: 9638 });
    const admin = await server.admin();
    expect((await admin.post('/admin/clock/advance', { days: 1 })).status).to.equal(200);
    expect((await quote({ country: 'EE' })).body.data).to.deep.include({ taxLines: [line('vat', 'EE', '0.24', 1896)], tax: 1896, total: 9796 });
    expect((await quote({ country: 'EE', vatNumber: 'EE100931558' })).body.data).to.deep.include({ taxLines: [line('vat', 'EE', '0.24', 1896)], total: 9796 });
  });
});

describe('the quote with TAX=off (real HTTP)', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({ env: { TAX: 'off' } });
  });
  after(async () => server.close());

  it('no tax lines and no notices, whoever asks', async () => {
    const res = await server.client().post('/subscriptions/quote', { ...MONTH, country: 'DE' });
    expect(res.body.data).to.deep.include({ amount: 7900, taxLines: [], tax: 0, total: 7900, taxNotices: [] });
  });
});
