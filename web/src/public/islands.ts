import type { ComponentType } from 'react';

/**
 * Every island a public page may have (features/ui/Island.tsx), by name: what the browser loads for it. The
 * server writes the name into the page; a name missing here is a page part that never hydrates — the islands' test
 * (app/hydration.spec.tsx) renders every public page in both languages and fails on it.
 */
// Each island's props come from JSON (data-props), so their types are the component's business.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

export const ISLANDS: Record<string, () => Promise<AnyComponent>> = {
  header: () => import('../app/Header.js').then((m) => m.Header),
  'code-block': () => import('../features/ui/content/CodeBlock.js').then((m) => m.CodeBlock),
  'request-example': () => import('../features/content/docs/RequestExample.js').then((m) => m.RequestExample),
  'promo-video': () => import('../features/products/PromoVideo.js').then((m) => m.PromoVideo),
  'office-map': () => import('../features/content/OfficeMap.js').then((m) => m.OfficeMap),
  'pricing-overview': () => import('../features/pricing/PricingOverview.js').then((m) => m.PricingOverview),
  'builder-pricing': () => import('../features/pricing/BuilderPricing.js').then((m) => m.BuilderPricing),
  'unlimited-pricing': () => import('../features/pricing/UnlimitedPricing.js').then((m) => m.UnlimitedPricing),
  calculator: () => import('../features/pricing/Calculator.js').then((m) => m.Calculator),
};
