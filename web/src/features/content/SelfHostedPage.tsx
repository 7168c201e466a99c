import type { PageProps } from '../../app/pageTypes.js';
import { BuilderPricing } from '../pricing/BuilderPricing.js';
import { UnlimitedPricing } from '../pricing/UnlimitedPricing.js';
import { ArticleLayout } from './ArticleLayout.js';
import type { ArticleContent } from './types.js';
import { useContent } from './useContent.js';

const WIDGETS = { unlimitedPricing: UnlimitedPricing, builderPricing: BuilderPricing };

/** /self-hosted-streaming-solution: the self-hosted server, with its two licences inline. */
export default function SelfHostedPage({ page }: PageProps) {
  const content = useContent<ArticleContent>('page-self-hosted');
  return <ArticleLayout page={page} content={content} kind="page" widgets={WIDGETS} />;
}
