import { expect } from 'chai';
import { parseCsv } from '@relaycast/projections/finance';
import { startTestServer, type ApiClient, type TestServer } from '../../test/harness.js';
import { buy, pay } from '../../test/billing.js';

describe('/finance/replay and /finance/verify (admin, real HTTP)', function () {
  this.timeout(30_000);
  let server: TestServer;
  let admin: ApiClient;
  let customer: ApiClient & { userId: string };
  const amounts = { before: 0, after: 0, outstanding: 0 };

  before(async () => {
    server = await startTestServer();
    admin = await server.admin();
    customer = await server.customer('payer');
    const a = await buy(customer, 2);
    const b = await buy(customer, 3);
    amounts.before += await pay(server, customer, a, 'ORD-A1', '2026-10-05T10:00:00.000Z');
    amounts.outstanding += await pay(server, customer, b, 'ORD-B1', '2026-11-29T10:00:00.000Z', { capture: false });
    amounts.after += await pay(server, customer, a, 'ORD-A2', '2026-12-03T10:00:00.000Z');
  });
  after(async () => server.close());

  it('JSON: the report up to a date, totals per plan and currency; after the date, more', async () => {
    const res = await admin.post('/finance/replay', { to: '2026-11-30' });
    expect(res.status).to.equal(200);
    const report = res.body.data;
    expect(report.asOf.to).to.equal('2026-11-30T23:59:59.999Z');
    expect(report.totals.byCurrency).to.have.length(1);
    expect(report.totals.byCurrency[0]).to.include({ currency: 'USD', ordered: amounts.before + amounts.outstanding, captured: amounts.before, outstanding: amounts.outstanding, orders: 2, captures: 1 });
    expect(report.totals.byPlan[0]).to.include({ planId: 'constructor', currency: 'USD', subscriptions: 2 });
    expect(report.rows.map((r: { paypalOrderIds: string[] }) => r.paypalOrderIds[0]).sort()).to.deep.equal(['ORD-A1', 'ORD-B1']);
    const all = await admin.post('/finance/replay', {});
    expect(all.body.data.totals.byCurrency[0].captured).to.equal(amounts.before + amounts.after);
  });

  it('CSV: text/csv as a file with the same figures; bad `to` is 400; customers are refused', async () => {
    const res = await fetch(`${server.baseUrl}/finance/replay`, {
      method: 'POST',
      headers: { origin: server.baseUrl, 'content-type': 'application/json', cookie: [...admin.cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
      body: JSON.stringify({ to: '2026-11-30', format: 'csv' }),
    });
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^text\/csv/);
    expect(res.headers.get('content-disposition')).to.match(/^attachment; filename="?relaycast-finance-2026-11-30-p\d+\.csv"?$/);
    const [header, ...lines] = parseCsv(await res.text());
    const total = lines.find((l) => l[0] === 'currency-total')!;
    expect(total[header!.indexOf('captured')]).to.equal((amounts.before / 100).toFixed(2));
    expect(lines.filter((l) => l[0] === 'subscription')).to.have.length(2);

    expect((await admin.post('/finance/replay', { to: 'last tuesday' })).status).to.equal(400);
    expect((await customer.post('/finance/replay', {})).status).to.equal(403);
    expect((await customer.post('/finance/replay', { format: 'csv' })).status).to.equal(403);
    expect((await server.client().post('/finance/verify', {})).status).to.equal(401);
  });

  it('overview and recognition: the captured periods as MRR and revenue, as of a day; a day that is not one is 400', async () => {
    // Two constructor subscriptions: A (2 streams) paid twice; B (3 streams) ordered, never captured. (The events
    // are recorded at the test's real time or later, so the figures are read as of a day long after.)
    const later = await admin.post('/finance/overview', { asOf: '2099-12-31' });
    expect(later.status).to.equal(200);
    // A is Live at its last paid price (its renewal never fell due: no billing clock ran); B never paid: 0.
    expect(later.body.data.mrr).to.deep.equal({ USD: amounts.after });
    expect(later.body.data.payingSubscribers).to.equal(1);
    const months = later.body.data.months as { captured: { USD?: number }; movements: { USD?: { new: number } } }[];
    expect(months.reduce((sum, m) => sum + (m.captured.USD ?? 0), 0)).to.equal(amounts.before + amounts.after);
    expect(months.reduce((sum, m) => sum + (m.movements.USD?.new ?? 0), 0)).to.equal(amounts.before);
    const recognition = await admin.post('/finance/recognition', { asOf: '2099-12-31' });
    expect(recognition.status).to.equal(200);
    // Both paid months long over: everything billed is recognised.
    expect(recognition.body.data.byPlan).to.deep.equal([{ plan: 'constructor', currency: 'USD', billed: amounts.before + amounts.after, recognised: amounts.before + amounts.after, deferred: 0 }]);
    // Before anything was recorded: nothing.
    expect((await admin.post('/finance/overview', { asOf: '2000-01-01' })).body.data.mrr).to.deep.equal({});
    const bad = await admin.post('/finance/overview', { asOf: '2026-02-30' });
    expect(bad.status).to.equal(400);
    expect(JSON.stringify(bad.body)).to.contain('asOf');
    expect((await admin.post('/finance/overview', { book: 'play money' })).status).to.equal(400);
    expect((await customer.post('/finance/overview', {})).status).to.equal(403);
    // The demo book is apart: nothing here was a demo payment.
    expect((await admin.post('/finance/overview', { asOf: '2099-12-31', book: 'demo' })).body.data.mrr).to.deep.equal({});
  });

  it('verify: the running server’s read models equal a scratch rebuild, until one is corrupted', async () => {
    const ok = await admin.post('/finance/verify', {});
    expect(ok.status).to.equal(200);
    expect(ok.body.data.ok).to.equal(true);
    expect(ok.body.data.projections.map((p: { projection: string }) => p.projection)).to.include.members(['users', 'subscriptions', 'history', 'invoices', 'finance']);

    const rm = server.rt.readModels;
    const [sub] = (await server.rt.readSide.queries.listSubscriptions({})).items;
    const checkpoint = await rm.checkpoint('subscriptions');
    await rm.commit('subscriptions', [{ op: 'put', collection: 'subscription', id: sub!._id, doc: { ...sub, amount: sub!.amount + 1 } }], checkpoint);
    const bad = await admin.post('/finance/verify', { projections: ['subscriptions'] });
    expect(bad.body.data.ok).to.equal(false);
    expect(bad.body.data.projections[0].sample[0]).to.include({ kind: 'changed', key: `doc subscription ${sub!._id}` });
    expect((await admin.post('/finance/verify', { projections: ['nope'] })).status).to.equal(400);
  });
});
