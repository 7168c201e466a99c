import type { UnknownAction } from 'redux';
import { createSelector } from 'reselect';
import {
  BUILDER_MODULES,
  DEFAULT_PRICING_PERIOD,
  type ModuleName,
  type PricingPeriod,
} from '@relaycast/contracts/constants';
import { quoteSubscription } from '@relaycast/billing-core/pricing';
import { injectSlice, type RootState } from '../../app/shell/store.js';

export type BuilderModuleName = (typeof BUILDER_MODULES)[number]['name'];

export interface PricingState {
  /** The unlimited plan's period slider; per month by default (seed §2). */
  period: PricingPeriod;
  /** The builder's module limits. */
  builder: Record<BuilderModuleName, number>;
  /** The country the visitor picked to see VAT (ISO code); null: none picked (a signed-in customer's billing country shows). */
  taxCountry: string | null;
}

function initialBuilder(): Record<BuilderModuleName, number> {
  const entries = BUILDER_MODULES.map((m) => [m.name, m.initial] as const);
  return Object.fromEntries(entries) as Record<BuilderModuleName, number>;
}

export const initialPricingState: PricingState = { period: DEFAULT_PRICING_PERIOD, builder: initialBuilder(), taxCountry: null };

/** Snaps a builder value into its module's range and onto its step. */
export function clampBuilderValue(name: BuilderModuleName, value: number): number {
  const spec = BUILDER_MODULES.find((m) => m.name === name);
  if (!spec) return 0;
  const n = Number.isFinite(value) ? value : spec.min;
  const stepped = Math.round(n / spec.step) * spec.step;
  return Math.min(spec.max, Math.max(spec.min, stepped));
}

export const periodChanged = (period: PricingPeriod) => ({ type: 'pricing/periodChanged', payload: period }) as const;
export const builderModuleChanged = (change: { name: BuilderModuleName; value: number }) => ({ type: 'pricing/builderModuleChanged', payload: change }) as const;
/** The visitor picks the country whose VAT the prices are shown with (every pricing island of the page follows). */
export const taxCountryChosen = (country: string | null) => ({ type: 'pricing/taxCountryChosen', payload: country }) as const;
type PricingAction = ReturnType<typeof periodChanged | typeof builderModuleChanged | typeof taxCountryChosen>;

function reducer(state: PricingState = initialPricingState, incoming: UnknownAction): PricingState {
  const action = incoming as PricingAction;
  switch (action.type) {
    case 'pricing/periodChanged': {
      const period = action.payload === 'annual' ? 'annual' : 'monthly';
      return period === state.period ? state : { ...state, period };
    }
    case 'pricing/builderModuleChanged': {
      const { name, value } = action.payload;
      const limit = clampBuilderValue(name, value);
      return limit === state.builder[name] ? state : { ...state, builder: { ...state.builder, [name]: limit } };
    }
    case 'pricing/taxCountryChosen': {
      const country = typeof action.payload === 'string' && /^[A-Z]{2}$/.test(action.payload) ? action.payload : null;
      return country === state.taxCountry ? state : { ...state, taxCountry: country };
    }
    default:
      return state;
  }
}

export const pricingSlice = { reducerPath: 'pricing', reducer } as const;

declare module '../../app/shell/store.js' {
  export interface LazyLoadedSlices {
    pricing: PricingState;
  }
}
// Injected when the pricing chunk loads; its selectors read the initial state until its first action.
injectSlice(pricingSlice);

export const selectPricing = (state: RootState): PricingState => state.pricing ?? initialPricingState;
export const selectPeriod = (state: RootState) => selectPricing(state).period;
export const selectBuilder = (state: RootState) => selectPricing(state).builder;
export const selectTaxCountry = (state: RootState) => selectPricing(state).taxCountry ?? null;

/** The builder's monthly licence, priced by billing-core exactly as the server will price the purchase. */
export const selectBuilderQuote = createSelector([selectBuilder], (builder) =>
  quoteSubscription({
    plan_id: 'constructor',
    infrastructure_type: 'self-hosted',
    subscription_type: 'SUBSCRIPTION_MONTH',
    modules: (Object.keys(builder) as BuilderModuleName[]).map((name) => ({ name: name as ModuleName, limit: builder[name] })),
  }),
);

