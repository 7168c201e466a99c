import { expect } from 'chai';
import { subscriptionDecider } from '@relaycast/billing-core';
import { createMemoryReadModelStore, rebuildProjection, receiptsProjection } from '@relaycast/projections';
import { startTestServer, type ApiClient, type TestServer } from '../../test/harness.js';
import { buy, pay } from '../../test/billing.js';

describe('receipts: numbered without gaps, HTML and PDF, own only (real HTTP)', function () {
  this.timeout(30_000);
  let server: TestServer;
  let admin: ApiClient;
  let ada: ApiClient & { userId: string; email: string };
  let bob: ApiClient & { userId: string };
  let subs: { a1: string; a2: string; b1: string };

  before(async () => {
    server = await startTestServer();
    admin = await server.admin();
    ada = await server.customer('ada');
    bob = await server.customer('bob');
    subs = { a1: await buy(ada, 2), a2: await buy(ada, 4), b1: await buy(bob, 1) };
    // Captures interleaved across customers and subscriptions, a rejected one and an unpaid order between them.
    await pay(server, ada, subs.a1, 'O-1', '2026-10-01T09:00:00.000Z');
    await pay(server, bob, subs.b1, 'O-2', '2026-10-02T09:00:00.000Z');
    await pay(server, ada, subs.a2, 'O-3', '2026-10-03T09:00:00.000Z', { reject: true });
    await pay(server, ada, subs.a2, 'O-4', '2026-10-04T09:00:00.000Z');
    await pay(server, ada, subs.a1, 'O-5', '2026-11-01T09:00:00.000Z');
    await pay(server, bob, subs.b1, 'O-6', '2026-11-02T09:00:00.000Z', { capture: false });
  });
  after(async () => server.close());

  it('every capture gets the next number in log order, R-000001 … with no gaps; a rebuild numbers them the same', async () => {
    const all = await admin.post('/receipts/findAll', {});
    expect(all.status).to.equal(200);
    expect(all.body.meta.total).to.equal(4);
    const receipts = [...all.body.data].reverse();
    expect(receipts.map((r: { number: string }) => r.number)).to.deep.equal(['R-000001', 'R-000002', 'R-000003', 'R-000004']);
    expect(receipts.map((r: { paypalOrderID: string }) => r.paypalOrderID)).to.deep.equal(['O-1', 'O-2', 'O-4', 'O-5']);
    expect(receipts[0]).to.deep.include({ captureId: 'CAP-O-1', currency: 'USD', purpose: 'period' });
    expect(receipts[0].customer).to.deep.include({ id: ada.userId, email: ada.email });
    expect(receipts[0].subscription).to.include({ id: subs.a1, planId: 'constructor' });
    expect(receipts[0].periodStart).to.be.a('string');

    const fresh = createMemoryReadModelStore();
    await rebuildProjection(server.rt.events, fresh, receiptsProjection);
    expect(await fresh.dump('receipts')).to.equal(await server.rt.readModels.dump('receipts'));
  });

  it('findAll: customers see their own, administrators all or one user’s; a refund shows on its receipt', async () => {
    expect((await ada.post('/receipts/findAll', {})).body.data.map((r: { number: string }) => r.number)).to.deep.equal(['R-000004', 'R-000003', 'R-000001']);
    expect((await bob.post('/receipts/findAll', { user_id: ada.userId })).body.data.map((r: { number: string }) => r.number)).to.deep.equal(['R-000002']);
    expect((await admin.post('/receipts/findAll', { user_id: bob.userId })).body.meta.total).to.equal(1);
    await server.rt.execute(subscriptionDecider, subs.a1, {
      type: 'RecordRefund',
      data: { captureId: 'CAP-O-1', refundId: 'RF-1', amount: 100, currency: 'USD' },
      metadata: { now: '2026-10-10T00:00:00.000Z', actorId: 'admin', actorRole: 'ROLE_ADMIN', correlationId: 'refund-test' },
    });
    const one = await ada.post('/receipts/findOne', { number: 'R-000001' });
    expect(one.body.data).to.deep.include({ refunded: 100 });
    expect(one.body.data.refunds[0]).to.include({ refundId: 'RF-1' });
    expect((await bob.post('/receipts/findOne', { number: 'R-000001' })).status).to.equal(403);
  });

  it('GET /receipts/:number is HTML for its customer and administrators; others 403, strangers 401, unknown 404', async () => {
    const html = await ada.get('/receipts/R-000003');
    expect(html.status).to.equal(200);
    expect(html.headers.get('content-type')).to.match(/^text\/html/);
    expect(html.body).to.include('Receipt R-000003').and.include('CAP-O-4').and.include('O-4').and.include('href="/receipts/R-000003.pdf"');
    expect((await admin.get('/receipts/R-000002')).status).to.equal(200);
    expect((await bob.get('/receipts/R-000003')).status).to.equal(403);
    expect((await server.client().get('/receipts/R-000003')).status).to.equal(401);
    expect((await ada.get('/receipts/R-000099')).status).to.equal(404);
  });

  it('GET /receipts/:number.pdf is a PDF (pdfkit) carrying the receipt number, as a download', async () => {
    const res = await fetch(`${server.baseUrl}/receipts/R-000002.pdf`, { headers: { cookie: [...bob.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('application/pdf');
    expect(res.headers.get('content-disposition')).to.match(/^attachment; filename="?relaycast-receipt-R-000002\.pdf"?$/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).to.equal('%PDF-');
    expect(bytes.toString('latin1')).to.include('Receipt R-000002');
    expect(bytes.toString('latin1').trimEnd().endsWith('%%EOF')).to.equal(true);
    expect((await ada.get('/receipts/R-000002.pdf')).status).to.equal(403);
  });
});
