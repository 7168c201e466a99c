import type { PageProps } from '../../app/shell/pageTypes.js';
import { Inline } from '../ui/Markdown.js';
import { OfficeMap, type Office } from './OfficeMap.js';
import type { Hero, PageMeta } from '../ui/content/types.js';
import { useContent } from '../ui/content/useContent.js';

interface Titled {
  title: string;
  lead: string;
}
interface AboutContent {
  meta: PageMeta;
  hero: Hero;
  story: { title: string; paragraphs: string[] };
  issues: Titled & { items: { title: string; text: string }[] };
  leaders: Titled & { items: { name: string; role: string; bio: string }[] };
  partners: Titled & { items: { name: string; text: string }[] };
  offices: Titled & {
    load: string;
    open: string;
    items: { id: string; country: string; city: string; address: string; text: string; mapTitle: string }[];
  };
}

/** Office coordinates (the addresses are in the locale files). */
const OFFICES: Record<string, Office> = {
  estonia: { id: 'estonia', lat: 59.43696, lon: 24.75353 },
  cyprus: { id: 'cyprus', lat: 34.67503, lon: 33.04413 },
};

function initials(name: string): string {
  return name
    .split(/\s+/)
    .map((w) => w[0] ?? '')
    .join('')
    .slice(0, 2)
    .toUpperCase();
}

/** About: the story, the issues we work on, leaders, partners and the two offices with lazy maps (seed §2). */
export default function AboutPage(_props: PageProps) {
  const c = useContent<AboutContent>('page-about');
  return (
    <>
      <header className="page-hero">
        <div className="container">
          {c.hero.eyebrow && <p className="eyebrow">{c.hero.eyebrow}</p>}
          <h1>{c.hero.title}</h1>
          <p className="lead">{c.hero.lead}</p>
        </div>
      </header>
      <section className="section" aria-labelledby="story-title">
        <div className="container prose">
          <h2 id="story-title">{c.story.title}</h2>
          {c.story.paragraphs.map((p) => (
            <p key={p}>
              <Inline text={p} />
            </p>
          ))}
        </div>
      </section>
      <section className="section section-soft" id="issues" aria-labelledby="issues-title">
        <div className="container">
          <div className="section-head">
            <h2 id="issues-title">{c.issues.title}</h2>
            <p className="lead">{c.issues.lead}</p>
          </div>
          <div className="grid grid-2">
            {c.issues.items.map((i) => (
              <div key={i.title} className="card">
                <h3>{i.title}</h3>
                <p className="muted">{i.text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>
      <section className="section" id="leaders" aria-labelledby="leaders-title">
        <div className="container">
          <div className="section-head">
            <h2 id="leaders-title">{c.leaders.title}</h2>
            <p className="lead">{c.leaders.lead}</p>
          </div>
          <div className="grid grid-2">
            {c.leaders.items.map((l) => (
              <div key={l.name} className="card person">
                <span className="person-avatar" aria-hidden="true">
                  {initials(l.name)}
                </span>
                <div>
                  <h3>{l.name}</h3>
                  <p className="eyebrow">{l.role}</p>
                  <p className="muted">{l.bio}</p>
                </div>
              </div>
            ))}
          </div>
        </div>
      </section>
      <section className="section section-soft" id="partners" aria-labelledby="partners-title">
        <div className="container">
          <div className="section-head">
            <h2 id="partners-title">{c.partners.title}</h2>
            <p className="lead">{c.partners.lead}</p>
          </div>
          <div className="grid grid-3">
            {c.partners.items.map((p) => (
              <div key={p.name} className="card">
                <h3>{p.name}</h3>
                <p className="muted">{p.text}</p>
              </div>
            ))}
          </div>
        </div>
      </section>
      <section className="section" id="offices" aria-labelledby="offices-title">
        <div className="container">
          <div className="section-head">
            <h2 id="offices-title">{c.offices.title}</h2>
            <p className="lead">{c.offices.lead}</p>
          </div>
          <div className="grid grid-2">
            {c.offices.items.map((o) => {
              const office = OFFICES[o.id];
              return (
                <div key={o.id} className="card" data-office={o.id}>
                  <h3>
                    {o.city}, {o.country}
                  </h3>
                  <address>{o.address}</address>
                  <p className="muted">{o.text}</p>
                  {office && <OfficeMap office={office} title={o.mapTitle} loadLabel={c.offices.load} openLabel={c.offices.open} />}
                </div>
              );
            })}
          </div>
        </div>
      </section>
    </>
  );
}
