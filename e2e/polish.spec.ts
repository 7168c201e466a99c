/**
 * Site-wide details of issue 23, in the built site (real server, test clock on so its banner shows): the theme button's
 * tooltip follows the theme; Escape closes the burger menu and gives the focus back to its button; the cookie window
 * and the test clock's banner leave a video's controls clickable and the end of the page readable; a phone's header
 * shows a signed-in user's initials with the whole name in the menu; Russian API docs show the Russian picture and
 * Russian units. Screenshots: e2e/output/screenshots/polish-*.png.
 */
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { locale, SCREENSHOTS, startHarness, visit, type Harness } from './support/site.js';

const common = locale<{ theme: { toDark: string; toLight: string }; nav: { openMenu: string; closeMenu: string } }>('en', 'common');

/** What is drawn at a point of the window: the test id of the closest marked element, or the tag. */
async function hitAt(page: Page, x: number, y: number): Promise<string> {
  return page.evaluate(([px, py]) => {
    const el = document.elementFromPoint(px!, py!);
    return el?.closest('[data-testid]')?.getAttribute('data-testid') ?? el?.tagName.toLowerCase() ?? 'nothing';
  }, [x, y]);
}

describe('site-wide details: tooltip, burger menu, bars at the bottom, phone header, Russian pictures and units', function () {
  this.timeout(120_000);
  let h: Harness;
  before(async () => {
    h = await startHarness({ BILLING_CLOCK: 'test', BILLING_CLOCK_START: '2026-01-31T10:00:00Z' });
  });
  after(async () => h?.close());

  it('the theme button’s tooltip says what the next click does, also right after a click', async () => {
    const context = await h.context({ colorScheme: 'light' });
    const page = await context.newPage();
    await visit(page, '/');
    await page.getByTestId('cookie-window').waitFor(); // the shell's extras (the tooltip among them) are loaded
    const button = page.locator('.theme-toggle');
    await button.hover();
    const tooltip = page.getByRole('tooltip');
    expect(await tooltip.textContent({ timeout: 5000 })).to.equal(common.theme.toDark);
    await button.click();
    await page.waitForFunction((text) => document.querySelector('[role="tooltip"]')?.textContent === text, common.theme.toLight, { timeout: 5000 });
    expect(await page.getAttribute('html', 'data-theme')).to.equal('dark');
    await button.click();
    await page.waitForFunction((text) => document.querySelector('[role="tooltip"]')?.textContent === text, common.theme.toDark, { timeout: 5000 });
    await context.close();
  });

  it('Escape closes the burger menu and puts the focus back on its button', async () => {
    const context = await h.context({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await visit(page, '/pricing');
    const burger = page.locator('button.burger');
    await burger.click();
    await page.locator('#main-menu.is-open').waitFor();
    expect(await burger.getAttribute('aria-label')).to.equal(common.nav.closeMenu);
    await page.locator('#main-menu a').first().focus();
    await page.keyboard.press('Escape');
    await page.locator('#main-menu.is-open').waitFor({ state: 'detached' });
    expect(await burger.getAttribute('aria-expanded')).to.equal('false');
    expect(await page.evaluate(() => document.activeElement?.classList.contains('burger'))).to.equal(true);
    await context.close();
  });

  it('the cookie window and the test clock banner leave the promo video’s controls clickable and the page’s end clear', async () => {
    const context = await h.context({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await visit(page, '/products/video-on-demand');
    const bars = page.getByTestId('bottom-overlays');
    await page.getByTestId('cookie-window').waitFor();
    await page.getByTestId('test-clock-banner').waitFor();
    const barsTop = (await bars.boundingBox())!.y;
    // The worst place for the video: scrolled into view at the bottom of the window.
    const promo = page.getByTestId('promo-video');
    await promo.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    let box = (await promo.boundingBox())!;
    expect(box.y + box.height, 'the video ends above the bars').to.be.at.most(barsTop + 1);
    // Play without force: the click would fail if the bars covered the button.
    await promo.locator('button').click({ timeout: 5000 });
    const video = promo.locator('video');
    await video.waitFor();
    await video.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    box = (await video.boundingBox())!;
    // The native controls sit along the video's bottom edge: that strip is the video's, not a bar's.
    for (const x of [box.x + 24, box.x + box.width / 2, box.x + box.width - 24]) expect(await hitAt(page, x, box.y + box.height - 12)).to.equal('promo-video');
    await page.screenshot({ path: `${SCREENSHOTS}/polish-video-under-bars.png` });
    // The end of the page scrolls clear of the bars.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const last = page.locator('footer').locator('a, p').last();
    const end = (await last.boundingBox())!;
    expect(end.y + end.height).to.be.at.most(barsTop + 1);
    await context.close();
  });

  it('a phone’s header shows a signed-in user’s initials; the menu shows the whole name', async () => {
    const context = await h.context({ viewport: { width: 375, height: 740 } });
    const page = await context.newPage();
    await visit(page, '/');
    const registered = await page.evaluate(async () => {
      const res = await fetch('/auth/local/register', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'annabelle@polish.test', password: 'violet-harbour-42-lantern', givenName: 'Annabelle', familyName: 'Lee-Winterbottom', privacy_policy_confirm: true }),
      });
      return res.status;
    });
    expect(registered).to.equal(201);
    await visit(page, '/pricing');
    const button = page.locator('.account-menu > button');
    await button.waitFor();
    expect(await button.locator('.avatar-initials').textContent()).to.equal('AL');
    expect((await page.getByTestId('account-name').boundingBox())!.width, 'the name is the button’s label, not cut on screen').to.be.at.most(1);
    expect(await button.getAttribute('aria-expanded')).to.equal('false');
    expect(await page.getByRole('button', { name: 'Annabelle Lee-Winterbottom' }).count()).to.equal(1);
    const right = await button.evaluate((el) => el.getBoundingClientRect().right);
    expect(right).to.be.at.most(375);
    await button.click();
    expect(await page.getByTestId('menu-user').locator('strong').textContent()).to.equal('Annabelle Lee-Winterbottom');
    expect(await page.getByTestId('menu-user').locator('span').textContent()).to.equal('annabelle@polish.test');
    await page.getByTestId('menu-user').evaluate((el) => el.scrollIntoView());
    await page.screenshot({ path: `${SCREENSHOTS}/polish-phone-account-menu.png` });
    await context.close();
  });

  it('Russian API docs show the Russian picture; Russian pricing says Мбит/с', async () => {
    const context = await h.context();
    const page = await context.newPage();
    await visit(page, '/ru/api-docs/multi-streaming-engine-documentation');
    const figure = page.locator('.prose figure img').first();
    expect(await figure.getAttribute('src')).to.equal('/img/products/multi-streaming/feature-1.ru.svg');
    expect((await page.request.get('/img/products/multi-streaming/feature-1.ru.svg')).status()).to.equal(200);
    await visit(page, '/api-docs/multi-streaming-engine-documentation');
    expect(await page.locator('.prose figure img').first().getAttribute('src')).to.equal('/img/products/multi-streaming/feature-1.svg');
    await visit(page, '/ru/pricing');
    const options = await page.locator('[data-testid="calculator"] select[name="videoMode"] option').allTextContents();
    expect(options.length).to.be.greaterThan(0);
    for (const o of options) expect(o).to.match(/ Мбит\/с$/).and.not.include('Mbit');
    expect(await page.getByTestId('calculator-results').textContent()).to.include('Мбит/с').and.not.include('Mbit/s');
    await context.close();
  });
});
