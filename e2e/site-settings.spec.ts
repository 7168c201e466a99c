/**
 * Issue 16: deployment settings at run time, not build time. The real server puts PUBLIC_URL, CONTACT_EMAIL,
 * CLOUD_MARKETPLACE_URL and DOWNLOADS_URL where the build put placeholders — in every page, the SPA shell, the
 * 404 pages, the sitemap, robots.txt and the locale texts — and leaves the contact address and the marketplace
 * buttons out when they are not set. The browser reads the same settings, so pages hydrate without a mismatch.
 */
import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startAppServer, startAppSession, stopAppSession, type AppServer } from './support/app-server.js';

const ROUTES = JSON.parse(readFileSync(fileURLToPath(new URL('../web/dist/routes.json', import.meta.url)), 'utf8')) as { prerendered: string[] };
const PLACEHOLDER = /relaycast\.example|example-cloud\.com/;

async function text(app: AppServer, path: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${app.baseUrl}${path}`);
  return { status: res.status, body: await res.text() };
}

describe('deployment settings at run time (real server)', function () {
  this.timeout(120_000);

  describe('with PUBLIC_URL, CONTACT_EMAIL, CLOUD_MARKETPLACE_URL and DOWNLOADS_URL set', () => {
    let app: AppServer;
    before(async () => {
      app = await startAppServer({
        PUBLIC_URL: 'https://stream.example.org',
        CONTACT_EMAIL: 'sales@stream.example.org',
        CLOUD_MARKETPLACE_URL: 'https://cloud.example.net/listing/relaycast',
        DOWNLOADS_URL: 'https://get.stream.example.org',
      });
    });
    after(async () => app?.close());

    it('no served page, shell, 404, sitemap, robots or locale text names a placeholder domain', async () => {
      const paths = [...ROUTES.prerendered, '/user/buy-new-licence', '/ru/admin/users/list', '/no-such-page', '/ru/no-such-page', '/sitemap.xml', '/robots.txt', '/locales/en/page-how-to-use.json', '/locales/ru/page-linux-install.json'];
      const found: string[] = [];
      for (const path of paths) {
        const { status, body } = await text(app, path);
        expect(status, path).to.be.oneOf([200, 404]);
        const match = PLACEHOLDER.exec(body);
        if (match) found.push(`${path}: …${body.slice(Math.max(0, match.index - 60), match.index + 40)}…`);
      }
      expect(found, found.join('\n')).to.deep.equal([]);
    });

    it('puts the settings where people and crawlers read them', async () => {
      const home = (await text(app, '/')).body;
      expect(home).to.include('<link rel="canonical" href="https://stream.example.org/"');
      expect(home).to.include('href="mailto:sales@stream.example.org"');
      const ru = (await text(app, '/ru/pricing')).body;
      expect(ru).to.include('hreflang="en" href="https://stream.example.org/pricing"');
      expect(ru).to.include('href="https://cloud.example.net/listing/relaycast"');
      expect((await text(app, '/sitemap.xml')).body).to.include('<loc>https://stream.example.org/pricing</loc>');
      expect((await text(app, '/robots.txt')).body).to.include('Sitemap: https://stream.example.org/sitemap.xml');
      expect((await text(app, '/locales/en/page-how-to-use.json')).body).to.include('curl -fsSL https://get.stream.example.org/install.sh');
    });
  });

  for (const [label, env, marketplace, email] of [
    ['with the contact address and the marketplace set', { CONTACT_EMAIL: 'hello@stream.example.org', CLOUD_MARKETPLACE_URL: 'https://cloud.example.net/listing/relaycast' }, 'https://cloud.example.net/listing/relaycast', 'hello@stream.example.org'],
    ['with neither set', {}, null, null],
  ] as const) {
    describe(`in the browser, ${label}`, () => {
      let app: AppServer;
      let browser: Browser;
      let context: BrowserContext;
      let page: Page;
      let errors: string[];
      before(async () => {
        ({ app, browser, context, page, errors } = await startAppSession(undefined, env));
      });
      after(async () => stopAppSession({ app, browser, context }));

      it('the pricing page and a docs page hydrate with the same settings the server wrote (no mismatch)', async () => {
        for (const path of ['/pricing', '/ru/pricing', '/api-docs/video-players']) {
          await page.goto(path, { waitUntil: 'domcontentloaded' });
          await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15_000 });
          const links = await page.locator('[data-setting="marketplace"]').evaluateAll((as) => as.map((a) => a.getAttribute('href')));
          if (path.endsWith('pricing')) expect(links, path).to.deep.equal(marketplace ? [marketplace, marketplace] : []);
          const contact = await page.locator('[data-setting="contact-email"] a').allTextContents();
          expect(contact, path).to.deep.equal(email ? [email] : []);
        }
        expect(errors.filter((e) => /hydrat|did not match|server rendered/i.test(e)), errors.join('\n')).to.deep.equal([]);
        expect(await page.content()).to.not.match(PLACEHOLDER);
      });
    });
  }
});
