/**
 * The evaluator's journey, by clicks, on the built server with demo payments (PAYMENTS=demo: the server's own PayPal
 * sandbox, no money moves) and a test clock (BILLING_CLOCK=test): a customer buys a monthly builder plan with "Save
 * my PayPal account" ticked and approves in the demo PayPal dialog; an administrator, who lands on the admin home
 * after signing in, moves the clock a month there, and the renewal is charged to the saved account (the customer's
 * history shows the second payment); the administrator makes the saved account decline its next charge and moves
 * the clock again: the renewal is declined, the subscription waits for payment (dunning) and the admin home lists it;
 * the customer pays now in the demo PayPal dialog and it is Live again. In English, then in Russian with a second
 * customer on the same clock. Screenshots: e2e/output/screenshots/evaluator-<lang>-<step>.png.
 */
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN, acceptCookies, dismissToasts, expectAccessible, expectToast, open, printServerLogOnFailure, screenshot, startAppSession, stopAppSession, type AppServer } from './support/app-server.js';
import { fillCheckoutBilling } from './support/checkout.js';
import { expectWords } from './support/words.js';

const START = '2026-03-10T10:00:00.000Z';

/** Everything each language's run expects, written out (dates follow from START: each run moves the clock two months). */
const RUNS = {
  en: {
    customer: { sub: 'g-evaluator-en', email: 'eva.luator@example.com', given_name: 'Eva', family_name: 'Luator', name: 'Eva Luator' },
    approve: 'Approve',
    name: 'Subscription 2026-03-10',
    clockStart: '10 Mar 2026, 10:00 UTC',
    bought: { period: '10 Mar 2026 – 10 Apr 2026', nextRenewal: '10 Apr 2026: $10.00', wallet: 'PayPal account saved' },
    firstMove: { clock: '10 Apr 2026, 10:00 UTC', banner: 'Test clock: billing time is 10 April 2026 at 10:00 UTC. Renewals and dunning follow this clock, not the real one.' },
    renewed: { period: '10 Apr 2026 – 10 May 2026', nextRenewal: '10 May 2026: $10.00' },
    declineToast: 'The saved PayPal account of Subscription 2026-03-10 will decline its next charges: 1.',
    secondMove: { clock: '10 May 2026, 10:00 UTC', dueSince: 'Due since 10 May 2026: $10.00' },
    waiting: {
      status: 'Wait payment',
      dunning: 'Due since 10 May 2026. The licence stays valid until 17 May 2026; if still unpaid, the subscription is paused then and cancelled on 31 May 2026. We try your saved PayPal account again on 11 May 2026.',
      owed: 'Subscription 2026-03-10: $10.00 overdue',
      payNow: 'Pay $10.00 now',
      renewalFailed: 'The payment due on 10 May 2026 was not made',
    },
    paid: { toast: 'Payment received: the subscription is live.', status: 'Live', period: '10 May 2026 – 10 Jun 2026' },
    refund: {
      hint: 'Cancel now: it ends today and its licence is revoked. $10.00 of the time paid until 10 Jun 2026 is unused: you may refund it.',
      withoutQuestion: 'Cancel Subscription 2026-03-10 now, without a refund? It ends today and its licence is revoked; the $10.00 paid for the time left is not returned.',
      withQuestion: 'Cancel Subscription 2026-03-10 now and refund $10.00 for the unused part to the customer’s PayPal account? It ends today and its licence is revoked.',
      confirm: 'Cancel and refund $10.00',
    },
  },
  ru: {
    customer: { sub: 'g-evaluator-ru', email: 'rita.proverkina@example.com', given_name: 'Рита', family_name: 'Проверкина', name: 'Рита Проверкина' },
    approve: 'Подтвердить',
    name: 'Подписка от 10 мая 2026 г.',
    clockStart: '10 мая 2026 г., 10:00 UTC',
    bought: { period: '10 мая 2026 г. – 10 июн. 2026 г.', nextRenewal: '10 июн. 2026 г.: 10,00\u00a0$', wallet: 'Сохранён аккаунт PayPal' },
    firstMove: { clock: '10 июн. 2026 г., 10:00 UTC', banner: 'Тестовые часы: время биллинга — 10 июня 2026 г. в 10:00 UTC. Продления и напоминания об оплате идут по этим часам, а не по настоящим.' },
    renewed: { period: '10 июн. 2026 г. – 10 июл. 2026 г.', nextRenewal: '10 июл. 2026 г.: 10,00\u00a0$' },
    declineToast: 'Сохранённый аккаунт PayPal подписки «Подписка от 10 мая 2026 г.» отклонит следующие списания: 1.',
    secondMove: { clock: '10 июл. 2026 г., 10:00 UTC', dueSince: 'К оплате с 10 июл. 2026 г.: 10,00\u00a0$' },
    waiting: {
      status: 'Ожидает оплаты',
      dunning: 'Платёж ожидается с 10 июл. 2026 г.; лицензия действует до 17 июл. 2026 г., а если оплаты не будет — подписка будет приостановлена в этот день и отменена 31 июл. 2026 г. Следующая попытка списания с сохранённого аккаунта PayPal — 11 июл. 2026 г.',
      owed: 'Подписка от 10 мая 2026 г.: просрочен платёж 10,00\u00a0$',
      payNow: 'Оплатить 10,00\u00a0$ сейчас',
      renewalFailed: 'Платёж со сроком 10 июл. 2026 г. не поступил',
    },
    paid: { toast: 'Платёж получен: подписка активна.', status: 'Активна', period: '10 июл. 2026 г. – 10 авг. 2026 г.' },
    refund: {
      hint: 'Отменить сейчас: подписка завершится сегодня, лицензия будет отозвана. Из оплаченного до 10 авг. 2026 г. не использовано 10,00\u00a0$: эту сумму можно вернуть.',
      withoutQuestion: 'Отменить «Подписка от 10 мая 2026 г.» сейчас без возврата? Подписка завершится сегодня, лицензия будет отозвана; 10,00\u00a0$ за оставшееся время не возвращаются.',
      withQuestion: 'Отменить «Подписка от 10 мая 2026 г.» сейчас и вернуть 10,00\u00a0$ за неиспользованную часть на аккаунт PayPal клиента? Подписка завершится сегодня, лицензия будет отозвана.',
      confirm: 'Отменить и вернуть 10,00\u00a0$',
    },
  },
} as const;

describe('the evaluator’s journey: demo payments and the test clock, by clicks (built server, EN and RU)', function () {
  this.timeout(240_000);
  let app: AppServer;
  let browser: Browser;
  let customerContext: BrowserContext;
  let adminContext: BrowserContext;
  let customer: Page;
  let admin: Page;
  let errors: string[];

  before(async () => {
    ({ app, browser, context: customerContext, page: customer, errors } = await startAppSession(undefined, { PAYMENTS: 'demo', BILLING_CLOCK: 'test', BILLING_CLOCK_START: START }));
    adminContext = await app.context(browser);
    admin = await adminContext.newPage();
  });
  after(async () => {
    await adminContext?.close();
    await stopAppSession({ app, browser, context: customerContext });
  });
  afterEach(function () {
    printServerLogOnFailure(this, app);
  });

  const card = () => customer.locator('[data-testid="subscription"]').first();
  const fact = (field: string) => card().locator(`[data-field="${field}"] dd`).textContent();

  /** The demo PayPal dialog over the page: the sandbox's approval page in a frame, answered with its Approve button. */
  async function approveInDemoPayPal(page: Page, approve: string) {
    await page.locator('[data-testid="paypal-buttons"] button').click();
    await page.getByTestId('demo-paypal-dialog').waitFor();
    await page.frameLocator('[data-testid="demo-paypal-dialog"] iframe').getByRole('button', { name: approve, exact: true }).click();
    await page.getByTestId('demo-paypal-dialog').waitFor({ state: 'detached', timeout: 20_000 });
  }

  it('the administrator signs in from the header of the home page and lands on the admin home', async () => {
    await open(admin, '/');
    await acceptCookies(admin);
    await admin.locator('.login-button').click();
    const form = admin.getByTestId('sign-in-form');
    await form.getByLabel('Email').fill(ADMIN.email);
    await form.getByLabel('Password').fill(ADMIN.password);
    await form.locator('button[type="submit"]').click();
    await admin.getByTestId('admin-home').waitFor({ timeout: 15_000 });
    expect(new URL(admin.url()).pathname).to.equal('/admin');
    expect(await admin.getByTestId('admin-home').getAttribute('data-payments')).to.equal('demo');
    expect(await admin.getByTestId('clock-now').textContent()).to.equal('10 Mar 2026, 10:00 UTC');
    // Every section is one click away.
    const menu = await admin.locator('.admin-nav a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(menu).to.include.members(['/admin', '/admin/subscriptions/list', '/admin/users/list', '/admin/templates/list', '/admin/materials/list', '/admin/files']);
    await expectAccessible(admin, 'admin home');
    await screenshot(admin, 'evaluator-en-0-admin-home');
  });

  for (const lang of ['en', 'ru'] as const) {
    const run = RUNS[lang];
    const prefix = lang === 'ru' ? '/ru' : '';

    it(`${lang}: a customer buys a monthly plan with "Save my PayPal account" ticked and approves in the demo PayPal`, async () => {
      app.google.user = { ...app.google.user, ...run.customer };
      await customerContext.clearCookies();
      await open(customer, `${prefix}/auth/sign-in?infrastructure=selfhosted&plan=constructor`);
      // A fresh browser session each run: the cookie notice again.
      await customer.locator('[data-testid="cookie-accept"]').click();
      await customer.click('a.btn-google');
      await customer.waitForURL((url) => url.pathname === `${prefix}/user/buy-new-licence`, { timeout: 15_000 });
      await customer.getByTestId('units').fill('2');
      await customer.waitForSelector('[data-testid="price"][data-amount="1000"][data-confirmed="true"]');
      await fillCheckoutBilling(customer);
      await customer.getByTestId('privacy').check();
      await customer.getByTestId('continue').click();
      await customer.getByTestId('purchase').waitFor();
      await customer.getByTestId('save-wallet-at-checkout').check();
      await screenshot(customer, `evaluator-${lang}-1-checkout`);
      await approveInDemoPayPal(customer, run.approve);
      await customer.getByTestId('buy-success').waitFor({ timeout: 20_000 });
      await dismissToasts(customer);

      await open(customer, `${prefix}/admin/subscriptions/list`);
      await card().waitFor();
      expect(await fact('period')).to.equal(run.bought.period);
      expect(await fact('nextRenewal')).to.equal(run.bought.nextRenewal);
      expect(await fact('paymentMethod')).to.match(new RegExp(`^${run.bought.wallet}`));
      await screenshot(customer, `evaluator-${lang}-2-bought`);
    });

    it(`${lang}: the administrator moves the test clock a month on the admin home; the renewal is charged to the saved account`, async () => {
      await open(admin, `${prefix}/admin`);
      await admin.getByTestId('clock-controls').waitFor();
      expect(await admin.getByTestId('clock-now').textContent()).to.equal(run.clockStart);
      await admin.getByTestId('clock-plus-month').click();
      await admin.locator(`[data-testid="clock-now"]`, { hasText: run.firstMove.clock }).waitFor({ timeout: 20_000 });
      expect(await admin.getByTestId('test-clock-banner').textContent()).to.equal(run.firstMove.banner);
      expect(Number(await admin.getByTestId('clock-result').getAttribute('data-ran'))).to.be.at.least(1);
      await screenshot(admin, `evaluator-${lang}-3-clock-moved`);
      await dismissToasts(admin);

      await customer.reload({ waitUntil: 'domcontentloaded' });
      await card().waitFor();
      expect(await fact('period')).to.equal(run.renewed.period);
      expect(await fact('nextRenewal')).to.equal(run.renewed.nextRenewal);
      await card().getByTestId('history-toggle').click();
      // Two payments: the purchase and the renewal charged to the saved account, $10.00 each.
      const payments = card().locator('[data-testid="history-item"][data-type="OrderCaptured"] [data-testid="history-amount"]');
      await payments.nth(1).waitFor();
      expect(await payments.allTextContents()).to.deep.equal(lang === 'en' ? ['$10.00', '$10.00'] : ['10,00\u00a0$', '10,00\u00a0$']);
      await screenshot(customer, `evaluator-${lang}-4-renewed`);
    });

    it(`${lang}: the administrator makes the saved account decline its next charge, on the subscription's page`, async () => {
      await admin.getByTestId('admin-nav-subscriptions-list').click();
      const row = admin.locator('[data-testid="subscriptions-list"] [data-testid="list-row"]', { hasText: run.customer.email });
      await row.waitFor();
      await row.locator('td a').first().click();
      await admin.getByTestId('purchase-details').waitFor();
      const decline = admin.getByTestId('demo-decline');
      await decline.waitFor();
      await decline.getByTestId('demo-decline-charges').fill('1');
      await decline.getByTestId('demo-decline-submit').click();
      await expectToast(admin, run.declineToast);
      await screenshot(admin, `evaluator-${lang}-5-decline`);
      await dismissToasts(admin);
    });

    it(`${lang}: a month later the renewal is declined: the subscription waits for payment and the admin home lists it`, async () => {
      await admin.getByTestId('admin-nav-home').click();
      await admin.getByTestId('clock-controls').waitFor();
      await admin.getByTestId('clock-plus-month').click();
      await admin.locator(`[data-testid="clock-now"]`, { hasText: run.secondMove.clock }).waitFor({ timeout: 20_000 });
      const dunning = admin.getByTestId('attention-dunning');
      await dunning.locator('[data-testid="attention-subscription"]', { hasText: run.customer.email }).waitFor();
      expect(await dunning.getAttribute('data-total')).to.equal('1');
      const line = dunning.locator('[data-testid="attention-subscription"]', { hasText: run.customer.email });
      expect(await line.locator('a').first().textContent()).to.equal(run.name);
      expect(await line.locator('.attention-next').textContent()).to.equal(run.secondMove.dueSince);
      expect(Number(await admin.getByTestId('attention-failed').getAttribute('data-total'))).to.be.at.least(1);
      await dismissToasts(admin);
      await screenshot(admin, `evaluator-${lang}-6-admin-dunning`);

      await customer.reload({ waitUntil: 'domcontentloaded' });
      await card().waitFor();
      expect(await card().getByTestId('subscription-status').textContent()).to.equal(run.waiting.status);
      expect(await fact('dunning')).to.equal(run.waiting.dunning);
      // What is owed comes first on the page, with the amount and the one button that pays it (PayPal's, its amount said above it).
      const owed = customer.getByTestId('owed-banner').getByTestId('owed');
      expect(await owed.locator('h2').textContent()).to.equal(run.waiting.owed);
      expect(await owed.getByTestId('pay-amount').textContent()).to.equal(run.waiting.payNow);
      expect(await card().getByTestId('pay-now').count(), 'paid from the notice, not from far below').to.equal(0);
      expect(await customer.locator('[data-testid="paypal-buttons"]').count()).to.equal(1);
      await card().getByTestId('history-toggle').click();
      const failed = card().locator('[data-testid="history-item"][data-type="RenewalFailed"]');
      await failed.waitFor();
      expect(await failed.locator('.timeline-summary').textContent()).to.equal(run.waiting.renewalFailed);
      await screenshot(customer, `evaluator-${lang}-7-wait-payment`);
    });

    it(`${lang}: the customer pays now in the demo PayPal and the subscription is Live again`, async () => {
      await approveInDemoPayPal(customer, run.approve);
      await expectToast(customer, run.paid.toast);
      await customer.locator(`[data-testid="subscription"][data-status="SUBSCRIPTION_STATUS_ACTIVE"]`).first().waitFor({ timeout: 20_000 });
      expect(await card().getByTestId('subscription-status').textContent()).to.equal(run.paid.status);
      expect(await fact('period')).to.equal(run.paid.period);
      await dismissToasts(customer);
      await screenshot(customer, `evaluator-${lang}-8-live-again`);

      await admin.reload({ waitUntil: 'domcontentloaded' });
      await admin.getByTestId('admin-home').waitFor();
      expect(await admin.getByTestId('attention-dunning').getAttribute('data-total')).to.equal('0');
      await expectWords(admin, lang, 'admin home', `evaluator-${lang}-9-admin-home`);
    });

    it(`${lang}: cancelling now says first what it refunds (the refund is offered, not ticked); nothing is done without confirming`, async () => {
      await admin.getByTestId('admin-nav-subscriptions-list').click();
      await admin.locator('[data-testid="subscriptions-list"] [data-testid="list-row"]', { hasText: run.customer.email }).locator('td a').first().click();
      const end = admin.getByTestId('end-subscription');
      await end.getByTestId('cancel-now-refund').waitFor();
      expect(await end.getByTestId('cancel-now-hint').textContent()).to.equal(run.refund.hint);
      expect(await end.getByTestId('cancel-now-refund').isChecked(), 'not ticked in advance').to.equal(false);
      await end.getByTestId('cancel-now').click();
      expect(await end.locator('.confirm-question').textContent()).to.equal(run.refund.withoutQuestion);
      await admin.keyboard.press('Escape');
      await end.getByTestId('cancel-now-refund').check();
      await end.getByTestId('cancel-now').click();
      expect(await end.locator('.confirm-question').textContent()).to.equal(run.refund.withQuestion);
      expect(await end.getByTestId('cancel-now-confirm').textContent()).to.equal(run.refund.confirm);
      await expectWords(admin, lang, 'cancel now with refund', `evaluator-${lang}-10-confirm-refund`);
      await admin.keyboard.press('Escape');
      await end.getByTestId('cancel-now-confirm').waitFor({ state: 'detached' });
      expect(await admin.getByTestId('purchase-details').getAttribute('data-status')).to.equal('SUBSCRIPTION_STATUS_ACTIVE');
    });
  }

  it('no errors in the browser console on the way', () => {
    expect(errors.filter((e) => !/status of 4\d\d|Failed to load resource/.test(e))).to.deep.equal([]);
  });
});
