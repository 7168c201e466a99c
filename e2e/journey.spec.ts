/**
 * The buyer's journey, in Russian and in English, against the real server with the PayPal stand-in: a visitor opens
 * the pricing page, chooses the builder, creates an account on the sign-in page, pays with PayPal, reads the
 * confirmation, finds the subscription Live in the account with its history, and downloads the licence file. The
 * page stays in the visitor's language at every step and never shows internal codes. Screenshots of each step go
 * to e2e/output/screenshots/journey-<lang>-<step>.png.
 */
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expectAccessible, open, printServerLogOnFailure, screenshot, startAppSession, stopAppSession, type AppServer } from './support/app-server.js';
import { fillCheckoutBilling } from './support/checkout.js';

/** What a page a person reads must never show: status codes, enum values, JSON paths. */
const INTERNALS = /SUBSCRIPTION_STATUS_|SUBSCRIPTION_(MONTH|YEAR|FREE)|ROLE_[A-Z]|VALIDATION_FAILED|payment_details|privacy_policy_confirm|undefined|\[object Object\]/;

describe('the buyer’s journey: pricing → sign up → pay → confirmation → account history → licence (real server, EN and RU)', function () {
  this.timeout(180_000);
  let app: AppServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  before(async () => {
    ({ app, browser, context, page } = await startAppSession());
  });
  after(async () => stopAppSession({ app, browser, context }));
  afterEach(function () {
    printServerLogOnFailure(this, app);
  });

  const WORDS = {
    en: { signUpTab: 'Create an account', submit: 'Create an account', history: 'History', live: 'Live', paid: 'Payment captured' },
    ru: { signUpTab: 'Создать аккаунт', submit: 'Создать аккаунт', history: 'История', live: 'Активна', paid: 'Платёж получен' },
  } as const;

  async function expectReadable(lang: 'en' | 'ru', step: string) {
    await screenshot(page, `journey-${lang}-${step}`);
    expect(await page.getAttribute('html', 'lang'), `${step}: page language`).to.equal(lang);
    const text = await page.locator('body').innerText();
    expect(text.match(INTERNALS)?.[0], `${step}: internals on screen`).to.equal(undefined);
  }

  for (const lang of ['ru', 'en'] as const) {
    const prefix = lang === 'ru' ? '/ru' : '';
    const email = `journey-${lang}-${Date.now()}@example.com`;

    it(`${lang}: from the pricing page, the builder's buy button leads to the sign-in page in the same language`, async () => {
      await context.clearCookies();
      await open(page, `${prefix}/pricing`);
      await page.locator('[data-testid="cookie-accept"]').click();
      await expectReadable(lang, '1-pricing');
      await page.getByTestId('buy-constructor').click();
      await page.waitForURL((url) => url.pathname === `${prefix}/auth/sign-in`, { timeout: 15_000 });
      await page.getByTestId('sign-up-form').waitFor();
      await expectReadable(lang, '2-sign-in');
      await expectAccessible(page, `${lang} sign-up`);
    });

    it(`${lang}: a refusal is shown next to its field in ${lang === 'ru' ? 'Russian' : 'English'}; then the account is created`, async () => {
      await page.fill('input[name="givenName"]', lang === 'ru' ? 'Вера' : 'Vera');
      await page.fill('input[name="familyName"]', lang === 'ru' ? 'Покупатель' : 'Buyer');
      await page.fill('input[name="email"]', email);
      await page.fill('input[name="password"]', 'password1');
      await page.check('input[name="privacy_policy_confirm"]');
      await page.click('[data-testid="sign-up-form"] button[type="submit"]');
      const weak = page.getByTestId('error-password');
      await weak.waitFor();
      expect(await weak.textContent()).to.equal(
        lang === 'ru' ? 'Пароль: слишком легко угадать: возьмите фразу из несвязанных слов или добавьте цифры и символы' : 'Password is too easy to guess: use a longer phrase of unrelated words, or add numbers and symbols',
      );
      await expectReadable(lang, '3-sign-up-refused');
      await page.fill('input[name="password"]', 'violet-harbour-42-lantern');
      await page.click('[data-testid="sign-up-form"] button[type="submit"]');
      // Sign-up ends with the step that says where the confirmation link went; then on to the purchase.
      await page.getByTestId('check-inbox').waitFor({ timeout: 15_000 });
      await page.click('[data-testid="check-inbox-continue"]');
      await page.waitForURL((url) => url.pathname === `${prefix}/user/buy-new-licence`, { timeout: 15_000 });
      await page.waitForSelector('html[data-hydrated="true"]');
    });

    it(`${lang}: pays for 2 units with PayPal (stand-in) and reads the confirmation`, async () => {
      await page.getByTestId('units').fill('2');
      await page.waitForSelector('[data-testid="price"][data-amount="1000"][data-confirmed="true"]');
      await expectReadable(lang, '4-buy');
      await fillCheckoutBilling(page);
      await page.getByTestId('privacy').check();
      await page.getByTestId('continue').click();
      await page.getByTestId('purchase').waitFor();
      await page.locator('[data-testid="paypal-buttons"] button').click();
      await page.getByTestId('buy-success').waitFor({ timeout: 20_000 });
      await expectReadable(lang, '5-confirmation');
    });

    it(`${lang}: the account lists it Live with its history, and the licence file downloads`, async () => {
      await open(page, `${prefix}/admin/subscriptions/list`);
      const card = page.locator('[data-testid="subscription"]').first();
      await card.waitFor();
      expect(await card.innerText()).to.include(WORDS[lang].live);
      await card.getByTestId('history-toggle').click();
      await card.getByTestId('history-item').first().waitFor();
      await expectReadable(lang, '6-account-history');
      const [download] = await Promise.all([page.waitForEvent('download'), card.getByTestId('licence-download').click()]);
      expect(download.suggestedFilename()).to.match(/^relaycast-[A-Z0-9-]+\.lic$/);
    });
  }
});
