/** Content in the HTML (no content requests), lazy media and maps. */
import { expect } from 'chai';
import { collectErrors, locale, startHarness, visit, type Harness } from './support/site.js';

describe('content in the page, media and maps', function () {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => h?.close());

  it('public pages ask the API for no content: their texts, administrators’ changes included, are in the HTML', async () => {
    // The server puts published section overrides and added materials in the page it sends (e2e/site-copy.spec.ts);
    // nothing is fetched for content after hydration, so what a visitor reads never changes under them.
    const context = await h.context();
    const page = await context.newPage();
    const errors = collectErrors(page);
    const calls: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && calls.push(new URL(r.url()).pathname));
    for (const path of ['/how-to-use', '/ru/obs-multiple-streams', '/news', '/api-docs/video-players']) {
      await visit(page, path);
      await page.waitForLoadState('networkidle');
    }
    expect(calls).to.deep.equal([]);
    const sections = locale<{ sections: { title: string }[] }>('ru', 'tutorial-obs-multiple-streams').sections.map((s) => s.title);
    await visit(page, '/ru/obs-multiple-streams');
    expect(await page.locator('.prose section > h2').allTextContents()).to.include.members(sections);
    expect(errors).to.deep.equal([]);
    await context.close();
  });

  it('about: offices in Estonia and Cyprus with maps that load only when scrolled into view', async () => {
    const context = await h.context();
    const page = await context.newPage();
    await visit(page, '/about');
    const estonia = page.getByTestId('map-estonia');
    expect(await estonia.getAttribute('data-loaded')).to.equal('false');
    expect(await page.locator('iframe').count()).to.equal(0);
    await page.locator('#offices').scrollIntoViewIfNeeded();
    await page.waitForSelector('[data-testid="map-estonia"] iframe');
    expect(await page.locator('[data-testid="map-estonia"] iframe').getAttribute('src')).to.include('openstreetmap.org/export/embed.html');
    expect(await page.locator('[data-testid="map-cyprus"] iframe').getAttribute('title')).to.include('Limassol');
    await context.close();
  });

  it('product promo video: a poster until play is pressed, then a lazy <video> with the product clip', async () => {
    const context = await h.context();
    const page = await context.newPage();
    await visit(page, '/products/video-on-demand');
    const promo = page.getByTestId('promo-video');
    expect(await promo.locator('video').count()).to.equal(0);
    expect(await promo.locator('img').getAttribute('loading')).to.equal('lazy');
    const clip = page.waitForResponse('**/media/video-on-demand.webm');
    await promo.locator('button').click();
    expect(await promo.locator('video source').getAttribute('src')).to.equal('/media/video-on-demand.webm');
    expect((await clip).status()).to.be.oneOf([200, 206]);
    await context.close();
  });
});
