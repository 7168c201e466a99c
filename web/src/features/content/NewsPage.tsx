import type { PageProps } from '../../app/shell/pageTypes.js';
import { AddedSections } from './AddedSections.js';
import { Inline } from '../ui/Markdown.js';
import { addedSections } from '../ui/content/materials.js';
import type { Hero, PageMeta } from '../ui/content/types.js';
import { useContent } from '../ui/content/useContent.js';

interface NewsContent {
  meta: PageMeta;
  hero: Hero;
  items: { id: string; date: string; tag: string; title: string; paragraphs: string[] }[];
}

/** News: release notes and company updates, newest first, then the materials added for /news (server-side, as text). */
export default function NewsPage(_props: PageProps) {
  const c = useContent<NewsContent>('page-news');
  return (
    <>
      <header className="page-hero">
        <div className="container">
          {c.hero.eyebrow && <p className="eyebrow">{c.hero.eyebrow}</p>}
          <h1>{c.hero.title}</h1>
          <p className="lead">{c.hero.lead}</p>
        </div>
      </header>
      <div className="container article-layout no-aside">
        <div className="prose news-list">
          {c.items.map((item) => (
            <article key={item.id} id={item.id} className="card news-item" aria-labelledby={`${item.id}-title`}>
              <p>
                <time dateTime={item.date}>{item.date}</time> · <span className="badge">{item.tag}</span>
              </p>
              <h2 id={`${item.id}-title`}>{item.title}</h2>
              {item.paragraphs.map((p) => (
                <p key={p}>
                  <Inline text={p} />
                </p>
              ))}
            </article>
          ))}
          <AddedSections sections={addedSections(c)} />
        </div>
      </div>
    </>
  );
}
