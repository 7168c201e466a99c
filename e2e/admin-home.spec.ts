/**
 * The administrators' home and files page on the real server (system clock, PayPal stand-in): an administrator who
 * signs in at /admin stays there and sees that nothing needs attention, with every section in the menu; the files
 * page uploads, refuses a type it does not take in words, and removes a file only after saying what that breaks;
 * toasts stack at most three, away from the page's buttons, and a success puts away the error it follows; a customer
 * who opens /admin is taken to their subscriptions. Screenshots: e2e/output/screenshots/admin-home-*.png.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { expect } from 'chai';
import { createSqliteEventStore } from '@relaycast/billing-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN, acceptCookies, apiFromPage, dismissToasts, expectAccessible, expectToast, open, printServerLogOnFailure, screenshot, startAppSession, stopAppSession, type AppServer } from './support/app-server.js';

const CUSTOMER = { email: 'carla.customer@example.com', password: 'a long customer password 42' };

/** Two boxes on the screen overlap. */
function overlap(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

describe('admin home and files page (real server)', function () {
  this.timeout(120_000);
  let app: AppServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  before(async () => {
    ({ app, browser, context, page, errors } = await startAppSession());
  });
  after(() => stopAppSession({ app, browser, context }));
  afterEach(function () {
    printServerLogOnFailure(this, app);
  });

  const upload = (name: string, mimeType: string, text: string) => page.getByTestId('files-upload').setInputFiles({ name, mimeType, buffer: Buffer.from(text) });

  it('an administrator who signs in at /admin stays on the home: nothing needs attention, no test clock, every section in reach', async () => {
    await open(page, '/admin');
    await acceptCookies(page);
    const signIn = page.getByTestId('admin-sign-in');
    await signIn.getByLabel('Email').fill(ADMIN.email);
    await signIn.getByLabel('Password').fill(ADMIN.password);
    await signIn.locator('button[type="submit"]').click();
    await page.getByTestId('admin-home').waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).to.equal('/admin');
    expect(await page.getByTestId('admin-home').getAttribute('data-clock')).to.equal('system');
    expect(await page.getByTestId('clock-controls').count(), 'the system clock is not moved from here').to.equal(0);
    for (const card of ['attention-dunning', 'attention-renewals', 'attention-disputes', 'attention-failed']) {
      expect(await page.getByTestId(card).getAttribute('data-total'), card).to.equal('0');
    }
    expect(await page.getByTestId('attention-dunning').locator('p').textContent()).to.equal('No renewal is overdue.');
    expect(await page.locator('[data-testid="home-users"] li[data-role="ROLE_ADMIN"] .count').textContent()).to.equal('1');
    expect(await page.locator('[data-testid="home-policy"] p').first().textContent()).to.equal(
      'An unpaid renewal is retried 1, 3, 5, 7 days after its due date; the licence stays valid for 7 days (the grace), then the subscription is paused, and cancelled 14 days later.',
    );
    expect(await page.locator('[data-testid="home-sections"] a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).to.deep.equal([
      '/admin/subscriptions/list',
      '/admin/users/list',
      '/admin/templates/list',
      '/admin/materials/list',
      '/admin/pages',
      '/admin/files',
      '/admin/mail',
      '/admin/finance',
    ]);
    expect(await page.getByTestId('admin-nav-home').getAttribute('aria-current')).to.equal('page');
    // The finance report, as a file.
    const [report] = await Promise.all([page.waitForEvent('download'), page.getByTestId('finance-report').click()]);
    expect(report.suggestedFilename()).to.match(/^relaycast-finance-head-p\d+\.csv$/);
    await expectAccessible(page, 'admin home');
    await screenshot(page, 'admin-home-en');
  });

  it('files: uploads one, refuses a type it does not take in words, and the success that follows puts the error away', async () => {
    await page.getByTestId('admin-nav-files').click();
    await page.getByTestId('files-page').waitFor();
    await page.getByTestId('list-empty').waitFor();
    await upload('tool.exe', 'application/x-msdownload', 'MZ');
    await expectToast(page, 'This type of file is not accepted. Accepted: PNG, JPEG, GIF, WEBP, SVG, PDF, TXT, MD, MP4, JSON.');
    await upload('notes.txt', 'text/plain', 'hello files');
    await expectToast(page, 'notes.txt was uploaded.');
    expect(await page.getByTestId('toast').allTextContents(), 'the refusal went when the upload succeeded').to.deep.equal(['notes.txt was uploaded.']);
    const row = page.locator('[data-testid="list-row"]', { hasText: 'notes.txt' });
    await row.waitFor();
    const cells = await row.locator('td').allTextContents();
    expect([cells[0], cells[1], cells[2], cells[4]]).to.deep.equal(['notes.txt', 'TXT', '11 B', 'Copy linkRemove file']);
    expect(cells[3], 'uploaded: date and time (the real clock)').to.match(/^\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}$/);
    await dismissToasts(page);
    await expectAccessible(page, 'files page');
    await screenshot(page, 'admin-home-files-en');
  });

  it('toasts: at most three, stacked where they cover neither the upload button nor the search', async () => {
    for (const n of [1, 2, 3, 4]) {
      await upload(`part-${n}.md`, 'text/markdown', `# Part ${n}`);
      await expectToast(page, `part-${n}.md was uploaded.`);
    }
    expect(await page.getByTestId('toast').allTextContents()).to.deep.equal(['part-2.md was uploaded.', 'part-3.md was uploaded.', 'part-4.md was uploaded.']);
    const button = (await page.locator('.file-upload-head label').boundingBox())!;
    const search = (await page.getByRole('searchbox').boundingBox())!;
    for (const toast of await page.getByTestId('toast').all()) {
      const box = (await toast.boundingBox())!;
      expect(overlap(box, button), 'a toast covers the upload button').to.equal(false);
      expect(overlap(box, search), 'a toast covers the search').to.equal(false);
    }
    await screenshot(page, 'admin-home-toasts');
    await dismissToasts(page);
  });

  it('removing a file says first what it breaks; then the file is gone', async () => {
    const row = page.locator('[data-testid="list-row"]', { hasText: 'notes.txt' });
    const url = await row.getByTestId('file-name').getAttribute('href');
    await row.getByTestId('remove-file').click();
    expect(await row.locator('.confirm-question').textContent()).to.equal('Remove notes.txt? The file is deleted for good: pages and materials that link to it show a broken link or a missing picture.');
    await row.getByTestId('remove-file-confirm').click();
    await expectToast(page, 'notes.txt was removed.');
    await row.waitFor({ state: 'detached' });
    expect((await page.request.get(url!)).status()).to.equal(404);
    await dismissToasts(page);
  });

  it('in Russian: the home and the files page', async () => {
    await open(page, '/ru/admin');
    await page.getByTestId('admin-home').waitFor();
    expect(await page.locator('.admin-main h1').textContent()).to.equal('Администрирование');
    expect(await page.getByTestId('admin-nav-files').textContent()).to.equal('Файлы');
    await screenshot(page, 'admin-home-ru');
    await page.getByTestId('admin-nav-files').click();
    await page.getByTestId('files-page').waitFor();
    await page.locator('[data-testid="list-row"]').first().waitFor();
    expect(await page.locator('.admin-main h1').textContent()).to.equal('Файлы');
    expect(await page.locator('.file-upload-head label').textContent()).to.equal('Загрузить файл');
    await screenshot(page, 'admin-home-files-ru');
  });

  it('a billing policy recorded out of bounds (before the bounds): the home says so in words, and shows the policy as it applies', async () => {
    // Written into the event log as a process before issue 31's bounds could have: 3650 days' grace.
    const events = createSqliteEventStore(path.join(app.dataDir, 'events.db'));
    const version = (await events.readStream('setting-billing-policy')).length;
    await events.append('setting-billing-policy', [{ id: randomUUID(), type: 'BillingPolicySet', occurredAt: new Date().toISOString(), data: { policy: { retryDays: [1, 3, 5, 7], graceDays: 3650, cancelAfterDays: 14 }, source: 'ADMIN' }, metadata: { actorId: 'old-admin', actorRole: 'ROLE_ADMIN', correlationId: 'before-the-bounds', causationId: null } }], version);
    await events.close();
    await open(page, '/admin');
    const warning = page.getByTestId('home-policy-out-of-bounds');
    await warning.waitFor();
    expect(await warning.textContent()).to.equal(
      'The billing policy recorded in the event log is out of its bounds (the grace: whole days, at most 30). It applies within them, as shown under “Billing policy”: set it again within them.',
    );
    expect(await page.locator('[data-testid="home-policy"] p').first().textContent()).to.include('the licence stays valid for 30 days (the grace)');
    await open(page, '/ru/admin');
    expect(await page.getByTestId('home-policy-out-of-bounds').textContent()).to.include('отсрочка: целое число дней, не более 30');
    expect((await apiFromPage(page, '/admin/billing-policy/set', { policy: { retryDays: [1, 3, 5, 7], graceDays: 7, cancelAfterDays: 14 }, reason: 'back within bounds' })).status).to.equal(200);
    await open(page, '/admin');
    await page.getByTestId('admin-home').waitFor();
    expect(await page.getByTestId('home-policy-out-of-bounds').count()).to.equal(0);
  });

  it('a customer who opens /admin is taken to their own subscriptions', async () => {
    expect((await apiFromPage(page, '/users/create', { givenName: 'Carla', familyName: 'Customer', email: CUSTOMER.email, role: 'ROLE_CUSTOMER', password: CUSTOMER.password })).status).to.equal(201);
    await apiFromPage(page, '/auth/google/logout');
    expect((await apiFromPage(page, '/auth/local/signin', CUSTOMER)).status).to.equal(200);
    await open(page, '/admin');
    await page.getByTestId('account').waitFor();
    expect(new URL(page.url()).pathname).to.equal('/admin/subscriptions/list');
    expect(await page.getByTestId('admin-nav-home').count()).to.equal(0);
    expect((await apiFromPage(page, '/admin/overview')).status).to.equal(403);
    expect(errors.filter((e) => !/status of 4\d\d|Failed to load resource/.test(e))).to.deep.equal([]);
  });
});
