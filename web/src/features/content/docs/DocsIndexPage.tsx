import { useMemo } from 'react';
import type { PageProps } from '../../../app/shell/pageTypes.js';
import { ArticleLayout } from '../ArticleLayout.js';
import type { ArticleContent } from '../../ui/content/types.js';
import { useContent } from '../../ui/content/useContent.js';
import { AppLink } from '../../../app/shell/ui/AppLink.js';
import { ArrowIcon } from '../../../app/shell/ui/icons.js';

interface DocsCard {
  title: string;
  text: string;
  to: string;
}
interface DocsIndexContent extends ArticleContent {
  cards: DocsCard[];
  more: string;
}

function DocsCards({ cards, more }: { cards: readonly DocsCard[]; more: string }) {
  return (
    <div className="grid grid-2" data-testid="docs-cards">
      {cards.map((c) => (
        <AppLink key={c.to} to={c.to} className="card card-link">
          <h3>{c.title}</h3>
          <p className="muted">{c.text}</p>
          <span className="more">
            {more} <ArrowIcon />
          </span>
        </AppLink>
      ))}
    </div>
  );
}

/** /api-docs: a card per documentation page ({ "widget": "docsCards" }), then authentication and conventions. */
export default function DocsIndexPage({ page }: PageProps) {
  const content = useContent<DocsIndexContent>('docs-index');
  const widgets = useMemo(() => ({ docsCards: () => <DocsCards cards={content.cards} more={content.more} /> }), [content]);
  return <ArticleLayout page={page} content={content} kind="docs" widgets={widgets} />;
}
