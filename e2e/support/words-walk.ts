/**
 * The words people read, on every screen an administrator or a customer can reach, in both languages (against the
 * real server): no status codes, enum values or JSON paths anywhere — page text, options of every drop-down,
 * tooltips, labels, placeholders, toasts and inline errors — and no English sentence on a Russian screen.
 * Every screen also fits a laptop (1366 × 768) and a phone (390 × 844) without scrolling sideways (support/fit.ts),
 * with content of real length: a customer with three paid invoices, a subscription renewed by its saved PayPal
 * account and one whose renewal is unpaid (what they owe, first on every account page).
 * Screenshots: e2e/output/screenshots/words-<lang>-<screen>.png (1366 wide), and fit-<lang>-<screen>-390.png for a
 * fixed set of screens on the phone.
 */
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN, dismissToasts, open, printServerLogOnFailure, startAppSession, stopAppSession, type AppServer } from './app-server.js';
import { expectWords as wordsOn, FINANCE_INTERNALS } from './words.js';
import { expectFits, LAPTOP } from './fit.js';

const CUSTOMER = { email: 'ada@words.test', password: 'correct horse battery staple 42' };

/** The walk in the given languages, on a server of its own (one spec file per language, so that the two run side by side). */
export function describeWordsWalk(langs: readonly ('en' | 'ru')[]): void {
  describe(`words on every reachable screen: no internals, no English on Russian screens (real server, ${langs.join(', ').toUpperCase()})`, function () {
    this.timeout(300_000);
    let app: AppServer;
    let browser: Browser;
    let context: BrowserContext;
    let page: Page;
    let errors: string[];
    let subscriptionId = '';
    let templateId = '';
    let owingId = '';

    before(async () => {
      // The test clock, so that the admin home shows its controls (and every page its banner).
      ({ app, browser, context, page, errors } = await startAppSession(undefined, { BILLING_CLOCK: 'test', BILLING_CLOCK_START: '2026-03-10T10:00:00.000Z' }));
      await page.setViewportSize(LAPTOP);
      await open(page, '/');
      await page.locator('[data-testid="cookie-accept"]').click();
    });
    after(async () => stopAppSession({ app, browser, context }));
    afterEach(function () {
      printServerLogOnFailure(this, app);
    });

    async function call(url: string, body: unknown, idempotencyKey?: string): Promise<{ status: number; body: any }> {
      return page.evaluate(
        async ({ url: u, body: b, key }) => {
          const res = await fetch(u, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}) }, body: JSON.stringify(b) });
          return { status: res.status, body: await res.json().catch(() => null) };
        },
        { url, body, key: idempotencyKey },
      );
    }

    async function signIn(who: { email: string; password: string }) {
      await call('/auth/google/logout', {});
      const r = await call('/auth/local/signin', who);
      expect(r.status, `sign-in of ${who.email}`).to.equal(200);
    }

    const expectWords = (lang: 'en' | 'ru', screen: string) => wordsOn(page, lang, screen);
    /** The screens whose phone picture is kept (looked at: e2e/output/screenshots/fit-<lang>-<screen>-390.png). */
    const PHONE_SHOTS = new Set(['customer-my-subscriptions', 'customer-invoices', 'customer-profile', 'admin-users', 'admin-subscriptions', 'admin-mail', 'admin-home', 'admin-finance', 'admin-finance-ledger', 'pricing']);
    /** The admin lists fit a laptop's width whole (no column cut off in a scrolling frame). */
    const LISTS = new Set(['admin-users', 'admin-subscriptions', 'admin-templates', 'admin-materials', 'admin-mail']);
    const fits = (lang: 'en' | 'ru', screen: string) => expectFits(page, `${lang} ${screen}`, { ...(PHONE_SHOTS.has(screen) ? { shot: `fit-${lang}-${screen}` } : {}), tablesFit: LISTS.has(screen) });

    /** A purchase as the browser makes it: created, the order approved at PayPal (the stand-in), captured. */
    async function buy(userId: string, streams: number, saveWallet: boolean, key: string): Promise<string> {
      const created = await call(
        '/subscriptions/create',
        { subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', user_id: userId, infrastructure_type: 'self-hosted', modules: [{ name: 'streams', limit: streams }], payment_details: { payment_method: 'PAYPAL', plan_id: 'constructor', privacy_policy_confirm: true } },
        key,
      );
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      const sub = created.body.data as { _id: string; quantity: number };
      const order = await call('/subscriptions/createOrder', { id: sub._id, ...(saveWallet ? { saveWallet: true } : {}) });
      expect(order.status, JSON.stringify(order.body)).to.equal(200);
      app.paypal.approve(order.body.data.paypalOrderID);
      const captured = await call('/subscriptions/captureOrder', { id: sub._id, user_id: userId, paypalOrderID: order.body.data.paypalOrderID, paypalSubscriptionID: order.body.data.paypalSubscriptionID, quantity: sub.quantity });
      expect(captured.status, JSON.stringify(captured.body)).to.equal(200);
      return sub._id;
    }

    it('sets up what the screens show: a customer, a template, a material, a subscription with a history and a file', async () => {
      await signIn(ADMIN);
      expect((await call('/users/create', { givenName: 'Ada', familyName: 'Lovelace', email: CUSTOMER.email, role: 'ROLE_CUSTOMER', password: CUSTOMER.password })).status).to.equal(201);
      const users = await call('/users/findAll', { search: CUSTOMER.email });
      const customerId = users.body.data[0]._id as string;
      // Content of real length: the customer buys two builder licences on 10 March (one saving the PayPal account);
      // a month on, the first renews by itself and the second's renewal is unpaid — three paid invoices, and a debt.
      await signIn(CUSTOMER);
      await buy(customerId, 3, true, 'words-renewing-1');
      owingId = await buy(customerId, 1, false, 'words-owing-1');
      await signIn(ADMIN);
      expect((await call('/admin/clock/advance', { to: '2026-04-10T12:00:00.000Z' })).status).to.equal(200);
      const owing = (await call('/subscriptions/findOne', { id: owingId })).body.data;
      expect([owing.status, owing.amountDue]).to.deep.equal(['SUBSCRIPTION_STATUS_WAIT_PAYMENT', 500]);
      expect((await call('/invoices/findAll', { user_id: customerId })).body.data).to.have.length(3);
      const template = await call('/admin/entry/create', {
        entry_type: 'TEMPLATE',
        template: [
          { property_i18n: 'name', defaultValue: 'Words Template', dataType: 'STRING', formEntityType: 'TEXT' },
          { property_i18n: 'title', defaultValue: '', dataType: 'STRING', formEntityType: 'TEXT' },
          { property_i18n: 'level', defaultValue: 'one', dataType: 'STRING', formEntityType: 'RADIO', property_option_items: [{ label: 'One', value: 'one' }] },
        ],
      });
      expect(template.status).to.equal(201);
      templateId = template.body.data._id;
      const created = await call(
        '/subscriptions/create',
        { subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', user_id: customerId, infrastructure_type: 'self-hosted', modules: [{ name: 'streams', limit: 3 }], payment_details: { payment_method: 'PAYPAL', plan_id: 'constructor' } },
        'words-subscription-1',
      );
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      subscriptionId = created.body.data._id;
      expect((await call('/subscriptions/grantComplimentary', { id: subscriptionId, reason: 'Words walk' })).status).to.equal(200);
      const uploaded = await page.evaluate(async () => {
        const form = new FormData();
        form.append('file', new Blob(['# Words'], { type: 'text/markdown' }), 'words-guide.md');
        const res = await fetch('/admin/files/upload', { method: 'POST', credentials: 'same-origin', body: form });
        return res.status;
      });
      expect(uploaded).to.equal(201);
    });

    for (const lang of langs) {
      const prefix = lang === 'ru' ? '/ru' : '';

      it(`${lang}: every administrator screen`, async () => {
        await signIn(ADMIN);
        const screens: [string, string][] = [
          ['admin-subscriptions', '/admin/subscriptions/list'],
          ['admin-subscription-create', '/admin/subscriptions/create'],
          ['admin-purchase-details', `/admin/subscriptions/purchase-details?subscription=${subscriptionId}`],
          ['admin-change-payment-method', `/admin/subscriptions/change-payment-method?subscription=${subscriptionId}`],
          ['admin-users', '/admin/users/list'],
          ['admin-user-create', '/admin/users/create'],
          ['admin-templates', '/admin/templates/list'],
          ['admin-template-builder', '/admin/templates/create'],
          ['admin-template-edit', `/admin/templates/create?id=${templateId}`],
          ['admin-materials', '/admin/materials/list'],
          ['admin-material-create', `/admin/materials/create?template=${templateId}`],
          ['admin-home', '/admin'],
          ['admin-files', '/admin/files'],
          // The site's copy: its pages, and one page's sections with a section's editor open (texts in the screen's language).
          ['admin-site-pages', '/admin/pages'],
          ['admin-site-page', '/admin/pages/edit?url=/how-to-use&section=sections/connect'],
          ['admin-mail', '/admin/mail'],
        ];
        for (const [name, path] of screens) {
          await open(page, `${prefix}${path}`);
          await page.locator('[data-testid="admin-page"] .admin-main h1').first().waitFor();
          await expectWords(lang, name);
          await fits(lang, name);
        }
      });

      it(`${lang}: the finance area — figures, recognition, reconciliation with its check, invoices, the ledger, the taxes — plan ids, statuses, months and movements in words`, async () => {
        await signIn(ADMIN);
        const screens: [string, string, string][] = [
          ['admin-finance', '/admin/finance', 'overview-body'],
          ['admin-finance-recognition', '/admin/finance/recognition', 'recognition-body'],
          ['admin-finance-reconciliation', '/admin/finance/reconciliation', 'reconciliation-body'],
          ['admin-finance-documents', '/admin/finance/documents', 'documents-body'],
          ['admin-finance-ledger', '/admin/finance/ledger', 'ledger-body'],
          ['admin-finance-taxes', '/admin/finance/taxes', 'taxes-body'],
        ];
        for (const [name, path, body] of screens) {
          await open(page, `${prefix}${path}`);
          await page.getByTestId(body).waitFor();
          await wordsOn(page, lang, name, `words-${lang}-${name}`, FINANCE_INTERNALS);
          await fits(lang, name);
        }
        // The read-model check's verdict, in words.
        await open(page, `${prefix}/admin/finance/reconciliation`);
        await page.getByTestId('verify-run').click();
        await page.getByTestId('verify-result').waitFor({ timeout: 30_000 });
        await wordsOn(page, lang, 'admin-finance-verified', `words-${lang}-admin-finance-verified`, FINANCE_INTERNALS);
      });

      it(`${lang}: refusals in the administrator's forms — toasts and inline errors — are in words`, async () => {
        // A user form sent empty: the seed's toast and each field's problem.
        await open(page, `${prefix}/admin/users/create`);
        await page.getByTestId('save-user').click();
        await page.locator('[data-testid="toast"]').first().waitFor();
        await page.getByTestId('error-givenName').waitFor();
        await expectWords(lang, 'refused-user');
        await dismissToasts(page);
        // A template element without a name.
        await open(page, `${prefix}/admin/templates/create`);
        await page.getByTestId('element-name').fill('');
        await page.getByTestId('save-template').click();
        await page.getByTestId('error-name').waitFor();
        await expectWords(lang, 'refused-template');
        await dismissToasts(page);
        // A subscription for nobody.
        await open(page, `${prefix}/admin/subscriptions/create`);
        await page.getByTestId('save-subscription').click();
        await page.getByTestId('error-user_id').waitFor();
        await expectWords(lang, 'refused-subscription');
        await dismissToasts(page);
        // A section of a page saved with its built-in texts unchanged.
        await open(page, `${prefix}/admin/pages/edit?url=/how-to-use&section=sections/choose`);
        await page.getByTestId('save-section').click();
        await page.getByTestId('section-problem').waitFor();
        await expectWords(lang, 'refused-section');
        await dismissToasts(page);
        // A material without a category.
        await open(page, `${prefix}/admin/materials/create?template=${templateId}`);
        await page.getByTestId('material-fields').waitFor();
        await page.getByTestId('save-material').click();
        await page.getByTestId('error-category').waitFor();
        await expectWords(lang, 'refused-material');
        await dismissToasts(page);
      });

      it(`${lang}: the test clock, and the confirmations of what ends, removes or deletes — in words, saying what happens to money`, async () => {
        await signIn(ADMIN);
        // The clock moved a day on the admin home: its result and toast.
        await open(page, `${prefix}/admin`);
        await page.getByTestId('clock-controls').waitFor();
        await page.getByTestId('clock-plus-day').click();
        await page.getByTestId('clock-result').waitFor();
        await page.locator('[data-testid="toast"]').first().waitFor();
        await expectWords(lang, 'clock-moved');
        await dismissToasts(page);
        // Each destructive action asks first; each question is read, then put away (nothing is done).
        const ask = async (path: string, testId: string, screen: string) => {
          await open(page, `${prefix}${path}`);
          await page.getByTestId(testId).first().click();
          await page.getByTestId(`${testId}-confirm`).first().waitFor();
          await expectWords(lang, screen);
          await page.keyboard.press('Escape');
          await page.getByTestId(`${testId}-confirm`).waitFor({ state: 'detached' });
        };
        const details = `/admin/subscriptions/purchase-details?subscription=${subscriptionId}`;
        await ask(details, 'cancel-now', 'confirm-cancel-now');
        await ask(details, 'cancel-at-period-end', 'confirm-cancel-at-period-end');
        await ask(details, 'remove-subscription', 'confirm-remove-subscription');
        await ask('/admin/files', 'remove-file', 'confirm-remove-file');
        expect(await page.getByTestId('list-row').count(), 'nothing was deleted').to.equal(1);
        await signIn(CUSTOMER);
        await ask(details, 'cancel-subscription', 'confirm-customer-cancel');
      });

      it(`${lang}: every customer screen, with the history of their subscription`, async () => {
        await signIn(CUSTOMER);
        const screens: [string, string][] = [
          ['customer-subscriptions', '/admin/subscriptions/list'],
          ['customer-purchase-details', `/admin/subscriptions/purchase-details?subscription=${subscriptionId}`],
          ['customer-buy', '/user/buy-new-licence?infrastructure=selfhosted&plan=constructor'],
          ['customer-buy-unlimited', '/user/buy-new-licence?infrastructure=selfhosted&plan=unlimited&period=annual'],
          // The purchase step as the pricing builder leaves it (25 publishing streams, 10 restreams), and the profile.
          ['customer-buy-builder', '/user/buy-new-licence?infrastructure=selfhosted&plan=constructor&streams=25&restream=10'],
          ['customer-profile', '/user/profile'],
          // The account's own pages: its subscriptions (each with its invoices) and its invoices.
          ['customer-my-subscriptions', '/user/subscriptions'],
          ['customer-invoices', '/user/invoices'],
        ];
        for (const [name, path] of screens) {
          await open(page, `${prefix}${path}`);
          await page.locator('main h1').first().waitFor();
          await expectWords(lang, name);
          await fits(lang, name);
          // What is owed comes first on every account page (the buy page pays it there too): the amount and its button.
          if (!path.includes('buy-new-licence')) {
            const owed = page.getByTestId('owed-banner').getByTestId('owed');
            expect(await owed.getAttribute('data-id'), `${lang} ${name}: the debt first`).to.equal(owingId);
            expect(await owed.getByTestId('pay-amount').textContent()).to.equal(lang === 'ru' ? 'Оплатить 5,00\u00a0$ сейчас' : 'Pay $5.00 now');
          }
        }
        // Each subscription names its invoices where it is shown; the account menu has them too.
        await open(page, `${prefix}/user/subscriptions`);
        await page.getByTestId('subscription').first().waitFor();
        await page.getByTestId('subscription-invoice').first().waitFor();
        const numbers = await page.getByTestId('subscription-documents').evaluateAll((els) => els.map((el) => [...el.querySelectorAll('[data-testid="subscription-invoice"]')].map((a) => a.textContent).join(',')));
        expect(numbers.filter(Boolean).sort()).to.deep.equal(['INV-000002', 'INV-000003,INV-000001'].sort());
        // An upgrade of the subscription renewed by its saved PayPal account: the button says what it will charge, the
        // preview's balance (the server's figure, said in the line above it too); a downgrade, the day it takes effect.
        const renewing = page.locator('[data-testid="subscription"]', { has: page.locator('[data-field="paymentMethod"]', { hasText: 'buyer@example.com' }) });
        await renewing.getByTestId('revise-toggle').click();
        await renewing.locator('[data-testid="revise-form"] input').fill('4');
        await renewing.getByTestId('revise-preview').click();
        const apply = renewing.getByTestId('revise-apply');
        await apply.waitFor();
        const charged = lang === 'ru' ? /^Оплатить (\d+,\d\d\u00a0\$) сейчас и применить$/ : /^Pay (\$\d+\.\d\d) now and apply$/;
        const amount = charged.exec((await apply.textContent()) ?? '')?.[1];
        expect(amount, await apply.textContent() ?? '').to.be.a('string');
        expect(await renewing.getByTestId('revise-proration').textContent()).to.include(`buyer@example.com`).and.include(amount!);
        expect(Number(await apply.getAttribute('data-charge'))).to.be.within(1, 500);
        await renewing.locator('[data-testid="revise-form"] input').fill('2');
        await renewing.getByTestId('revise-preview').click();
        await renewing.getByTestId('revise-apply').filter({ hasText: lang === 'ru' ? 'Запланировать изменение на 10 мая 2026 г.' : 'Schedule the change for 10 May 2026' }).waitFor();
        await page.locator('.account-menu > button').click();
        expect(await page.getByTestId('menu-invoices').getAttribute('href')).to.equal(`${prefix}/user/invoices`);
        expect(await page.getByTestId('menu-subscriptions').getAttribute('href')).to.equal(`${prefix}/user/subscriptions`);
        await page.locator('.account-menu > button').click();
        // The public pages too (the pricing page, the home page), signed in.
        for (const [name, path] of [['pricing', '/pricing'], ['home', '/']] as const) {
          await open(page, `${prefix}${path}`);
          await fits(lang, name);
        }
        expect(await page.locator('[data-testid="history-item"]').count()).to.equal(0); // the buy page has no history
        await open(page, `${prefix}/admin/subscriptions/purchase-details?subscription=${subscriptionId}`);
        await page.getByTestId('history-item').first().waitFor();
        expect(await page.getByTestId('history-item').count()).to.be.greaterThan(1);
        await expectWords(lang, 'customer-history');
        // Self-hosted: no cloud server specs, a sentence instead.
        expect(await page.locator('[data-testid="infrastructure"]').getAttribute('data-infrastructure')).to.equal('self-hosted');
        expect(await page.locator('[data-testid="infrastructure"] [data-field="data_center"]').count()).to.equal(0);
      });
    }

    for (const lang of langs) {
      const prefix = lang === 'ru' ? '/ru' : '';
      it(`${lang}: the profile's refusals and the signed-out purchase summary are in words`, async () => {
        await signIn(CUSTOMER);
        await open(page, `${prefix}/user/profile`);
        // The password form sent empty, then with a wrong current password: each field says what is wrong.
        await page.getByTestId('change-password').click();
        await page.getByTestId('error-currentPassword').waitFor();
        await page.getByTestId('error-newPassword').waitFor();
        await expectWords(lang, 'profile-password-empty');
        const empty = await page.getByTestId('error-currentPassword').textContent();
        await page.locator('input[name="currentPassword"]').fill('not the password');
        await page.locator('input[name="newPassword"]').fill('amber lighthouse 17 walrus');
        await page.getByTestId('change-password').click();
        await page.waitForFunction((before) => {
          const text = document.querySelector('[data-testid="error-currentPassword"]')?.textContent;
          return Boolean(text) && text !== before;
        }, empty);
        await expectWords(lang, 'profile-password-wrong');
        // The profile's names sent empty.
        await page.locator('input[name="givenName"]').fill('');
        await page.getByTestId('save-profile').click();
        await page.getByTestId('error-givenName').waitFor();
        await expectWords(lang, 'profile-name-empty');
        // "Sign out everywhere" lands on the home page, signed out (not on a sign-in page about a purchase).
        await page.getByTestId('sign-out-everywhere-button').click();
        await page.getByTestId('sign-out-everywhere-button-confirm').click();
        await page.waitForURL((url) => url.pathname === (lang === 'ru' ? '/ru' : '/') || url.pathname === `${prefix}/`, { timeout: 15_000 });
        await page.locator('.login-button').waitFor();
        expect((await call('/subscriptions/findAllByToken', {})).status, 'every session ended').to.equal(401);
        // Signed out, the sign-in page says which builder configuration the purchase continues with.
        await call('/auth/google/logout', {});
        await open(page, `${prefix}/auth/sign-in?infrastructure=selfhosted&plan=constructor&streams=25&restream=10`);
        await page.getByTestId('purchase-summary').waitFor();
        await expectWords(lang, 'sign-in-builder-choice');
        await page.getByTestId('mode-sign-up').click();
        await page.locator('[data-testid="sign-up-form"] button[type="submit"]').click();
        await page.getByTestId('error-givenName').waitFor();
        await expectWords(lang, 'sign-up-empty');
      });
    }

    it('no errors in the browser console on the way', () => {
      expect(errors.filter((e) => !/status of 4\d\d|Failed to load resource/.test(e))).to.deep.equal([]);
    });
  });
}
