/**
 * Invoices with VAT in the browser (issue 35), in English and Russian, against the real server: a German consumer's
 * month of the unlimited plan ($79.00 + VAT 19 % $15.01 = $94.01, €13.72 at the latest ECB rate held), $9.40 of it
 * refunded ($7.90 + $1.50 VAT), and — the same customer with a German VAT number — a reverse-charged month ($79.00).
 * The account's invoices page shows each document's tax as its PDF states it, in the page's language, without
 * internal codes, and fits a laptop and a phone (where each document is a card); its download button gives the PDF in
 * the page's language (read back with pdftotext). Screenshots: e2e/output/screenshots/invoices-tax-<lang>.png
 * (1366 px wide), fit-invoices-tax-<lang>-390.png (a phone), and each PDF's first page as invoices-tax-<number>-<lang>.png.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN, apiFromPage, expectAccessible, open, printServerLogOnFailure, startAppSession, stopAppSession, type AppServer } from './support/app-server.js';
import { expectWords } from './support/words.js';
import { expectFits, PHONE } from './support/fit.js';
import { SCREENSHOTS } from './support/site.js';

const CUSTOMER = { email: 'eva@tax.test', password: 'correct horse battery staple 35' };
const GERMANY = { name: 'Eva Muster', address: 'Hauptstraße 1\n10115 Berlin', country: 'DE' };
/** The window of the page's screenshots: a laptop's, a little taller than the fit check's. */
const SCREEN = { width: 1366, height: 900 };

/** A PDF saved beside the screenshots, its first page drawn as a PNG to look at, and its text (spaces collapsed). */
function pdfText(pdf: Buffer | string, name: string): string {
  const file = path.join(SCREENSHOTS, `${name}.pdf`);
  if (typeof pdf !== 'string') writeFileSync(file, pdf);
  else if (pdf !== file) copyFileSync(pdf, file);
  execFileSync('pdftoppm', ['-png', '-r', '80', '-singlefile', file, file.replace(/\.pdf$/, '')]);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
}

describe('invoices with VAT in the account: the page and its PDFs in English and Russian (real server)', function () {
  this.timeout(120_000);
  let app: AppServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  before(async () => {
    ({ app, browser, context, page, errors } = await startAppSession(undefined, {
      SELLER_NAME: 'Relaycast OÜ', SELLER_ADDRESS: 'Narva mnt 5\\n10117 Tallinn\\nEstonia', SELLER_COUNTRY: 'EE', SELLER_VAT_NUMBER: 'EE100931558',
      BILLING_CLOCK: 'test', BILLING_CLOCK_START: '2026-03-01T10:00:00.000Z',
    }));
    await page.setViewportSize(SCREEN);
    await open(page, '/');
    await page.locator('[data-testid="cookie-accept"]').click();
  });
  after(async () => stopAppSession({ app, browser, context }));
  afterEach(function () {
    printServerLogOnFailure(this, app);
  });

  /** A POST from the page as the app sends it (a purchase with its Idempotency-Key); anything but 200 or 201 fails. */
  const call = async (url: string, body: unknown = {}, key?: string) => {
    const res = await page.evaluate(
      async ({ u, b, k }) => {
        const r = await fetch(u, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json', ...(k ? { 'Idempotency-Key': k } : {}) }, body: JSON.stringify(b) });
        return { status: r.status, body: await r.json().catch(() => null) };
      },
      { u: url, b: body, k: key },
    );
    expect(res.status, `${url}: ${JSON.stringify(res.body)}`).to.be.oneOf([200, 201]);
    return res.body;
  };
  const signIn = async (who: { email: string; password: string }) => {
    await apiFromPage(page, '/auth/google/logout', {});
    await call('/auth/local/signin', who);
  };
  /** A month of the unlimited plan bought as the browser buys it: created, approved at PayPal (the stand-in), captured. */
  async function buyMonth(userId: string, expectAmount: number, key: string): Promise<void> {
    const sub = (await call('/subscriptions/create', { subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', user_id: userId, payment_details: { plan_id: 'unlimited', infrastructure_type: 'self-hosted', privacy_policy_confirm: true } }, key)).data;
    const order = (await call('/subscriptions/createOrder', { id: sub._id })).data;
    expect(order.amount).to.equal(expectAmount);
    app.paypal.approve(order.paypalOrderID);
    await call('/subscriptions/captureOrder', { id: sub._id, user_id: userId, paypalOrderID: order.paypalOrderID, paypalSubscriptionID: order.paypalSubscriptionID, quantity: sub.quantity });
  }
  /** A document's PDF as the page's download link gives it (its href, with the page's language), by request. */
  async function pdfOf(kind: 'invoice' | 'credit-note', number: string, lang: 'en' | 'ru'): Promise<string> {
    const href = await page.locator(`[data-testid="${kind}"][data-number="${number}"] [data-testid="${kind}-download"]`).getAttribute('href');
    expect(href).to.match(new RegExp(`\\.pdf\\?lang=${lang}$`));
    const res = await page.request.get(href!);
    expect(res.status(), href!).to.equal(200);
    expect(res.headers()['content-type']).to.equal('application/pdf');
    return pdfText(await res.body(), `invoices-tax-${number}-${lang}`);
  }
  /** The tax shown under each invoice, by number. */
  const taxShown = (kind: 'invoice' | 'credit-note') =>
    page.$$eval(`[data-testid="${kind}"]`, (rows) => Object.fromEntries(rows.map((r) => [r.getAttribute('data-number'), (r.querySelector('[data-testid="document-tax"]') as HTMLElement | null)?.innerText.replace(/\s+/g, ' ').trim()])));

  it('sets up: Eva in Germany buys a month ($94.01 with VAT), is refunded $9.40, then buys another as Muster GmbH with DE136695976 ($79.00, reverse charge)', async () => {
    await signIn(ADMIN);
    await call('/users/create', { givenName: 'Eva', familyName: 'Muster', email: CUSTOMER.email, role: 'ROLE_CUSTOMER', password: CUSTOMER.password });
    const userId = (await call('/users/findAll', { search: CUSTOMER.email })).data[0]._id as string;
    await signIn(CUSTOMER);
    await call('/billingDetails/update', GERMANY);
    await buyMonth(userId, 9401, 'tax-consumer-month');
    await signIn(ADMIN);
    const [first] = (await call('/invoices/findAll', { user_id: userId })).data;
    await call('/subscriptions/refund', { id: first.subscriptionId, captureId: first.captureId, amount: 940 });
    await signIn(CUSTOMER);
    await call('/billingDetails/update', { ...GERMANY, company: 'Muster GmbH', vatNumber: 'DE136695976' });
    await buyMonth(userId, 7900, 'tax-business-month');
  });

  it('English: net, VAT 19 % (Germany), total, the euros at the latest ECB rate held; the reverse charge with both VAT numbers; the credit note’s VAT', async () => {
    await open(page, '/user/invoices');
    await page.locator('[data-testid="invoice"][data-number="INV-000002"]').waitFor();
    await page.locator('[data-testid="credit-note"]').first().waitFor();
    const invoices = await taxShown('invoice');
    expect(invoices['INV-000001']).to.equal(
      'Net $79.00 VAT 19 % (Germany) $15.01 Total incl. VAT $94.01 VAT in EUR at the ECB reference rate of 11 Oct 2024 (1 EUR = 1.0938 USD): €13.72. That is the latest ECB rate we held on the date of the document.',
    );
    expect(invoices['INV-000002']).to.equal(
      'Net $79.00 VAT 0 % (Germany): reverse charge $0.00 Total incl. VAT $79.00 Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC). Seller’s VAT no. EE100931558; customer’s VAT no. DE136695976.',
    );
    expect((await taxShown('credit-note'))['CN-000001']).to.match(/^Net -\$7\.90 VAT 19 % \(Germany\) -\$1\.50 VAT in EUR .*: -€1\.37\./);
    await expectWords(page, 'en', 'invoices-tax', 'invoices-tax-en');
    await expectFits(page, 'en invoices with VAT', { shot: 'fit-invoices-tax-en' });
    await page.setViewportSize(SCREEN);

    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid="invoice"][data-number="INV-000002"] [data-testid="invoice-download"]').click()]);
    expect(download.suggestedFilename()).to.equal('relaycast-invoice-INV-000002.pdf');
    const business = pdfText(await download.path(), 'invoices-tax-INV-000002-en');
    expect(business).to.include('INVOICE').and.include('VAT 0 % (Germany): reverse charge $0.00').and.include('Total including VAT $79.00');
    expect(business).to.include('Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).');
    expect(business).to.include('Seller’s VAT no. EE100931558; customer’s VAT no. DE136695976.').and.not.include('СЧЁТ');
    const consumer = await pdfOf('invoice', 'INV-000001', 'en');
    expect(consumer).to.include('Total excluding VAT $79.00').and.include('VAT 19 % (Germany) $15.01').and.include('Total including VAT $94.01').and.include('€13.72').and.not.include('Reverse charge');
    const note = await pdfOf('credit-note', 'CN-000001', 'en');
    expect(note).to.include('CREDIT NOTE').and.include('INV-000001').and.include('VAT 19 % (Germany) −$1.50').and.include('Total credited including VAT −$9.40').and.include('−€1.37');
  });

  it('Russian: the same in Russian; the download gives the PDF in Russian (СЧЁТ, НДС 19 % (Германия), 13,72 €)', async () => {
    await open(page, '/ru/user/invoices');
    await page.locator('[data-testid="invoice"][data-number="INV-000002"]').waitFor();
    await page.locator('[data-testid="credit-note"]').first().waitFor();
    const invoices = await taxShown('invoice');
    expect(invoices['INV-000001']).to.match(/^Без НДС 79,00 \$ НДС 19 % \(Германия\) 15,01 \$ Итого с НДС 94,01 \$ НДС в евро по справочному курсу ЕЦБ на 11 окт\. 2024 г\. \(1 EUR = 1,0938 USD\): 13,72 €\./);
    expect(invoices['INV-000002']).to.include('НДС 0 % (Германия): обратное начисление 0,00 $').and.include('Обратное начисление: НДС исчисляет и уплачивает получатель (статья 196 Директивы Совета 2006/112/ЕС).');
    await expectWords(page, 'ru', 'invoices-tax', 'invoices-tax-ru');
    await expectFits(page, 'ru invoices with VAT', { shot: 'fit-invoices-tax-ru' });

    await page.setViewportSize(SCREEN);

    const [download] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid="invoice"][data-number="INV-000001"] [data-testid="invoice-download"]').click()]);
    expect(download.suggestedFilename()).to.equal('relaycast-invoice-INV-000001.pdf');
    const text = pdfText(await download.path(), 'invoices-tax-INV-000001-ru');
    expect(text).to.include('СЧЁТ').and.include('Итого без НДС 79,00 $').and.include('НДС 19 % (Германия) 15,01 $').and.include('Итого с НДС 94,01 $').and.include('13,72 €').and.not.include('INVOICE');
    const business = await pdfOf('invoice', 'INV-000002', 'ru');
    expect(business).to.include('НДС 0 % (Германия): обратное начисление 0,00 $').and.include('Итого с НДС 79,00 $');
    expect(business).to.include('Обратное начисление: НДС исчисляет и уплачивает получатель (статья 196 Директивы Совета 2006/112/ЕС).');
    expect(business).to.include('Номер плательщика НДС продавца: EE100931558; покупателя: DE136695976.').and.not.include('Reverse charge');
    const note = await pdfOf('credit-note', 'CN-000001', 'ru');
    expect(note).to.include('КРЕДИТ-НОТА').and.include('НДС 19 % (Германия) −1,50 $').and.include('Итого возвращено с НДС −9,40 $');
  });

  it('no errors in the browser console on the way', () => {
    expect(errors).to.deep.equal([]);
  });
});
