/** CMS-backed content, lazy media and maps. */
import { expect } from 'chai';
import { collectErrors, locale, startHarness, visit, type Harness } from './support/site.js';

const prop = (key: string, value: unknown, kind = 'TEXT') => ({ property_i18n: key, defaultValue: value, dataType: 'STRING', formEntityType: kind });

describe('content from the CMS, media and maps', function () {
  let h: Harness;
  before(async () => {
    h = await startHarness();
  });
  after(async () => h?.close());

  it('docs pages render the CMS materials for their URL, sanitised, and keep built-in content in the prerendered HTML', async () => {
    const context = await h.context();
    const requests: unknown[] = [];
    await context.route('**/admin/entry/getEntriesByURL', async (route) => {
      requests.push(route.request().postDataJSON());
      await route.fulfill({
        json: {
          data: [
            {
              _id: 'm2',
              entry_type: 'MATERIAL',
              url: '/how-to-use',
              createdAt: '2026-01-02T00:00:00Z',
              template: [prop('title', 'Second section'), prop('order', 2)],
            },
            {
              _id: 'm1',
              entry_type: 'MATERIAL',
              url: '/how-to-use',
              createdAt: '2026-01-01T00:00:00Z',
              template: [
                prop('title', 'Edited in the CMS'),
                prop('description', 'Written by an administrator.'),
                prop('body', '<p id="cms-p">Hello <img src="x" onerror="window.__xss=1"><script>window.__xss=2</script><a href="javascript:alert(1)">link</a></p>', 'EDITOR'),
                prop('order', 1),
              ],
            },
          ],
        },
      });
    });
    const page = await context.newPage();
    const errors = collectErrors(page);
    const response = await page.goto('/how-to-use');
    const raw = (await response?.text()) ?? '';
    const builtIn = locale<{ sections: { title: string }[] }>('en', 'page-how-to-use').sections[0]?.title ?? '';
    expect(raw).to.include(builtIn);
    const first = page.locator('[data-source="cms"] h2').first();
    await first.waitFor();
    expect(await page.locator('[data-source="cms"] h2').allTextContents()).to.deep.equal(['Edited in the CMS', 'Second section']);
    expect(await page.locator('#cms-p').textContent()).to.include('Hello');
    expect(await page.locator('[data-source="cms"] script').count()).to.equal(0);
    expect(await page.locator('[data-source="cms"] img').getAttribute('onerror')).to.equal(null);
    expect(await page.locator('[data-source="cms"] a').getAttribute('href')).to.equal(null);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).to.equal(undefined);
    // Replaced in the text and in the table of contents, whose links lead to the materials' sections.
    expect(await page.getByText(builtIn, { exact: true }).count()).to.equal(0);
    const toc = await page.locator('.aside-nav ul').last().locator('a').evaluateAll((links) => links.map((a) => [a.textContent, a.getAttribute('href')]));
    expect(toc).to.deep.equal([['Edited in the CMS', '#material-m1'], ['Second section', '#material-m2']]);
    expect(requests).to.deep.equal([{ url: '/how-to-use', locale: 'en' }]);
    // Expected reports: the sanitised <img src="x"> 404s, and under the real server's CSP (script-src-attr 'none')
    // Chrome reports the inline handler it met while DOMPurify parsed the material. Nothing ran (__xss above).
    expect(errors.filter((e) => !e.includes('Failed to load resource') && !/Executing inline event handler violates .*Content Security Policy/.test(e))).to.deep.equal([]);
    await context.close();
  });

  it('when the CMS call fails, the page keeps its built-in content and shows no error toast', async () => {
    const context = await h.context();
    await context.route('**/admin/entry/getEntriesByURL', (route) => route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'boom' } } }));
    const page = await context.newPage();
    await visit(page, '/ru/obs-multiple-streams');
    await page.waitForResponse('**/admin/entry/getEntriesByURL');
    await page.waitForTimeout(300);
    const sections = locale<{ sections: { title: string }[] }>('ru', 'tutorial-obs-multiple-streams').sections.map((s) => s.title);
    expect(await page.locator('.prose section > h2').allTextContents()).to.include.members(sections);
    expect(await page.getByTestId('toast').count()).to.equal(0);
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
