import { Suspense, type ComponentType, type ReactNode } from 'react';
import { DISPLAY_PRICES_CENTS, PRODUCT_SECTION_ORDER, type ProductSection, type ProductSlug } from '@relaycast/contracts/constants';
import type { PageProps } from '../../app/shell/pageTypes.js';
import { illustration } from '../../app/shell/illustrations.js';
import { useLang } from '../../app/shell/hooks.js';
import { Faq } from '../ui/content/Faq.js';
import { Inline } from '../ui/Markdown.js';
import type { FaqItem, PageMeta } from '../ui/content/types.js';
import { useContent } from '../ui/content/useContent.js';
import { AppLink } from '../../app/shell/ui/AppLink.js';
import { ArrowIcon, CheckIcon } from '../../app/shell/ui/icons.js';
import { PromoVideo } from './PromoVideo.js';

interface Titled {
  title: string;
  lead: string;
}
export interface ProductContent {
  meta: PageMeta;
  hero: { eyebrow: string; title: string; lead: string; primary: string; secondary: string; coverAlt: string };
  promo: { title: string; caption: string };
  highlights: Titled & { items: { title: string; text: string }[] };
  texts: Titled & { items: { title: string; text: string; points: string[]; alt: string }[] };
  pricing: Titled;
  apiDocs: Titled & { links: { label: string; text: string; to: string }[] };
  faq: { title: string; items: FaqItem[] };
  /** video-api only */
  cloudPricing?: Titled;
  unlimitedPricing?: Titled;
  codeExamples?: Titled & { examples: { id: string; title: string; text: string }[] };
}

/**
 * The pricing feature's sections a product page shows. The page is composed in the app (app/composed/
 * ProductPage.tsx), which passes them in: products do not import pricing.
 */
export interface ProductPricing {
  PricingOverview: ComponentType<{ fromCents: number; multiStreaming: boolean }>;
  BuilderPricing: ComponentType<{ fromCents: number }>;
  CloudPricing: ComponentType;
  UnlimitedPricing: ComponentType;
}
/** A documented API request by its id (the docs' RequestExample, features/content/docs). */
export type RequestExampleView = ComponentType<{ id: string }>;

/**
 * Each section is its own Suspense boundary: nothing suspends, but React hydrates boundaries as separate units,
 * so a long page is attached in several short tasks instead of one long one.
 */
function Section({ id, name, head, soft, children }: { id: string; name: ProductSection; head: Titled; soft: boolean; children: ReactNode }) {
  return (
    <Suspense fallback={null}>
    <section id={id} className={`section${soft ? ' section-soft' : ''}`} data-section={name} aria-labelledby={`${id}-title`}>
      <div className="container">
        <div className="section-head">
          <h2 id={`${id}-title`}>{head.title}</h2>
          <p className="lead">
            <Inline text={head.lead} />
          </p>
        </div>
        {children}
      </div>
    </section>
    </Suspense>
  );
}

function FeatureBlocks({ slug, items }: { slug: string; items: ProductContent['texts']['items'] }) {
  const lang = useLang();
  return (
    <div className="features">
      {items.map((f, i) => (
        <div className="feature" key={f.title}>
          <div>
            <h3>{f.title}</h3>
            <p>
              <Inline text={f.text} />
            </p>
            <ul className="check-list">
              {f.points.map((p) => (
                <li key={p}>
                  <CheckIcon />
                  <span>
                    <Inline text={p} />
                  </span>
                </li>
              ))}
            </ul>
          </div>
          <div className="feature-media">
            <img src={illustration(`/img/products/${slug}/feature-${i + 1}.svg`, lang)} alt={f.alt} width="640" height="400" loading="lazy" decoding="async" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * A product page (seed §1, §2): header, promo video and cover, then the product's sections in exactly the
 * seed's order (PRODUCT_SECTION_ORDER), and the FAQ last. Only the video-api page shows API code examples: it
 * passes `RequestExample` (app/composed/VideoApiPage.tsx), so the other product pages never load the examples.
 */
export function ProductView({ page, pricing, RequestExample }: PageProps & { pricing: ProductPricing; RequestExample?: RequestExampleView }) {
  const slug = page.params.slug as ProductSlug;
  const c = useContent<ProductContent>(`product-${slug}`);
  const { cloudDetails } = useContent<{ cloudDetails: string[] }>('pricing');
  const order = PRODUCT_SECTION_ORDER[slug];
  const fromCents = slug === 'pay-per-view-streaming' ? DISPLAY_PRICES_CENTS.builderFromPayPerView : DISPLAY_PRICES_CENTS.builderFrom;
  const pricingAnchor = order.includes('pricing') ? '#pricing' : '#pricing-constructor';
  const lang = useLang();

  const render = (name: ProductSection, index: number): ReactNode => {
    const soft = index % 2 === 0;
    switch (name) {
      case 'highlights':
        return (
          <Section key={name} id="highlights" name={name} head={c.highlights} soft={soft}>
            <ul className="grid grid-3 check-list" data-testid="highlights">
              {c.highlights.items.map((h) => (
                <li key={h.title} className="card">
                  <div>
                    <h3>{h.title}</h3>
                    <p className="muted">
                      <Inline text={h.text} />
                    </p>
                  </div>
                </li>
              ))}
            </ul>
          </Section>
        );
      case 'texts':
      case 'features':
        return (
          <Section key={name} id={name} name={name} head={c.texts} soft={soft}>
            <FeatureBlocks slug={slug} items={c.texts.items} />
          </Section>
        );
      case 'pricing':
        return (
          <Section key={name} id="pricing" name={name} head={c.pricing} soft={soft}>
            <pricing.PricingOverview fromCents={fromCents} multiStreaming={slug === 'multi-streaming'} />
          </Section>
        );
      case 'pricingConstructor':
        return (
          <Section key={name} id="pricing-constructor" name={name} head={c.pricing} soft={soft}>
            <pricing.BuilderPricing fromCents={fromCents} />
          </Section>
        );
      case 'cloudPricing':
        return (
          <Section key={name} id="cloud-pricing" name={name} head={c.cloudPricing ?? c.pricing} soft={soft}>
            <div className="builder">
              <ul className="check-list">
                {cloudDetails.map((d) => (
                  <li key={d}>
                    <CheckIcon />
                    <span>{d}</span>
                  </li>
                ))}
              </ul>
              <pricing.CloudPricing />
            </div>
          </Section>
        );
      case 'unlimitedPricing':
        return (
          <Section key={name} id="unlimited-pricing" name={name} head={c.unlimitedPricing ?? c.pricing} soft={soft}>
            <pricing.UnlimitedPricing />
          </Section>
        );
      case 'apiDocs':
        return (
          <Section key={name} id="api-docs" name={name} head={c.apiDocs} soft={soft}>
            <div className="grid grid-3">
              {c.apiDocs.links.map((l) => (
                <AppLink key={l.to} to={l.to} className="card card-link">
                  <h3>{l.label}</h3>
                  <p className="muted">
                    <Inline text={l.text} />
                  </p>
                  <span className="more" aria-hidden="true">
                    <ArrowIcon />
                  </span>
                </AppLink>
              ))}
            </div>
          </Section>
        );
      case 'codeExamples':
        return c.codeExamples && RequestExample ? (
          <Section key={name} id="code-examples" name={name} head={c.codeExamples} soft={soft}>
            {c.codeExamples.examples.map((ex) => (
              <div key={ex.id} className="prose">
                <h3>{ex.title}</h3>
                <p>
                  <Inline text={ex.text} />
                </p>
                <RequestExample id={ex.id} />
              </div>
            ))}
          </Section>
        ) : null;
    }
  };

  return (
    <article data-page={page.id} data-product={slug}>
      <header className="page-hero">
        <div className="container hero-grid">
          <div>
            <p className="eyebrow">{c.hero.eyebrow}</p>
            <h1>{c.hero.title}</h1>
            <p className="lead">
              <Inline text={c.hero.lead} />
            </p>
            <p className="actions">
              <a className="btn btn-primary" href={pricingAnchor}>
                {c.hero.primary}
              </a>
              {c.apiDocs.links[0] && (
                <AppLink className="btn btn-outline" to={c.apiDocs.links[0].to}>
                  {c.hero.secondary}
                </AppLink>
              )}
            </p>
          </div>
          <div className="hero-art">
            <img src={illustration(`/img/products/${slug}/cover.svg`, lang)} alt={c.hero.coverAlt} width="960" height="600" fetchPriority="high" decoding="async" />
          </div>
        </div>
      </header>
      <Suspense fallback={null}>
        <section className="section" aria-labelledby="promo-title">
          <div className="container">
            <div className="section-head">
              <h2 id="promo-title">{c.promo.title}</h2>
            </div>
            <PromoVideo slug={slug} title={c.promo.title} caption={c.promo.caption} />
          </div>
        </section>
      </Suspense>
      {order.map(render)}
      <Suspense fallback={null}>
        <section id="faq" className="section" data-section="faq" aria-labelledby="faq-title">
          <div className="container">
            <h2 id="faq-title">{c.faq.title}</h2>
            <Faq items={c.faq.items} />
          </div>
        </section>
      </Suspense>
    </article>
  );
}
