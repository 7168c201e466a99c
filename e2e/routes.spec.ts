/**
 * Every public route, in both languages and both themes: title, meta description, canonical and hreflang
 * links, lang, the page's own heading and key content, hydration without errors, and no serious or critical
 * axe-core violations. Product pages are screenshotted into e2e/output/screenshots.
 */
import { expect } from 'chai';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { PRODUCT_SECTION_ORDER, type ProductSlug } from '@relaycast/contracts/constants';
import { PUBLIC_PAGES, type PageRoute } from '../web/src/app/pages.js';
import { localizePath } from '../web/src/app/shell/lang.js';
import { describeViolations, seriousViolations } from './support/axe.js';
import { collectErrors, locale, recoverableErrors, SCREENSHOTS, startHarness, type Harness } from './support/site.js';

type Lang = 'en' | 'ru';
type Theme = 'light' | 'dark';
interface Meta {
  meta: { title: string; description: string };
  hero: { title: string };
}

function expectedTitle(route: PageRoute, lang: Lang): string {
  const { meta } = locale<Meta>(lang, route.ns[0] ?? '');
  return route.id === 'home' ? meta.title : `${meta.title} | Relaycast`;
}

async function scrollThrough(page: Page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += 600) {
      window.scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 40));
    }
    window.scrollTo(0, 0);
  });
  // Lazy images start when scrolled near; on a loaded CI machine (2 cores, four pages at once) ten seconds was once too
  // short. Only images on screen count: a lazy image hidden meanwhile (a poster the playing video replaced) never
  // loads, by design, and would keep `complete` false for ever.
  // Whatever the scroll left unstarted is asked for now (the test wants every image's pixels, not the lazy policy).
  await page.evaluate(() => {
    for (const img of document.images) if (!img.complete) img.loading = 'eager';
  });
  await page.waitForFunction(() => [...document.images].filter((img) => img.getClientRects().length > 0).every((img) => img.complete), undefined, { timeout: 30000 });
}

async function checkPage(page: Page, errors: string[], route: PageRoute, lang: Lang, theme: Theme): Promise<string[]> {
  const problems: string[] = [];
  errors.length = 0;
  const url = localizePath(route.path, lang);
  const label = `${url} [${theme}]`;
  const response = await page.goto(url, { waitUntil: 'domcontentloaded' });
  if (response?.status() !== 200) problems.push(`${label}: HTTP ${response?.status()}`);
  // Prerendered HTML (before any script runs) already carries the lang and the head.
  const raw = (await response?.text()) ?? '';
  if (!raw.includes(`<html lang="${lang}"`)) problems.push(`${label}: prerendered lang`);
  if (!raw.includes(`<title>${expectedTitle(route, lang).replace(/&/g, '&amp;')}</title>`)) problems.push(`${label}: prerendered <title>`);
  await page.waitForSelector('html[data-hydrated="true"]', { timeout: 15000 });
  const { meta, hero } = locale<Meta>(lang, route.ns[0] ?? '');
  const got = await page.evaluate(() => ({
    title: document.title,
    description: document.querySelector('meta[name="description"]')?.getAttribute('content'),
    canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    hreflangs: [...document.querySelectorAll('link[rel="alternate"][hreflang]')].map((l) => `${l.getAttribute('hreflang')}=${new URL(l.getAttribute('href') ?? '').pathname}`),
    ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content'),
    lang: document.documentElement.lang,
    theme: document.documentElement.getAttribute('data-theme'),
    h1: document.querySelector('h1')?.textContent,
  }));
  const check = (ok: boolean, what: string) => {
    if (!ok) problems.push(`${label}: ${what}`);
  };
  check(got.title === expectedTitle(route, lang), `title "${got.title}"`);
  check(got.description === meta.description, `description "${got.description}"`);
  check(got.ogTitle === got.title, 'og:title');
  check(new URL(got.canonical ?? 'x:/').pathname === url, `canonical ${got.canonical}`);
  check(got.hreflangs.join(' ') === `en=${localizePath(route.path, 'en')} ru=${localizePath(route.path, 'ru')} x-default=${localizePath(route.path, 'en')}`, `hreflang ${got.hreflangs}`);
  check(got.lang === lang, `lang ${got.lang}`);
  check(got.theme === theme, `theme ${got.theme} (prefers-color-scheme ${theme})`);
  check(got.h1 === hero.title, `h1 "${got.h1}"`);
  // Key content per kind of page.
  if (route.params.slug) {
    const sections = await page.$$eval('[data-section]', (els) => els.map((e) => e.getAttribute('data-section')));
    check(JSON.stringify(sections) === JSON.stringify([...PRODUCT_SECTION_ORDER[route.params.slug as ProductSlug], 'faq']), `sections ${sections}`);
    check((await page.locator('[data-testid="promo-video"]').count()) === 1, 'promo video');
  } else if (route.id === 'home') {
    check((await page.locator('[data-testid="product-cards"] a').count()) === 6, 'six product cards');
  } else if (route.id === 'pricing') {
    for (const id of ['unlimited-pricing', 'builder-pricing', 'cloud-pricing', 'calculator']) check((await page.getByTestId(id).count()) === 1, id);
  } else if (route.id === 'about') {
    check((await page.locator('[data-office]').count()) === 2, 'two offices');
  } else if (route.id === 'news') {
    check((await page.locator('article.news-item').count()) >= 5, 'news items');
  } else if (route.params.docId || route.params.kind) {
    check((await page.locator('.prose section h2').count()) >= 2, 'article sections');
  } else if (route.id === 'api-docs') {
    check((await page.locator('[data-testid="docs-cards"] a').count()) === 7, 'docs cards');
  }
  const axe = await seriousViolations(page);
  if (axe.length > 0) problems.push(`${label}: axe\n${describeViolations(axe)}`);
  const recovered = await recoverableErrors(page);
  if (recovered.length > 0) problems.push(`${label}: hydration: ${recovered.join('; ')}`);
  if (route.params.slug) {
    await scrollThrough(page);
    await page.screenshot({ path: path.join(SCREENSHOTS, `product-${route.params.slug}-${lang}-${theme}.png`), fullPage: true });
  }
  if (errors.length > 0) problems.push(`${label}: console ${errors.join(' | ')}`);
  return problems;
}

/**
 * Visits every (route, language, theme) with a pool of pages: two per theme, each in its own context whose
 * prefers-color-scheme is the theme. The pages never click anything, so every visit is a first visit.
 */
async function sweep(h: Harness): Promise<Map<string, string[]>> {
  const results = new Map<string, string[]>(PUBLIC_PAGES.map((r) => [r.id, []]));
  const workers = (['light', 'dark', 'light', 'dark'] as const).map(async (theme, i) => {
    const context = await h.context({ colorScheme: theme });
    const page = await context.newPage();
    const errors = collectErrors(page);
    const mine = PUBLIC_PAGES.flatMap((route) => (['en', 'ru'] as const).map((lang) => ({ route, lang }))).filter((_, n) => n % 2 === Math.floor(i / 2));
    for (const { route, lang } of mine) {
      try {
        results.get(route.id)?.push(...(await checkPage(page, errors, route, lang, theme)));
      } catch (err) {
        results.get(route.id)?.push(`${localizePath(route.path, lang)} [${theme}]: ${String(err)}`);
      }
    }
  });
  await Promise.all(workers);
  return results;
}

describe('every public route, both languages, both themes', function () {
  this.timeout(120000);
  let h: Harness;
  let results: Map<string, string[]>;
  before(async function () {
    this.timeout(300000);
    h = await startHarness();
    results = await sweep(h);
  });
  after(async () => h?.close());

  for (const route of PUBLIC_PAGES) {
    it(`${route.path}: head, content, hydration and accessibility (en, ru × light, dark)`, () => {
      const problems = results.get(route.id) ?? ['not visited'];
      expect(problems, problems.join('\n')).to.deep.equal([]);
    });
  }

  it('serves sitemap.xml with every page in both languages, and robots.txt pointing at it', async () => {
    const ctx = await h.context();
    const sitemap = await (await ctx.request.get('/sitemap.xml')).text();
    for (const route of PUBLIC_PAGES) {
      for (const lang of ['en', 'ru'] as const) expect(sitemap).to.match(new RegExp(`<loc>https?://[^<]+${localizePath(route.path, lang).replace(/\//g, '\\/')}</loc>`));
    }
    expect(sitemap).to.include('hreflang="ru"');
    const robots = await (await ctx.request.get('/robots.txt')).text();
    expect(robots).to.match(/Sitemap: https?:\/\/\S+\/sitemap\.xml/);
    expect(robots).to.include('Disallow: /admin/');
  });

  it('answers unknown public paths with a 404 page in the right language, and client routes with the SPA shell', async () => {
    const ctx = await h.context();
    const page = await ctx.newPage();
    const missing = await page.goto('/products/teleportation');
    expect(missing?.status()).to.equal(404);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await page.textContent('h1')).to.equal(locale<{ notFound: { meta: { title: string } } }>('en', 'common').notFound.meta.title);
    const ru = await page.goto('/ru/nope');
    expect(ru?.status()).to.equal(404);
    expect(await page.getAttribute('html', 'lang')).to.equal('ru');
    const spa = await ctx.request.get('/admin/users/list');
    expect(spa.status()).to.equal(200);
    expect(await spa.text()).to.include('<div id="root"></div>');
  });
});
