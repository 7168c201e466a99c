import type { PageProps } from '../../app/pageTypes.js';
import { ArticleLayout } from '../content/ArticleLayout.js';
import type { ArticleContent } from '../content/types.js';
import { useContent } from '../content/useContent.js';

/** /api-docs/... pages: the engine documentation per product, players, conferencing, restreaming. */
export default function DocsPage({ page }: PageProps) {
  const content = useContent<ArticleContent>(page.ns[0] ?? '');
  return <ArticleLayout page={page} content={content} kind="docs" />;
}
