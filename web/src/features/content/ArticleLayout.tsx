import type { ReactNode } from 'react';
import { useLang, useT } from '../../app/shell/hooks.js';
import { DOCS_LINKS, TUTORIAL_LINKS, type NavLinkItem } from '../../app/shell/nav.js';
import type { PageRoute } from '../../app/shell/pageTypes.js';
import { AppLink } from '../../app/shell/ui/AppLink.js';
import { Blocks, type Widgets } from './Blocks.js';
import { AddedSections, addedSectionId } from './AddedSections.js';
import { readingMinutes } from './readingTime.js';
import { Inline } from '../ui/Markdown.js';
import { addedSections } from '../ui/content/materials.js';
import type { ArticleContent } from '../ui/content/types.js';

export type ArticleKind = 'page' | 'tutorial' | 'docs';

function LinkList({ title, links, current }: { title: string; links: NavLinkItem[]; current: string }) {
  const { t } = useT('common');
  return (
    <>
      <h2>{title}</h2>
      <ul>
        {links.map((l) => (
          <li key={l.to}>
            <AppLink to={l.to} aria-current={l.to === current ? 'page' : undefined}>
              {t(l.label)}
            </AppLink>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * Pages, tutorials and API docs: a hero, a side navigation (the docs menu for docs, the page's own sections
 * otherwise), and sections built from blocks, then the materials added after them. Texts come as the server gave
 * them: administrators' section overrides are in place already, and added materials are in `cmsSections`.
 */
export function ArticleLayout({ page, content, kind, widgets, after }: { page: PageRoute; content: ArticleContent; kind: ArticleKind; widgets?: Widgets; after?: ReactNode }) {
  const { t } = useT('common');
  const lang = useLang();
  const added = addedSections(content);
  const toc = [...content.sections, ...added.filter((s) => s.title).map((s) => ({ id: addedSectionId(s), title: s.title }))];
  const byline = content.readingTime ? t('article.readingTime', { count: readingMinutes(content.sections, added, lang) }) : content.byline;
  return (
    <article data-page={page.id}>
      <header className="page-hero">
        <div className="container">
          {content.hero.eyebrow && <p className="eyebrow">{content.hero.eyebrow}</p>}
          <h1>{content.hero.title}</h1>
          <p className="lead"><Inline text={content.hero.lead} /></p>
          {byline && <p className="muted" data-testid="byline">{byline}</p>}
        </div>
      </header>
      <div className="container article-layout">
        <nav className="aside-nav" aria-label={kind === 'docs' ? t('docs.navLabel') : t('article.tocLabel')}>
          {kind === 'docs' && <LinkList title={t('docs.navTitle')} links={DOCS_LINKS} current={page.path} />}
          {kind === 'tutorial' && <LinkList title={t('article.tutorials')} links={TUTORIAL_LINKS} current={page.path} />}
          <h2>{t('article.onThisPage')}</h2>
          <ul>
            {toc.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.title}</a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="prose">
          {content.sections.map((s) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`}>
              <h2 id={`${s.id}-title`}>{s.title}</h2>
              <Blocks blocks={s.blocks} widgets={widgets} />
            </section>
          ))}
          <AddedSections sections={added} />
          {after}
          {content.related && content.related.length > 0 && (
            <section aria-labelledby="related-title">
              <h2 id="related-title">{t('article.related')}</h2>
              <ul>
                {content.related.map((r) => (
                  <li key={r.to}>
                    <AppLink to={r.to}>{r.label}</AppLink>
                  </li>
                ))}
              </ul>
            </section>
          )}
        </div>
      </div>
    </article>
  );
}
