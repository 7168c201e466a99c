import type { PageProps } from '../shell/pageTypes.js';
import { ProductView } from '../../features/products/ProductPage.js';
import { RequestExample } from '../../features/content/docs/RequestExample.js';
import { PRODUCT_PRICING } from './ProductPage.js';

/**
 * /products/video-api: the product page with its API code examples section, the docs' request examples
 * (features/content/docs). It builds on the composed product page, so the two share that chunk and only this
 * page loads the examples.
 */
export default function VideoApiPage({ page }: PageProps) {
  return <ProductView page={page} pricing={PRODUCT_PRICING} RequestExample={RequestExample} />;
}
