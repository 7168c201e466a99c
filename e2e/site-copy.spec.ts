/**
 * The site's copy as editable content (issue 23), against the real server (read-api + web/dist + its server renderer):
 * an administrator opens Site pages, edits one section of /how-to-use in the admin area, saves a draft, previews it,
 * publishes it; a visitor then gets that section's new texts in the page's HTML — with scripts and without — and the
 * rest of the guide as it was, in that language only; the administrator reverts it. The same in Russian.
 * Screenshots: e2e/output/screenshots/site-copy-*.png.
 */
import { expect } from 'chai';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { ADMIN, acceptCookies, apiFromPage, dismissToasts, expectAccessible, expectToast, open, printServerLogOnFailure, screenshot, startAppSession, stopAppSession, type AppServer } from './support/app-server.js';
import { locale } from './support/site.js';

type Article = { hero: { title: string }; sections: { id: string; title: string; blocks: { p?: string }[] }[] };
const en = locale<Article>('en', 'page-how-to-use');
const ru = locale<Article>('ru', 'page-how-to-use');
const titles = (a: Article) => a.sections.map((s) => s.title);
const connectTitle = (a: Article) => a.sections.find((s) => s.id === 'connect')!.title;

const EN_TITLE = '3. Connect your encoder over SRT';
const EN_TEXT = 'Create an input in the dashboard, copy its SRT address and paste it into your encoder.';
const RU_TITLE = '3. Подключите энкодер по SRT';

describe('site pages: one section of a built-in page edited in the admin area, in the page’s HTML for visitors (real server)', function () {
  this.timeout(180_000);
  let app: AppServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let errors: string[];

  before(async () => {
    ({ app, browser, context, page, errors } = await startAppSession());
    await open(page, '/');
    await acceptCookies(page);
    expect((await apiFromPage(page, '/auth/local/signin', ADMIN)).status).to.equal(200);
  });
  after(() => stopAppSession({ app, browser, context }));
  afterEach(function () {
    printServerLogOnFailure(this, app);
  });

  /** A visitor's view of a page: a fresh context (no session), with or without JavaScript. */
  async function visit(path: string, javaScriptEnabled = true): Promise<{ html: string; h2: string[]; byline: string | null; recovered: string[]; close: () => Promise<void> }> {
    const visitor = await app.context(browser, { javaScriptEnabled });
    const p = await visitor.newPage();
    const response = await p.goto(path, { waitUntil: 'domcontentloaded' });
    const html = (await response?.text()) ?? '';
    if (javaScriptEnabled) await p.waitForSelector('html[data-hydrated="true"]', { timeout: 15_000 });
    const h2 = await p.locator('.prose > section > h2').allTextContents();
    const byline = await p.getByTestId('byline').textContent().catch(() => null);
    const recovered = javaScriptEnabled ? await p.evaluate(() => window.__recoverableErrors ?? []) : [];
    return { html, h2, byline, recovered, close: () => visitor.close() };
  }

  /** The section's row on the page editor. */
  const sectionRow = (key: string) => page.locator(`[data-testid="site-section"][data-section="${key}"]`);

  it('Site pages lists the built-in pages; a page shows its sections with their texts in the chosen language', async () => {
    await open(page, '/admin');
    await page.getByTestId('admin-nav-pages').click();
    await page.getByTestId('site-pages').waitFor();
    const row = page.locator('[data-testid="site-page"][data-url="/how-to-use"]');
    // Named by its search title up to the colon, with its address under it.
    expect(await row.locator('td').first().locator('a').textContent()).to.equal('How to use Relaycast');
    expect(await row.locator('td').first().locator('.site-page-address').textContent()).to.equal('/how-to-use');
    expect(await row.getAttribute('data-published')).to.equal('0');
    await expectAccessible(page, 'site pages');
    await screenshot(page, 'site-copy-en-pages');
    await row.getByRole('link', { name: 'How to use Relaycast' }).click();
    await page.getByTestId('site-page-editor').waitFor();
    const names = await page.locator('[data-testid="site-section"] .site-section-name strong').allTextContents();
    expect(names).to.include.members(titles(en));
    expect(names.slice(0, 2)).to.deep.equal(['Title and description for search engines', 'Top of the page']);
    expect(await sectionRow('sections/connect').getByTestId('section-state').textContent()).to.equal('Built-in text');
  });

  it('edits one section: a draft, which visitors do not see, previewed as the page will look', async () => {
    await sectionRow('sections/connect').getByTestId('edit-section').click();
    const editor = page.getByTestId('section-editor');
    await editor.waitFor();
    expect(new URL(page.url()).searchParams.get('section')).to.equal('sections/connect');
    expect(await editor.getByLabel('Heading').inputValue()).to.equal(connectTitle(en));
    await editor.getByLabel('Heading').fill(EN_TITLE);
    await editor.getByLabel('Block 1 · Paragraph').fill(EN_TEXT);
    expect(await editor.getByTestId('unsaved').count()).to.equal(1);
    await editor.getByTestId('save-section').click();
    await expectToast(page, 'Draft saved. Visitors still see the published texts.');
    await dismissToasts(page);
    expect(await sectionRow('sections/connect').getByTestId('section-state').textContent()).to.equal('Draft, not published');
    expect(await editor.locator('.builtin-text').first().textContent()).to.equal(`Built-in text: ${connectTitle(en)}`);

    const draft = await visit('/how-to-use');
    expect(draft.html).to.not.include(EN_TITLE);
    await draft.close();

    await editor.getByTestId('preview-section').click();
    const frame = page.frameLocator('[data-testid="page-preview"]');
    await frame.getByTestId('preview-notice').waitFor({ timeout: 15_000 });
    expect(await frame.locator('#connect h2').textContent()).to.equal(EN_TITLE);
    expect(await frame.locator('#install h2').textContent()).to.equal(en.sections.find((s) => s.id === 'install')!.title);
    await expectAccessible(page, 'section editor with preview');
    await screenshot(page, 'site-copy-en-editor');
  });

  it('published: visitors get the section’s new texts in the HTML, the rest of the guide intact, with and without JavaScript', async () => {
    const editor = page.getByTestId('section-editor');
    await editor.getByTestId('publish-section').click();
    await editor.getByTestId('publish-section-confirm').click();
    await expectToast(page, 'Published: visitors now see the new texts of this section.');
    await dismissToasts(page);
    expect(await sectionRow('sections/connect').getByTestId('section-state').textContent()).to.equal('Changed and published');

    const expected = titles(en).map((t) => (t === connectTitle(en) ? EN_TITLE : t));
    const withJs = await visit('/how-to-use');
    expect(withJs.html).to.include(`<h2 id="connect-title">${EN_TITLE}</h2>`).and.include(EN_TEXT);
    expect(withJs.h2.slice(0, expected.length)).to.deep.equal(expected);
    expect(withJs.recovered, 'hydration matched the server’s HTML').to.deep.equal([]);
    expect(withJs.byline).to.match(/^Reading time: about \d+ min$/);
    await withJs.close();

    const withoutJs = await visit('/how-to-use', false);
    expect(withoutJs.h2.slice(0, expected.length)).to.deep.equal(expected);
    await withoutJs.close();

    const russian = await visit('/ru/how-to-use');
    expect(russian.h2.slice(0, ru.sections.length)).to.deep.equal(titles(ru));
    await russian.close();

    // A link from another public page reaches it with the new texts too: public pages are islands (web/README.md),
    // so the link loads the page's HTML, which the server renders with the override.
    const visitor = await app.context(browser);
    const p = await visitor.newPage();
    await open(p, '/faq');
    await p.evaluate(() => document.querySelector<HTMLAnchorElement>('a[href="/how-to-use"]')!.click());
    await p.waitForURL('**/how-to-use');
    await p.locator('#connect h2').waitFor();
    expect(await p.locator('#connect h2').textContent()).to.equal(EN_TITLE);
    await screenshot(p, 'site-copy-en-public');
    await visitor.close();

    await open(page, '/admin/pages');
    expect(await page.locator('[data-testid="site-page"][data-url="/how-to-use"]').getAttribute('data-published')).to.equal('1');
  });

  it('Russian: its own override, in Russian only', async () => {
    await open(page, '/ru/admin/pages/edit?url=/how-to-use&section=sections/connect');
    const editor = page.getByTestId('section-editor');
    await editor.waitFor();
    expect(await page.getByTestId('texts-language').inputValue()).to.equal('ru');
    expect(await editor.getByLabel('Заголовок').inputValue()).to.equal(connectTitle(ru));
    await editor.getByLabel('Заголовок').fill(RU_TITLE);
    await editor.getByTestId('save-section').click();
    await expectToast(page, 'Черновик сохранён. Посетители по-прежнему видят опубликованные тексты.');
    await dismissToasts(page);
    await editor.getByTestId('publish-section').click();
    await editor.getByTestId('publish-section-confirm').click();
    await expectToast(page, 'Опубликовано: посетители видят новые тексты этого раздела.');
    await dismissToasts(page);
    await screenshot(page, 'site-copy-ru-editor');
    await open(page, '/ru/admin/pages');
    await page.getByTestId('site-pages').waitFor();
    await screenshot(page, 'site-copy-ru-pages');

    const russian = await visit('/ru/how-to-use');
    expect(russian.html).to.include(`<h2 id="connect-title">${RU_TITLE}</h2>`);
    expect(russian.h2.slice(0, ru.sections.length)).to.deep.equal(titles(ru).map((t) => (t === connectTitle(ru) ? RU_TITLE : t)));
    expect(russian.recovered).to.deep.equal([]);
    await russian.close();
    const visitor = await app.context(browser);
    const p = await visitor.newPage();
    await open(p, '/ru/how-to-use');
    await screenshot(p, 'site-copy-ru-public');
    await visitor.close();
    const english = await visit('/how-to-use');
    expect(english.html).to.include(EN_TITLE).and.not.include(RU_TITLE);
    await english.close();
  });

  it('revert: the section shows its built-in text again', async () => {
    await open(page, '/admin/pages/edit?url=/how-to-use&language=en&section=sections/connect');
    const editor = page.getByTestId('section-editor');
    await editor.waitFor();
    await editor.getByTestId('revert-section').click();
    await editor.getByTestId('revert-section-confirm').click();
    await expectToast(page, 'The section shows its built-in text again.');
    await dismissToasts(page);
    expect(await sectionRow('sections/connect').getByTestId('section-state').textContent()).to.equal('Built-in text');
    expect(await page.getByTestId('section-editor').getByLabel('Heading').inputValue()).to.equal(connectTitle(en));
    const visitor = await visit('/how-to-use');
    expect(visitor.h2.slice(0, en.sections.length)).to.deep.equal(titles(en));
    expect(visitor.html).to.not.include(EN_TITLE);
    await visitor.close();
    const russian = await visit('/ru/how-to-use');
    expect(russian.html, 'the Russian override stays').to.include(RU_TITLE);
    await russian.close();
  });

  it('no errors in the browser console on the way', () => {
    expect(errors.filter((e) => !/status of 4\d\d|Failed to load resource/.test(e))).to.deep.equal([]);
  });
});
