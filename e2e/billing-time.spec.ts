/**
 * Billing over time in the browser, against the real server on a test clock (BILLING_CLOCK=test) with Google and
 * PayPal stand-ins: a customer buys a monthly builder plan saving their PayPal account, sees the next renewal, the
 * saved account and the licence on the account page (EN and RU) under the test-clock banner, downloads the licence
 * file and the offline CLI verifies it with only the public key; a month later (the administrator moves the clock)
 * the renewal was charged without them; they cancel at the period end and undo it.
 */
import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN, acceptCookies, dismissToasts, expectAccessible, expectToast, open, printServerLogOnFailure, screenshot, startAppSession, stopAppSession, type AppServer } from './support/app-server.js';
import { fillCheckoutBilling } from './support/checkout.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const CLI = path.join(ROOT, 'billing-core/src/licence/cli.ts');
const START = '2026-01-31T10:00:00.000Z';

describe('billing over time in the browser: saved PayPal account, renewal on the test clock, licence file (real server)', function () {
  this.timeout(150_000);
  let app: AppServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let dir: string;

  before(async () => {
    ({ app, browser, context, page } = await startAppSession(
      (server) => {
        server.google.user = { ...server.google.user, sub: 'g-e2e-time', email: 'tim.renewer@example.com', given_name: 'Tim', family_name: 'Renewer', name: 'Tim Renewer' };
      },
      { BILLING_CLOCK: 'test', BILLING_CLOCK_START: START },
    ));
    dir = mkdtempSync(path.join(tmpdir(), 'relaycast-e2e-licence-'));
  });
  after(async () => {
    await stopAppSession({ app, browser, context });
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  afterEach(function () {
    printServerLogOnFailure(this, app);
  });

  /** The administrator moves the billing clock through the API (as an operator or a CLI would), which runs what fell due. */
  async function advanceClock(to: string) {
    const origin = app.baseUrl;
    const signIn = await fetch(`${origin}/auth/local/signin`, { method: 'POST', headers: { 'content-type': 'application/json', origin }, body: JSON.stringify(ADMIN) });
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const res = await fetch(`${origin}/admin/clock/advance`, { method: 'POST', headers: { 'content-type': 'application/json', origin, cookie }, body: JSON.stringify({ to }) });
    expect(res.status).to.equal(200);
    return (await res.json()) as { data: { now: string; ran: number } };
  }
  const card = () => page.locator('[data-testid="subscription"]').first();
  const fact = (field: string) => card().locator(`[data-field="${field}"] dd`).textContent();

  it('buys a monthly plan saving the PayPal account (unticked by default: the buyer ticks it), under the test-clock banner', async () => {
    await open(page, '/auth/sign-in?infrastructure=selfhosted&plan=constructor');
    await acceptCookies(page);
    await page.click('a.btn-google');
    await page.waitForURL((url) => url.pathname === '/user/buy-new-licence', { timeout: 15_000 });
    await page.getByTestId('units').fill('2');
    await page.waitForSelector('[data-testid="price"][data-amount="1000"][data-confirmed="true"]');
    await fillCheckoutBilling(page);
    await page.getByTestId('privacy').check();
    await page.getByTestId('continue').click();
    await page.getByTestId('purchase').waitFor();
    expect(await page.getByTestId('save-wallet-at-checkout').isChecked()).to.equal(false);
    await page.getByTestId('save-wallet-at-checkout').check();
    expect(await page.getByTestId('test-clock-banner').textContent()).to.equal('Test clock: billing time is 31 January 2026 at 10:00 UTC. Renewals and dunning follow this clock, not the real one.');
    await page.locator('[data-testid="paypal-buttons"] button').click();
    await page.getByTestId('buy-success').waitFor({ timeout: 20_000 });
    expect([...app.paypal.wallets.keys()]).to.have.length(1);
  });

  it('the account page shows the next renewal, the saved account and the licence, in English and Russian', async () => {
    await open(page, '/admin/subscriptions/list');
    await card().waitFor();
    expect(await fact('period')).to.equal('31 Jan 2026 – 28 Feb 2026');
    expect(await fact('nextRenewal')).to.equal('28 Feb 2026: $10.00');
    expect(await fact('paymentMethod')).to.equal('PayPal account saved (buyer@example.com): renewals are charged automatically');
    expect(await fact('licenceStatus')).to.equal('No. 1, valid until 28 Feb 2026 (units: 2)');
    await expectAccessible(page, 'account with time');
    await screenshot(page, 'billing-time-account');

    await open(page, '/ru/admin/subscriptions/list');
    await card().waitFor();
    expect(await fact('nextRenewal')).to.equal('28 февр. 2026 г.: 10,00\u00a0$');
    expect(await fact('licenceStatus')).to.equal('№ 1, действует до 28 февр. 2026 г. (единиц: 2)');
    expect(await page.getByTestId('test-clock-banner').textContent()).to.match(/^Тестовые часы: время биллинга — 31 января 2026 г\./);
    await screenshot(page, 'billing-time-account-ru');
  });

  it('downloads the licence file, which the offline CLI verifies with only the public key', async () => {
    await open(page, '/admin/subscriptions/list');
    const [download] = await Promise.all([page.waitForEvent('download'), card().getByTestId('licence-download').click()]);
    expect(download.suggestedFilename()).to.match(/^relaycast-[A-Z0-9-]+\.lic$/);
    const file = path.join(dir, download.suggestedFilename());
    await download.saveAs(file);
    expect(readFileSync(file, 'utf8')).to.match(/^-----BEGIN RELAYCAST LICENCE-----/);
    writeFileSync(path.join(dir, 'public.pem'), await (await fetch(`${app.baseUrl}/licence/public-key`)).text());
    const verify = (now: string) => spawnSync(process.execPath, ['--import', 'tsx', CLI, 'verify', file, '--public-key', path.join(dir, 'public.pem'), '--now', now], { encoding: 'utf8', cwd: ROOT });
    const ok = verify('2026-02-15T00:00:00Z');
    expect(ok.status, ok.stdout + ok.stderr).to.equal(0);
    expect(ok.stdout).to.include('valid until    2026-02-28T10:00:00.000Z').and.include('streams 2');
    expect(verify('2026-02-28T10:00:00Z').status, 'expired at the end of the paid time').to.equal(1);
  });

  it('a month later the renewal was charged to the saved account; cancel at the period end, then undo it', async () => {
    const moved = await advanceClock('2026-02-28T12:00:00.000Z');
    expect(moved.data.ran).to.be.at.least(1);
    await open(page, '/admin/subscriptions/list');
    await card().waitFor();
    expect(await fact('period')).to.equal('28 Feb 2026 – 31 Mar 2026');
    expect(await fact('nextRenewal')).to.equal('31 Mar 2026: $10.00');
    expect(await fact('licenceStatus')).to.equal('No. 2, valid until 31 Mar 2026 (units: 2)');

    await card().getByTestId('cancel-at-period-end').click();
    await card().getByTestId('cancel-at-period-end-confirm').click();
    await expectToast(page, /will be cancelled on 31 Mar 2026\./);
    await card().locator('[data-field="cancelAt"]').waitFor();
    expect(await fact('cancelAt')).to.equal('31 Mar 2026');
    await dismissToasts(page);
    await screenshot(page, 'billing-time-cancels-on');

    await open(page, '/ru/admin/subscriptions/list');
    await card().waitFor();
    expect(await card().locator('[data-field="cancelAt"] dt').textContent()).to.equal('Будет отменена');
    expect(await card().getByTestId('undo-cancel').textContent()).to.equal('Сохранить подписку');
    await screenshot(page, 'billing-time-cancels-on-ru');
    await card().getByTestId('undo-cancel').click();
    await card().locator('[data-field="cancelAt"]').waitFor({ state: 'detached' });
    expect(await card().locator('[data-field="nextRenewal"] dd').textContent()).to.equal('31 мар. 2026 г.: 10,00\u00a0$');
  });
});
