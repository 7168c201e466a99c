import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import { checkout, historyOf, startWorld, type World } from '../../test/entitlement.js';
import type { ApiClient } from '../../test/harness.js';

/**
 * Invoices and credit notes with VAT over HTTP (issue 35), from a real checkout through the PayPal stand-in to the PDF
 * and the CSV. The seller in Estonia (EE100931558); the unlimited plan's month at $79.00 net; the billing clock on
 * 1 March 2026. Worked by hand (as billing-core/src/invoice/tax.spec.ts):
 *
 * - Eva, a German consumer: VAT 19 % ⌊7900 × 0.19 + ½⌋ = $15.01, charged $94.01 — INV-000001. Euros: the ECB rates
 *   held end on 11 October 2024 (1.0938), so that rate, said to be the latest held: ⌊1501 / 1.0938 + ½⌋ = €13.72.
 *   $9.40 refunded: CN-000001, VAT ⌊1501 × 940 / 9401 + ½⌋ = $1.50, net $7.90, ⌊150 / 1.0938 + ½⌋ = €1.37.
 * - Muster GmbH, DE136695976: reverse charge, charged $79.00 — INV-000002; no VAT, so no euros.
 */

const START = '2026-03-01T10:00:00.000Z';
/** Where the PDFs and their images go, to be looked at (ignored by git, like the browser tests' screenshots). */
const OUTPUT = join(import.meta.dirname, '..', '..', '..', 'e2e', 'output', 'invoices');

describe('invoices and credit notes with VAT over HTTP: the PDF in the reader’s language, the CSV’s tax columns', function () {
  this.timeout(90_000);
  let w: World;
  let eva: ApiClient & { userId: string; email: string };
  let muster: ApiClient & { userId: string; email: string };
  const download = (client: ApiClient, path: string) => fetch(`${w.server.baseUrl}${path}`, { headers: { cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
  /** A PDF's text as laid out, every run of spaces one; the first page kept as an image beside it. */
  const pdfText = async (client: ApiClient, path: string, name: string) => {
    const res = await download(client, path);
    expect(res.status, `${path}: ${res.status}`).to.equal(200);
    mkdirSync(OUTPUT, { recursive: true });
    const file = join(OUTPUT, `${name}.pdf`);
    writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', file, join(OUTPUT, name)]);
    return { language: res.headers.get('content-language'), text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ') };
  };

  async function buyMonth(customer: ApiClient & { userId: string }, billing: Record<string, string>, expectAmount: number): Promise<string> {
    expect((await customer.post('/billingDetails/update', billing)).status).to.equal(200);
    const created = await customer.post('/subscriptions/create', { subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', user_id: customer.userId, payment_details: { plan_id: 'unlimited', infrastructure_type: 'self-hosted', privacy_policy_confirm: true } });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    await checkout(w, customer as never, created.body.data._id, { expectAmount });
    return created.body.data._id as string;
  }

  async function settled(): Promise<void> {
    const rt = w.server.rt;
    expect(await rt.invoicingReactor.waitFor(await rt.events.headPosition(), 10_000)).to.equal(true);
    expect(await rt.readSide.waitFor(await rt.events.headPosition(), 10_000)).to.equal(true);
  }

  before(async () => {
    w = await startWorld(START, { SELLER_NAME: 'Relaycast OÜ', SELLER_ADDRESS: 'Narva mnt 5\\n10117 Tallinn\\nEstonia', SELLER_COUNTRY: 'EE', SELLER_VAT_NUMBER: 'EE100931558' });
    eva = await w.server.customer('eva');
    muster = await w.server.customer('muster');
    // Eva reads the site in Russian (her profile); Muster has not chosen.
    expect((await eva.post('/auth/profile/update', { language: 'ru' })).status).to.equal(200);
    const evaSub = await buyMonth(eva, { name: 'Eva Muster', address: 'Hauptstraße 1\n10115 Berlin', country: 'DE' }, 9401);
    await buyMonth(muster, { name: 'Eva Muster', company: 'Muster GmbH', address: 'Hauptstraße 1\n10115 Berlin', country: 'DE', vatNumber: 'DE136695976' }, 7900);
    const captureId = (await historyOf(w.admin, evaSub)).find((h) => h.type === 'OrderCaptured')!.data.captureId as string;
    const refunded = await w.admin.post('/subscriptions/refund', { id: evaSub, captureId, amount: 940 });
    expect(refunded.status, JSON.stringify(refunded.body)).to.equal(200);
    await settled();
  });
  after(async () => w?.close());

  it('the invoices as JSON: the tax as charged — $79.00 + $15.01 = $94.01 with €13.72; $79.00 reverse-charged', async () => {
    const first = (await eva.post('/invoices/findOne', { number: 'INV-000001' })).body.data;
    expect(first.total).to.equal(9401);
    expect(first.tax).to.deep.include({ net: 7900, tax: 1501, gross: 9401, customerType: 'consumer', euro: { rate: '1.0938', published: '2024-10-11', tax: 1372, stale: true } });
    const second = (await muster.post('/invoices/findOne', { number: 'INV-000002' })).body.data;
    expect(second.tax).to.deep.include({ net: 7900, tax: 0, gross: 7900, customerType: 'business', sellerVatNumber: 'EE100931558', customerVatNumber: 'DE136695976' });
    expect((await eva.post('/creditNotes/findOne', { number: 'CN-000001' })).body.data.tax).to.deep.equal({
      net: 790, taxLines: [{ kind: 'vat', country: 'DE', rate: '0.19', amount: 150 }], tax: 150, gross: 940, euro: { rate: '1.0938', published: '2024-10-11', tax: 137, stale: true },
    });
  });

  it('the PDF speaks the reader’s language: Eva’s profile says Russian, ?lang=en asks for English; Muster gets English; a language not offered is a 400 naming lang', async () => {
    const ru = await pdfText(eva, '/invoices/INV-000001.pdf', 'tax-invoice-INV-000001-ru');
    expect(ru.language).to.equal('ru');
    for (const shown of ['СЧЁТ', 'Итого без НДС 79,00 $', 'НДС 19 % (Германия) 15,01 $', 'Итого с НДС 94,01 $', 'НДС в евро по курсу ЕЦБ на 11 октября 2024 г. 13,72 €', 'Номер НДС EE100931558']) expect(ru.text, shown).to.include(shown);
    const en = await pdfText(eva, '/invoices/INV-000001.pdf?lang=en', 'tax-invoice-INV-000001-en');
    expect(en.language).to.equal('en');
    for (const shown of ['INVOICE', 'Relaycast OÜ', 'Total excluding VAT $79.00', 'VAT 19 % (Germany) $15.01', 'Total including VAT $94.01', 'VAT in EUR at the ECB reference rate of 11 October 2024 €13.72', 'Credit notes against this invoice: CN-000001 ($9.40, 1 March 2026)']) {
      expect(en.text, shown).to.include(shown);
    }

    const business = await pdfText(muster, '/invoices/INV-000002.pdf', 'tax-invoice-INV-000002-en');
    expect(business.text).to.include('Muster GmbH').and.include('VAT 0 % (Germany): reverse charge $0.00').and.include('Total including VAT $79.00');
    expect(business.text).to.include('Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC). Seller’s VAT no. EE100931558; customer’s VAT no. DE136695976.');
    const businessRu = await pdfText(muster, '/invoices/INV-000002.pdf?lang=ru', 'tax-invoice-INV-000002-ru');
    expect(businessRu.text).to.include('НДС 0 % (Германия): обратное начисление 0,00 $').and.include('Обратное начисление: НДС исчисляет и уплачивает получатель (статья 196 Директивы Совета 2006/112/ЕС).');

    const bad = await download(eva, '/invoices/INV-000001.pdf?lang=de');
    expect(bad.status).to.equal(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).to.match(/^lang /);
    // Access as before: another customer's document does not exist for them, whatever the language.
    expect((await download(muster, '/invoices/INV-000001.pdf?lang=ru')).status).to.equal(404);
  });

  it('the credit note: $9.40 back as $7.90 net and $1.50 VAT 19 % (Germany), €1.37, referring to INV-000001 — in Russian for Eva, in English for the administrator', async () => {
    const ru = await pdfText(eva, '/creditNotes/CN-000001.pdf', 'tax-credit-note-CN-000001-ru');
    for (const shown of ['КРЕДИТ-НОТА', 'К счёту INV-000001 от 1 марта 2026 г.', 'Итого без НДС −7,90 $', 'НДС 19 % (Германия) −1,50 $', 'Итого возвращено с НДС −9,40 $', '−1,37 €']) expect(ru.text, shown).to.include(shown);
    const en = await pdfText(w.admin, '/creditNotes/CN-000001.pdf', 'tax-credit-note-CN-000001-en');
    for (const shown of ['CREDIT NOTE', 'Refers to invoice INV-000001 of 1 March 2026', 'Total excluding VAT −$7.90', 'VAT 19 % (Germany) −$1.50', 'Total credited including VAT −$9.40', '−€1.37']) expect(en.text, shown).to.include(shown);
  });

  it('the CSV: net, tax, gross, the tax line, VAT in EUR and the ECB rate per document; credit notes negative; empty where no tax', async () => {
    const res = await download(w.admin, '/invoices/export.csv');
    expect(res.status).to.equal(200);
    const text = await res.text();
    expect(text.split('\r\n')[0]).to.match(/,description,net_cents,net,tax_cents,tax,gross_cents,gross,tax_kind,tax_country,tax_rate,tax_lines,vat_eur_cents,vat_eur,ecb_rate,ecb_rate_date,ecb_rate_stale$/);
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    const pick = (number: string) => {
      const r = rows.find((row) => row.number === number)!;
      return [r.amount, r.net_cents, r.net, r.tax_cents, r.tax, r.gross, r.tax_kind, r.tax_country, r.tax_rate, r.tax_lines, r.vat_eur_cents, r.vat_eur, r.ecb_rate, r.ecb_rate_date, r.ecb_rate_stale];
    };
    expect(pick('INV-000001')).to.deep.equal(['94.01', '7900', '79.00', '1501', '15.01', '94.01', 'vat', 'DE', '0.19', 'vat DE 0.19 15.01', '1372', '13.72', '1.0938', '2024-10-11', 'true']);
    expect(pick('INV-000002')).to.deep.equal(['79.00', '7900', '79.00', '0', '0.00', '79.00', 'reverse-charge', 'DE', '0', 'reverse-charge DE 0 0.00', '', '', '', '', '']);
    // A credit note's cells are negative, and none is taken for a formula (no apostrophe before a minus).
    expect(pick('CN-000001')).to.deep.equal(['-9.40', '-790', '-7.90', '-150', '-1.50', '-9.40', 'vat', 'DE', '0.19', 'vat DE 0.19 -1.50', '-137', '-1.37', '1.0938', '2024-10-11', 'true']);
    expect(rows.find((r) => r.number === 'INV-000002')!.customer_vat_number).to.equal('DE136695976');
  });
});
