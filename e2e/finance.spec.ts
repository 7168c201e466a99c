/**
 * The finance area on the built server, with demo payments (PAYMENTS=demo) and a test clock (BILLING_CLOCK=test) from
 * 10 March 2026, 10:00 UTC. Seeded through the API the way customers and the administrator act (sign-up, purchase,
 * the demo PayPal approval page, capture, the clock, a cancellation at period end, a refund): two customers buy a
 * $10 monthly builder licence each on 10 March, both renew on 10 April with their saved PayPal accounts, the second
 * cancels at the end of that period (10 May), the first renews on 10 May and gets $1.00 of its first payment back.
 * A finance user (ROLE_FINANCE) and an administrator then read the figures — written out by hand below — in English
 * and Russian; the reconciliation and invoices CSVs are parsed with csv-parse, an invoice PDF rendered with pdftoppm.
 * Screenshots: e2e/output/screenshots/finance-*.png (and finance-invoice-*.png, the PDF).
 */
import { expect } from 'chai';
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import type { Browser, BrowserContext, Download, Page } from 'playwright-core';
import { createClient, type ApiClient } from '../read-api/test/harness.js';
import { ADMIN, acceptCookies, apiFromPage, expectAccessible, open, printServerLogOnFailure, screenshot, startAppSession, stopAppSession, type AppServer } from './support/app-server.js';
import { SCREENSHOTS } from './support/site.js';
import { expectWords, FINANCE_INTERNALS, readable } from './support/words.js';

const START = '2026-03-10T10:00:00.000Z';
const FINANCE = { email: 'fiona.ledger@example.com', password: 'ledger of the realm 31', givenName: 'Fiona', familyName: 'Ledger' };
const NBSP = '\u00a0';
/** A builder licence of 2 publishing streams: 2 units at $5 (SELF_HOSTED_TIERS), $10.00 a month. */
const BUILDER_10 = { plan_id: 'constructor', infrastructure_type: 'self-hosted', subscription_type: 'SUBSCRIPTION_MONTH', modules: [{ name: 'streams', limit: 2 }] };

/** The demo approval page's forms, as a browser sees them: the action and hidden fields of each button's form. */
function formsOf(html: string): Record<string, { action: string; fields: Record<string, string> }> {
  const forms: Record<string, { action: string; fields: Record<string, string> }> = {};
  for (const [, action, inner] of html.matchAll(/<form method="post" action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/g)) {
    const fields: Record<string, string> = {};
    for (const [, name, value] of inner!.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) fields[name!] = value!;
    const button = /<button type="submit"[^>]*>([^<]+)<\/button>/.exec(inner!)?.[1] ?? '';
    forms[button] = { action: action!.replace(/&amp;/g, '&'), fields };
  }
  return forms;
}

describe('finance area: figures as of a day, recognition, reconciliation, invoices (built server, demo payments, EN and RU)', function () {
  this.timeout(300_000);
  let app: AppServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let admin: ApiClient;
  const customers: Record<'anna' | 'boris', { client: ApiClient; userId: string; subscriptionId: string }> = {} as never;

  before(async () => {
    ({ app, browser, context, page, errors } = await startAppSession(undefined, { PAYMENTS: 'demo', BILLING_CLOCK: 'test', BILLING_CLOCK_START: START }));
    admin = createClient(app.baseUrl);
    expect((await admin.post('/auth/local/signin', ADMIN)).status).to.equal(200);
  });
  after(async () => stopAppSession({ app, browser, context }));
  afterEach(function () {
    printServerLogOnFailure(this, app);
  });

  const advanceTo = async (to: string) => {
    const res = await admin.post('/admin/clock/advance', { to });
    expect(res.status, JSON.stringify(res.body)).to.equal(200);
  };
  const view = async (id: string) => (await admin.post('/subscriptions/findOne', { id })).body.data;

  /** Sign-up, a $10 monthly builder licence, createOrder saving the wallet, Approve on the demo page, capture. */
  async function buy(name: 'anna' | 'boris', givenName: string, familyName: string) {
    const client = createClient(app.baseUrl);
    const registered = await client.post('/auth/local/register', { email: `${name}@finance.test`, password: `a long password of ${name} 42`, givenName, familyName, privacy_policy_confirm: true });
    expect(registered.status, JSON.stringify(registered.body)).to.equal(201);
    const userId = registered.body.data._id as string;
    const created = await client.post('/subscriptions/create', { subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', user_id: userId, infrastructure_type: 'self-hosted', modules: BUILDER_10.modules, payment_details: { plan_id: 'constructor', privacy_policy_confirm: true } });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const sub = created.body.data as { _id: string; quantity: number };
    const ordered = await client.post('/subscriptions/createOrder', { id: sub._id, saveWallet: true });
    expect(ordered.status, JSON.stringify(ordered.body)).to.equal(200);
    const order = ordered.body.data as { paypalOrderID: string; paypalSubscriptionID: string; approveUrl: string; amount: number };
    expect(order.amount).to.equal(1000);
    const approval = await (await fetch(order.approveUrl)).text();
    const form = formsOf(approval).Approve!;
    const approved = await fetch(new URL(form.action, order.approveUrl), { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.baseUrl }, body: new URLSearchParams(form.fields).toString(), redirect: 'manual' });
    expect(approved.status).to.equal(303);
    const captured = await client.post('/subscriptions/captureOrder', { id: sub._id, user_id: userId, paypalOrderID: order.paypalOrderID, paypalSubscriptionID: order.paypalSubscriptionID, quantity: sub.quantity });
    expect(captured.status, JSON.stringify(captured.body)).to.equal(200);
    expect(captured.body.data.status).to.equal('SUBSCRIPTION_STATUS_ACTIVE');
    customers[name] = { client, userId, subscriptionId: sub._id };
  }

  /** The text of a figure's value (its sub-line on a line of its own). */
  const figure = (id: string) => page.getByTestId(`figure-${id}-value`).innerText();
  /** The overview, loaded for a day: the page says it is as of that day and nothing is being fetched. */
  async function overviewAsOf(day: string) {
    await page.locator(`[data-testid="finance-overview"][data-as-of="${day}"] [data-testid="overview-body"][aria-busy="false"]`).waitFor({ timeout: 15_000 });
  }
  async function chooseDay(day: string) {
    await page.getByTestId('finance-as-of').fill(day);
  }
  /** A table row's cells as text, by row. */
  const rowsOf = (testId: string) => page.getByTestId(testId).locator('tbody tr').evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => (c as HTMLElement).innerText.trim())));
  /** A close-up of one part of the page (for looking at charts and tables at full size). */
  async function closeUp(selector: string, name: string) {
    await page.locator(selector).first().screenshot({ path: path.join(SCREENSHOTS, `${name}.png`) });
  }
  async function saveDownload(download: Download, name: string): Promise<string> {
    const file = path.join(SCREENSHOTS, name);
    await download.saveAs(file);
    return file;
  }

  it('seeds the history through the API: two $10 monthly builder licences bought on 10 March, renewed on 10 April, one cancelled at its period end, $1.00 refunded', async () => {
    // The price, from the server's own quote: 2 units at $5.
    expect((await admin.post('/subscriptions/quote', BUILDER_10)).body.data).to.deep.include({ amount: 1000, quantity: 2, currency: 'USD' });
    await buy('anna', 'Anna', 'Finch');
    await buy('boris', 'Boris', 'Gold');
    await advanceTo('2026-04-10T12:00:00.000Z');
    for (const name of ['anna', 'boris'] as const) expect(await view(customers[name].subscriptionId)).to.deep.include({ status: 'SUBSCRIPTION_STATUS_ACTIVE', periodEnd: '2026-05-10T10:00:00.000Z' });
    const cancelled = await customers.boris.client.post('/subscriptions/cancelAtPeriodEnd', { id: customers.boris.subscriptionId });
    expect(cancelled.status, JSON.stringify(cancelled.body)).to.equal(200);
    await advanceTo('2026-05-10T12:00:00.000Z');
    expect((await view(customers.anna.subscriptionId)).status).to.equal('SUBSCRIPTION_STATUS_ACTIVE');
    expect((await view(customers.boris.subscriptionId)).status).to.equal('SUBSCRIPTION_STATUS_CANCEL');
    const history = (await admin.post('/subscriptions/history', { id: customers.anna.subscriptionId })).body.data as { type: string; data: { captureId?: string } }[];
    const firstCapture = history.find((h) => h.type === 'OrderCaptured')!.data.captureId!;
    const refund = await admin.post('/subscriptions/refund', { id: customers.anna.subscriptionId, captureId: firstCapture, amount: 100 });
    expect(refund.status, JSON.stringify(refund.body)).to.equal(200);
    const created = await admin.post('/users/create', { givenName: FINANCE.givenName, familyName: FINANCE.familyName, email: FINANCE.email, role: 'ROLE_FINANCE', password: FINANCE.password });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
  });

  it('the finance user signs in from the header and lands on the finance area, with a menu of finance only; the demo book is shown by default', async () => {
    await open(page, '/');
    await acceptCookies(page);
    await page.locator('.login-button').click();
    const form = page.getByTestId('sign-in-form');
    await form.getByLabel('Email').fill(FINANCE.email);
    await form.getByLabel('Password').fill(FINANCE.password);
    await form.locator('button[type="submit"]').click();
    await page.getByTestId('finance-overview').waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).to.equal('/admin/finance');
    expect(await page.locator('.admin-nav a').evaluateAll((links) => links.map((a) => [a.getAttribute('href'), a.textContent]))).to.deep.equal([
      ['/admin/finance', 'Overview'],
      ['/admin/finance/recognition', 'Revenue recognition'],
      ['/admin/finance/reconciliation', 'Reconciliation'],
      ['/admin/finance/documents', 'Invoices and credit notes'],
      ['/admin/finance/ledger', 'Ledger'],
      ['/admin/finance/taxes', 'Taxes (OSS)'],
    ]);
    // Today by the test clock; the installation runs demo payments, so their book is the one shown, marked.
    await overviewAsOf('2026-05-10');
    expect(await page.getByTestId('finance-as-of').inputValue()).to.equal('2026-05-10');
    expect(await page.getByTestId('finance-book-demo').isChecked()).to.equal(true);
    expect(await page.getByTestId('finance-demo-note').textContent()).to.equal('Demo payments: no money moved. These figures are the demo payments’ own, kept apart from real money.');
  });

  it('overview as of today (10 May 2026): $10.00 MRR left after the second customer’s churn, $9.00 net in May, 50% churn over 30 days', async () => {
    // MRR: Anna's $10.00 a month (Boris's ended on 10 May); ARR = 12 × $10.00.
    expect(await figure('mrr')).to.equal('$10.00');
    expect(await figure('arr')).to.equal('$120.00');
    expect(await figure('paying')).to.equal('1');
    // May to the 10th: Anna's renewal $10.00 captured − $1.00 refunded = $9.00.
    expect(await page.locator('[data-testid="figure-net"] h2').textContent()).to.equal('Net revenue, May 2026');
    expect(await figure('net')).to.equal('$9.00');
    // One of the two paying on 10 April stopped paying by 10 May: 1 / 2.
    expect(await figure('churn')).to.equal('50%\n1 stopped of 2 paying');
    expect(await figure('credit')).to.equal('$0.00');
    expect(await page.locator('[data-testid="figure-mrr"] .finance-definition').textContent()).to.match(/^What the paying subscriptions pay, as a price per month/);
    // May: Boris's $10.00 churned; 20 − 10 = 10.
    const may = page.locator('[data-testid="movements-row"][data-month="2026-05"]');
    expect(await may.locator('[data-movement="churn"]').textContent()).to.equal('-$10.00');
    expect(await may.locator('[data-field="end"]').textContent()).to.equal('$10.00');
    expect(await page.locator('[data-testid="money-table"] tr[data-month="2026-05"] td').allTextContents()).to.deep.equal(['$10.00', '$1.00', '$0.00', '$9.00', '$0.00', '$0.00', '1', '0', '0']);
    for (const chart of ['chart-mrr', 'chart-movements-USD', 'chart-refunds']) {
      await page.locator(`[data-testid="${chart}"][data-state="drawn"] canvas`).first().waitFor();
    }
    // No trial and no failed renewal in these months: said in words, no empty axes.
    expect(await page.getByTestId('chart-trials-empty').textContent()).to.equal('Nothing to draw: no trial started in these months.');
    expect(await page.getByTestId('chart-dunning-empty').textContent()).to.equal('Nothing to draw: no renewal failed in these months.');
    expect(await page.locator('[data-testid="chart-trials"], [data-testid="chart-dunning"]').count()).to.equal(0);
    await expectAccessible(page, 'finance overview');
    await expectWords(page, 'en', 'finance-overview', 'finance-en-1-overview-today', FINANCE_INTERNALS);
    // Real money: none moved on this installation.
    await page.getByTestId('finance-book-real').click();
    expect(await page.getByTestId('finance-book-real').isChecked()).to.equal(true);
    await page.locator('[data-testid="finance-overview"][data-book="real"] [data-testid="finance-empty"]').waitFor();
    expect(await page.getByTestId('finance-empty').textContent()).to.equal('Nothing was paid in real money up to 10 May 2026.');
    expect(await figure('mrr')).to.equal('$0.00');
    expect(await page.getByTestId('finance-demo-note').count()).to.equal(0);
    await page.getByTestId('finance-book-demo').click();
    await page.locator('[data-testid="finance-overview"][data-book="demo"]').waitFor();
  });

  it('overview as of 30 April: the MRR of two $10 monthly subscriptions is $20.00, and March’s new $20.00 brings it from $0.00', async () => {
    await chooseDay('2026-04-30');
    await overviewAsOf('2026-04-30');
    expect(await figure('mrr')).to.equal('$20.00');
    expect(await figure('arr')).to.equal('$240.00');
    expect(await figure('paying')).to.equal('2');
    // April: the two renewals, $10.00 each, nothing refunded.
    expect(await figure('net')).to.equal('$20.00');
    expect(await figure('churn')).to.equal('0%\n0 stopped of 2 paying');
    // The bridge: March 0 + 20 (new) = 20; April 20, no movement, 20.
    expect(await rowsOf('movements-table-USD')).to.deep.equal([
      ['March 2026', '$0.00', '$20.00', '—', '—', '—', '—', '$20.00', '2'],
      ['April 2026', '$20.00', '—', '—', '—', '—', '—', '$20.00', '2'],
    ]);
    await page.locator('[data-testid="chart-movements-USD"][data-state="drawn"]').waitFor();
    await screenshot(page, 'finance-en-2-overview-30-april');
    await closeUp('.finance-figures', 'finance-en-2a-figures');
    await closeUp('[data-testid="section-mrr"]', 'finance-en-2b-mrr-chart');
    await closeUp('[data-testid="section-movements"]', 'finance-en-2c-movements');
  });

  it('revenue recognition as of 30 April, day by day: $14.18 of March’s $20.00 recognised in March, $5.82 deferred; the waterfall', async () => {
    await page.getByTestId('admin-nav-finance-recognition').click();
    // The chosen day goes along to the other finance pages.
    await page.locator('[data-testid="finance-recognition"][data-as-of="2026-04-30"] [data-testid="recognition-body"][aria-busy="false"]').waitFor();
    // 10 March 10:00 – 10 April 10:00 is 31 days, 22 of them in March: ⌊1000 × 22 / 31⌋ = 709 cents each, 2 × 709 = $14.18;
    // deferred at the end of March 2000 − 1418 = $5.82. April: the 9 days left, 1000 − 709 = 291 each, and of the
    // renewals (10 April – 10 May, 30 days) 21 days, ⌊1000 × 21 / 30⌋ = 700 each: 2 × (291 + 700) = $19.82; deferred
    // at the end of April: billed 4000 − recognised (1418 + 1982) = $6.00.
    expect(await rowsOf('by-plan-table')).to.deep.equal([['Builder', '$40.00', '$34.00', '$6.00']]);
    expect(await rowsOf('recognised-table-USD')).to.deep.equal([
      ['March 2026', '$14.18', '$5.82'],
      ['April 2026', '$19.82', '$6.00'],
    ]);
    // The waterfall as of April: March's billing recognised 14.18 + 5.82; April's 14.00 (2 × 700) and, scheduled for May, 6.00.
    expect(await page.getByTestId('waterfall-USD').locator('thead th').allTextContents()).to.deep.equal(['Billed in', 'Mar 2026', 'Apr 2026', 'May 2026', 'Total']);
    expect(await rowsOf('waterfall-USD')).to.deep.equal([
      ['March 2026', '$14.18', '$5.82', '', '$20.00'],
      ['April 2026', '', '$14.00', '$6.00', '$20.00'],
    ]);
    expect(await page.locator('[data-testid="waterfall-USD"] tbody td.is-scheduled').allTextContents()).to.deep.equal(['', '$6.00']);
    await page.locator('[data-testid="chart-recognition-USD"][data-state="drawn"]').waitFor();
    expect(await page.locator('.finance-explain').textContent()).to.contain('31 USD billed on 15 January for the month to 15 February (31 days) is 17 USD recognised in January and 14 USD deferred');
    await closeUp('[data-testid="section-waterfall"]', 'finance-en-3a-waterfall');
    await closeUp('[data-testid="section-by-month"]', 'finance-en-3b-by-month');
    await expectAccessible(page, 'revenue recognition');
    await expectWords(page, 'en', 'finance-recognition', 'finance-en-3-recognition', FINANCE_INTERNALS);
  });

  it('reconciliation as of today: a row per subscription and month, totals, the CSV read with csv-parse, the read-model check in words, and a row’s history read-only', async () => {
    await page.getByTestId('admin-nav-finance-reconciliation').click();
    await page.locator('[data-testid="finance-reconciliation"][data-as-of="2026-04-30"]').waitFor();
    await page.getByTestId('finance-today').click();
    await page.locator('[data-testid="finance-reconciliation"][data-as-of="2026-05-10"] [data-testid="reconciliation-body"][aria-busy="false"]').waitFor();
    expect(await page.getByTestId('reconciliation-as-of').textContent()).to.match(/^Up to the end of 10 May 2026 \(UTC\): position [\d,]+, events read: [\d,]+\.$/);
    // Anna: orders of March, April, May; Boris: March, April. $10.00 each; Anna's March row has the $1.00 refund.
    const rows = page.getByTestId('reconciliation-row');
    expect(await rows.count()).to.equal(5);
    expect(await page.getByTestId('demo-mark').count()).to.equal(5);
    const annaMarch = page.locator(`[data-testid="reconciliation-row"][data-subscription="${customers.anna.subscriptionId}"][data-period="2026-03"]`);
    expect(await annaMarch.locator('td').allTextContents()).to.deep.equal(['Mar 2026', 'Live', '$10.00', '$10.00', '$1.00', '$0.00', '$0.00', '$9.00', '$0.00', '$0.00', '$10.00', '10 Mar 2026 – 10 Apr 2026']);
    expect(await page.locator(`[data-testid="reconciliation-row"][data-subscription="${customers.boris.subscriptionId}"][data-period="2026-04"] td`).nth(1).textContent()).to.equal('Cancelled');
    // Totals: 5 orders of $10.00 = $50.00 ordered and captured, $1.00 refunded, $49.00 net, 2 subscriptions.
    expect(await page.locator('[data-testid="totals-currency"] td').allTextContents()).to.deep.equal(['$50.00', '$50.00', '$1.00', '$0.00', '$0.00', '$49.00', '$0.00', '$0.00', '$50.00', '2']);
    // The same report as CSV.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('reconciliation-csv').click()]);
    expect(download.suggestedFilename()).to.match(/^relaycast-finance-2026-05-10-p\d+\.csv$/);
    const records = parse(readFileSync(await saveDownload(download, 'finance-reconciliation.csv'), 'utf8'), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
    const lines = records.filter((r) => r.line === 'subscription');
    expect(lines).to.have.length(5);
    expect(lines.every((r) => r.demo === 'true' && r.plan_id === 'constructor' && r.ordered === '10.00')).to.equal(true);
    expect(records.find((r) => r.line === 'demo-currency-total')).to.deep.include({ currency: 'USD', ordered: '50.00', captured: '50.00', refunded: '1.00', net: '49.00', subscriptions: '2' });
    expect(records.filter((r) => r.line === 'currency-total'), 'no real money').to.deep.equal([]);
    // The read-model check.
    await page.getByTestId('verify-run').click();
    const verdict = page.locator('[data-testid="verify-result"][data-ok="true"]');
    await verdict.waitFor({ timeout: 30_000 });
    expect(await verdict.textContent()).to.match(/^Every read model agrees with the event log \(read models checked: \d+\)\.$/);
    await closeUp('[data-testid="reconciliation-rows"]', 'finance-en-4a-rows');
    await expectAccessible(page, 'reconciliation');
    await expectWords(page, 'en', 'finance-reconciliation', 'finance-en-4-reconciliation', FINANCE_INTERNALS);
    // Drill-down: Boris's row → his subscription and its history, with nothing to do.
    await page.locator(`[data-testid="reconciliation-row"][data-subscription="${customers.boris.subscriptionId}"][data-period="2026-03"] [data-testid="reconciliation-drill"]`).click();
    await page.getByTestId('purchase-details').waitFor();
    await page.getByTestId('history-item').first().waitFor();
    expect(await page.getByTestId('history-item').count()).to.be.greaterThan(3);
    expect(await page.getByTestId('read-only-note').textContent()).to.equal('You read this subscription and its history; changes are made by administrators. Back to the reconciliation');
    expect(await page.locator('[data-testid="purchase-details"] button').count(), 'no action').to.equal(0);
    expect(await page.locator('[data-testid="purchase-details"] input, [data-testid="purchase-details"] select').count(), 'no form').to.equal(0);
    await expectWords(page, 'en', 'finance-drill-down', 'finance-en-5-drill-down');
  });

  it('invoices and credit notes: every customer’s, with PDFs; the range exported as CSV (csv-parse); an invoice PDF rendered with pdftoppm', async () => {
    await page.getByTestId('admin-nav-finance-documents').click();
    await page.getByTestId('invoices-table').waitFor();
    // Five captures: five demo invoices, numbered without gaps; one credit note for the $1.00 refund.
    expect(await page.getByTestId('invoice-row').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-number')))).to.deep.equal(['DEMO-INV-000005', 'DEMO-INV-000004', 'DEMO-INV-000003', 'DEMO-INV-000002', 'DEMO-INV-000001']);
    expect(await page.locator('[data-testid="invoice-row"][data-number="DEMO-INV-000001"] td').nth(3).textContent()).to.equal('$10.00');
    expect(await page.locator('[data-testid="invoice-row"][data-number="DEMO-INV-000001"] td').nth(4).textContent()).to.equal('-$1.00');
    expect(await page.locator('[data-testid="note-row"] td').allTextContents()).to.include.members(['DEMO-INV-000001', 'Refund', '-$1.00']);
    // The export of March to May, demo payments.
    await page.getByTestId('export-from').fill('2026-03-01');
    await page.getByTestId('export-to').fill('2026-05-31');
    await page.getByTestId('export-book').selectOption('demo');
    const [csv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('invoices-csv').click()]);
    expect(csv.suggestedFilename()).to.equal('relaycast-invoices-2026-03-01-2026-05-31-demo.csv');
    const documents = parse(readFileSync(await saveDownload(csv, 'finance-invoices.csv'), 'utf8'), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
    // Oldest first (the refund and Anna's May invoice were both recorded at 10 May 12:00, the clock's time: either order).
    const issued = documents.map((d) => d.issued_at);
    expect(issued).to.deep.equal([...issued].sort());
    documents.sort((a, b) => (b.document ?? '').localeCompare(a.document ?? '') || (a.number ?? '').localeCompare(b.number ?? ''));
    expect(documents.map((d) => [d.document, d.number, d.book, d.currency, d.amount])).to.deep.equal([
      ['invoice', 'DEMO-INV-000001', 'demo', 'USD', '10.00'],
      ['invoice', 'DEMO-INV-000002', 'demo', 'USD', '10.00'],
      ['invoice', 'DEMO-INV-000003', 'demo', 'USD', '10.00'],
      ['invoice', 'DEMO-INV-000004', 'demo', 'USD', '10.00'],
      ['invoice', 'DEMO-INV-000005', 'demo', 'USD', '10.00'],
      ['credit_note', 'DEMO-CN-000001', 'demo', 'USD', '-1.00'],
    ]);
    expect(documents.filter((d) => d.customer_name === 'Anna Finch')).to.have.length(4);
    await expectAccessible(page, 'invoices and credit notes');
    await expectWords(page, 'en', 'finance-documents', 'finance-en-6-documents', FINANCE_INTERNALS);
    // The first invoice's PDF, rendered to an image (looked at: e2e/output/screenshots/finance-invoice-1.png).
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.locator('[data-testid="invoice-row"][data-number="DEMO-INV-000001"] [data-testid="invoice-pdf"]').click()]);
    expect(pdf.suggestedFilename()).to.equal('relaycast-invoice-DEMO-INV-000001.pdf');
    const file = await saveDownload(pdf, 'finance-invoice.pdf');
    expect(readFileSync(file).subarray(0, 5).toString()).to.equal('%PDF-');
    for (const old of readdirSync(SCREENSHOTS).filter((f) => /^finance-invoice-\d+\.png$/.test(f))) rmSync(path.join(SCREENSHOTS, old));
    execFileSync('pdftoppm', ['-png', '-r', '80', file, path.join(SCREENSHOTS, 'finance-invoice')]);
    const pages = readdirSync(SCREENSHOTS).filter((f) => /^finance-invoice-\d+\.png$/.test(f));
    expect(pages.length).to.be.greaterThan(0);
    const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
    expect(text).to.contain('DEMO-INV-000001').and.contain('Anna Finch').and.contain('10.00');
  });

  /**
   * The books of this history, worked by hand (demo book, docs/finance.md). Captured: 5 × $10.00; the $1.00 refund of
   * Anna's March payment, whose period ended on 10 April, comes out of revenue already recognised. Recognised to the
   * end of 10 May: March's two payments (31 days from 10 March) and April's two (30 days from 10 April) in full,
   * 4 × 1000; of Anna's May payment (31 days from 10 May) its first day, ⌊1000 / 31⌋ = 32. 4032 in all; deferred
   * 5000 − 4032 = 968.
   */
  it('ledger and trial balance as of today: every account written out and balanced; the ledger of May with its events, paged over March to May, and its CSV; at 1366 and 390 px', async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.getByTestId('admin-nav-finance-ledger').click();
    await page.locator('[data-testid="finance-ledger"][data-as-of="2026-05-10"][data-book="demo"] [data-testid="trial-balance-table"][aria-busy="false"]').waitFor();
    expect(await page.locator('[data-testid="section-trial-balance"] h2').textContent()).to.equal('Trial balance at the end of 10 May 2026');
    // [account and kind, debits, credits, debit balance, credit balance]
    expect(await rowsOf('trial-balance-table')).to.deep.equal([
      ['PayPal clearing\nAsset', '$50.00', '$1.00', '$49.00', '—'],
      ['Deferred revenue\nOwed (liability)', '$40.32', '$50.00', '—', '$9.68'],
      ['Revenue: Builder\nIncome', '—', '$40.32', '—', '$40.32'],
      ['Refunds of revenue: Builder\nReduces income', '$1.00', '—', '$1.00', '—'],
    ]);
    expect(await page.locator('[data-testid="trial-balance-total"] > *').allTextContents()).to.deep.equal(['Total', '$91.32', '$91.32', '$50.00', '$50.00']);
    expect(await page.getByTestId('trial-balance-verdict').textContent()).to.equal('Debits equal credits: the books balance.');
    // As of 30 April: the May payment and the refund not yet; March's and April's payments 2000 + 2 × 700 recognised.
    await chooseDay('2026-04-30');
    await page.locator('[data-testid="finance-ledger"][data-as-of="2026-04-30"] [data-testid="trial-balance-table"][aria-busy="false"]').waitFor();
    await page.locator('[data-testid="section-trial-balance"] h2', { hasText: '30 Apr 2026' }).waitFor();
    expect((await rowsOf('trial-balance-table')).map((r) => [r[0], r[3], r[4]])).to.deep.equal([
      ['PayPal clearing\nAsset', '$40.00', '—'],
      ['Deferred revenue\nOwed (liability)', '—', '$6.00'],
      ['Revenue: Builder\nIncome', '—', '$34.00'],
    ]);
    await page.getByTestId('finance-today').click();
    await page.locator('[data-testid="finance-ledger"][data-as-of="2026-05-10"] [data-testid="ledger-table"][aria-busy="false"]').waitFor();
    // The ledger from 1 May to today: 1–9 May, April's revenue of both customers (⌊1000 · 22 / 30⌋ − ⌊1000 · 21 / 30⌋
    // = 33 each on 1 May); 10 May, Anna's renewal (recorded when it fell due, 10:00), the refund (12:00, the clock's
    // time when the administrator made it), and the day's 32.
    expect(await page.getByTestId('ledger-range').textContent()).to.equal('Shown: 1 May 2026 to 10 May 2026.');
    expect(await page.getByTestId('ledger-page').textContent()).to.equal('Page 1 of 1 · entries: 12');
    const lines = await rowsOf('ledger-table');
    expect(lines[0]).to.deep.equal(['1 May 2026', 'Revenue earned that day', 'All of Builder', 'Deferred revenue', '$0.66', '']);
    expect(lines[1]).to.deep.equal(['Revenue: Builder', '', '$0.66']);
    expect(lines.slice(-6)).to.deep.equal([
      ['10 May 2026, 10:00', 'Payment captured', `Builder\n${customers.anna.subscriptionId.slice(0, 8)}`, 'PayPal clearing', '$10.00', ''],
      ['Deferred revenue', '', '$10.00'],
      ['10 May 2026, 12:00', 'Money given back (refund or reversal)', `Builder\n${customers.anna.subscriptionId.slice(0, 8)}`, 'PayPal clearing', '', '$1.00'],
      ['Refunds of revenue: Builder', '$1.00', ''],
      ['10 May 2026', 'Revenue earned that day', 'All of Builder', 'Deferred revenue', '$0.32', ''],
      ['Revenue: Builder', '', '$0.32'],
    ]);
    await expectAccessible(page, 'ledger and trial balance');
    await expectWords(page, 'en', 'finance-ledger', 'finance-en-8-ledger', FINANCE_INTERNALS);
    await closeUp('[data-testid="section-trial-balance"]', 'finance-en-8a-trial-balance');
    // March to May: 62 days of revenue (22 + 30 + 10) and 6 payments and refunds: 68 entries, two pages of 50.
    await page.getByTestId('ledger-from').fill('2026-03-01');
    await page.locator('[data-testid="ledger-range"]', { hasText: '1 Mar 2026' }).waitFor();
    await page.locator('[data-testid="ledger-page"]', { hasText: 'Page 1 of 2 · entries: 68' }).waitFor();
    await page.locator('[data-testid="ledger-table"][aria-busy="false"]').waitFor();
    expect((await rowsOf('ledger-table'))[0]).to.deep.equal(['10 Mar 2026, 10:00', 'Payment captured', `Builder\n${customers.anna.subscriptionId.slice(0, 8)}`, 'PayPal clearing', '$10.00', '']);
    await page.getByTestId('ledger-next').click();
    await page.locator('[data-testid="ledger-page"]', { hasText: 'Page 2 of 2 · entries: 68' }).waitFor();
    await page.locator('[data-testid="ledger-table"][aria-busy="false"]').waitFor();
    expect(await page.locator('[data-testid="ledger-entry"]').count()).to.equal(18);
    // A range the ledger does not show: said in words, nothing asked of the server.
    await page.getByTestId('ledger-to').fill('2026-02-01');
    expect(await page.getByTestId('ledger-range-invalid').textContent()).to.equal('Choose a first day on or before the last one.');
    await page.getByTestId('ledger-to').fill('2026-05-10');
    await page.locator('[data-testid="ledger-page"]', { hasText: 'Page 1 of 2' }).waitFor();
    // The CSV of March to May: one row per account line; each entry balances; the amounts in dollars.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('ledger-csv').click()]);
    expect(download.suggestedFilename()).to.equal('relaycast-ledger-demo-USD-2026-03-01-2026-05-10.csv');
    const rows = parse(readFileSync(await saveDownload(download, 'finance-ledger.csv'), 'utf8'), { columns: true, skip_empty_lines: true }) as Record<string, string>[];
    expect(new Set(rows.map((r) => r.entry_id)).size).to.equal(68);
    expect(rows.find((r) => r.event_type === 'PaymentRefunded' && r.account === 'refunds:constructor')).to.deep.include({ day: '2026-05-10', subscription_id: customers.anna.subscriptionId, debit: '1.00', credit: '0.00' });
    const cents = (s: string | undefined) => Math.round(Number(s) * 100);
    expect(rows.reduce((n, r) => n + cents(r.debit) - cents(r.credit), 0)).to.equal(0);
    expect(rows.filter((r) => r.account === 'revenue:constructor').reduce((n, r) => n + cents(r.credit), 0), 'revenue recognised 10 March – 10 May').to.equal(4032);
    await screenshot(page, 'finance-en-8b-ledger-1366');
    await page.getByTestId('ledger-from').fill('2026-05-01');
    await page.locator('[data-testid="ledger-page"]', { hasText: 'Page 1 of 1 · entries: 12' }).waitFor();
    await page.locator('[data-testid="ledger-table"][aria-busy="false"]').waitFor();
    // A phone: the page does not scroll sideways; the tables scroll inside their own frames.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('[data-testid="ledger-table"][aria-busy="false"]').waitFor();
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      frames: [...document.querySelectorAll('[data-testid="finance-ledger"] .table-wrap')].map((w) => [w.clientWidth, w.scrollWidth]),
    }));
    expect(widths.page, 'no sideways scrolling of the page').to.be.at.most(390);
    expect(widths.frames).to.have.length(2);
    for (const [client, scroll] of widths.frames) expect(client).to.be.at.most(390);
    expect(widths.frames.some(([client, scroll]) => scroll! > client!), 'a table wider than the phone scrolls in its frame').to.equal(true);
    await screenshot(page, 'finance-en-8c-ledger-390');
    await closeUp('[data-testid="section-trial-balance"]', 'finance-en-8d-trial-balance-390');
    await page.locator('[data-testid="section-ledger"] .table-wrap').evaluate((frame) => frame.scrollBy(120, 0));
    await closeUp('[data-testid="section-ledger"] .table-wrap', 'finance-en-8e-ledger-390-scrolled');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('ledger and trial balance in Russian, at 1366 and 390 px: accounts and events in words', async () => {
    await open(page, '/ru/admin/finance/ledger?asOf=2026-05-10&book=demo');
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.locator('[data-testid="finance-ledger"][data-as-of="2026-05-10"] [data-testid="ledger-table"][aria-busy="false"]').waitFor();
    expect(await page.locator('.admin-main h1').textContent()).to.equal('Проводки и сальдо счетов');
    expect(await page.locator('[data-testid="section-trial-balance"] h2').textContent()).to.equal('Оборотно-сальдовая ведомость на конец дня 10 мая 2026 г.');
    expect(await rowsOf('trial-balance-table')).to.deep.equal([
      ['Расчёты с PayPal\nАктив', `50,00${NBSP}$`, `1,00${NBSP}$`, `49,00${NBSP}$`, '—'],
      ['Доходы будущих периодов\nОбязательство', `40,32${NBSP}$`, `50,00${NBSP}$`, '—', `9,68${NBSP}$`],
      ['Выручка: Конструктор\nДоход', '—', `40,32${NBSP}$`, '—', `40,32${NBSP}$`],
      ['Возвраты выручки: Конструктор\nУменьшает доход', `1,00${NBSP}$`, '—', `1,00${NBSP}$`, '—'],
    ]);
    expect(await page.getByTestId('trial-balance-verdict').textContent()).to.equal('Дебет равен кредиту: книги сходятся.');
    expect((await rowsOf('ledger-table')).slice(-4, -2)).to.deep.equal([
      ['10 мая 2026 г., 12:00', 'Деньги возвращены (возврат или отмена платежа)', `Конструктор\n${customers.anna.subscriptionId.slice(0, 8)}`, 'Расчёты с PayPal', '', `1,00${NBSP}$`],
      ['Возвраты выручки: Конструктор', `1,00${NBSP}$`, ''],
    ]);
    await page.locator('.finance-accounts summary').click();
    await expectWords(page, 'ru', 'finance-ledger', 'finance-ru-6-ledger', FINANCE_INTERNALS);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).to.be.at.most(390);
    await screenshot(page, 'finance-ru-6b-ledger-390');
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('the finance role goes nowhere else: /admin takes it to finance, other admin pages are refused, and every change is refused by the server', async () => {
    await open(page, '/admin');
    await page.getByTestId('finance-overview').waitFor();
    expect(new URL(page.url()).pathname).to.equal('/admin/finance');
    for (const other of ['/admin/users/list', '/admin/subscriptions/list', '/admin/files']) {
      await open(page, other);
      await page.getByTestId('access-denied').waitFor();
    }
    expect(await page.locator('[data-testid="access-denied"] a').first().getAttribute('href')).to.equal('/admin/finance');
    expect((await apiFromPage(page, '/users/findAll', {})).status).to.equal(403);
    expect((await apiFromPage(page, '/subscriptions/pause', { id: customers.anna.subscriptionId })).status).to.equal(403);
    expect((await apiFromPage(page, '/subscriptions/create', { subscription_type: 'SUBSCRIPTION_FREE', status: 'SUBSCRIPTION_STATUS_INITIAL', user_id: customers.anna.userId, payment_details: { plan_id: 'unlimited', privacy_policy_confirm: true } })).status).to.equal(403);
    expect((await apiFromPage(page, '/finance/overview', { asOf: '2026-05-10', book: 'demo' })).status).to.equal(200);
    // The account menu: no purchase, the finance area.
    await page.locator('.account-menu > button').click();
    const menu = await page.locator('#account-menu a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(menu).to.include('/admin/finance').and.not.include('/user/buy-new-licence');
    await page.locator('.account-menu > button').click();
  });

  it('in Russian: every finance page, money and months in Russian, no code or English on screen', async () => {
    await open(page, '/ru/admin/finance?asOf=2026-05-10&book=demo');
    await overviewAsOf('2026-05-10');
    expect(await page.locator('.admin-main h1').textContent()).to.equal('Финансы');
    expect(await figure('mrr')).to.equal(`10,00${NBSP}$`);
    expect(await figure('arr')).to.equal(`120,00${NBSP}$`);
    expect(await page.locator('[data-testid="figure-net"] h2').textContent()).to.equal('Чистая выручка за май 2026 г.');
    expect(await figure('net')).to.equal(`9,00${NBSP}$`);
    expect(await figure('churn')).to.equal(`50${NBSP}%\nперестали платить 1 из 2`);
    expect(await page.locator('[data-testid="movements-row"][data-month="2026-05"] [data-movement="churn"]').textContent()).to.equal(`-10,00${NBSP}$`);
    await page.locator('[data-testid="chart-movements-USD"][data-state="drawn"]').waitFor();
    await expectWords(page, 'ru', 'finance-overview', 'finance-ru-1-overview', FINANCE_INTERNALS);
    await closeUp('[data-testid="section-movements"]', 'finance-ru-1a-movements');
    await closeUp('.finance-figures', 'finance-ru-1b-figures');
    await chooseDay('2026-04-30');
    await overviewAsOf('2026-04-30');
    expect(await figure('mrr')).to.equal(`20,00${NBSP}$`);
    await page.getByTestId('admin-nav-finance-recognition').click();
    await page.locator('[data-testid="finance-recognition"][data-as-of="2026-04-30"] [data-testid="recognition-body"][aria-busy="false"]').waitFor();
    expect(await rowsOf('by-plan-table')).to.deep.equal([['Конструктор', `40,00${NBSP}$`, `34,00${NBSP}$`, `6,00${NBSP}$`]]);
    expect((await rowsOf('recognised-table-USD'))[0]).to.deep.equal(['Март 2026 г.', `14,18${NBSP}$`, `5,82${NBSP}$`]);
    await page.locator('[data-testid="chart-recognition-USD"][data-state="drawn"]').waitFor();
    await expectWords(page, 'ru', 'finance-recognition', 'finance-ru-2-recognition', FINANCE_INTERNALS);
    await page.getByTestId('admin-nav-finance-reconciliation').click();
    await page.locator('[data-testid="finance-reconciliation"] [data-testid="reconciliation-body"][aria-busy="false"]').waitFor();
    await page.getByTestId('finance-today').click();
    await page.locator('[data-testid="finance-reconciliation"][data-as-of="2026-05-10"] [data-testid="reconciliation-body"][aria-busy="false"]').waitFor();
    expect(await page.locator('[data-testid="totals-currency"] td').allTextContents()).to.deep.equal([`50,00${NBSP}$`, `50,00${NBSP}$`, `1,00${NBSP}$`, `0,00${NBSP}$`, `0,00${NBSP}$`, `49,00${NBSP}$`, `0,00${NBSP}$`, `0,00${NBSP}$`, `50,00${NBSP}$`, '2']);
    await page.getByTestId('verify-run').click();
    await page.locator('[data-testid="verify-result"][data-ok="true"]').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('verify-result').textContent()).to.match(/^Все модели чтения согласны с журналом событий \(проверено моделей: \d+\)\.$/);
    await expectWords(page, 'ru', 'finance-reconciliation', 'finance-ru-3-reconciliation', FINANCE_INTERNALS);
    await page.getByTestId('admin-nav-finance-documents').click();
    await page.getByTestId('invoices-table').waitFor();
    await expectWords(page, 'ru', 'finance-documents', 'finance-ru-4-documents', FINANCE_INTERNALS);
    await closeUp('[data-testid="documents-invoices"]', 'finance-ru-4a-invoices');
    await page.locator(`[data-testid="invoice-row"][data-number="DEMO-INV-000002"] a[href*="/admin/subscriptions/purchase-details"]`).click();
    await page.getByTestId('history-item').first().waitFor();
    expect(await page.getByTestId('read-only-note').textContent()).to.equal('Вы видите эту подписку и её историю; изменения вносят администраторы. К сверке');
    await expectWords(page, 'ru', 'finance-drill-down', 'finance-ru-5-drill-down');
  });

  it('an administrator: Finance on the admin home and in the menu, the same figures, and the subscription view keeps its actions', async () => {
    await apiFromPage(page, '/auth/google/logout');
    expect((await apiFromPage(page, '/auth/local/signin', ADMIN)).status).to.equal(200);
    await open(page, '/admin');
    await page.getByTestId('admin-home').waitFor();
    expect(await page.locator('[data-testid="home-sections"] a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).to.include('/admin/finance');
    expect(await page.locator('[data-testid="home-users"] li[data-role="ROLE_FINANCE"] .count').textContent()).to.equal('1');
    await page.getByTestId('admin-nav-finance').click();
    await page.getByTestId('finance-overview').waitFor();
    if (await page.getByTestId('finance-today').count()) await page.getByTestId('finance-today').click();
    await overviewAsOf('2026-05-10');
    expect(await figure('mrr')).to.equal('$10.00');
    expect(await page.locator('.admin-nav a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).to.include.members(['/admin', '/admin/users/list', '/admin/finance', '/admin/finance/documents']);
    await screenshot(page, 'finance-en-7-admin-overview');
    await open(page, `/admin/subscriptions/purchase-details?subscription=${customers.anna.subscriptionId}`);
    await page.getByTestId('purchase-details').waitFor();
    expect(await page.getByTestId('read-only-note').count()).to.equal(0);
    await page.getByTestId('cancel-now').waitFor();
  });

  it('the chart library loads in the finance area only: the public pages never request its chunk', async () => {
    const visitor = await app.context(browser);
    const tab = await visitor.newPage();
    const requested: string[] = [];
    tab.on('request', (r) => requested.push(new URL(r.url()).pathname));
    for (const pathname of ['/', '/pricing', '/ru', '/products/multi-streaming']) {
      await tab.goto(pathname, { waitUntil: 'networkidle' });
      await tab.waitForSelector('html[data-hydrated="true"]');
    }
    const scripts = requested.filter((p) => p.endsWith('.js'));
    expect(scripts.length, 'the public pages load scripts').to.be.greaterThan(3);
    expect(scripts.filter((p) => /uplot|Chart-|finance|OverviewView/i.test(p))).to.deep.equal([]);
    await visitor.close();
    // …and the finance area does load it (so the name looked for above is the right one).
    const loaded: string[] = [];
    page.on('request', (r) => loaded.push(new URL(r.url()).pathname));
    await open(page, '/admin/finance');
    await page.locator('[data-testid="chart-mrr"][data-state="drawn"]').waitFor();
    expect(loaded.filter((p) => /\/assets\/uPlot[^/]*\.js$/.test(p))).to.have.length(1);
  });

  it('no errors in the browser console on the way', async () => {
    expect(errors.filter((e) => !/status of 4\d\d|Failed to load resource/.test(e))).to.deep.equal([]);
    // The words checked above also hold for the page as a whole now (the administrator's overview).
    expect((await readable(page)).match(FINANCE_INTERNALS)?.[0]).to.equal(undefined);
  });
});
