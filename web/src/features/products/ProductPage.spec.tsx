import { expect } from 'chai';
import { DISPLAY_PRICES_CENTS, PRODUCT_SECTION_ORDER, PRODUCT_SLUGS, type Language } from '@relaycast/contracts/constants';
import { localizePath } from '../../app/shell/lang.js';
import { localeResources, renderUrl } from '../../test/render.js';
import type { ProductContent } from './ProductPage.js';

const resources = localeResources();

describe('product pages (server-rendered as the prerenderer does)', function () {
  this.timeout(20000);
  for (const lang of ['en', 'ru'] as Language[]) {
    for (const slug of PRODUCT_SLUGS) {
      it(`${lang} /products/${slug}: header, promo, cover, sections in the seed order, FAQ`, async () => {
        const doc = await renderUrl(localizePath(`/products/${slug}`, lang));
        const content = resources[lang]?.[`product-${slug}`] as unknown as ProductContent;
        expect(doc.querySelector('h1')?.textContent).to.equal(content.hero.title);
        const sections = [...doc.querySelectorAll('[data-section]')].map((s) => s.getAttribute('data-section'));
        expect(sections).to.deep.equal([...PRODUCT_SECTION_ORDER[slug], 'faq']);
        expect(doc.querySelectorAll('#faq details')).to.have.length(content.faq.items.length);
        // The pictures carry words: Russian pages show their Russian versions.
        const svg = lang === 'ru' ? '.ru.svg' : '.svg';
        expect(doc.querySelector(`img[src="/img/products/${slug}/cover${svg}"]`)?.getAttribute('alt')).to.equal(content.hero.coverAlt);
        expect(doc.querySelector('[data-testid="promo-video"] img')?.getAttribute('src')).to.equal(`/img/products/${slug}/poster${svg}`);
        expect(doc.querySelector('[data-testid="promo-video"] video')).to.equal(null);
        expect([...doc.querySelectorAll('.feature-media img')].map((img) => img.getAttribute('src'))).to.deep.equal([1, 2, 3].map((n) => `/img/products/${slug}/feature-${n}${svg}`));
        // The buy buttons keep the page's language (/ru/auth/sign-in on Russian pages).
        const signIn = lang === 'ru' ? '/ru/auth/sign-in' : '/auth/sign-in';
        const buy = [...doc.querySelectorAll(`a[href^="${signIn}"]`)].map((a) => a.getAttribute('href'));
        expect(buy).to.include(`${signIn}?infrastructure=selfhosted&plan=constructor`);
        expect(buy).to.include(`${signIn}?infrastructure=selfhosted&plan=unlimited&period=mounthly`);
      });
    }
  }

  it('pay-per-view shows the $1 builder price, the others $5; multi-streaming mentions the 25 GB cloud traffic', async () => {
    const ppv = await renderUrl('/products/pay-per-view-streaming');
    expect(ppv.querySelector('[data-plan="constructor"] .price')?.textContent).to.include(`$${DISPLAY_PRICES_CENTS.builderFromPayPerView / 100}`);
    const vod = await renderUrl('/products/video-on-demand');
    expect(vod.querySelector('[data-plan="constructor"] .price')?.textContent).to.include('$5');
    // $1 is not a checkout one can make: the page says what the smallest purchase is (one unit at $5 a month).
    expect(ppv.querySelector('[data-testid="smallest-purchase"]')?.textContent).to.equal('The price per viewer starts there; the smallest purchase is one unit at $5 a month.');
    expect(vod.querySelector('[data-testid="smallest-purchase"]')).to.equal(null);
    const ms = await renderUrl('/products/multi-streaming');
    expect(ms.querySelector('[data-plan="cloud"]')?.textContent).to.include('25 GB');
  });

  it('video-api shows the builder, cloud and unlimited pricing and the three API code examples', async () => {
    const doc = await renderUrl('/products/video-api');
    expect(doc.querySelector('[data-testid="builder-pricing"]')).to.not.equal(null);
    expect(doc.querySelector('[data-testid="cloud-pricing"]')).to.not.equal(null);
    expect(doc.querySelector('[data-testid="unlimited-pricing"]')).to.not.equal(null);
    expect([...doc.querySelectorAll('[data-example]')].map((e) => e.getAttribute('data-example'))).to.deep.equal(['vod-create', 'restream-create', 'conference-create']);
  });
});
