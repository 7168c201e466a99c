import { expect } from 'chai';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Outlet, StaticRouter, useRoutes } from 'react-router';
import { PRODUCT_SLUGS } from '@relaycast/contracts/constants';
import i18next from 'i18next';
import { pageHead } from './head.js';
import { ACCOUNT_PAGES, ALL_PAGES, CLIENT_PAGES, PUBLIC_PAGES, SPA_PATH_PREFIXES, type PageRoute } from './pages.js';
import { matchPage, pageRouteObjects } from './routing.js';

describe('routes', () => {
  it("has every public route of the seed's section 2, prerendered", () => {
    const paths = PUBLIC_PAGES.map((p) => p.path);
    for (const p of [
      '/how-to-use',
      '/api-docs',
      '/api-docs/video-players',
      '/api-docs/video-conferencing-api',
      '/api-docs/restreaming-multiplexing-transcoding',
      '/how-to-start-srt-streaming-in-obs-studio',
      '/how-to-receive-srt-stream-in-obs-studio',
      '/obs-multiple-streams',
      '/faq',
      '/self-hosted-streaming-solution',
      '/linux-self-hosted-solution-installation-guide',
      '/news',
      '/about',
      '/pay-per-view',
      ...PRODUCT_SLUGS.map((s) => `/products/${s}`),
    ]) {
      expect(paths, p).to.include(p);
    }
    expect(paths.filter((p) => /^\/api-docs\/[a-z-]+-engine-documentation$/.test(p))).to.have.length.greaterThan(0);
    expect(PUBLIC_PAGES.every((p) => p.prerender)).to.equal(true);
  });

  it('matches both languages, embeds with ids, and sends unknown paths to not-found', () => {
    expect(matchPage('/products/video-api').route.id).to.equal('product-video-api');
    expect(matchPage('/ru/products/video-api').route.id).to.equal('product-video-api');
    expect(matchPage('/ru').route.id).to.equal('home');
    expect(matchPage('/faq/').route.id).to.equal('faq');
    expect(matchPage('/vod-group-player/abc123')).to.deep.include({ params: { id: 'abc123' } });
    expect(matchPage('/conferences/room-9').route.id).to.equal('conference-room');
    expect(matchPage('/auth/sign-in').route.id).to.equal('sign-in');
    expect(matchPage('/products/unknown').route.id).to.equal('not-found');
  });

  it('chooses, for any address, the page React Router renders from the same table (under both languages)', () => {
    const ids = (route: PageRoute) => createElement('i', null, route.id);
    const routes = [
      { path: '/ru', element: createElement(Outlet), children: pageRouteObjects(ids) },
      { path: '/', element: createElement(Outlet), children: pageRouteObjects(ids) },
    ];
    const Routes = () => useRoutes(routes);
    const rendered = (path: string) => /<i>([^<]*)<\/i>/.exec(renderToString(createElement(StaticRouter, { location: path }, createElement(Routes))))?.[1];
    const concrete = ALL_PAGES.map((p) => p.path.replace(/:[^/]+/g, 'x-1'));
    const paths = [
      ...concrete,
      ...concrete.map((p) => `/ru${p === '/' ? '' : p}`),
      ...concrete.map((p) => `${p}/`),
      ...concrete.map((p) => p.toUpperCase()),
      '/ru/',
      '/admin/users/7',
      '/admin/unknown/list',
      '/products/unknown',
      '/products/video-api/more',
      '/api-docs/nothing-engine-documentation',
      '/vod-group-player/abc/def',
      '/user/pay/',
      '/nope',
      '/ru/nope/deeper',
    ];
    for (const path of paths) expect(matchPage(path).route.id, path).to.equal(rendered(path));
    expect(paths.length).to.be.greaterThan(120);
  });

  it('ranks routes as React Router does, whatever their order in the table (a static segment before a parameter)', () => {
    const base = PUBLIC_PAGES[0]!;
    const pages = [
      { ...base, id: 'any-view', path: '/admin/:view' },
      { ...base, id: 'any-area-list', path: '/admin/:area/list' },
      { ...base, id: 'users-list', path: '/admin/users/list' },
      { ...base, id: 'users', path: '/admin/users' },
    ];
    expect(['/admin/users', '/admin/users/list', '/admin/files', '/admin/mail/list'].map((p) => matchPage(p, pages).route.id)).to.deep.equal(['users', 'users-list', 'any-view', 'any-area-list']);
    expect(matchPage('/admin/files', pages).params).to.deep.equal({ view: 'files' });
  });

  it('client-only routes live under the SPA prefixes the server answers with spa.html', () => {
    for (const page of CLIENT_PAGES) {
      expect(page.prerender).to.equal(false);
      // As the server matches them (read-api/src/http/static-site.ts): the path with a slash after it, so /admin is in /admin/.
      expect(SPA_PATH_PREFIXES.some((p) => `${page.path.split(':')[0]}/`.startsWith(p)), page.path).to.equal(true);
    }
  });

  it('builds the head: title, canonical and hreflang alternates per language', async () => {
    const i18n = i18next.createInstance();
    await i18n.init({ lng: 'ru', resources: { ru: { faq: { meta: { title: 'Вопросы', description: 'Ответы' } } } } });
    const faq = PUBLIC_PAGES.find((p) => p.id === 'faq');
    if (!faq) throw new Error('no faq');
    const head = pageHead({ ...faq, ns: ['faq'] }, 'ru', i18n.t, '/faq', 'https://site.test');
    expect(head.title).to.equal('Вопросы | Relaycast');
    expect(head.description).to.equal('Ответы');
    expect(head.canonical).to.equal('https://site.test/ru/faq');
    expect(head.alternates).to.deep.equal([
      { hreflang: 'en', href: 'https://site.test/faq' },
      { hreflang: 'ru', href: 'https://site.test/ru/faq' },
      { hreflang: 'x-default', href: 'https://site.test/faq' },
    ]);
    expect(head.ogLocale).to.equal('ru_RU');
  });
});

describe('admin routes in the route registry', () => {
  it('every admin route is a client-only page of the admin module, with its view', () => {
    const admin = ACCOUNT_PAGES.filter((p) => p.path === '/admin' || p.path.startsWith('/admin/'));
    expect(admin.map((p) => p.path)).to.deep.equal([
      '/admin',
      '/admin/users/create',
      '/admin/users/list',
      '/admin/subscriptions/create',
      '/admin/subscriptions/purchase-details',
      '/admin/subscriptions/change-payment-method',
      '/admin/subscriptions/list',
      '/admin/templates/create',
      '/admin/templates/list',
      '/admin/materials/create',
      '/admin/materials/list',
      '/admin/pages',
      '/admin/pages/edit',
      '/admin/files',
      '/admin/finance',
      '/admin/finance/recognition',
      '/admin/finance/reconciliation',
      '/admin/finance/documents',
      '/admin/finance/ledger',
      '/admin/finance/taxes',
      '/admin/mail',
    ]);
    for (const p of admin) {
      expect(p.prerender).to.equal(false);
      expect(p.params.view).to.equal(p.path === '/admin' ? 'home' : p.path.slice('/admin/'.length));
    }
    expect(ACCOUNT_PAGES.find((p) => p.id === 'buy-licence')?.path).to.equal('/user/buy-new-licence');
  });
});
