import type { PageProps } from '../../app/shell/pageTypes.js';
import { ArticleLayout, type ArticleKind } from './ArticleLayout.js';
import type { ArticleContent } from '../ui/content/types.js';
import { useContent } from '../ui/content/useContent.js';

/** Content pages and tutorials (FAQ, how-to-use, pay-per-view, OBS and SRT tutorials, the Linux guide). */
export default function ArticlePage({ page }: PageProps) {
  const content = useContent<ArticleContent>(page.ns[0] ?? '');
  const kind: ArticleKind = page.params.kind === 'tutorial' ? 'tutorial' : 'page';
  return <ArticleLayout page={page} content={content} kind={kind} />;
}
