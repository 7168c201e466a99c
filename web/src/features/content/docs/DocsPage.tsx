import type { PageProps } from '../../../app/shell/pageTypes.js';
import { ArticleLayout } from '../ArticleLayout.js';
import type { ArticleContent } from '../../ui/content/types.js';
import { useContent } from '../../ui/content/useContent.js';

/** /api-docs/... pages: the engine documentation per product, players, conferencing, restreaming. */
export default function DocsPage({ page }: PageProps) {
  const content = useContent<ArticleContent>(page.ns[0] ?? '');
  return <ArticleLayout page={page} content={content} kind="docs" />;
}
