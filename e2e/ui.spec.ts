/** The seed's interface states and the shell's behaviour: login form, burger menu, cookies, theme, language, tooltip, toasts. */
import { expect } from 'chai';
import type { BrowserContext, Page } from 'playwright-core';
import { ANIMATION_MS, COOKIE_MAX_AGE_SECONDS, TOAST_TIMEOUT_MS, TOOLTIP } from '@relaycast/contracts/constants';
import { describeViolations, seriousViolations } from './support/axe.js';
import { collectErrors, locale, SCREENSHOTS, startHarness, visit, type Harness } from './support/site.js';

const hashOf = (page: Page) => page.evaluate(() => location.hash);

describe('interface states and the site shell', function () {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => h?.close());

  describe('login form and burger menu', () => {
    let context: BrowserContext;
    let page: Page;
    beforeEach(async () => {
      context = await h.context({ viewport: { width: 390, height: 844 } });
      page = await context.newPage();
      await visit(page, '/faq');
    });
    afterEach(async () => context.close());

    it('opening the login form sets #login; closing it clears the URL hash', async () => {
      await page.click('.login-button');
      await page.waitForSelector('#login-form');
      expect(await hashOf(page)).to.equal('#login');
      await page.click('#login-form button[aria-label]');
      await page.waitForSelector('#login-form', { state: 'detached' });
      expect(await hashOf(page)).to.equal('');
      expect(page.url()).not.to.include('#');
    });

    it('Escape closes the login form and clears the hash; arriving with #login opens it', async () => {
      await visit(page, '/faq#login');
      await page.waitForSelector('#login-form');
      await page.keyboard.press('Escape');
      await page.waitForSelector('#login-form', { state: 'detached' });
      expect(page.url()).not.to.include('#');
    });

    it('opening the burger menu closes the login form, and opening the login form closes the burger menu', async () => {
      const burger = page.locator('button.burger');
      await page.click('.login-button');
      await page.waitForSelector('#login-form');
      await burger.click();
      await page.waitForSelector('#login-form', { state: 'detached' });
      expect(await burger.getAttribute('aria-expanded')).to.equal('true');
      expect(await page.locator('#main-menu').isVisible()).to.equal(true);
      expect(await hashOf(page)).to.equal('');

      await page.click('.login-button');
      await page.waitForSelector('#login-form');
      expect(await burger.getAttribute('aria-expanded')).to.equal('false');
      expect(await page.locator('#main-menu').isVisible()).to.equal(false);
    });

    it('the login form offers Google sign-in (returning to this page) and the email form', async () => {
      await page.click('.login-button');
      const google = page.locator('#login-form a.btn-google');
      expect(await google.getAttribute('href')).to.equal('/auth/google?returnTo=%2Ffaq');
      expect(await page.locator('#login-form input[type="email"]').count()).to.equal(1);
      expect(await page.locator('#login-form input[type="password"]').count()).to.equal(1);
      await page.click('#login-form button[type="submit"]');
      // Each empty field says what to enter, under it.
      expect(await page.locator('#login-form [data-testid="error-email"]').textContent()).to.equal('Enter your email address.');
      expect(await page.locator('#login-form [data-testid="error-password"]').textContent()).to.equal('Enter your password.');
    });

    // Public pages are islands (web/README.md): a link to another public page loads that page's HTML.
    it('burger menu links lead to the page, with the menu closed', async () => {
      await page.click('button.burger');
      await page.click('#main-menu button[aria-controls="menu-company"]');
      await page.click('#menu-company a[href="/news"]');
      await page.waitForURL('**/news');
      await page.waitForFunction(() => document.querySelector('h1')?.textContent === 'What is new at Relaycast');
      await page.waitForSelector('html[data-hydrated="true"]');
      expect(await page.title()).to.equal('News and release notes | Relaycast');
      expect(await page.locator('button.burger').getAttribute('aria-expanded')).to.equal('false');
    });
  });

  it('at 360 px wide nothing overflows sideways, and the mobile layout (burger menu open) has no serious axe violations', async () => {
    const context = await h.context({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    for (const path of ['/', '/products/video-api', '/pricing', '/ru/api-docs/video-on-demand-engine-documentation', '/about', '/ru/linux-self-hosted-solution-installation-guide']) {
      await visit(page, path);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${path} overflows by ${overflow}px`).to.be.at.most(0);
      await page.click('button.burger');
      const violations = await seriousViolations(page);
      expect(violations, `${path}\n${describeViolations(violations)}`).to.deep.equal([]);
    }
    await context.close();
  });

  it('shows the cookie window until accepted; accepting saves the consent cookie (30 days, path /) and hides it', async () => {
    const context = await h.context();
    const page = await context.newPage();
    await visit(page, '/');
    const windowEl = page.getByTestId('cookie-window');
    await windowEl.waitFor();
    const before = Date.now() / 1000;
    await windowEl.getByTestId('cookie-accept').click();
    await windowEl.waitFor({ state: 'detached' });
    const cookie = (await context.cookies()).find((c) => c.name === 'cookie_consent');
    expect(cookie?.value).to.equal('true');
    expect(cookie?.path).to.equal('/');
    expect(cookie?.expires).to.be.closeTo(before + COOKIE_MAX_AGE_SECONDS, 60);
    await visit(page, '/pricing');
    await page.waitForTimeout(300);
    expect(await page.getByTestId('cookie-window').count()).to.equal(0);
    await context.close();
  });

  it('the sign-in popover fits a 1366 × 768 window: signing in and signing up, every field and the button in view without scrolling', async () => {
    const context = await h.context({ viewport: { width: 1366, height: 768 } });
    const page = await context.newPage();
    await visit(page, '/pricing');
    await page.click('.login-button');
    const popover = page.locator('#login-form');
    for (const mode of ['sign-in', 'sign-up'] as const) {
      if (mode === 'sign-up') await popover.getByTestId('mode-sign-up').click();
      const form = popover.getByTestId(`${mode}-form`);
      await form.waitFor();
      await page.screenshot({ path: `${SCREENSHOTS}/ui-popover-1366x768-${mode}.png` });
      const box = (await popover.boundingBox())!;
      const submit = (await form.locator('button[type="submit"]').boundingBox())!;
      expect(box.y + box.height, `${mode}: the popover ends inside the window`).to.be.at.most(768);
      expect(submit.y + submit.height, `${mode}: its button is in view`).to.be.at.most(box.y + box.height);
      // Nothing to scroll inside it either: it is not cut by its own frame.
      expect(await popover.evaluate((el) => el.scrollHeight - el.clientHeight), `${mode}: no scrolling inside`).to.be.at.most(1);
    }
    await context.close();
  });

  it('refusing is as easy as accepting: a button of the same size beside it; refused, the notice stays away and nothing is measured (no measuring cookie, no conversion event)', async () => {
    const context = await h.context();
    const page = await context.newPage();
    await visit(page, '/pricing');
    const windowEl = page.getByTestId('cookie-window');
    await windowEl.waitFor();
    const [accept, refuse] = await Promise.all([windowEl.getByTestId('cookie-accept').boundingBox(), windowEl.getByTestId('cookie-refuse').boundingBox()]);
    expect(await windowEl.getByTestId('cookie-refuse').textContent()).to.equal('Refuse measuring');
    expect([Math.round(refuse!.width), Math.round(refuse!.height)], 'the same size').to.deep.equal([Math.round(accept!.width), Math.round(accept!.height)]);
    expect(Math.abs(refuse!.y - accept!.y), 'side by side').to.be.below(2);
    const cookiesBefore = (await context.cookies()).map((c) => c.name).sort();
    await windowEl.getByTestId('cookie-refuse').click();
    await windowEl.waitFor({ state: 'detached' });
    // The refusal is remembered (so the question is not asked on every page) — and it is the only cookie it sets.
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'cookie_consent')?.value).to.equal('false');
    expect(cookies.map((c) => c.name).sort()).to.deep.equal([...cookiesBefore, 'cookie_consent'].sort());
    // The calculator used: no conversion event reaches the dataLayer (what a tag manager would measure with).
    const field = (name: string) => page.locator(`[data-testid="calculator"] [name="${name}"]`);
    await field('publishers').fill('30');
    await field('publishers').press('Tab');
    await field('viewers').fill('2000');
    await field('viewers').press('Tab');
    await page.waitForTimeout(1_000); // past the event's 400 ms debounce
    expect(await page.evaluate(() => window.dataLayer)).to.equal(undefined);
    expect((await context.cookies()).map((c) => c.name).sort(), 'no measuring cookie').to.deep.equal([...cookiesBefore, 'cookie_consent'].sort());
    // Another page: the notice does not come back.
    await visit(page, '/faq');
    await page.waitForTimeout(300);
    expect(await page.getByTestId('cookie-window').count()).to.equal(0);
    await context.close();
  });

  it('theme: first visit follows prefers-color-scheme, the toggle switches and persists across visits', async () => {
    const context = await h.context({ colorScheme: 'dark' });
    const page = await context.newPage();
    await visit(page, '/');
    expect(await page.getAttribute('html', 'data-theme')).to.equal('dark');
    const toggle = page.locator('button.theme-toggle');
    expect(await toggle.getAttribute('aria-label')).to.equal('Switch to the light theme');
    await toggle.click();
    expect(await page.getAttribute('html', 'data-theme')).to.equal('light');
    expect(await toggle.getAttribute('aria-label')).to.equal('Switch to the dark theme');
    const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(bg).to.equal('rgb(255, 255, 255)');
    expect((await context.cookies()).find((c) => c.name === 'theme')?.value).to.equal('light');
    // The head script applies the saved theme before the first paint of the next page.
    await page.goto('/faq', { waitUntil: 'commit' });
    await page.waitForSelector('html[data-theme]');
    expect(await page.getAttribute('html', 'data-theme')).to.equal('light');
    await context.close();
  });

  it('language selector: switches to the same page in Russian, remembers the choice and follows it later', async () => {
    const context = await h.context();
    const page = await context.newPage();
    const errors = collectErrors(page);
    await visit(page, '/faq');
    const button = page.locator('button[aria-controls="language-menu"]');
    await button.click();
    expect(await button.getAttribute('aria-expanded')).to.equal('true');
    expect(await page.locator('#language-menu a[hreflang="ru"]').getAttribute('href')).to.equal('/ru/faq');
    await page.click('#language-menu a[hreflang="ru"]');
    await page.waitForURL('**/ru/faq');
    await page.waitForFunction(() => document.documentElement.lang === 'ru');
    expect(await page.textContent('h1')).to.equal(locale<{ hero: { title: string } }>('ru', 'page-faq').hero.title);
    expect(await page.title()).to.equal(`${locale<{ meta: { title: string } }>('ru', 'page-faq').meta.title} | Relaycast`);
    expect((await context.cookies()).find((c) => c.name === 'language')?.value).to.equal('ru');
    expect(await button.getAttribute('aria-expanded')).to.equal('false');
    await visit(page, '/news');
    await page.waitForURL('**/ru/news');
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('a first visit with a Russian browser (ru-RU) lands on the Russian page; English browsers stay on /ru pages they open', async () => {
    const ruContext = await h.context({ locale: 'ru-RU' });
    const ru = await ruContext.newPage();
    await visit(ru, '/pricing');
    await ru.waitForURL('**/ru/pricing');
    await ruContext.close();
    const enContext = await h.context({ locale: 'en-GB' });
    const en = await enContext.newPage();
    await visit(en, '/ru/pricing');
    await en.waitForTimeout(300);
    expect(new URL(en.url()).pathname).to.equal('/ru/pricing');
    await enContext.close();
  });

  it('the general tooltip appears 10 px from its target after hovering and unmounts after it hides', async () => {
    const context = await h.context();
    const page = await context.newPage();
    await visit(page, '/');
    // The tooltip host loads right after hydration with the other shell extras (the toasts region marks it).
    await page.locator('.toasts').waitFor({ state: 'attached' });
    const toggle = page.locator('button.theme-toggle');
    await toggle.hover();
    const tip = page.locator('#app-tooltip[role="tooltip"]');
    await tip.waitFor();
    expect(await tip.textContent()).to.equal(await toggle.getAttribute('aria-label'));
    expect(await toggle.getAttribute('aria-describedby')).to.equal('app-tooltip');
    const [t, b] = await Promise.all([tip.boundingBox(), toggle.boundingBox()]);
    if (!t || !b) throw new Error('no boxes');
    // Below the header's button (no room above): its top edge is offsetPx under the button.
    expect(Math.round(t.y - (b.y + b.height))).to.be.closeTo(TOOLTIP.offsetPx, 1);
    expect(await tip.evaluate((el) => getComputedStyle(el).transitionDuration)).to.equal(`${TOOLTIP.fadeMs / 1000}s`);
    await page.mouse.move(5, 600);
    await tip.waitFor({ state: 'detached', timeout: TOOLTIP.fadeMs + TOOLTIP.unmountDelayMs + 1000 });
    await context.close();
  });

  it('toasts: copying a code sample shows a toast that leaves after 5,000 ms with a 400 ms animation', async () => {
    const context = await h.context({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    await visit(page, '/api-docs');
    await page.locator('.copy-btn').first().click();
    const toast = page.getByTestId('toast');
    await toast.waitFor();
    // Timed from its appearance, not after the checks below (a slow clipboard read on a loaded machine took the
    // margin away).
    const shown = Date.now();
    expect(await toast.textContent()).to.include('Copied to the clipboard');
    expect(await toast.evaluate((el) => getComputedStyle(el).animationDuration)).to.equal(`${ANIMATION_MS / 1000}s`);
    expect(await page.evaluate(() => navigator.clipboard.readText())).to.include('x-access-token');
    await page.waitForTimeout(Math.max(0, shown + TOAST_TIMEOUT_MS - 800 - Date.now()));
    expect(await toast.count()).to.equal(1);
    await toast.waitFor({ state: 'detached', timeout: 3000 });
    expect(Date.now() - shown).to.be.at.least(TOAST_TIMEOUT_MS + ANIMATION_MS - 900);
    await context.close();
  });

  it('signed in (strategy cookie + getUser): the account menu expands and collapses, admins see the admin entries', async () => {
    const context = await h.context();
    await context.addCookies([{ name: 'auth_strategy', value: 'google', url: h.site.baseUrl }]);
    await context.route('**/auth/google/getUser', (route) =>
      route.fulfill({ json: { data: { _id: 'u1', email: 'ada@example.com', givenName: 'Ada', familyName: 'Admin', role: 'ROLE_ADMIN' } } }),
    );
    const page = await context.newPage();
    await visit(page, '/');
    const button = page.locator('button[aria-controls="account-menu"]');
    await button.waitFor();
    expect(await button.textContent()).to.include('Ada Admin');
    expect(await button.getAttribute('aria-expanded')).to.equal('false');
    await button.click();
    expect(await button.getAttribute('aria-expanded')).to.equal('true');
    const items = await page.locator('#account-menu a').allTextContents();
    expect(items).to.include.members(['Buy a licence', 'Subscriptions', 'Users', 'Templates', 'Materials']);
    await button.click();
    expect(await button.getAttribute('aria-expanded')).to.equal('false');
    await context.close();
  });

  it('a failing API call with a validation error shows the validator message as an error toast, in the reader’s language', async () => {
    const context = await h.context();
    const refusal = { error: { code: 'VALIDATION_FAILED', message: 'email must be a valid email address', details: [{ field: 'email', message: 'must be a valid email address', rule: 'email' }] } };
    await context.route('**/auth/local/signin', (route) => route.fulfill({ status: 400, json: refusal }));
    const page = await context.newPage();
    for (const [path, words] of [['/#login', 'Email must be a valid email address'], ['/ru/#login', 'Электронная почта: должна быть правильным адресом']] as const) {
      await visit(page, path);
      await page.fill('#login-form input[type="email"]', 'nope');
      await page.fill('#login-form input[type="password"]', 'secret');
      await page.click('#login-form button[type="submit"]');
      const toast = page.locator('[data-testid="toast"][role="alert"]').last();
      await toast.waitFor();
      expect(await toast.textContent()).to.include(words);
      expect(await toast.textContent(), 'no English server sentence, no field path').to.not.include('email must be');
    }
    await context.close();
  });
});
