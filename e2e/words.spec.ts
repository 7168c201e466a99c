/**
 * The words people read, on every screen an administrator or a customer can reach, in both languages (against the
 * real server): no status codes, enum values or JSON paths anywhere — page text, options of every drop-down,
 * tooltips, labels, placeholders, toasts and inline errors — and no English sentence on a Russian screen.
 * Screenshots: e2e/output/screenshots/words-<lang>-<screen>.png.
 */
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN, dismissToasts, open, printServerLogOnFailure, screenshot, startAppSession, stopAppSession, type AppServer } from './support/app-server.js';

/** Internal codes: statuses, types, roles, data types and control kinds, categories, error codes, field paths. */
const INTERNALS =
  /SUBSCRIPTION_(STATUS|MONTH|YEAR|FREE|PERPETUAL|PAY_AS)|ROLE_[A-Z]|\b(STRING|NUMBER|BOOLEAN|ARRAY|FILE_UPLOAD|SELECT_OBJECT|TEXTAREA|CHECKBOX)\b|API_PAGE|MAIN_MENU_|SELF_HOSTED_|VALIDATION_FAILED|INVALID_TRANSITION|payment_details|infrastructure_details|property_i18n|privacy_policy_confirm|user_id|\w+\[\d+\]\.\w+|undefined|\[object Object\]|\{\{/;

/**
 * English on a Russian screen: three Latin words in a row. Names of things stay as they are (brands, protocols,
 * the seed's data typed in English by the test itself), so those are taken out first.
 */
const KEPT_AS_IS = /Relaycast|PayPal|Google|Self-hosted|self-hosted|SaaS|Grace Hopper|Ada Lovelace|Words Template|e-mail|\S+@\S+/g;
const ENGLISH_RUN = /\b[A-Za-z][a-z]+(?:[ ,]+[A-Za-z][a-z]+){2,}\b/;

const CUSTOMER = { email: 'ada@words.test', password: 'correct horse battery staple 42' };

describe('words on every reachable screen: no internals, no English on Russian screens (real server, EN and RU)', function () {
  this.timeout(300_000);
  let app: AppServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  let subscriptionId = '';
  let templateId = '';

  before(async () => {
    ({ app, browser, context, page, errors } = await startAppSession());
    await open(page, '/');
    await page.locator('[data-testid="cookie-window"] button').click();
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

  /** Everything a person can read or hear on the page now: text, every option, labels, placeholders, tooltips. */
  async function readable(): Promise<string> {
    return page.evaluate(() => {
      const parts = [document.body.innerText, document.title];
      for (const el of document.querySelectorAll('option')) parts.push(el.textContent ?? '');
      for (const el of document.querySelectorAll('[aria-label],[placeholder],[data-tooltip],[title],img[alt]')) {
        for (const attr of ['aria-label', 'placeholder', 'data-tooltip', 'title', 'alt']) {
          const v = el.getAttribute(attr);
          if (v) parts.push(v);
        }
      }
      return parts.join('\n');
    });
  }

  async function expectWords(lang: 'en' | 'ru', screen: string) {
    // The screen has loaded its code and its data: no spinner, no busy table, nothing still fetching.
    await page.waitForFunction(() => !document.querySelector('.page-loading, [aria-busy="true"]'), undefined, { timeout: 15_000 });
    await page.waitForLoadState('networkidle');
    await page.waitForFunction(() => !document.querySelector('.page-loading, [aria-busy="true"]'), undefined, { timeout: 15_000 });
    await screenshot(page, `words-${lang}-${screen}`);
    expect(await page.getAttribute('html', 'lang'), `${screen}: page language`).to.equal(lang);
    const text = await readable();
    expect(text.match(INTERNALS)?.[0], `${lang} ${screen}: internals on screen`).to.equal(undefined);
    if (lang === 'ru') expect(text.replace(KEPT_AS_IS, ' ').match(ENGLISH_RUN)?.[0], `ru ${screen}: English on a Russian screen`).to.equal(undefined);
  }

  it('sets up what the screens show: a customer, a template, a material and a subscription with a history', async () => {
    await signIn(ADMIN);
    expect((await call('/users/create', { givenName: 'Ada', familyName: 'Lovelace', email: CUSTOMER.email, role: 'ROLE_CUSTOMER', password: CUSTOMER.password })).status).to.equal(201);
    const users = await call('/users/findAll', { search: CUSTOMER.email });
    const customerId = users.body.data[0]._id as string;
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
  });

  for (const lang of ['ru', 'en'] as const) {
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
      ];
      for (const [name, path] of screens) {
        await open(page, `${prefix}${path}`);
        await page.locator('[data-testid="admin-page"] .admin-main h1').first().waitFor();
        await expectWords(lang, name);
      }
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
      // A material without a category.
      await open(page, `${prefix}/admin/materials/create?template=${templateId}`);
      await page.getByTestId('material-fields').waitFor();
      await page.getByTestId('save-material').click();
      await page.getByTestId('error-category').waitFor();
      await expectWords(lang, 'refused-material');
      await dismissToasts(page);
    });

    it(`${lang}: every customer screen, with the history of their subscription`, async () => {
      await signIn(CUSTOMER);
      const screens: [string, string][] = [
        ['customer-subscriptions', '/admin/subscriptions/list'],
        ['customer-purchase-details', `/admin/subscriptions/purchase-details?subscription=${subscriptionId}`],
        ['customer-buy', '/user/buy-new-licence?infrastructure=selfhosted&plan=constructor'],
        ['customer-buy-unlimited', '/user/buy-new-licence?infrastructure=selfhosted&plan=unlimited&period=annual'],
      ];
      for (const [name, path] of screens) {
        await open(page, `${prefix}${path}`);
        await page.locator('main h1').first().waitFor();
        await expectWords(lang, name);
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

  it('no errors in the browser console on the way', () => {
    expect(errors.filter((e) => !/status of 4\d\d|Failed to load resource/.test(e))).to.deep.equal([]);
  });
});
