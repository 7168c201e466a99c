import { expect } from 'chai';
import { act } from 'react';
import { hydratePage, inPage } from '../test/islands.js';
import { renderHtml, renderUrl, testResources } from '../test/render.js';
import { ISLANDS } from '../public/islands.js';
import { localizePath } from './shell/lang.js';
import { PUBLIC_PAGES } from './pages.js';

/**
 * Hydrates server-rendered pages as the browser does — their islands, each a root of its own (src/public/start.tsx)
 * — in jsdom with React's development build, which reports every mismatch (text, attributes, structure) on
 * console.error; the browser tests use the production build, which reports only structural ones.
 */
describe('hydration of the islands (React development build)', function () {
  this.timeout(20000);
  const urls = ['/', '/products/multi-streaming', '/products/video-api', '/pricing', '/about', '/ru/faq', '/api-docs/video-players', '/ru/self-hosted-streaming-solution'];
  for (const url of urls) {
    it(`${url} hydrates without warnings`, () =>
      inPage(url, renderHtml(url), async ({ root, errors }) => {
        const page = await hydratePage(root, url, testResources);
        expect(page.recovered, String(page.recovered[0])).to.deep.equal([]);
        expect(errors.filter((e) => /hydrat|did not match|mismatch/i.test(e)), errors.join('\n')).to.deep.equal([]);
        expect(page.hydrated, 'every island committed').to.equal(true);
        expect(page.names[0]).to.equal('header');
        expect(root.querySelector('h1')?.textContent).to.be.a('string').and.not.equal('');
        // The header is live: its burger button opens the menu.
        const burger = root.querySelector<HTMLButtonElement>('button.burger');
        expect(burger?.getAttribute('aria-expanded')).to.equal('false');
        act(() => burger?.click());
        expect(burger?.getAttribute('aria-expanded')).to.equal('true');
        // Unmount before the lazily loaded extras (cookie window, CMS loader) would render: nothing is left to run.
        page.unmount();
      }));
  }

  it('every island of every public page, in both languages, is one the browser knows, with JSON props', async () => {
    const seen = new Set<string>();
    for (const route of PUBLIC_PAGES) {
      for (const lang of ['en', 'ru'] as const) {
        const doc = await renderUrl(localizePath(route.path, lang));
        const islands = [...doc.querySelectorAll<HTMLElement>('[data-island]')];
        expect(islands[0]?.dataset.island, `${route.path} ${lang}: the header first`).to.equal('header');
        for (const el of islands) {
          expect(ISLANDS, `${route.path} ${lang}`).to.have.property(el.dataset.island ?? '');
          expect(el.dataset.islandId, `${route.path} ${lang}`).to.match(/^i\d+$/);
          expect(() => JSON.parse(el.dataset.props ?? ''), `${route.path} ${lang}: ${el.dataset.island} props`).not.to.throw();
          // Rendered in place: the island's HTML, not the placeholder the page render left for it.
          expect(el.innerHTML, `${route.path} ${lang}: ${el.dataset.island}`).not.to.contain('<!--island:');
          expect(el.children.length, `${route.path} ${lang}: ${el.dataset.island}`).to.be.greaterThan(0);
          seen.add(el.dataset.island ?? '');
        }
      }
    }
    // Every island the browser can load appears on some page (an unused name is a part no page has any more).
    expect([...seen].sort()).to.deep.equal(Object.keys(ISLANDS).sort());
  });

  it('marks that are not the server’s are left alone, and an island whose code does not load leaves the others hydrating', () =>
    inPage(
      '/',
      renderHtml('/') +
        // Administrators' HTML (the server strips these marks too) and a name the browser does not know.
        '<section data-source="cms"><div data-island="header" data-island-id="i0" data-props="{}">Copied</div></section>' +
        '<div class="island" data-island="retired" data-island-id="i9" data-props="{}"><p>As rendered</p></div>',
      async ({ root, errors }) => {
        const page = await hydratePage(root, '/', testResources);
        expect(page.names).to.deep.equal(['header', 'code-block']);
        expect(page.hydrated, 'the others committed').to.equal(true);
        expect(errors).to.include('Island not loaded: no island called retired (src/public/islands.ts)');
        expect(root.querySelector('[data-source="cms"]')?.textContent).to.equal('Copied');
        expect(root.querySelector('[data-island="retired"]')?.innerHTML).to.equal('<p>As rendered</p>');
        page.unmount();
      },
    ));
});
