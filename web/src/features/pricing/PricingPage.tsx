import type { ReactNode } from 'react';
import type { PageProps } from '../../app/shell/pageTypes.js';
import { useT } from '../../app/shell/hooks.js';
import { Calculator } from './Calculator.js';
import { Faq } from '../ui/content/Faq.js';
import { useContent } from '../ui/content/useContent.js';
import type { FaqItem, Hero } from '../ui/content/types.js';
import { BuilderPricing } from './BuilderPricing.js';
import { CloudPricing } from './CloudPricing.js';
import { UnlimitedPricing } from './UnlimitedPricing.js';

interface PricingContent {
  hero: Hero;
  sections: Record<'unlimited' | 'builder' | 'cloud' | 'calculator' | 'faq', { title: string; lead: string }>;
  cloudDetails: string[];
  faq: FaqItem[];
}

function Section({ id, title, lead, soft, children }: { id: string; title: string; lead: string; soft?: boolean; children: ReactNode }) {
  return (
    <section id={id} className={`section${soft ? ' section-soft' : ''}`} aria-labelledby={`${id}-title`}>
      <div className="container">
        <div className="section-head">
          <h2 id={`${id}-title`}>{title}</h2>
          <p className="lead">{lead}</p>
        </div>
        {children}
      </div>
    </section>
  );
}

/** All three pricing variants (builder, cloud pay-as-you-go, self-hosted unlimited) and the calculator. */
export default function PricingPage(_props: PageProps) {
  const c = useContent<PricingContent>('pricing');
  const { t } = useT('pricing');
  const s = c.sections;
  return (
    <>
      <header className="page-hero">
        <div className="container">
          {c.hero.eyebrow && <p className="eyebrow">{c.hero.eyebrow}</p>}
          <h1>{c.hero.title}</h1>
          <p className="lead">{c.hero.lead}</p>
        </div>
      </header>
      <Section id="unlimited" {...s.unlimited}>
        <UnlimitedPricing />
      </Section>
      <Section id="builder" soft {...s.builder}>
        <BuilderPricing />
      </Section>
      <Section id="cloud" {...s.cloud}>
        <div className="builder">
          <div className="prose">
            <ul>
              {c.cloudDetails.map((d) => (
                <li key={d}>{d}</li>
              ))}
            </ul>
          </div>
          {/* The pricing page agrees with the multi-streaming page: cloud channels include 25 GB of traffic. */}
          <CloudPricing multiStreaming />
        </div>
      </Section>
      <Section id="calculator" soft {...s.calculator}>
        <Calculator />
      </Section>
      <Section id="faq" {...s.faq}>
        <Faq items={c.faq} />
        <p className="muted">{t('vatNote')}</p>
      </Section>
    </>
  );
}
