/**
 * The administrator in the browser, against the real server (read-api + web/dist): signs in with the local
 * email/password form; creates a user (each of the seed's §5 validation toasts first, then the API's refusal of a
 * duplicate with the seed's toast) and finds it in the list (search, sort, paging, empty state); saves the seed's
 * default template and builds one with all eight control kinds and all six data types, then edits it; fills a
 * material in from it that feeds a public tutorial and sees it there; uploads a file with progress through the
 * FILE_UPLOAD control and removes it (the server deletes the bytes); creates a subscription and reads its purchase
 * details (event history, infrastructure with the seed's defaults). Every view passes axe and is photographed.
 */
import { expect } from 'chai';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { locale } from './support/site.js';
import { acceptCookies, ADMIN, apiFromPage, dismissToasts, expectAccessible, expectToast, open, screenshot, printServerLogOnFailure, startAppSession, stopAppSession, type AppServer } from './support/app-server.js';

const TUTORIAL = '/how-to-start-srt-streaming-in-obs-studio';

/** The text of every row's cell in one column of an admin list. */
async function column(page: Page, testId: string, index: number): Promise<string[]> {
  return page.locator(`[data-testid="${testId}"] [data-testid="list-row"] td:nth-child(${index})`).allTextContents();
}

/** Waits until the list's rows are the answer to its current query (not the previous page's). */
async function settled(page: Page, testId: string): Promise<void> {
  await page.locator(`[data-testid="${testId}"] table[aria-busy="false"]`).waitFor();
}

describe('admin area: users, templates, materials, files, subscriptions (real server)', function () {
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

  it('signs in with the local email and password form and gets the administrator menu', async () => {
    await open(page, '/admin/users/list');
    const signIn = page.getByTestId('admin-sign-in');
    await signIn.waitFor();
    await acceptCookies(page);
    await signIn.getByLabel('Email').fill(ADMIN.email);
    await signIn.getByLabel('Password').fill('not-the-password');
    await signIn.locator('button[type="submit"]').click();
    await signIn.getByRole('alert').waitFor();
    await signIn.getByLabel('Password').fill(ADMIN.password);
    await signIn.locator('button[type="submit"]').click();
    await page.locator('[data-testid="admin-page"][data-role="ROLE_ADMIN"]').waitFor({ timeout: 15_000 });
    expect(new URL(page.url()).pathname).to.equal('/admin/users/list');
    const menu = await page.locator('.admin-nav a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(menu).to.have.members([
      '/admin', '/admin/templates/create', '/admin/templates/list', '/admin/materials/create', '/admin/materials/list',
      '/admin/users/create', '/admin/users/list', '/admin/subscriptions/create', '/admin/subscriptions/list', '/admin/pages', '/admin/files', '/admin/mail',
      '/admin/finance', '/admin/finance/recognition', '/admin/finance/reconciliation', '/admin/finance/documents', '/admin/finance/ledger', '/admin/finance/taxes',
    ]);
  });

  it('creates a user: each validation toast first (nothing sent), then success; a duplicate gets the seed\'s toast', async () => {
    await open(page, '/admin/users/create');
    const form = page.getByTestId('user-form');
    await form.waitFor();
    await expectAccessible(page, 'user form');
    const creates: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/users/create' && creates.push(r.postData() ?? ''));
    const fill = async (givenName: string, familyName: string, email: string) => {
      await form.getByLabel('First name').fill(givenName);
      await form.getByLabel('Last name').fill(familyName);
      await form.getByLabel('Email').fill(email);
    };
    const attempt = async (expected: string) => {
      await page.getByTestId('save-user').click();
      await expectToast(page, expected);
      await dismissToasts(page);
      expect(new URL(page.url()).pathname).to.equal('/admin/users/create');
    };
    // The seed's §5 rules, worded in the reader's language from the validator's rule (no field paths, no enum values).
    await fill('', 'Hopper', 'grace@example.com');
    await attempt('First name must not be empty');
    expect(await form.getByTestId('error-givenName').textContent(), 'the problem is also shown under its field').to.equal('First name must not be empty');
    await fill('   ', 'Hopper', 'grace@example.com');
    await attempt('First name must not be empty');
    await fill('G'.repeat(256), 'Hopper', 'grace@example.com');
    await attempt('First name must have at most 255 characters');
    await fill('Grace', '', 'grace@example.com');
    await attempt('Last name must not be empty');
    await fill('Grace', 'H'.repeat(256), 'grace@example.com');
    await attempt('Last name must have at most 255 characters');
    await fill('Grace', 'Hopper', 'grace.example.com');
    await attempt('Email must be a valid email address');
    await fill('Grace', 'Hopper', '');
    await attempt('Email must be a valid email address');
    await form.getByLabel('Role').selectOption('');
    await fill('Grace', 'Hopper', 'grace@navy.museum');
    await attempt('Role is not one of the allowed choices');
    expect(creates, 'no invalid form reaches the API').to.deep.equal([]);

    // 255 characters is the limit, not over it; any top-level domain is an address.
    await form.getByLabel('Role').selectOption('ROLE_CUSTOMER');
    await fill('Grace', 'H'.repeat(255), 'grace@navy.museum');
    await page.getByTestId('save-user').click();
    await expectToast(page, 'grace@navy.museum was created.');
    await page.waitForURL((url) => url.pathname === '/admin/users/list');
    expect(creates).to.have.length(1);
    await dismissToasts(page);

    // The same address again: the server refuses it (409), the seed's toast says so, with why, and the form stays.
    await open(page, '/admin/users/create');
    await form.getByLabel('First name').fill('Grace');
    await form.getByLabel('Last name').fill('Again');
    await form.getByLabel('Email').fill('grace@navy.museum');
    await page.getByTestId('save-user').click();
    await expectToast(page, 'Error creating user: Email is already registered');
    expect(await form.getByTestId('error-email').textContent(), 'and under the field').to.equal('Email is already registered');
    expect(creates).to.have.length(2);
    expect(new URL(page.url()).pathname).to.equal('/admin/users/create');
    expect(await form.getByLabel('Last name').inputValue()).to.equal('Again');
    await dismissToasts(page);
  });

  it('finds users in the list: search, sort, paging and the empty state', async () => {
    // Eleven more users (through the API, as the form would send them): 13 in all, two pages of ten.
    for (let i = 1; i <= 11; i++) {
      const n = String(i).padStart(2, '0');
      const r = await apiFromPage(page, '/users/create', { givenName: `User${n}`, familyName: 'Paged', email: `user${n}@example.org`, role: 'ROLE_CUSTOMER' });
      expect(r.status, `user ${n}`).to.equal(201);
    }
    await open(page, '/admin/users/list');
    await settled(page, 'users-list');
    await page.locator('[data-testid="users-list"] [data-testid="list-row"]').first().waitFor();
    expect(await page.getByTestId('list-total').textContent()).to.equal('Total: 13');
    expect(await page.getByTestId('list-page').textContent()).to.equal('Page 1 of 2');
    expect(await page.locator('[data-testid="users-list"] [data-testid="list-row"]').count()).to.equal(10);
    await expectAccessible(page, 'users list');

    // Sort by email, ascending then descending.
    await page.locator('[data-testid="users-list"] button[data-sort="email"]').click();
    await page.waitForURL((url) => url.searchParams.get('sort') === 'email' && url.searchParams.get('order') === 'asc');
    await page.waitForFunction((email) => document.querySelector('[data-testid="list-row"] td:nth-child(2)')?.textContent === email, ADMIN.email);
    await settled(page, 'users-list');
    const ascending = await column(page, 'users-list', 2);
    expect(ascending[0]).to.equal(ADMIN.email);
    expect(ascending).to.deep.equal([...ascending].sort());
    expect(await page.locator('th[aria-sort="ascending"]').textContent()).to.include('Email');
    await page.locator('[data-testid="users-list"] button[data-sort="email"]').click();
    // Descending is the default order: the URL keeps only the sort field.
    await page.waitForURL((url) => url.searchParams.get('sort') === 'email' && !url.searchParams.has('order'));
    await page.locator('th[aria-sort="descending"]', { hasText: 'Email' }).waitFor();
    await settled(page, 'users-list');
    await page.waitForFunction(() => document.querySelector('[data-testid="list-row"] td:nth-child(2)')?.textContent === 'user11@example.org');
    const descending = await column(page, 'users-list', 2);
    expect(descending).to.deep.equal([...descending].sort().reverse());

    // The second page holds the other three.
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await settled(page, 'users-list');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="list-row"]').length === 3);
    expect(await page.getByTestId('list-page').textContent()).to.equal('Page 2 of 2');
    expect(await column(page, 'users-list', 2)).to.deep.equal(['user01@example.org', 'grace@navy.museum', ADMIN.email]);
    expect(await page.getByRole('button', { name: 'Next' }).isDisabled()).to.equal(true);

    // Search finds the new user by name, from page 1 again.
    await page.getByLabel('Search users').fill('grace');
    await page.waitForURL((url) => url.searchParams.get('q') === 'grace' && !url.searchParams.has('page'));
    await settled(page, 'users-list');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="list-row"]').length === 1);
    const row = page.locator('[data-testid="users-list"] [data-testid="list-row"]');
    expect(await row.locator('td').nth(1).textContent()).to.equal('grace@navy.museum');
    expect(await row.locator('td').nth(2).textContent()).to.equal('Customer');
    expect(await page.getByTestId('list-total').textContent()).to.equal('Total: 1');
    // A 255-character family name wraps in its cell: every column stays in view, no sideways scrolling.
    const wrap = await page.locator('[data-testid="users-list"] .table-wrap').evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(wrap.scroll).to.be.at.most(wrap.client);
    await screenshot(page, 'admin-users-list');

    // Nothing matches: the empty state says so.
    await page.getByLabel('Search users').fill('no-such-person');
    await page.getByTestId('list-empty').waitFor();
    expect(await page.getByTestId('list-empty').textContent()).to.equal('Nothing matches “no-such-person”.');
    expect(await page.locator('[data-testid="users-list"] [data-testid="list-row"]').count()).to.equal(0);
    expect(await page.getByTestId('list-total').textContent()).to.equal('Total: 0');
    await expectAccessible(page, 'users list (empty)');
  });

  let defaultTemplateId = '';
  it('saves the seed\'s default template: "Awesome template" with one element "Awesome element" = "Awesome value"', async () => {
    await open(page, '/admin/templates/list');
    await page.getByTestId('list-empty').waitFor();
    expect(await page.getByTestId('list-empty').textContent()).to.equal('No templates yet.');
    await open(page, '/admin/templates/create');
    await page.getByTestId('template-builder').waitFor();
    expect(await page.getByTestId('template-name').inputValue()).to.equal('Awesome template');
    const element = page.getByTestId('element');
    expect(await element.count()).to.equal(1);
    expect(await element.getByTestId('element-name').inputValue()).to.equal('Awesome element');
    // The sample texts are the seed's; the builder says they are saved as they are unless changed.
    expect(await element.getByTestId('sample-hint').textContent()).to.equal('Sample text from the default template: it is saved as it is unless you change it.');
    expect(await element.getByTestId('element-data-type').inputValue()).to.equal('STRING');
    expect(await element.getByTestId('element-kind').inputValue()).to.equal('TEXT');
    expect(await element.getByTestId('element-default').locator('input').inputValue()).to.equal('Awesome value');
    // The two selects offer the seed's six data types and eight control kinds, each with a label in words (the stored
    // value stays the seed's code).
    expect(await element.getByTestId('element-data-type').locator('option').allTextContents()).to.deep.equal(['Text', 'Number', 'Yes or no', 'List', 'Template', 'Material']);
    expect(await element.getByTestId('element-data-type').locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).to.deep.equal(['STRING', 'NUMBER', 'BOOLEAN', 'ARRAY', 'TEMPLATE', 'MATERIAL']);
    expect(await element.getByTestId('element-kind').locator('option').allTextContents()).to.deep.equal(['Text field', 'File upload', 'Checkbox', 'Radio buttons', 'Drop-down list', 'Entry picker', 'Multi-line text', 'Rich text editor']);
    expect(await element.getByTestId('element-kind').locator('option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value))).to.deep.equal(['TEXT', 'FILE_UPLOAD', 'CHECKBOX', 'RADIO', 'SELECT', 'SELECT_OBJECT', 'TEXTAREA', 'EDITOR']);
    await page.getByTestId('save-template').click();
    await expectToast(page, 'Template Awesome template was saved.');
    await page.waitForURL((url) => url.pathname === '/admin/templates/list');
    const all = await apiFromPage(page, '/admin/entry/getAll', { entry_type: 'TEMPLATE' });
    expect(all.body.data).to.have.length(1);
    defaultTemplateId = all.body.data[0]._id;
    expect(all.body.data[0].template).to.deep.equal([
      { property_i18n: 'name', defaultValue: 'Awesome template', dataType: 'STRING', formEntityType: 'TEXT' },
      { property_i18n: 'Awesome element', defaultValue: 'Awesome value', dataType: 'STRING', formEntityType: 'TEXT' },
    ]);
    await dismissToasts(page);
  });

  let templateId = '';
  it('builds a template with all eight control kinds and all six data types, then edits it (persisted after reload)', async () => {
    await open(page, '/admin/templates/create');
    await page.getByTestId('template-builder').waitFor();
    await page.getByTestId('template-name').fill('Tutorial template');
    const elements = page.getByTestId('element');
    /** Sets up element i: name, kind, data type and option items. */
    const element = async (i: number, name: string, kind: string, dataType: string, options: [string, string][] = []): Promise<Locator> => {
      if (i > 0) await page.getByTestId('add-element').click();
      const el = elements.nth(i);
      await el.getByTestId('element-name').fill(name);
      await el.getByTestId('element-kind').selectOption(kind);
      await el.getByTestId('element-data-type').selectOption(dataType);
      for (const [label, value] of options) {
        await el.getByTestId('add-option').click();
        await el.getByTestId('option-label').last().fill(label);
        await el.getByTestId('option-value').last().fill(value);
      }
      expect(await el.getAttribute('data-kind')).to.equal(kind);
      return el.getByTestId('element-default');
    };
    // The fourth property is the title: the seed's label rule for materials reads it.
    const order = await element(0, 'order', 'SELECT', 'NUMBER', [['First', '1'], ['Second', '2']]);
    await order.locator('select').selectOption('2');
    const cover = await element(1, 'cover', 'FILE_UPLOAD', 'STRING');
    expect(await cover.locator('input[type="file"]').count()).to.equal(1);
    const featured = await element(2, 'featured', 'CHECKBOX', 'BOOLEAN');
    await featured.getByRole('checkbox').check();
    const title = await element(3, 'title', 'TEXT', 'STRING');
    await title.locator('input').fill('Untitled tutorial');
    const level = await element(4, 'level', 'RADIO', 'STRING', [['Beginner', 'beginner'], ['Advanced', 'advanced']]);
    await level.getByLabel('Beginner').check();
    const related = await element(5, 'related', 'SELECT_OBJECT', 'TEMPLATE');
    // SELECT_OBJECT lists templates by _id, labelled by their first property.
    await related.locator(`select option[value="${defaultTemplateId}"]`).waitFor({ state: 'attached' });
    expect(await related.locator(`select option[value="${defaultTemplateId}"]`).textContent()).to.equal('Awesome template');
    await related.locator('select').selectOption(defaultTemplateId);
    const description = await element(6, 'description', 'TEXTAREA', 'STRING');
    await description.locator('textarea').fill('A short introduction.');
    const body = await element(7, 'body', 'EDITOR', 'STRING');
    const editor = body.getByTestId('rich-text');
    await editor.waitFor();
    // A text kind carries its text over: the rich-text editor opens with "Awesome value" in it.
    expect(await editor.innerHTML()).to.equal('<p>Awesome value</p>');
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Default body');
    const tags = await element(8, 'tags', 'CHECKBOX', 'ARRAY', [['SRT', 'srt'], ['OBS', 'obs']]);
    await tags.getByLabel('SRT').check();
    await tags.getByLabel('OBS').check();
    const seeAlso = await element(9, 'seeAlso', 'SELECT_OBJECT', 'MATERIAL');
    expect(await seeAlso.locator('select').getAttribute('data-entry-type')).to.equal('MATERIAL');
    expect(await elements.count()).to.equal(10);
    await expectAccessible(page, 'template builder');
    await screenshot(page, 'admin-template-builder');

    await page.getByTestId('save-template').click();
    await expectToast(page, 'Template Tutorial template was saved.');
    await page.waitForURL((url) => url.pathname === '/admin/templates/list');
    await dismissToasts(page);
    const all = await apiFromPage(page, '/admin/entry/getAll', { entry_type: 'TEMPLATE', search: 'Tutorial template' });
    expect(all.body.data).to.have.length(1);
    templateId = all.body.data[0]._id;
    const stored = all.body.data[0].template as { property_i18n: string; defaultValue: unknown; dataType: string; formEntityType: string; property_option_items?: unknown[] }[];
    expect(stored.map((p) => [p.property_i18n, p.formEntityType, p.dataType, p.defaultValue])).to.deep.equal([
      ['name', 'TEXT', 'STRING', 'Tutorial template'],
      ['order', 'SELECT', 'NUMBER', 2],
      ['cover', 'FILE_UPLOAD', 'STRING', ''],
      ['featured', 'CHECKBOX', 'BOOLEAN', true],
      ['title', 'TEXT', 'STRING', 'Untitled tutorial'],
      ['level', 'RADIO', 'STRING', 'beginner'],
      ['related', 'SELECT_OBJECT', 'TEMPLATE', defaultTemplateId],
      ['description', 'TEXTAREA', 'STRING', 'A short introduction.'],
      ['body', 'EDITOR', 'STRING', '<p>Default body</p>'],
      ['tags', 'CHECKBOX', 'ARRAY', ['srt', 'obs']],
      ['seeAlso', 'SELECT_OBJECT', 'MATERIAL', ''],
    ]);
    expect(stored[1]!.property_option_items).to.deep.equal([{ label: 'First', value: '1' }, { label: 'Second', value: '2' }]);
    expect(new Set(stored.map((p) => p.formEntityType))).to.have.property('size', 8);
    expect(new Set(stored.map((p) => p.dataType))).to.have.property('size', 6);

    // The list shows both templates; open this one from it, change it, save.
    await settled(page, 'templates-list');
    expect(await page.locator('[data-testid="templates-list"] [data-testid="list-row"]').count()).to.equal(2);
    await page.getByRole('link', { name: 'Tutorial template', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/admin/templates/create' && url.searchParams.get('id') === templateId);
    await page.getByTestId('template-builder').waitFor();
    expect(await page.getByRole('heading', { level: 1 }).textContent()).to.equal('Edit template');
    expect(await page.getByTestId('template-name').inputValue()).to.equal('Tutorial template');
    expect(await elements.count()).to.equal(10);
    expect(await elements.nth(7).getByTestId('rich-text').innerHTML()).to.include('Default body');
    expect(await elements.nth(8).getByLabel('OBS').isChecked()).to.equal(true);
    await page.getByTestId('template-name').fill('SRT tutorial template');
    await elements.nth(6).getByTestId('element-default').locator('textarea').fill('Edited introduction.');
    await elements.nth(4).getByTestId('element-default').getByLabel('Advanced').check();
    await page.getByTestId('save-template').click();
    await expectToast(page, 'Template SRT tutorial template was saved.');
    await page.waitForURL((url) => url.pathname === '/admin/templates/list');
    await dismissToasts(page);
    await page.getByRole('link', { name: 'SRT tutorial template', exact: true }).waitFor();

    // A fresh load of the edit page shows the change: it was stored, not only kept in the page.
    await open(page, `/admin/templates/create?id=${templateId}`);
    await page.getByTestId('template-builder').waitFor();
    expect(await page.getByTestId('template-name').inputValue()).to.equal('SRT tutorial template');
    expect(await elements.nth(6).getByTestId('element-default').locator('textarea').inputValue()).to.equal('Edited introduction.');
    expect(await elements.nth(4).getByTestId('element-default').getByLabel('Advanced').isChecked()).to.equal(true);
    expect(await elements.nth(0).getByTestId('element-default').locator('select').inputValue()).to.equal('2');
  });

  it('uploads a file through the FILE_UPLOAD control with progress, lists and serves it, then removes it for good', async () => {
    await open(page, `/admin/materials/create?template=${templateId}`);
    const cover = page.getByTestId('field-cover');
    await cover.waitFor();
    // A slow uplink, so the progress is there to see.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 2 * 1024 * 1024 });
    const bytes = Buffer.alloc(3 * 1024 * 1024, 'relaycast ');
    await cover.locator('input[type="file"]').setInputFiles({ name: 'cover notes.txt', mimeType: 'text/plain', buffer: bytes });
    const progress = cover.getByTestId('file-progress');
    await progress.waitFor();
    // The bar's values until it goes (no named functions in here: tsx's __name helper does not exist in the page).
    const seen = await progress.evaluate((el) => new Promise<number[]>((resolve) => {
      const values: number[] = [];
      const timer = setInterval(() => {
        if (el.isConnected) values.push((el as HTMLProgressElement).value);
        else {
          clearInterval(timer);
          resolve(values);
        }
      }, 10);
    }));
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    expect(seen.some((v) => v > 0 && v < 1), `progress values ${seen.slice(0, 5).join(', ')}…`).to.equal(true);
    await expectToast(page, 'cover notes.txt was uploaded.');
    const link = cover.getByTestId('file-link');
    expect(await link.textContent()).to.equal('cover notes.txt');
    const href = (await link.getAttribute('href'))!;
    expect(href).to.match(/^\/files\/[^/]+\/cover%20notes\.txt$/);

    // Listed by the server and served with its bytes.
    const listed = await apiFromPage(page, '/admin/files/getAll', {});
    expect(listed.body.data.map((f: { originalName: string }) => f.originalName)).to.deep.equal(['cover notes.txt']);
    expect(listed.body.data[0].size).to.equal(bytes.length);
    const served = await page.request.get(`${app.baseUrl}${href}`);
    expect(served.status()).to.equal(200);
    expect((await served.body()).equals(bytes)).to.equal(true);
    await expectAccessible(page, 'material form with a file');
    await dismissToasts(page);

    await cover.getByTestId('file-remove').click();
    await expectToast(page, 'cover notes.txt was removed.');
    await cover.locator('input[type="file"]').waitFor();
    expect((await apiFromPage(page, '/admin/files/getAll', {})).body.data).to.deep.equal([]);
    expect((await page.request.get(`${app.baseUrl}${href}`)).status()).to.equal(404);
    await dismissToasts(page);
  });

  it('creates a material from the template in the Tutorials category and sees it on the public tutorial page', async () => {
    await open(page, '/admin/materials/create');
    const form = page.getByTestId('material-form');
    await form.waitFor();
    // Nothing chosen yet: the form says what is missing and sends nothing.
    await page.getByTestId('save-material').click();
    await expectToast(page, "Choose the template this material fills in.");
    await dismissToasts(page);
    await form.getByLabel('Template').selectOption(templateId);
    const fields = page.getByTestId('material-fields');
    await fields.waitFor();
    expect(await fields.locator('h2').textContent()).to.equal('Properties of SRT tutorial template');
    // A new material starts from the template's default values.
    expect(await page.getByTestId('field-description').locator('textarea').inputValue()).to.equal('Edited introduction.');
    expect(await page.getByTestId('field-level').getByLabel('Advanced').isChecked()).to.equal(true);
    await page.getByTestId('save-material').click();
    await expectToast(page, "Choose the material's category.");
    await dismissToasts(page);

    await page.getByTestId('material-category').selectOption('TUTORIALS');
    await page.getByTestId('material-url').fill(TUTORIAL);
    await page.getByTestId('field-title').locator('input').fill('Low-latency SRT from OBS, step by step');
    await page.getByTestId('field-description').locator('textarea').fill('Set OBS up for SRT in five minutes.');
    const editor = page.getByTestId('field-body').getByTestId('rich-text');
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type('Open Settings, then ');
    await page.keyboard.press('ControlOrMeta+b');
    await page.keyboard.type('Stream');
    await page.keyboard.press('ControlOrMeta+b');
    await page.keyboard.type('.');
    await page.getByTestId('field-order').locator('select').selectOption('1');
    await expectAccessible(page, 'material form');
    await screenshot(page, 'admin-material-form');
    await page.getByTestId('save-material').click();
    await expectToast(page, 'Material saved.');
    await page.waitForURL((url) => url.pathname === '/admin/materials/list');
    await settled(page, 'materials-list');
    // Labelled by the fourth property of its second part (the title), with its category and page.
    const row = page.locator('[data-testid="materials-list"] [data-testid="list-row"]');
    expect(await row.count()).to.equal(1);
    expect(await row.locator('td').nth(0).textContent()).to.equal('Low-latency SRT from OBS, step by step');
    expect(await row.locator('td').nth(1).textContent()).to.equal('Tutorials');
    expect(await row.locator('td').nth(2).textContent()).to.equal(TUTORIAL);
    await expectAccessible(page, 'materials list');
    await dismissToasts(page);

    // The public tutorial, loaded afresh: the material is in the page the server sends, after the built-in sections,
    // which all stay (a material that names no section of a page never replaces it).
    const visitor = await app.context(browser);
    try {
      const publicPage = await visitor.newPage();
      const response = await publicPage.goto(TUTORIAL, { waitUntil: 'domcontentloaded' });
      expect((await response?.text()) ?? '').to.include('Low-latency SRT from OBS, step by step');
      await publicPage.waitForSelector('html[data-hydrated="true"]', { timeout: 15_000 });
      const cms = publicPage.locator('[data-source="cms"]');
      expect(await cms.locator('h2').textContent()).to.equal('Low-latency SRT from OBS, step by step');
      expect(await cms.locator('p.lead').textContent()).to.equal('Set OBS up for SRT in five minutes.');
      expect(await cms.locator('.cms-body').innerHTML()).to.equal('<p>Open Settings, then <strong>Stream</strong>.</p>');
      // The table of contents: the tutorial's own sections, then the material.
      const builtIn = locale<{ sections: { id: string; title: string }[] }>('en', 'tutorial-srt-obs-start').sections;
      const toc = await publicPage.locator('.aside-nav ul').last().locator('a').evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute('href')]));
      const sectionId = await cms.locator('section').getAttribute('id');
      expect(toc).to.deep.equal([...builtIn.map((s) => [s.title, `#${s.id}`]), ['Low-latency SRT from OBS, step by step', `#${sectionId}`]]);
      expect(await publicPage.evaluate(() => window.__recoverableErrors ?? [])).to.deep.equal([]);
      await expectAccessible(publicPage, 'tutorial with a CMS material');
      await screenshot(publicPage, 'public-tutorial-cms');
    } finally {
      await visitor.close();
    }
  });

  let subscriptionId = '';
  it('creates a subscription for the new user and reads its purchase details: history and infrastructure defaults', async () => {
    await open(page, '/admin/subscriptions/list');
    await page.getByTestId('list-empty').waitFor();
    expect(await page.getByTestId('list-empty').textContent()).to.equal('No subscriptions yet.');
    await open(page, '/admin/subscriptions/create');
    const form = page.getByTestId('subscription-form');
    await form.waitFor();
    const user = page.getByTestId('subscription-user');
    await user.locator('option', { hasText: 'grace@navy.museum' }).waitFor({ state: 'attached' });
    const graceId = await user.locator('option', { hasText: 'grace@navy.museum' }).getAttribute('value');
    await user.selectOption(graceId!);
    // A cloud (SaaS) subscription: it has a server of ours, with the seed's defaults until edited.
    await form.getByLabel('Infrastructure').selectOption('saas');
    // With only free modules there is nothing to buy: the server says so under the modules.
    await page.getByTestId('save-subscription').click();
    expect(await form.getByTestId('error-modules').textContent()).to.equal('Modules must include at least one paid module');
    await dismissToasts(page);
    await form.getByLabel('Restreams').fill('6');
    await expectAccessible(page, 'subscription form');
    await page.getByTestId('save-subscription').click();
    await page.getByTestId('purchase-details').waitFor();
    subscriptionId = new URL(page.url()).searchParams.get('subscription')!;
    expect(subscriptionId).to.be.a('string').and.not.empty;
    await dismissToasts(page);

    // An administrator makes it Live without payment: only as a complimentary grant, with its reason, confirmed.
    expect(await page.getByTestId('grant-complimentary').isDisabled(), 'no reason yet').to.equal(true);
    await page.getByLabel('Reason for complimentary time').fill('Partner programme');
    await page.getByTestId('grant-complimentary').click();
    expect(await page.getByRole('group', { name: /Live without payment\? Nothing is charged/ }).count()).to.equal(1);
    await page.getByTestId('grant-complimentary-confirm').click();
    await expectToast(page, /complimentary time granted/);
    await page.locator('[data-testid="purchase-details"][data-status="SUBSCRIPTION_STATUS_ACTIVE"]').waitFor();
    await dismissToasts(page);

    await open(page, '/admin/subscriptions/list');
    await settled(page, 'subscriptions-list');
    const row = page.locator('[data-testid="subscriptions-list"] [data-testid="list-row"]');
    expect(await row.count()).to.equal(1);
    expect(await row.locator('td').nth(0).textContent()).to.match(/^Subscription \d{4}-\d{2}-\d{2}$/);
    expect(await row.locator('td').nth(1).textContent()).to.equal('grace@navy.museum');
    expect(await row.locator('td').nth(2).textContent()).to.equal('Live');
    await expectAccessible(page, 'subscriptions list');
    await screenshot(page, 'admin-subscriptions-list');

    await row.locator('td a').first().click();
    const details = page.getByTestId('purchase-details');
    await details.waitFor();
    expect(await details.locator('p.muted').first().textContent()).to.include('Customer: grace@navy.museum');
    const items = details.getByTestId('history-item');
    await items.first().waitFor();
    const types = await items.evaluateAll((list) => list.map((i) => i.getAttribute('data-type')));
    expect(types).to.include.members(['SubscriptionCreated']);
    expect(types.length, `history: ${types.join(', ')}`).to.be.greaterThan(1);
    // A new cloud subscription starts on the seed's default server (§9), stored with it.
    const infra = details.getByTestId('infrastructure');
    const fact = async (field: string) => (await infra.locator(`[data-field="${field}"] dd`).textContent())!;
    expect(await fact('data_center')).to.equal('IL-HA');
    expect(await fact('cpu')).to.equal('2B');
    expect(await fact('ram')).to.equal('256 MB');
    expect(await fact('disk_size_0')).to.equal('5 GB');
    expect(await fact('network_name_0')).to.equal('5000GB (default)');
    expect(await fact('power')).to.equal('On (default)');
    expect(await fact('billing')).to.equal('Hourly');
    await expectAccessible(page, 'purchase details');
    await screenshot(page, 'admin-purchase-details');

    // Edited infrastructure is stored and shown without the "default" mark; the edit is in the history too.
    await infra.getByRole('button', { name: 'Edit' }).click();
    await infra.getByLabel('Data centre').selectOption('AS-HKG');
    expect(await infra.getByLabel('Network (traffic)').inputValue()).to.equal('1000GB');
    await infra.getByLabel('RAM').selectOption('1024');
    await infra.getByRole('button', { name: 'Save' }).click();
    await expectToast(page, 'Infrastructure saved.');
    await page.waitForFunction(() => document.querySelector('[data-testid="infrastructure"] [data-field="data_center"] dd')?.textContent === 'AS-HKG');
    expect(await fact('ram')).to.equal('1024 MB');
    expect(await fact('network_name_0')).to.equal('1000GB');
    await page.reload({ waitUntil: 'domcontentloaded' });
    await infra.locator('[data-field="data_center"] dd', { hasText: 'AS-HKG' }).waitFor();
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="history-item"]').length > n, types.length);
    expect(errors.filter((e) => !/status of 4\d\d|Failed to load resource/.test(e))).to.deep.equal([]);
  });
});
