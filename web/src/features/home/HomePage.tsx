import { PRODUCT_SLUGS } from '@relaycast/contracts/constants';
import type { PageProps } from '../../app/shell/pageTypes.js';
import { illustration } from '../../app/shell/illustrations.js';
import { useLang, useT } from '../../app/shell/hooks.js';
import { Inline } from '../ui/Markdown.js';
import type { PageMeta } from '../ui/content/types.js';
import { useContent } from '../ui/content/useContent.js';
import { CodeBlock } from '../ui/content/CodeBlock.js';
import { CONFERENCE_CURL } from '../ui/content/engineHost.js';
import { AppLink } from '../../app/shell/ui/AppLink.js';
import { ArrowIcon, CheckIcon } from '../../app/shell/ui/icons.js';

interface Titled {
  title: string;
  lead: string;
}
interface HomeContent {
  meta: PageMeta;
  hero: { eyebrow: string; title: string; lead: string; primary: string; secondary: string; note: string; artAlt: string };
  protocols: Titled & { items: { name: string; text: string }[] };
  products: Titled & { more: string };
  steps: Titled & { items: { title: string; text: string }[] };
  deploy: Titled & { items: { title: string; text: string; points: string[]; to: string; cta: string }[] };
  developers: Titled & { points: string[]; cta: string };
  updates: Titled & { items: { date: string; title: string; text: string }[]; more: string };
  cta: { title: string; text: string; primary: string; secondary: string };
}

export default function HomePage(_props: PageProps) {
  const c = useContent<HomeContent>('home');
  const { t } = useT('common');
  const lang = useLang();
  return (
    <>
      <header className="page-hero home-hero">
        <div className="container hero-grid">
          <div>
            <p className="eyebrow">{c.hero.eyebrow}</p>
            <h1>{c.hero.title}</h1>
            <p className="lead"><Inline text={c.hero.lead} /></p>
            <p className="actions">
              <AppLink className="btn btn-primary" to="#products">
                {c.hero.primary}
              </AppLink>
              <AppLink className="btn btn-outline" to="/pricing">
                {c.hero.secondary}
              </AppLink>
            </p>
            <p className="muted">{c.hero.note}</p>
          </div>
          <div className="hero-art">
            <img src={illustration('/img/home-hero.svg', lang)} alt={c.hero.artAlt} width="960" height="600" fetchPriority="high" decoding="async" />
          </div>
        </div>
      </header>

      <section className="section" aria-labelledby="protocols-title">
        <div className="container">
          <div className="section-head">
            <h2 id="protocols-title">{c.protocols.title}</h2>
            <p className="lead"><Inline text={c.protocols.lead} /></p>
          </div>
          <ul className="grid grid-4 check-list">
            {c.protocols.items.map((p) => (
              <li key={p.name} className="card">
                <div>
                  <h3>{p.name}</h3>
                  <p className="muted"><Inline text={p.text} /></p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="products" className="section section-soft" aria-labelledby="products-title">
        <div className="container">
          <div className="section-head">
            <h2 id="products-title">{c.products.title}</h2>
            <p className="lead"><Inline text={c.products.lead} /></p>
          </div>
          <div className="grid grid-3" data-testid="product-cards">
            {PRODUCT_SLUGS.map((slug) => (
              <AppLink key={slug} to={`/products/${slug}`} className="card card-link">
                <img className="card-icon" src={`/img/icons/${slug}.svg`} alt="" width="48" height="48" loading="lazy" />
                <h3>{t(`products.${slug}.name`)}</h3>
                <p className="muted">{t(`products.${slug}.short`)}</p>
                <span className="more">
                  {c.products.more} <ArrowIcon />
                </span>
              </AppLink>
            ))}
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="steps-title">
        <div className="container">
          <div className="section-head">
            <h2 id="steps-title">{c.steps.title}</h2>
            <p className="lead"><Inline text={c.steps.lead} /></p>
          </div>
          <ol className="steps grid grid-2">
            {c.steps.items.map((s) => (
              <li key={s.title}>
                <h3>{s.title}</h3>
                <p className="muted">
                  <Inline text={s.text} />
                </p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className="section section-soft" aria-labelledby="deploy-title">
        <div className="container">
          <div className="section-head">
            <h2 id="deploy-title">{c.deploy.title}</h2>
            <p className="lead"><Inline text={c.deploy.lead} /></p>
          </div>
          <div className="grid grid-3">
            {c.deploy.items.map((d) => (
              <div key={d.title} className="card plan">
                <h3 className="plan-name">{d.title}</h3>
                <p className="muted"><Inline text={d.text} /></p>
                <ul className="check-list">
                  {d.points.map((p) => (
                    <li key={p}>
                      <CheckIcon />
                      <span>{p}</span>
                    </li>
                  ))}
                </ul>
                <AppLink className="btn btn-outline" to={d.to}>
                  {d.cta}
                </AppLink>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="section" aria-labelledby="dev-title">
        <div className="container builder">
          <div>
            <h2 id="dev-title">{c.developers.title}</h2>
            <p className="lead"><Inline text={c.developers.lead} /></p>
            <ul className="check-list">
              {c.developers.points.map((p) => (
                <li key={p}>
                  <CheckIcon />
                  <span>
                    <Inline text={p} />
                  </span>
                </li>
              ))}
            </ul>
            <p className="actions">
              <AppLink className="btn btn-primary" to="/api-docs">
                {c.developers.cta}
              </AppLink>
            </p>
          </div>
          <CodeBlock code={CONFERENCE_CURL} lang="bash" title="cURL · POST /api/conferences/create" />
        </div>
      </section>

      <section className="section section-soft" aria-labelledby="updates-title">
        <div className="container">
          <div className="section-head">
            <h2 id="updates-title">{c.updates.title}</h2>
            <p className="lead"><Inline text={c.updates.lead} /></p>
          </div>
          <div className="grid grid-3">
            {c.updates.items.map((u) => (
              <article key={u.title} className="card news-item">
                <time dateTime={u.date}>{u.date}</time>
                <h3>{u.title}</h3>
                <p className="muted">{u.text}</p>
              </article>
            ))}
          </div>
          <p className="actions">
            <AppLink to="/news">{c.updates.more}</AppLink>
          </p>
        </div>
      </section>

      <section className="section" aria-labelledby="cta-title">
        <div className="container">
          <div className="card" style={{ textAlign: 'center', padding: '48px 24px' }}>
            <h2 id="cta-title">{c.cta.title}</h2>
            <p className="lead" style={{ margin: '0 auto' }}>
              {c.cta.text}
            </p>
            <p className="actions" style={{ justifyContent: 'center' }}>
              <AppLink className="btn btn-primary" to="/self-hosted-streaming-solution">
                {c.cta.primary}
              </AppLink>
              <AppLink className="btn btn-outline" to="/how-to-use">
                {c.cta.secondary}
              </AppLink>
            </p>
          </div>
        </div>
      </section>
    </>
  );
}
