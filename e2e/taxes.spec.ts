/**
 * Finance → Taxes (OSS) on the built server, with demo payments (PAYMENTS=demo) and a test clock from 1 March 2024,
 * the seller in Estonia (EE100931558). Seeded through the API as customers and the administrator act: a German
 * consumer ($79.00 + VAT 19 % $15.01), a French consumer (+ 20 % $15.80), an Estonian consumer (+ 22 % $17.38: the
 * national return), a German business (DE136695976, reverse charge) and a customer in the United States each buy a
 * month of the unlimited plan on 1 March 2024; $9.40 of the German consumer's payment is given back on 10 March, $47.40
 * of the French one's on 15 April (2024-Q2). The figures are worked by hand in projections/src/finance/oss.spec.ts; here
 * the administrator reads them on the screen, in English and Russian, at 1366 and 390 px, and downloads the CSV.
 * Screenshots: e2e/output/screenshots/taxes-*.png.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createClient, type ApiClient } from '../read-api/test/harness.js';
import { ADMIN, acceptCookies, open, printServerLogOnFailure, screenshot, startAppSession, stopAppSession, type AppServer } from './support/app-server.js';
import { SCREENSHOTS } from './support/site.js';
import { expectWords, FINANCE_INTERNALS } from './support/words.js';

const START = '2024-03-01T10:00:00.000Z';
const NBSP = '\u00a0';

/** The demo approval page's Approve form: its action and hidden fields. */
function approveForm(html: string): { action: string; fields: Record<string, string> } {
  for (const [, action, inner] of html.matchAll(/<form method="post" action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/g)) {
    if (!/<button type="submit"[^>]*>Approve<\/button>/.test(inner!)) continue;
    const fields: Record<string, string> = {};
    for (const [, name, value] of inner!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[name!] = value!;
    return { action: action!.replace(/&amp;/g, '&'), fields };
  }
  throw new Error('no Approve form on the demo approval page');
}

describe('finance: Taxes (OSS) — the OSS report of a quarter on screen (built server, demo payments, EN and RU)', function () {
  this.timeout(300_000);
  let app: AppServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let admin: ApiClient;
  const captures: Record<string, { subscriptionId: string; captureId: string }> = {};

  before(async () => {
    ({ app, browser, context, page } = await startAppSession(undefined, { PAYMENTS: 'demo', BILLING_CLOCK: 'test', BILLING_CLOCK_START: START, SELLER_VAT_NUMBER: 'EE100931558' }));
    admin = createClient(app.baseUrl);
    expect((await admin.post('/auth/local/signin', ADMIN)).status).to.equal(200);
  });
  after(async () => stopAppSession({ app, browser, context }));
  afterEach(function () {
    printServerLogOnFailure(this, app);
  });

  /** Sign-up, billing details, a month of the unlimited plan, Approve on the demo page, capture: what was charged. */
  async function buy(name: string, billing: { country: string; vatNumber?: string }): Promise<number> {
    const client = createClient(app.baseUrl);
    const registered = await client.post('/auth/local/register', { email: `${name.toLowerCase()}@taxes.test`, password: `a long password of ${name} 42`, givenName: name, familyName: 'Example', privacy_policy_confirm: true });
    expect(registered.status, JSON.stringify(registered.body)).to.equal(201);
    const userId = registered.body.data._id as string;
    expect((await client.post('/billingDetails/update', { name: `${name} Example`, address: '1 Example Street', ...billing })).status).to.equal(200);
    const created = await client.post('/subscriptions/create', { subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', user_id: userId, payment_details: { plan_id: 'unlimited', privacy_policy_confirm: true } });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const sub = created.body.data as { _id: string; quantity: number };
    const ordered = await client.post('/subscriptions/createOrder', { id: sub._id });
    expect(ordered.status, JSON.stringify(ordered.body)).to.equal(200);
    const order = ordered.body.data as { paypalOrderID: string; paypalSubscriptionID: string; approveUrl: string; amount: number };
    const form = approveForm(await (await fetch(order.approveUrl)).text());
    const approved = await fetch(new URL(form.action, order.approveUrl), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.baseUrl }, body: new URLSearchParams(form.fields).toString(), redirect: 'manual' });
    expect(approved.status).to.equal(303);
    const captured = await client.post('/subscriptions/captureOrder', { id: sub._id, user_id: userId, paypalOrderID: order.paypalOrderID, paypalSubscriptionID: order.paypalSubscriptionID, quantity: sub.quantity });
    expect(captured.status, JSON.stringify(captured.body)).to.equal(200);
    const history = (await admin.post('/subscriptions/history', { id: sub._id })).body.data as { type: string; data: { captureId?: string } }[];
    captures[name] = { subscriptionId: sub._id, captureId: history.find((h) => h.type === 'OrderCaptured')!.data.captureId! };
    return order.amount;
  }
  async function refund(name: string, amount: number) {
    const res = await admin.post('/subscriptions/refund', { id: captures[name]!.subscriptionId, captureId: captures[name]!.captureId, amount });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
  }
  /** A table's rows as the reader sees them, cell by cell. */
  const rowsOf = (testId: string) => page.getByTestId(testId).locator('tbody tr, tfoot tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => (c as HTMLElement).innerText.trim())));
  const reportShown = (quarter: string) => page.locator(`[data-testid="oss-report"][data-quarter="${quarter}"]`).waitFor({ timeout: 15_000 });

  it('seeds five sales on 1 March 2024 and two refunds, one of them in the next quarter', async () => {
    expect(await buy('Greta', { country: 'DE' })).to.equal(9401);
    expect(await buy('Francoise', { country: 'FR' })).to.equal(9480);
    expect(await buy('Eero', { country: 'EE' })).to.equal(9638);
    expect(await buy('Gmbh', { country: 'DE', vatNumber: 'DE136695976' })).to.equal(7900);
    expect(await buy('Usa', { country: 'US' })).to.equal(7900);
    expect((await admin.post('/admin/clock/advance', { to: '2024-03-10T10:00:00.000Z' })).status).to.equal(200);
    await refund('Greta', 940);
    expect((await admin.post('/admin/clock/advance', { to: '2024-04-15T10:00:00.000Z' })).status).to.equal(200);
    await refund('Francoise', 4740);
  });

  it('English, 1366 px: the administrator opens Taxes (OSS) from the menu; 2024-Q1 per member state and rate, in dollars and euros, the rate of 2 April 2024; the other sections; the CSV', async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await open(page, '/');
    await acceptCookies(page);
    await page.locator('.login-button').click();
    const form = page.getByTestId('sign-in-form');
    await form.getByLabel('Email').fill(ADMIN.email);
    await form.getByLabel('Password').fill(ADMIN.password);
    await form.locator('button[type="submit"]').click();
    await page.locator('[data-testid="admin-page"][data-role="ROLE_ADMIN"]').waitFor({ timeout: 15_000 });
    await open(page, '/admin/finance');
    await page.getByTestId('admin-nav-finance-taxes').click();
    await page.getByTestId('taxes-body').waitFor();
    expect(await page.locator('.admin-main h1').textContent()).to.equal('Taxes (OSS)');
    // Today is 15 April 2024: the last quarter that has ended, 2024-Q1, is the one shown; the demo book.
    await reportShown('2024-Q1');
    expect(await page.getByTestId('oss-quarter').textContent()).to.equal('Q1 2024 (1 Jan 2024 – 31 Mar 2024)');
    expect(await page.getByTestId('finance-book-demo').isChecked()).to.equal(true);
    expect(await page.getByTestId('finance-as-of').count(), 'no day picker: the quarter is the period').to.equal(0);
    expect(await page.getByTestId('oss-rate').textContent()).to.equal('Euros at the ECB reference rate for the quarter’s last day, 31 Mar 2024: the ECB published none that day, so the next one, of 2 Apr 2024: 1 euro = 1.0749 USD.');
    expect(await page.getByTestId('oss-rate').getAttribute('data-stale')).to.equal('false');
    expect(await rowsOf('oss-table')).to.deep.equal([
      ['France', '20%', '$79.00', '$15.80', '€73.50', '€14.70', 'Invoices: 1'],
      ['Germany', '19%', '$71.10', '$13.51', '€66.15', '€12.57', 'Invoices: 1, credit notes: 1'],
      ['All member states', '€139.65', '€27.27', ''],
    ]);
    expect(await rowsOf('oss-domestic')).to.deep.equal([['Estonia', '22%', '$79.00', '$17.38', 'Invoices: 1']]);
    expect(await rowsOf('oss-reverse-charge')).to.deep.equal([['Germany', 'DE136695976', '$79.00', 'Invoices: 1']]);
    expect(await rowsOf('oss-outside-scope')).to.deep.equal([['United States', '$79.00', 'Invoices: 1']]);
    expect(await page.getByTestId('oss-filing').textContent()).to.equal('File this return in the Estonian Tax and Customs Board’s e-MTA (One Stop Shop) and pay the VAT it declares by 30 Apr 2024.');
    await expectWords(page, 'en', 'taxes', 'taxes-en-1-2024-Q1', FINANCE_INTERNALS);
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('oss-csv').click()]);
    expect(download.suggestedFilename()).to.equal('relaycast-oss-demo-2024-Q1.csv');
    const file = path.join(SCREENSHOTS, 'taxes-2024-Q1.csv');
    await download.saveAs(file);
    const rows = parse(readFileSync(file, 'utf8'), { columns: true }) as Record<string, string>[];
    expect(rows.filter((r) => r.section === 'oss').map((r) => [r.country, r.vat_rate, r.taxable, r.vat, r.taxable_eur, r.vat_eur])).to.deep.equal([
      ['DE', '0.19', '71.10', '13.51', '66.15', '12.57'],
      ['FR', '0.2', '79.00', '15.80', '73.50', '14.70'],
    ]);
  });

  it('2024-Q2: the French credit note of a Q1 invoice, a negative line and a correction of Q1 in words; a quarter with nothing in it says so', async () => {
    await page.getByTestId('oss-q2').check();
    await reportShown('2024-Q2');
    expect(new URL(page.url()).searchParams.get('quarter')).to.equal('2024-Q2');
    expect(await page.getByTestId('oss-open-quarter').textContent()).to.equal('This quarter is not over (it ends on 30 Jun 2024): its figures can still change. File the return once it has ended.');
    expect(await rowsOf('oss-table')).to.deep.equal([
      ['France', '20%', '-$39.50', '-$7.90', '-€36.76', '-€7.35', 'Credit notes: 1'],
      ['All member states', '-€36.76', '-€7.35', ''],
    ]);
    expect(await page.getByTestId('oss-negative').textContent()).to.match(/^A line below zero: .* declare it as a correction of the quarter its invoices were in/);
    const [correction] = await rowsOf('oss-corrections');
    expect(correction!.slice(1)).to.deep.equal(['DEMO-INV-000002, Q1 2024 (1 Jan 2024 – 31 Mar 2024)', 'OSS return', 'France', '20%', '-$39.50', '-$7.90']);
    expect(correction![0]).to.match(/^DEMO-CN-\d{6} of 15 Apr 2024/);
    await expectWords(page, 'en', 'taxes-q2', 'taxes-en-2-2024-Q2', FINANCE_INTERNALS);
    // 2024-Q4: nothing was issued in it.
    await page.getByTestId('oss-q4').check();
    await page.getByTestId('oss-empty').waitFor();
    expect(await page.getByTestId('oss-empty').textContent()).to.equal('No demo payment’s invoice or credit note was issued in this quarter.');
  });

  it('Russian, 1366 and 390 px: countries, rates, money and the rate in Russian; the page never scrolls sideways', async () => {
    await open(page, '/ru/admin/finance/taxes?quarter=2024-Q1&book=demo');
    await reportShown('2024-Q1');
    expect(await page.locator('.admin-main h1').textContent()).to.equal('Налоги (OSS)');
    expect(await rowsOf('oss-table')).to.deep.equal([
      ['Германия', `19${NBSP}%`, `71,10${NBSP}$`, `13,51${NBSP}$`, `66,15${NBSP}€`, `12,57${NBSP}€`, 'Счета: 1, кредит-ноты: 1'],
      ['Франция', `20${NBSP}%`, `79,00${NBSP}$`, `15,80${NBSP}$`, `73,50${NBSP}€`, `14,70${NBSP}€`, 'Счета: 1'],
      ['Все страны ЕС', `139,65${NBSP}€`, `27,27${NBSP}€`, ''],
    ]);
    expect(await page.getByTestId('oss-rate').textContent()).to.equal('Евро — по справочному курсу ЕЦБ для последнего дня квартала, 31 мар. 2024 г.: в этот день ЕЦБ курс не публиковал, поэтому взят следующий, от 2 апр. 2024 г.: 1 евро = 1,0749 USD.');
    expect(await rowsOf('oss-domestic')).to.deep.equal([['Эстония', `22${NBSP}%`, `79,00${NBSP}$`, `17,38${NBSP}$`, 'Счета: 1']]);
    await expectWords(page, 'ru', 'taxes', 'taxes-ru-1-2024-Q1', FINANCE_INTERNALS);
    await page.setViewportSize({ width: 390, height: 844 });
    await reportShown('2024-Q1');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, 'no sideways scrolling of the page').to.be.at.most(390);
    await screenshot(page, 'taxes-ru-2-2024-Q1-390');
    // The table at phone width, as the reader sees it (it scrolls inside its own frame).
    await page.getByTestId('oss-table').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SCREENSHOTS, 'taxes-ru-3-table-390.png') });
    await page.setViewportSize({ width: 1366, height: 900 });
  });
});
