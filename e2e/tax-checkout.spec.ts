/**
 * Checkout with VAT in the browser (issue 35, docs/tax.md "What the web shows"), against the real server with the
 * Google and PayPal stand-ins, in English and Russian: the pricing page says "excl. VAT" and, once a country is chosen,
 * the VAT and the total the server quoted; the checkout asks the country first and shows net, VAT and total before
 * anything is paid; PayPal is asked for the total.
 *   - A German consumer: Unlimited $79.00 a month, VAT 19 % $15.01 (7,900 × 0.19 = 1,501), total $94.01.
 *   - A German business with a valid VAT number (DE136695976, valid by its check digits) buying from an Estonian
 *     seller: reverse charge, no VAT, $79.00.
 *   - The Russian consumer approves with a PayPal account in Austria: before anything is captured they are asked, in
 *     words naming both countries, which is right; they keep Germany and $94.01 is captured.
 *   - An English customer in the same case says Austria is right: the billing country changes, the total becomes $94.80
 *     (20 % of $79.00 is $15.80) and is paid with a new order.
 *   - A purchase made through the API with no billing details: the payment step asks the country first, then $94.01.
 * Screenshots at 1366×900 and 390×844: e2e/output/screenshots/tax-<lang>-<case>-<step>[-mobile].png.
 */
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { apiFromPage, expectAccessible, open, printServerLogOnFailure, screenshot, startAppServer, type AppServer } from './support/app-server.js';
import { launchBrowser } from './support/browser.js';
import { fillCheckoutBilling } from './support/checkout.js';
import { expectWords } from './support/words.js';

const NBSP = '\u00a0';
/** What each case shows, written out by hand (not computed by the code under test). */
const CASES = [
  {
    lang: 'en',
    kind: 'consumer',
    vatNumber: undefined,
    exclVat: 'excl. VAT',
    hint: 'VAT depends on where you are: choose your country to see it.',
    net: 'Price excl. VAT$79.00',
    line: 'VAT 19 % (Germany)$15.01',
    total: 'Total$94.01',
    totalCents: 9401,
    paypalValue: '94.01',
    pay: 'Pay $94.01 with PayPal to make this subscription live.',
  },
  {
    lang: 'en',
    kind: 'business',
    vatNumber: 'DE136695976',
    exclVat: 'excl. VAT',
    hint: 'VAT depends on where you are: choose your country to see it.',
    net: 'Price excl. VAT$79.00',
    line: 'Reverse charge: VAT to be accounted for by the recipient',
    total: 'Total$79.00',
    totalCents: 7900,
    paypalValue: '79.00',
    pay: 'Pay $79.00 with PayPal to make this subscription live.',
  },
  {
    lang: 'ru',
    kind: 'consumer',
    vatNumber: undefined,
    exclVat: 'без НДС',
    hint: 'НДС зависит от того, где вы находитесь: выберите страну, чтобы его увидеть.',
    net: `Цена без НДС79,00${NBSP}$`,
    line: `НДС 19 % (Германия)15,01${NBSP}$`,
    total: `Итого94,01${NBSP}$`,
    totalCents: 9401,
    paypalValue: '94.01',
    pay: `Оплатите 94,01${NBSP}$ через PayPal, чтобы подписка заработала.`,
  },
  {
    lang: 'ru',
    kind: 'business',
    vatNumber: 'DE136695976',
    exclVat: 'без НДС',
    hint: 'НДС зависит от того, где вы находитесь: выберите страну, чтобы его увидеть.',
    net: `Цена без НДС79,00${NBSP}$`,
    line: 'Обратное начисление: НДС уплачивает получатель',
    total: `Итого79,00${NBSP}$`,
    totalCents: 7900,
    paypalValue: '79.00',
    pay: `Оплатите 79,00${NBSP}$ через PayPal, чтобы подписка заработала.`,
  },
] as const;

const CONFLICT_RU = {
  title: 'В какой стране вы находитесь?',
  text: 'В ваших реквизитах указана страна Германия, а аккаунт PayPal, которым вы подтвердили платёж, зарегистрирован в стране Австрия. НДС зависит от того, где вы находитесь, поэтому пока ничего не списано.',
  keep: `Германия: оплатить 94,01${NBSP}$`,
  switch: 'Австрия: изменить страну в реквизитах',
};

describe('checkout with VAT: a German consumer ($94.01) and a reverse-charged German business ($79.00), EN and RU (real server, PayPal stand-in)', function () {
  this.timeout(120_000);
  let app: AppServer;
  let browser: Browser;

  before(async () => {
    [app, browser] = await Promise.all([startAppServer(), launchBrowser()]);
  });
  after(async () => {
    await browser?.close();
    await app?.close();
  });
  afterEach(function () {
    printServerLogOnFailure(this, app);
  });

  const rows = async (page: Page, testId: string) => page.getByTestId(testId).locator('.tax-row').allInnerTexts();
  const flat = (texts: string[]) => texts.map((t) => t.replace(/\s*\n\s*/g, '').replace(/\t/g, ''));

  for (const c of CASES) {
    const prefix = c.lang === 'ru' ? '/ru' : '';
    const name = `tax-${c.lang}-${c.kind}`;

    it(`${c.lang}, a German ${c.kind}: pricing, the country first at checkout, net / ${c.vatNumber ? 'reverse charge' : 'VAT'} / total before payment, PayPal charged the total`, async () => {
      const context: BrowserContext = await app.context(browser, { locale: c.lang === 'ru' ? 'ru-RU' : 'en-US', viewport: { width: 1366, height: 900 } });
      const page = await context.newPage();
      const shots = async (step: string) => {
        await screenshot(page, `${name}-${step}`);
        await page.setViewportSize({ width: 390, height: 844 });
        await screenshot(page, `${name}-${step}-mobile`);
        await page.setViewportSize({ width: 1366, height: 900 });
      };
      try {
        // Pricing: the price is net; the country's VAT once chosen (a visitor: as a consumer there).
        if (c.kind === 'consumer') {
          await open(page, `${prefix}/pricing`);
          await page.getByTestId('cookie-accept').click();
          const paid = page.locator('[data-plan="unlimited-paid"]').first();
          expect(await paid.locator('.excl-vat-tag').first().innerText()).to.equal(c.exclVat);
          await page.getByTestId('unlimited-tax-country').selectOption('DE');
          await page.getByTestId('unlimited-tax-breakdown').waitFor();
          expect(flat(await rows(page, 'unlimited-tax-breakdown'))).to.deep.equal([c.net, c.line, `${c.total} ${c.lang === 'ru' ? 'в месяц' : 'a month'}`]);
          // Every pricing island follows the country: the builder's $5 a month, 19 % → $0.95 (500 × 0.19), $5.95.
          await page.getByTestId('builder-tax-breakdown').waitFor();
          expect(await page.getByTestId('builder-tax-breakdown').getAttribute('data-total')).to.equal('595');
          await shots('1-pricing');
          await page.setViewportSize({ width: 390, height: 844 });
          expect(await page.evaluate(() => document.documentElement.scrollWidth), 'no sideways scrolling on a phone').to.equal(390);
          await page.setViewportSize({ width: 1366, height: 900 });
        }

        // Signed in with Google (the stand-in), straight to the purchase of Unlimited, monthly.
        app.google.user = { ...app.google.user, sub: `g-${name}`, email: `${name}@example.com`, given_name: 'Eva', family_name: 'Muster', name: 'Eva Muster' };
        await open(page, `${prefix}/auth/sign-in?infrastructure=selfhosted&plan=unlimited&period=mounthly`);
        if (c.kind === 'business') await page.getByTestId('cookie-accept').click();
        await page.click('a.btn-google');
        await page.waitForURL((url) => url.pathname === `${prefix}/user/buy-new-licence`, { timeout: 15_000 });
        await page.waitForSelector('[data-testid="price"][data-amount="7900"][data-confirmed="true"]');

        // The country first: the form opens with it, and until it is chosen the page says why it matters.
        const form = page.getByTestId('buy-form');
        const firstField = await form.locator('select, input, textarea').first().getAttribute('data-testid');
        expect(firstField, 'the first field of the checkout').to.equal('billing-country');
        expect(await page.getByTestId('tax-country-hint').innerText()).to.equal(c.hint);
        expect(await page.getByTestId('price-excl-vat').innerText()).to.equal(c.exclVat);
        expect(await page.getByTestId('billing-name').inputValue(), 'the name from the account').to.equal('Eva Muster');

        if (c.vatNumber) {
          // A French number for a customer in Germany: refused by the quote, said under its field in words.
          await page.getByTestId('billing-country').selectOption('DE');
          await page.getByTestId('billing-vat-number').fill('FR64443061841');
          await page.getByTestId('billing-vat-number').blur();
          await page.getByTestId('error-vatNumber').waitFor();
          expect(await page.getByTestId('error-vatNumber').innerText()).to.equal(c.lang === 'ru' ? 'Номер плательщика НДС: должен начинаться с DE для выбранной страны' : 'VAT number must start with DE for the country chosen');
          expect(await page.getByTestId('checkout-tax').count(), 'no figures for a refused number').to.equal(0);
        }
        await fillCheckoutBilling(page, { country: 'DE', address: 'Hauptstraße 1\n10115 Berlin', ...(c.vatNumber ? { vatNumber: c.vatNumber } : {}) });
        await page.waitForSelector(`[data-testid="checkout-tax"][data-total="${c.totalCents}"]`);
        expect(await page.getByTestId('error-vatNumber').count(), 'the refusal gone with the right number').to.equal(0);
        expect(flat(await rows(page, 'checkout-tax'))).to.deep.equal([c.net, c.line, c.total]);
        await expectWords(page, c.lang, name, `${name}-2-checkout`);
        await page.setViewportSize({ width: 390, height: 844 });
        await screenshot(page, `${name}-2-checkout-mobile`);
        await page.setViewportSize({ width: 1366, height: 900 });
        await expectAccessible(page, `${name} checkout`);

        await page.getByTestId('privacy').check();
        await page.getByTestId('continue').click();
        await page.getByTestId('purchase').waitFor();
        // Before payment: what PayPal will be asked for, with its net, tax line and total.
        await page.waitForSelector(`[data-testid="pay-now"][data-to-pay="${c.totalCents}"]`);
        expect(await page.getByTestId('pay-now').locator('p').first().innerText()).to.equal(c.pay);
        expect(flat(await rows(page, 'pay-tax'))).to.deep.equal([c.net, c.line, c.total]);
        await shots('3-pay');

        // The Russian consumer approves with a PayPal account in Austria: asked which country is right, nothing captured.
        const conflict = c.lang === 'ru' && c.kind === 'consumer';
        app.paypal.buyerCountry(conflict ? 'AT' : 'DE');
        await page.locator('[data-testid="paypal-buttons"] button').click();
        if (conflict) {
          const dialog = page.getByTestId('pay-conflict');
          await dialog.waitFor({ timeout: 20_000 });
          expect(await dialog.locator('h3').innerText()).to.equal(CONFLICT_RU.title);
          expect(await dialog.locator('p').innerText()).to.equal(CONFLICT_RU.text);
          expect(await dialog.getByTestId('conflict-keep').innerText()).to.equal(CONFLICT_RU.keep);
          expect(await dialog.getByTestId('conflict-switch').innerText()).to.equal(CONFLICT_RU.switch);
          expect(await dialog.evaluate((el) => el === document.activeElement || document.activeElement?.outerHTML.slice(0, 200)), 'the question has the focus').to.equal(true);
          expect(await page.getByTestId('toast').count(), 'a question, not an error toast').to.equal(0);
          const order = [...app.paypal.orders.values()].at(-1)!;
          expect(order.captures, 'nothing captured before the customer answers').to.have.length(0);
          await expectWords(page, 'ru', `${name}-conflict`, `${name}-4-conflict`);
          await page.setViewportSize({ width: 390, height: 844 });
          await screenshot(page, `${name}-4-conflict-mobile`);
          await page.setViewportSize({ width: 1366, height: 900 });
          await expectAccessible(page, 'ru conflict');
          await dialog.getByTestId('conflict-keep').click();
        }
        await page.getByTestId('buy-success').waitFor({ timeout: 20_000 });
        const order = [...app.paypal.orders.values()].at(-1)!;
        expect(order.amount).to.deep.equal({ currency_code: 'USD', value: c.paypalValue });
        expect(order.captures.map((x) => x.amount.value)).to.deep.equal([c.paypalValue]);
        await screenshot(page, `${name}-5-paid`);
      } finally {
        app.paypal.buyerCountry(null);
        await context.close();
      }
    });
  }

  it('en, a PayPal account in Austria and the customer says Austria is right: the billing country changes, the new total ($94.80: 20 % of $79.00 is $15.80) is paid with a new order', async () => {
    const context = await app.context(browser, { viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    try {
      app.google.user = { ...app.google.user, sub: 'g-tax-switch', email: 'tax-switch@example.com', given_name: 'Lena', family_name: 'Gruber', name: 'Lena Gruber' };
      await open(page, '/auth/sign-in?infrastructure=selfhosted&plan=unlimited&period=mounthly');
      await page.getByTestId('cookie-accept').click();
      await page.click('a.btn-google');
      await page.waitForURL((url) => url.pathname === '/user/buy-new-licence', { timeout: 15_000 });
      await fillCheckoutBilling(page, { country: 'DE', address: 'Hauptstraße 1\n10115 Berlin' });
      await page.waitForSelector('[data-testid="checkout-tax"][data-total="9401"]');
      await page.getByTestId('privacy').check();
      await page.getByTestId('continue').click();
      await page.waitForSelector('[data-testid="pay-now"][data-to-pay="9401"]');
      app.paypal.buyerCountry('AT');
      await page.locator('[data-testid="paypal-buttons"] button').click();
      const dialog = page.getByTestId('pay-conflict');
      await dialog.waitFor({ timeout: 20_000 });
      expect(await dialog.locator('p').innerText()).to.equal('Your billing details say Germany, but the PayPal account you approved with is in Austria. VAT depends on where you are, so nothing was charged yet.');
      expect(await dialog.getByTestId('conflict-keep').innerText()).to.equal('Germany: pay $94.01');
      await dialog.getByTestId('conflict-switch').click();
      await page.waitForSelector('[data-testid="pay-now"][data-to-pay="9480"]');
      expect(await page.getByTestId('pay-country-switched').innerText()).to.equal('Your billing country is now Austria. The total is now $94.80: pay it with PayPal again.');
      expect(flat(await rows(page, 'pay-tax'))).to.deep.equal(['Price excl. VAT$79.00', 'VAT 20 % (Austria)$15.80', 'Total$94.80']);
      await screenshot(page, 'tax-en-switch-country');
      await page.locator('[data-testid="paypal-buttons"] button').click();
      await page.getByTestId('buy-success').waitFor({ timeout: 20_000 });
      const orders = [...app.paypal.orders.values()].filter((o) => o.captures.length > 0);
      expect(orders.at(-1)!.captures.map((x) => x.amount.value)).to.deep.equal(['94.80']);
    } finally {
      app.paypal.buyerCountry(null);
      await context.close();
    }
  });

  it('en, a purchase made through the API with no billing details: the payment step asks the country first, then says $94.01', async () => {
    const context = await app.context(browser, { viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    try {
      app.google.user = { ...app.google.user, sub: 'g-tax-api', email: 'tax-api@example.com', given_name: 'Jonas', family_name: 'Weber', name: 'Jonas Weber' };
      await open(page, '/auth/sign-in');
      await page.getByTestId('cookie-accept').click();
      await page.click('a.btn-google');
      await page.waitForURL((url) => url.pathname !== '/auth/sign-in', { timeout: 15_000 });
      const me = await apiFromPage(page, '/auth/google/getUser');
      const body = {
        subscription_type: 'SUBSCRIPTION_MONTH',
        status: 'SUBSCRIPTION_STATUS_INITIAL',
        user_id: me.body.data._id,
        infrastructure_type: 'self-hosted',
        payment_details: { payment_method: 'PAYPAL', plan_id: 'unlimited', amount: 7900, unitQuantity: 1, privacy_policy_confirm: true },
      };
      // As an API client creates it: no country, no billing details.
      const created = await page.evaluate(async (b) => {
        const res = await fetch('/subscriptions/create', { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json', 'idempotency-key': 'tax-api-purchase-1' }, body: JSON.stringify(b) });
        return { status: res.status, body: await res.json() };
      }, body);
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      await open(page, `/user/buy-new-licence?subscription=${created.body.data._id}`);
      // No country known: asked before the PayPal button is offered.
      await page.getByTestId('checkout-billing-step').waitFor();
      expect(await page.getByTestId('paypal-buttons').count()).to.equal(0);
      await fillCheckoutBilling(page, { country: 'DE', address: 'Unter den Linden 5\n10117 Berlin' });
      await screenshot(page, 'tax-en-api-purchase-country');
      await page.getByTestId('billing-save').click();
      await page.waitForSelector('[data-testid="pay-now"][data-to-pay="9401"]');
      expect(flat(await rows(page, 'pay-tax'))).to.deep.equal(['Price excl. VAT$79.00', 'VAT 19 % (Germany)$15.01', 'Total$94.01']);
      await screenshot(page, 'tax-en-api-purchase-pay');
    } finally {
      await context.close();
    }
  });
});
