/**
 * A new customer in the browser, against the real server (read-api + web/dist) with Google and PayPal played by
 * stand-ins: sign in through the OAuth stand-in from a purchase link, buy an unlimited annual plan through PayPal's
 * JS SDK (the stand-in's copy), survive a reload in the middle, see it Live with its history; buy a builder plan,
 * revise it and see the new amount, pay the balance, change the payment method, cancel; and find every admin-only
 * route refused in the UI and by the API.
 */
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { acceptCookies, apiFromPage, dismissToasts, expectAccessible, expectToast, open, screenshot, printServerLogOnFailure, startAppSession, stopAppSession, type AppServer } from './support/app-server.js';
import { fillCheckoutBilling } from './support/checkout.js';

const PURCHASE = 'infrastructure=selfhosted&plan=unlimited&period=annual';

describe('customer account: Google sign-in, PayPal purchase, history, revise (real server)', function () {
  this.timeout(120_000);
  let app: AppServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  before(async () => {
    ({ app, browser, context, page, errors } = await startAppSession((server) => {
      server.google.user = { ...server.google.user, sub: 'g-e2e-customer', email: 'ada.customer@example.com', given_name: 'Ada', family_name: 'Customer', name: 'Ada Customer' };
    }));
  });
  after(() => stopAppSession({ app, browser, context }));
  afterEach(function () {
    printServerLogOnFailure(this, app);
  });

  it('signs in with Google from a purchase link and lands on the purchase page with plan and period kept', async () => {
    await open(page, `/auth/sign-in?${PURCHASE}`);
    await acceptCookies(page);
    expect(await page.getByTestId('purchase-summary').getAttribute('data-period')).to.equal('annual');
    await page.click('a.btn-google');
    await page.waitForURL((url) => url.pathname === '/user/buy-new-licence', { timeout: 15_000 });
    expect(new URL(page.url()).search).to.equal(`?${PURCHASE}`);
    await page.getByTestId('buy-form').waitFor();
    // The stand-in asked Google's way: our client, our callback.
    expect(app.google.authorizeRequests.at(-1)?.get('redirect_uri')).to.equal(`${app.baseUrl}/auth/google/callback`);
    expect(await page.locator('input[name="plan"][value="unlimited"]').isChecked()).to.equal(true);
    expect(await page.locator('input[name="period"][value="annual"]').isChecked()).to.equal(true);
    // The shared engine's price ($59 × 12), confirmed by the server.
    await page.waitForSelector('[data-testid="price"][data-confirmed="true"]');
    expect(await page.getByTestId('price').getAttribute('data-amount')).to.equal('70800');
    expect(await page.getByTestId('price').textContent()).to.equal('$708');
    await expectAccessible(page, 'buy page');
    await screenshot(page, 'account-buy-unlimited');
  });

  let subscriptionId = '';
  it('needs the privacy-policy confirmation; creates the subscription once, even when the page reloads in the middle', async () => {
    await page.getByTestId('continue').click();
    await expectToast(page, 'Accept the privacy policy to continue.');
    expect(new URL(page.url()).searchParams.get('subscription')).to.equal(null);
    await page.getByTestId('privacy').check();
    // A paid plan: the billing details first (the country decides the VAT; outside the EU, none).
    await fillCheckoutBilling(page);
    // A double click sends one idempotency key: one subscription.
    await page.getByTestId('continue').dblclick();
    await page.waitForURL((url) => url.searchParams.has('subscription'));
    subscriptionId = new URL(page.url()).searchParams.get('subscription')!;
    await page.getByTestId('purchase').waitFor();
    expect(await page.getByTestId('subscription-status').textContent()).to.equal('Creating');

    // Reload in the middle: the same purchase comes back, nothing new is created.
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.getByTestId('purchase').waitFor();
    expect(new URL(page.url()).searchParams.get('subscription')).to.equal(subscriptionId);
    const mine = await apiFromPage(page, '/subscriptions/findAllByToken', {});
    expect(mine.body.meta.total).to.equal(1);
  });

  it('pays with the PayPal button (JS SDK from PAYPAL_SDK_URL): createOrder, approval at PayPal, onApprove → Live', async () => {
    await page.locator('[data-testid="paypal-buttons"] button').waitFor({ timeout: 15_000 });
    // The SDK was loaded by @paypal/react-paypal-js from the configured URL with our client id and currency.
    const load = app.paypal.sdkLoads.at(-1)!;
    expect(load.get('client-id')).to.equal('standin-client-id');
    expect(load.get('currency')).to.equal('USD');
    await page.locator('[data-testid="paypal-buttons"] button').click();
    await page.getByTestId('buy-success').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('subscription-status').textContent()).to.equal('Live');
    await expectToast(page, 'Payment received: the subscription is live.');
    const facts = page.getByTestId('subscription-facts');
    expect(await facts.locator('[data-field="licence"] code').textContent()).to.match(/\S{8,}/);
    expect(await facts.locator('[data-field="amount"] dd').textContent()).to.equal('$708 per 12 months');

    // Exactly one order, captured once.
    const orders = [...app.paypal.orders.values()].filter((o) => o.intent === 'CAPTURE');
    expect(orders).to.have.length(1);
    expect(app.paypal.captureCount(orders[0]!.id)).to.equal(1);
    // A reload after payment shows it Live and never pays again.
    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.getByTestId('buy-success').waitFor();
    expect(await page.locator('[data-testid="paypal-buttons"]').count()).to.equal(0);
  });

  it('the account page lists it Live with plan, quantity, amount, period, licence key and its history timeline', async () => {
    await open(page, '/admin/subscriptions/list');
    const card = page.locator(`[data-testid="subscription"][data-id="${subscriptionId}"]`);
    await card.waitFor();
    expect(await card.locator('h2').textContent()).to.match(/^Subscription \d{4}-\d{2}-\d{2}$/);
    expect(await card.getByTestId('subscription-status').textContent()).to.equal('Live');
    expect(await card.locator('[data-field="plan"] dd').textContent()).to.equal('Self-hosted unlimited, Annual');
    // The unlimited plan is not sold in units: it says it has no limits (no "Quantity: 1").
    expect(await card.locator('[data-field="limits"] dd').textContent()).to.equal('None: your server’s hardware is the only limit');
    expect(await card.locator('[data-field="quantity"]').count()).to.equal(0);
    expect(await card.locator('[data-field="period"] dd').textContent()).to.match(/\d{4} – .+\d{4}/);
    await card.getByTestId('history-toggle').click();
    await card.getByTestId('history-item').first().waitFor();
    const types = await card.getByTestId('history-item').evaluateAll((items) => items.map((i) => i.getAttribute('data-type')));
    expect(types).to.include.members(['SubscriptionCreated', 'PaymentOrdered', 'OrderCaptured']);
    const captured = card.locator('[data-testid="history-item"][data-type="OrderCaptured"]');
    expect(await captured.getByTestId('history-amount').textContent()).to.equal('$708.00');
    expect(await captured.locator('.timeline-meta').textContent()).to.include('You');
    await expectAccessible(page, 'account page');
    await screenshot(page, 'account-subscriptions');
  });

  it('buys a builder plan (cancelling in PayPal first), revises it with a proration preview, pays the balance', async () => {
    await open(page, '/user/buy-new-licence?infrastructure=selfhosted&plan=constructor');
    await page.getByTestId('units').fill('2');
    await page.waitForSelector('[data-testid="price"][data-amount="1000"][data-confirmed="true"]');
    await page.getByTestId('privacy').check();
    await page.getByTestId('continue').click();
    await page.getByTestId('purchase').waitFor();
    const builderId = new URL(page.url()).searchParams.get('subscription')!;
    // This buyer does not save the PayPal account: a later rise waits for its balance (billing-time.spec.ts covers the saved account).
    await page.getByTestId('save-wallet-at-checkout').uncheck();

    // The buyer closes PayPal's window: a clear state, nothing charged.
    app.paypal.buyerNext('cancel');
    await page.locator('[data-testid="paypal-buttons"] button').click();
    await page.getByTestId('pay-cancelled').waitFor();
    expect(await page.getByTestId('subscription-status').textContent()).not.to.equal('Live');
    await page.locator('[data-testid="paypal-buttons"] button').click();
    await page.getByTestId('buy-success').waitFor({ timeout: 20_000 });

    await open(page, '/admin/subscriptions/list');
    const card = page.locator(`[data-testid="subscription"][data-id="${builderId}"]`);
    await card.waitFor();
    expect(await card.locator('[data-field="amount"] dd').textContent()).to.equal('$10 a month');
    await card.getByTestId('revise-toggle').click();
    await card.locator('[data-testid="revise-form"] input').fill('5');
    await card.getByTestId('revise-preview').click();
    const result = card.getByTestId('revise-result');
    await result.waitFor();
    expect(await result.textContent()).to.include('$10.00 → $25.00');
    // Inside the paid month a rise is pending: in force once the rest of the month's difference is paid.
    expect(await card.getByTestId('revise-proration').textContent()).to.match(/takes effect once you pay \$1[45]\.\d\d for the rest of the time you have \(paid, trial or complimentary\)/);
    await card.getByTestId('revise-apply').click();
    await expectToast(page, /^Change requested: pay \$1[45]\.\d\d to put it in force\.$/);
    await card.locator('[data-field="pendingChange"]').waitFor();
    expect(await card.locator('[data-field="pendingChange"] dd').textContent()).to.match(/^5 units at \$25\.00 per period, in force once \$1[45]\.\d\d is paid/);
    // The request can be withdrawn where it is shown.
    expect(await card.locator('[data-field="pendingChange"] [data-testid="withdraw-change"]').textContent()).to.equal('Withdraw the request');
    expect(await card.locator('[data-field="quantity"] dd').textContent()).to.equal('2');
    // Applied: the form closes (the toggle opens it again for the next revision).
    expect(await card.getByTestId('revise-form').count()).to.equal(0);
    expect(await card.getByTestId('revise-toggle').getAttribute('aria-expanded')).to.equal('false');
    await screenshot(page, 'account-change-pending');
    // The same in Russian: the requested change and what to pay, in the reader's words.
    await open(page, '/ru/admin/subscriptions/list');
    const ruCard = page.locator(`[data-testid="subscription"][data-id="${builderId}"]`);
    await ruCard.locator('[data-field="pendingChange"]').waitFor();
    expect(await ruCard.locator('[data-field="pendingChange"] dt').textContent()).to.equal('Запрошенное изменение');
    // The amount is the server's (amountToPay): the sentence is waited for, not read before the answer came.
    await ruCard.locator('[data-testid="pay-now"] p', { hasText: /^Оплатите .*15.* чтобы запрошенное изменение вступило в силу/ }).first().waitFor({ timeout: 10_000 });
    await screenshot(page, 'account-change-pending-ru');
    await open(page, '/admin/subscriptions/list');
    await card.waitFor();

    // Pay the balance through PayPal: then the 5 units are in force.
    await card.getByTestId('pay-now').waitFor();
    await card.locator('[data-testid="paypal-buttons"] button').click();
    await expectToast(page, 'Payment received: the subscription is live.');
    await page.waitForFunction((id) => !document.querySelector(`[data-id="${id}"] [data-testid="pay-now"]`), builderId);
    await page.waitForFunction((id) => document.querySelector(`[data-id="${id}"] [data-field="amount"] dd`)?.textContent === '$25 a month', builderId);
    expect(await card.locator('[data-field="quantity"] dd').textContent()).to.equal('5');
    expect(await card.locator('[data-field="pendingChange"]').count()).to.equal(0);
    await card.getByTestId('history-toggle').click();
    await card.locator('[data-testid="history-item"][data-type="SubscriptionRevised"]').waitFor();
    expect(await card.locator('[data-testid="history-item"][data-type="OrderCaptured"]').count()).to.equal(2);
    await screenshot(page, 'account-revised');
  });

  it('changes the payment method through PayPal (authorised and voided, nothing charged) and cancels with confirmation', async () => {
    const card = page.locator('[data-testid="subscription"]').filter({ has: page.getByTestId('revise-toggle') });
    await card.getByTestId('change-payment-method').click();
    await page.getByTestId('change-payment-method-page').waitFor();
    await page.locator('[data-testid="paypal-buttons"] button').click();
    await page.getByTestId('method-changed').waitFor({ timeout: 20_000 });
    const authorizeOrders = [...app.paypal.orders.values()].filter((o) => o.intent === 'AUTHORIZE');
    expect(authorizeOrders).to.have.length(1);
    expect(authorizeOrders[0]!.authorizations[0]!.status).to.equal('VOIDED');
    await expectAccessible(page, 'change payment method');

    await open(page, '/admin/subscriptions/list');
    const builder = page.locator('[data-testid="subscription"]').filter({ has: page.getByTestId('revise-toggle') });
    await builder.getByTestId('cancel-subscription').click();
    await builder.getByTestId('cancel-subscription-confirm').click();
    await expectToast(page, /is cancelled\./);
    await page.locator('[data-testid="subscription"][data-status="SUBSCRIPTION_STATUS_CANCEL"]').waitFor();
    expect(await page.locator('[data-testid="subscription"][data-status="SUBSCRIPTION_STATUS_CANCEL"] [data-testid="subscription-status"]').textContent()).to.equal('Cancelled');
    await dismissToasts(page);
  });

  it('as a customer, every admin-only route is refused in the UI and by the API', async () => {
    for (const route of ['/admin/users/list', '/admin/users/create', '/admin/templates/list', '/admin/templates/create', '/admin/materials/list', '/admin/materials/create', '/admin/subscriptions/create']) {
      await open(page, route);
      await page.getByTestId('access-denied').waitFor();
      expect(await page.getByTestId('admin-page').count(), route).to.equal(0);
    }
    await expectAccessible(page, 'access refused');
    // The menu offers the customer's own account only: subscriptions, invoices, profile, buying.
    await open(page, '/admin/subscriptions/list');
    expect(await page.locator('.admin-nav a').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).to.deep.equal(['/admin/subscriptions/list', '/user/invoices', '/user/profile', '/user/buy-new-licence']);
    const calls: [string, unknown][] = [
      ['/users/findAll', {}],
      ['/users/create', { givenName: 'Eve', familyName: 'Intruder', email: 'eve@example.com', role: 'ROLE_ADMIN' }],
      ['/subscriptions/findAll', {}],
      ['/admin/entry/getAll', {}],
      ['/admin/entry/create', { entry_type: 'TEMPLATE', template: [{ property_i18n: 'name', defaultValue: 'x', dataType: 'STRING', formEntityType: 'TEXT' }] }],
      ['/admin/files/getAll', {}],
      ['/finance/replay', {}],
    ];
    for (const [url, body] of calls) expect((await apiFromPage(page, url, body)).status, url).to.equal(403);
    // Someone else's subscription, or one with an administrator's status: refused too.
    expect((await apiFromPage(page, '/subscriptions/create', { subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_ACTIVE', user_id: 'someone-else' })).status).to.equal(403);
    expect(errors.filter((e) => !/status of 4\d\d|Failed to load resource/.test(e))).to.deep.equal([]);
  });
});
