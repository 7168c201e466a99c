import type { PageProps } from '../../app/pageTypes.js';
import { RequestExample } from '../docs/RequestExample.js';
import { ProductView } from './ProductPage.js';

const renderExample = (id: string) => <RequestExample id={id} />;

/** /products/video-api: the product page with its API code examples section. */
export default function VideoApiPage({ page }: PageProps) {
  return <ProductView page={page} renderExample={renderExample} />;
}
