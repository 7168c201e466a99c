import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import { subscriptionDecider } from '@relaycast/billing-core';
import { ALL_PROJECTIONS, createMemoryReadModelStore, rebuildProjection } from '@relaycast/projections';
import { startTestServer, type ApiClient, type TestServer } from '../../test/harness.js';
import { buy, pay } from '../../test/billing.js';

/** Where the PDFs and their images go, to be looked at (ignored by git, like the browser tests' screenshots). */
const OUTPUT = join(import.meta.dirname, '..', '..', '..', 'e2e', 'output', 'invoices');

/** Every capture and refund recorded so far has its document, and the read models show them. */
async function settled(server: TestServer): Promise<void> {
  const head = await server.rt.events.headPosition();
  expect(await server.rt.invoicingReactor.waitFor(head, 10_000), 'the invoicing reactor caught up').to.equal(true);
  expect(await server.rt.readSide.waitFor(await server.rt.events.headPosition(), 10_000), 'the read models caught up').to.equal(true);
}

const numbersOf = (answer: { body: { data: { number: string }[] } }) => answer.body.data.map((d) => d.number);

/** A PDF as an image (Debian's poppler-utils), and its text. */
function rendered(pdf: Buffer, name: string): { png: string; text: string } {
  mkdirSync(OUTPUT, { recursive: true });
  const file = join(OUTPUT, `${name}.pdf`);
  writeFileSync(file, pdf);
  execFileSync('pdftoppm', ['-png', '-r', '90', '-singlefile', file, join(OUTPUT, name)]);
  return { png: join(OUTPUT, `${name}.png`), text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }) };
}

describe('invoices and credit notes: numbered from the event log, PDFs, CSV for finance, billing details (real HTTP)', function () {
  this.timeout(60_000);
  let server: TestServer;
  let admin: ApiClient;
  let ada: ApiClient & { userId: string; email: string };
  let bob: ApiClient & { userId: string };
  let plain: ApiClient & { userId: string };
  let subs: { a1: string; a2: string; b1: string; b2: string };
  const download = (client: ApiClient, path: string) => fetch(`${server.baseUrl}${path}`, { headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });

  before(async () => {
    server = await startTestServer({
      env: { SELLER_NAME: 'Relaycast Ltd', SELLER_ADDRESS: '1 Example Street\\nLondon EC1A 1AA\\nUnited Kingdom', SELLER_REGISTRATION_NUMBER: '01234567', SELLER_COUNTRY: 'GB', SELLER_VAT_NUMBER: 'GB980780684' }, // GB980780684: 9·8 + 8·7 + 0·6 + 7·5 + 8·4 + 0·3 + 6·2 = 207; 207 + 84 = 291 = 3 × 97 (docs/tax.md: checked at start)
    });
    admin = await server.admin();
    ada = await server.customer('ada');
    bob = await server.customer('bob');
    plain = await server.plainUser();
    subs = { a1: await buy(ada, 2), a2: await buy(ada, 4), b1: await buy(bob, 1), b2: await buy(bob, 1) };
    // Captures recorded straight through the domain (no payment workflow): the invoicing reactor issues their
    // invoices from the log. Interleaved across customers, with a rejected capture and an unpaid order between them.
    await pay(server, ada, subs.a1, 'O-1', '2026-10-01T09:00:00.000Z');
    await pay(server, bob, subs.b1, 'O-2', '2026-10-02T09:00:00.000Z');
    await pay(server, ada, subs.a2, 'O-3', '2026-10-03T09:00:00.000Z', { reject: true });
    await pay(server, ada, subs.a2, 'O-4', '2026-10-04T09:00:00.000Z');
    await pay(server, ada, subs.a1, 'O-5', '2026-11-01T09:00:00.000Z');
    await pay(server, bob, subs.b1, 'O-6', '2026-11-02T09:00:00.000Z', { capture: false });
    await settled(server);
  });
  after(async () => server.close());

  it('every capture of money gets the next number: INV-000001 … INV-000004 in log order, no gap, nothing for the rejected or unpaid ones', async () => {
    const all = await admin.post('/invoices/findAll', {});
    expect(all.status).to.equal(200);
    expect(all.body.meta.total).to.equal(4);
    const invoices = [...all.body.data].reverse();
    expect(invoices.map((i: { number: string }) => i.number)).to.deep.equal(['INV-000001', 'INV-000002', 'INV-000003', 'INV-000004']);
    expect(invoices.map((i: { paypalOrderID: string }) => i.paypalOrderID)).to.deep.equal(['O-1', 'O-2', 'O-4', 'O-5']);
    // 2 streams = 2 units × $5; 1 stream = $5; 4 streams = $20.
    expect(invoices.map((i: { total: number }) => i.total)).to.deep.equal([1000, 500, 2000, 1000]);
    expect(invoices[0]).to.deep.include({ captureId: 'CAP-O-1', currency: 'USD', book: 'real', userId: ada.userId, subscriptionId: subs.a1, credited: 0 });
    // No billing details given yet: the account's name alone.
    expect(invoices[0].customer).to.deep.equal({ userId: ada.userId, name: 'ada Tester' });
    expect(invoices[0].seller).to.deep.equal({ id: 'relaycast', name: 'Relaycast Ltd', address: '1 Example Street\nLondon EC1A 1AA\nUnited Kingdom', registrationNumber: '01234567', vatNumber: 'GB980780684' });
    expect(invoices[0].lines).to.have.length(1);
    expect(invoices[0].lines[0]).to.deep.include({ kind: 'period', amount: 1000, planId: 'constructor', quantity: 2 });
  });

  it('lists: customers see their own, administrators all or one user’s; a plain user none; one invoice is its customer’s or an administrator’s', async () => {
    expect(numbersOf(await ada.post('/invoices/findAll', {}))).to.deep.equal(['INV-000004', 'INV-000003', 'INV-000001']);
    // Asking for someone else's gives one's own.
    expect(numbersOf(await bob.post('/invoices/findAll', { user_id: ada.userId }))).to.deep.equal(['INV-000002']);
    expect(numbersOf(await admin.post('/invoices/findAll', { user_id: bob.userId }))).to.deep.equal(['INV-000002']);
    expect(numbersOf(await plain.post('/invoices/findAll', {}))).to.deep.equal([]);
    expect((await ada.post('/invoices/findOne', { number: 'INV-000003' })).body.data).to.deep.include({ paypalOrderID: 'O-4', total: 2000 });
    // Another customer's invoice answers exactly as one that does not exist (issue 31, item 8: 403 told it existed).
    const notYours = await bob.post('/invoices/findOne', { number: 'INV-000003' });
    const none = await bob.post('/invoices/findOne', { number: 'INV-000099' });
    expect([notYours.status, notYours.body]).to.deep.equal([404, { error: { code: 'NOT_FOUND', message: 'Invoice not found' } }]);
    expect([none.status, none.body]).to.deep.equal([notYours.status, notYours.body]);
    expect((await ada.post('/invoices/findOne', { number: 'R-000001' })).status).to.equal(400);
  });

  it('billing details: the customer sets them (400 naming the field), administrators read and edit them; later invoices carry them, earlier ones stay as issued', async () => {
    expect((await ada.post('/billingDetails/findOne', {})).body.data).to.equal(null);
    const bad = await ada.post('/billingDetails/update', { name: 'Ada Lovelace', address: '12 St James’s Square', country: 'UK' });
    expect(bad.status).to.equal(400);
    expect(bad.body.error.message).to.match(/country/);
    const badVat = await ada.post('/billingDetails/update', { name: 'Ada Lovelace', address: '12 St James’s Square', country: 'GB', vatNumber: 'gb 1' });
    expect(badVat.status).to.equal(400);
    expect(badVat.body.error.message).to.match(/vatNumber/);
    const details = { name: 'Ada Lovelace', company: 'Analytical Engines Ltd', address: '12 St James’s Square\nLondon SW1Y 4JH', country: 'GB', vatNumber: 'GB123456789' };
    const set = await ada.post('/billingDetails/update', details);
    expect(set.status).to.equal(200);
    expect(set.body.data).to.deep.include({ ...details, userId: ada.userId });
    expect((await bob.post('/billingDetails/findOne', { user_id: ada.userId })).status).to.equal(403);
    expect((await bob.post('/billingDetails/update', { ...details, user_id: ada.userId })).status).to.equal(403);
    expect((await plain.post('/billingDetails/findOne', {})).status).to.equal(403);
    expect((await admin.post('/billingDetails/findOne', { user_id: ada.userId })).body.data).to.deep.include(details);

    await pay(server, ada, subs.a2, 'O-7', '2026-11-04T09:00:00.000Z');
    await settled(server);
    const fifth = (await ada.post('/invoices/findOne', { number: 'INV-000005' })).body.data;
    expect(fifth).to.deep.include({ paypalOrderID: 'O-7', total: 2000 });
    expect(fifth.customer).to.deep.equal({ userId: ada.userId, ...details });

    // An administrator corrects the address: the fifth invoice keeps what it was issued with, the first the account name.
    const corrected = await admin.post('/billingDetails/update', { ...details, address: '12 St James’s Square\nLondon SW1Y 4LE', user_id: ada.userId });
    expect(corrected.status).to.equal(200);
    expect((await ada.post('/invoices/findOne', { number: 'INV-000005' })).body.data.customer.address).to.equal('12 St James’s Square\nLondon SW1Y 4JH');
    expect((await ada.post('/invoices/findOne', { number: 'INV-000001' })).body.data.customer).to.deep.equal({ userId: ada.userId, name: 'ada Tester' });
  });

  it('a refund gets a credit note CN-000001 referring to its invoice; a demo payment DEMO-INV-000001 in its own sequence', async () => {
    await server.rt.execute(subscriptionDecider, subs.a1, {
      type: 'RecordRefund',
      data: { captureId: 'CAP-O-1', refundId: 'RF-1', amount: 100, currency: 'USD' },
      metadata: { now: '2026-11-10T00:00:00.000Z', actorId: 'admin', actorRole: 'ROLE_ADMIN', correlationId: 'refund-test' },
    });
    // What a server with PAYMENTS=demo records: commands marked demo.
    const demo = { now: '2026-11-11T09:00:00.000Z', actorId: bob.userId, actorRole: 'ROLE_CUSTOMER' as const, correlationId: 'demo-test', demo: true as const };
    await server.rt.execute(subscriptionDecider, subs.b2, { type: 'OrderPayment', data: { paypalOrderID: 'O-DEMO-1', paypalSubscriptionID: `RCS-${subs.b2.slice(0, 8)}`, amount: 500, currency: 'USD' }, metadata: demo });
    await server.rt.execute(subscriptionDecider, subs.b2, {
      type: 'CaptureOrder',
      data: { paypalOrderID: 'O-DEMO-1', paypalSubscriptionID: `RCS-${subs.b2.slice(0, 8)}`, captureId: 'CAP-DEMO-1', quantity: 1, amount: 500, currency: 'USD', providerStatus: 'COMPLETED', licenceKey: 'LIC-TEST-0001' },
      metadata: { ...demo, idempotencyKey: 'O-DEMO-1' },
    });
    await settled(server);

    const notes = await ada.post('/creditNotes/findAll', {});
    expect(numbersOf(notes)).to.deep.equal(['CN-000001']);
    expect(notes.body.data[0]).to.deep.include({ invoiceNumber: 'INV-000001', amount: 100, reason: 'REFUND', refundId: 'RF-1', book: 'real' });
    expect((await ada.post('/invoices/findOne', { number: 'INV-000001' })).body.data).to.deep.include({ credited: 100 });
    const notYours = await bob.post('/creditNotes/findOne', { number: 'CN-000001' });
    const none = await bob.post('/creditNotes/findOne', { number: 'CN-000099' });
    expect([notYours.status, notYours.body]).to.deep.equal([404, { error: { code: 'NOT_FOUND', message: 'Credit note not found' } }]);
    expect([none.status, none.body]).to.deep.equal([notYours.status, notYours.body]);
    expect((await admin.post('/creditNotes/findAll', { user_id: bob.userId })).body.data).to.deep.equal([]);

    expect(numbersOf(await bob.post('/invoices/findAll', {}))).to.deep.equal(['DEMO-INV-000001', 'INV-000002']);
    expect((await bob.post('/invoices/findOne', { number: 'DEMO-INV-000001' })).body.data).to.deep.include({ book: 'demo', total: 500, paypalOrderID: 'O-DEMO-1' });
  });

  it('PDFs: an invoice laid out with seller, customer, number, dates, lines, total and the no-tax note; a demo one marked; a credit note; access as the JSON', async () => {
    const res = await download(ada, '/invoices/INV-000005.pdf');
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.equal('application/pdf');
    expect(res.headers.get('content-disposition')).to.match(/^attachment; filename="?relaycast-invoice-INV-000005\.pdf"?$/);
    const invoice = rendered(Buffer.from(await res.arrayBuffer()), 'invoice-INV-000005');
    for (const shown of ['Relaycast Ltd', '1 Example Street', 'Registration no. 01234567', 'VAT no. GB980780684', 'INVOICE', 'INV-000005', 'Ada Lovelace', 'Analytical Engines Ltd', 'London SW1Y 4JH', 'United Kingdom', 'VAT no. GB123456789', 'Date of issue', 'Total paid', '$20.00', 'No tax charged']) {
      expect(invoice.text, shown).to.include(shown);
    }
    expect(invoice.text).to.not.include('DEMO');

    const demo = rendered(Buffer.from(await (await download(bob, '/invoices/DEMO-INV-000001.pdf')).arrayBuffer()), 'invoice-DEMO-INV-000001');
    expect(demo.text).to.include('DEMO PAYMENTS').and.include('DEMO-INV-000001').and.include('bob Tester');

    const note = await download(ada, '/creditNotes/CN-000001.pdf');
    expect(note.headers.get('content-disposition')).to.match(/relaycast-credit-note-CN-000001\.pdf/);
    const credit = rendered(Buffer.from(await note.arrayBuffer()), 'credit-note-CN-000001');
    for (const shown of ['CREDIT NOTE', 'CN-000001', 'INV-000001', 'Refund', '−$1.00', 'No tax charged']) expect(credit.text, shown).to.include(shown);

    // A customer who writes their details in Russian: the embedded font shows Cyrillic (the PDF standard fonts cannot).
    await bob.post('/billingDetails/update', { name: 'Иван Петров', company: 'ООО «Ретранслятор»', address: 'ул. Тверская, д. 1\nМосква 125009', country: 'RU', vatNumber: '7701234567' });
    // Bob pays the order left open before (O-6).
    await pay(server, bob, subs.b1, 'O-6', '2026-11-12T09:00:00.000Z');
    await settled(server);
    const russian = rendered(Buffer.from(await (await download(bob, '/invoices/INV-000006.pdf')).arrayBuffer()), 'invoice-INV-000006');
    for (const shown of ['Иван Петров', 'ООО «Ретранслятор»', 'ул. Тверская, д. 1', 'Москва 125009', 'Russia', 'VAT no. 7701234567', '$5.00']) expect(russian.text, shown).to.include(shown);

    expect((await download(bob, '/invoices/INV-000005.pdf')).status, 'another customer’s: as if it did not exist').to.equal(404);
    expect((await download(admin, '/invoices/INV-000005.pdf')).status).to.equal(200);
    expect((await fetch(`${server.baseUrl}/invoices/INV-000005.pdf`)).status).to.equal(401);
    expect((await download(ada, '/invoices/INV-000099.pdf')).status).to.equal(404);
    expect((await download(bob, '/creditNotes/CN-000001.pdf')).status).to.equal(404);
  });

  it('CSV for finance: every invoice and credit note, parsed back with csv-parse; administrators only', async () => {
    const res = await download(admin, '/invoices/export.csv?from=2020-01-01');
    expect(res.status).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^text\/csv/);
    expect(res.headers.get('content-disposition')).to.match(/relaycast-invoices-2020-01-01-now\.csv/);
    const text = await res.text();
    expect(text.split('\r\n')[0]).to.equal('document,number,book,issued_at,invoice_number,reason,customer_id,customer_name,customer_company,customer_country,customer_vat_number,subscription_id,paypal_order_id,capture_id,refund_id,paid_or_refunded_at,currency,amount_cents,amount,description,net_cents,net,tax_cents,tax,gross_cents,gross,tax_kind,tax_country,tax_rate,tax_lines,vat_eur_cents,vat_eur,ecb_rate,ecb_rate_date,ecb_rate_stale');
    const rows = parse(text, { columns: true, skip_empty_lines: true }) as Record<string, string>[];
    // Oldest first: by the day each is dated (an invoice by its payment, a credit note by its refund, after its invoice).
    const dates = rows.map((r) => r.issued_at);
    expect(dates).to.deep.equal([...dates].sort());
    expect(Date.parse(rows.find((r) => r.number === 'CN-000001')!.issued_at!)).to.be.greaterThan(Date.parse(rows.find((r) => r.number === 'INV-000001')!.issued_at!));
    const byNumber = (a: (string | undefined)[], b: (string | undefined)[]) => ((a[1] ?? '') < (b[1] ?? '') ? -1 : 1);
    expect(rows.map((r) => [r.document, r.number, r.book, r.invoice_number, r.amount_cents, r.amount]).sort(byNumber)).to.deep.equal([
      ['invoice', 'INV-000001', 'real', 'INV-000001', '1000', '10.00'],
      ['invoice', 'INV-000002', 'real', 'INV-000002', '500', '5.00'],
      ['invoice', 'INV-000003', 'real', 'INV-000003', '2000', '20.00'],
      ['invoice', 'INV-000004', 'real', 'INV-000004', '1000', '10.00'],
      ['invoice', 'INV-000005', 'real', 'INV-000005', '2000', '20.00'],
      ['credit_note', 'CN-000001', 'real', 'INV-000001', '-100', '-1.00'],
      ['invoice', 'DEMO-INV-000001', 'demo', 'DEMO-INV-000001', '500', '5.00'],
      ['invoice', 'INV-000006', 'real', 'INV-000006', '500', '5.00'],
    ].sort(byNumber));
    const fifth = rows.find((r) => r.number === 'INV-000005')!;
    expect(fifth).to.deep.include({ customer_name: 'Ada Lovelace', customer_company: 'Analytical Engines Ltd', customer_country: 'GB', customer_vat_number: 'GB123456789', paypal_order_id: 'O-7', currency: 'USD' });
    expect(rows.find((r) => r.number === 'CN-000001')).to.deep.include({ reason: 'REFUND', refund_id: 'RF-1', capture_id: 'CAP-O-1' });
    // Documents without tax (these payments carried none): every tax cell empty, not a made-up 0.
    expect(rows.find((r) => r.number === 'INV-000001')).to.deep.include({ net_cents: '', tax: '', gross: '', tax_kind: '', tax_lines: '', vat_eur: '', ecb_rate: '' });

    const demoOnly = parse(await (await download(admin, '/invoices/export.csv?book=demo')).text(), { columns: true }) as Record<string, string>[];
    expect(demoOnly.map((r) => r.number)).to.deep.equal(['DEMO-INV-000001']);
    const russian = rows.find((r) => r.number === 'INV-000006')!;
    expect(russian).to.deep.include({ customer_name: 'Иван Петров', customer_company: 'ООО «Ретранслятор»', customer_country: 'RU' });
    for (const client of [ada, plain]) expect((await download(client, '/invoices/export.csv')).status).to.equal(403);
    expect((await fetch(`${server.baseUrl}/invoices/export.csv`)).status).to.equal(401);
    expect((await download(admin, '/invoices/export.csv?from=yesterday')).status).to.equal(400);
  });

  it('rebuilding every read model from the log gives every document the same number (they are in the events, not in a counter)', async () => {
    const before = numbersOf(await admin.post('/invoices/findAll', { pageSize: 500 }));
    const fresh = createMemoryReadModelStore();
    for (const projection of ALL_PROJECTIONS) {
      await rebuildProjection(server.rt.events, fresh, projection);
      expect(await fresh.dump(projection.name), projection.name).to.equal(await server.rt.readModels.dump(projection.name));
    }
    expect(before).to.deep.equal(['INV-000006', 'DEMO-INV-000001', 'INV-000005', 'INV-000004', 'INV-000003', 'INV-000002', 'INV-000001']);
  });
});
