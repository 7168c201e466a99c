import { expect } from 'chai';
import { PUBLIC_PAGES } from './pages.js';
import { renderUrl } from '../test/render.js';

/**
 * Issue 16: a Russian visitor stays in Russian. Every site link on every prerendered public page in Russian leads
 * to a Russian page (/ru/…); only addresses that are not pages (files, images, the API's Google redirect, feeds)
 * are the same in both languages.
 */
const NOT_PAGES = /^\/(files|img|fonts|assets|auth\/google|api|openapi\.json|sitemap\.xml|robots\.txt|licence\/public-key)(\/|\?|$)/;

describe('links keep the reader’s language', function () {
  this.timeout(60_000);
  const renderable = PUBLIC_PAGES.filter((p) => p.prerender && !p.path.includes(':'));

  it('renders some pages to check (the list is not empty)', () => {
    expect(renderable.length).to.be.greaterThan(10);
  });

  for (const page of renderable) {
    it(`/ru${page.path === '/' ? '' : page.path}: every site link is Russian`, async () => {
      let doc: Document;
      try {
        doc = await renderUrl(`/ru${page.path === '/' ? '' : page.path}`);
      } catch (error) {
        if (String(error).includes('cannot render')) return; // a page module the test renderer does not import
        throw error;
      }
      const english = [...doc.querySelectorAll('a[href^="/"]')]
        // The language switch links to the other language on purpose.
        .filter((a) => !a.hasAttribute('hreflang'))
        .map((a) => a.getAttribute('href')!)
        .filter((href) => !href.startsWith('/ru/') && href !== '/ru' && !NOT_PAGES.test(href));
      expect(english, 'links to English pages').to.deep.equal([]);
    });
  }
});
