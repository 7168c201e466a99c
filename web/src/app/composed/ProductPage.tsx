import type { PageProps } from '../shell/pageTypes.js';
import { ProductView, type ProductPricing } from '../../features/products/ProductPage.js';
import { BuilderPricing } from '../../features/pricing/BuilderPricing.js';
import { CloudPricing } from '../../features/pricing/CloudPricing.js';
import { PricingOverview } from '../../features/pricing/PricingOverview.js';
import { UnlimitedPricing } from '../../features/pricing/UnlimitedPricing.js';

/** The pricing feature's sections, as product pages show them. */
export const PRODUCT_PRICING: ProductPricing = { PricingOverview, BuilderPricing, CloudPricing, UnlimitedPricing };

/** /products/{slug}: the product page (features/products) with the pricing feature's sections. */
export default function ProductPage({ page }: PageProps) {
  return <ProductView page={page} pricing={PRODUCT_PRICING} />;
}
