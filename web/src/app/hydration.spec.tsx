import { expect } from 'chai';
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { installDom } from '../test/dom.js';
import { renderHtml, testResources } from '../test/render.js';
import { createI18n } from './i18n.js';
import { langFromPath } from './lang.js';
import { Root } from './Root.js';
import { makeStore } from './store.js';

/**
 * Hydrates server-rendered pages in jsdom with React's development build, which reports every mismatch
 * (text, attributes, structure) on console.error; the browser tests use the production build, which reports
 * only structural ones.
 */
describe('hydration (React development build)', function () {
  this.timeout(20000);
  const urls = ['/', '/products/multi-streaming', '/products/video-api', '/pricing', '/about', '/ru/faq', '/api-docs/video-players', '/ru/self-hosted-streaming-solution'];
  for (const url of urls) {
    it(`${url} hydrates without warnings`, () => {
      const dom = installDom(`https://relaycast.example${url}`);
      const g = globalThis as Record<string, unknown>;
      const saved = { navigator: g.navigator, IS_REACT_ACT_ENVIRONMENT: g.IS_REACT_ACT_ENVIRONMENT, fetch: g.fetch };
      // The CMS loader may start after hydration: an API with no content answers it.
      g.fetch = async () => new Response(JSON.stringify({ data: [] }), { headers: { 'content-type': 'application/json' } });
      Object.defineProperty(globalThis, 'navigator', { value: dom.window.navigator, configurable: true });
      g.IS_REACT_ACT_ENVIRONMENT = true;
      const errors: string[] = [];
      const original = console.error;
      console.error = (...args: unknown[]) => errors.push(args.map(String).join(' '));
      try {
        const html = renderHtml(url);
        const container = dom.window.document.createElement('div');
        container.id = 'root';
        container.innerHTML = html;
        dom.window.document.body.appendChild(container);
        const i18n = createI18n(langFromPath(url), testResources);
        const recovered: unknown[] = [];
        let root: ReturnType<typeof hydrateRoot> | undefined;
        // Synchronous act: render, commit and effects are flushed here, and the root is unmounted before any
        // lazily imported chunk (cookie window, CMS loader) resolves.
        act(() => {
          root = hydrateRoot(
            container,
            <Root store={makeStore()} i18n={i18n} router={(children) => <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>} />,
            { onRecoverableError: (e) => recovered.push(e) },
          );
        });
        expect(recovered, String(recovered[0])).to.deep.equal([]);
        expect(errors.filter((e) => /hydrat|did not match|mismatch/i.test(e)), errors.join('\n')).to.deep.equal([]);
        expect(container.querySelector('h1')?.textContent).to.be.a('string').and.not.equal('');
        // Unmount before the lazily loaded extras (cookie window, CMS loader) would render: nothing is left to run.
        act(() => root?.unmount());
      } finally {
        console.error = original;
        Object.defineProperty(globalThis, 'navigator', { value: saved.navigator, configurable: true });
        g.IS_REACT_ACT_ENVIRONMENT = saved.IS_REACT_ACT_ENVIRONMENT;
        g.fetch = saved.fetch;
        dom.restore();
      }
    });
  }
});
