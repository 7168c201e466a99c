import type { PageProps } from '../shell/pageTypes.js';
import { ArticleLayout } from '../../features/content/ArticleLayout.js';
import { BuilderPricing } from '../../features/pricing/BuilderPricing.js';
import { UnlimitedPricing } from '../../features/pricing/UnlimitedPricing.js';
import type { ArticleContent } from '../../features/ui/content/types.js';
import { useContent } from '../../features/ui/content/useContent.js';

/** The pricing feature's two licences, as widgets the page's texts place ({ "widget": "unlimitedPricing" }). */
const LICENCES = { unlimitedPricing: UnlimitedPricing, builderPricing: BuilderPricing };

/** /self-hosted-streaming-solution: an article (features/content) about the self-hosted server, its two licences inline. */
export default function SelfHostedPage({ page }: PageProps) {
  const content = useContent<ArticleContent>('page-self-hosted');
  return <ArticleLayout page={page} content={content} kind="page" widgets={LICENCES} />;
}
