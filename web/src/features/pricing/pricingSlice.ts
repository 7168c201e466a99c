import { createSelector, createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import {
  BUILDER_MODULES,
  DEFAULT_PRICING_PERIOD,
  type ModuleName,
  type PricingPeriod,
} from '@relaycast/contracts/constants';
import { quoteSubscription } from '@relaycast/billing-core/pricing';
import { rootReducer, type RootState } from '../../app/store.js';

export type BuilderModuleName = (typeof BUILDER_MODULES)[number]['name'];

export interface PricingState {
  /** The unlimited plan's period slider; per month by default (seed §2). */
  period: PricingPeriod;
  /** The builder's module limits. */
  builder: Record<BuilderModuleName, number>;
}

function initialBuilder(): Record<BuilderModuleName, number> {
  const entries = BUILDER_MODULES.map((m) => [m.name, m.initial] as const);
  return Object.fromEntries(entries) as Record<BuilderModuleName, number>;
}

export const initialPricingState: PricingState = { period: DEFAULT_PRICING_PERIOD, builder: initialBuilder() };

/** Snaps a builder value into its module's range and onto its step. */
export function clampBuilderValue(name: BuilderModuleName, value: number): number {
  const spec = BUILDER_MODULES.find((m) => m.name === name);
  if (!spec) return 0;
  const n = Number.isFinite(value) ? value : spec.min;
  const stepped = Math.round(n / spec.step) * spec.step;
  return Math.min(spec.max, Math.max(spec.min, stepped));
}

export const pricingSlice = createSlice({
  name: 'pricing',
  initialState: initialPricingState,
  reducers: {
    periodChanged(state, action: PayloadAction<PricingPeriod>) {
      state.period = action.payload === 'annual' ? 'annual' : 'monthly';
    },
    builderModuleChanged(state, action: PayloadAction<{ name: BuilderModuleName; value: number }>) {
      state.builder[action.payload.name] = clampBuilderValue(action.payload.name, action.payload.value);
    },
  },
});

declare module '../../app/store.js' {
  export interface LazyLoadedSlices extends WithSlice<typeof pricingSlice> {}
}
export const injectedPricingSlice = pricingSlice.injectInto(rootReducer);

export const selectPricing = (state: RootState): PricingState => injectedPricingSlice.selectSlice(state);
export const selectPeriod = (state: RootState) => selectPricing(state).period;
export const selectBuilder = (state: RootState) => selectPricing(state).builder;

/** The builder's monthly licence, priced by billing-core exactly as the server will price the purchase. */
export const selectBuilderQuote = createSelector([selectBuilder], (builder) =>
  quoteSubscription({
    plan_id: 'constructor',
    infrastructure_type: 'self-hosted',
    subscription_type: 'SUBSCRIPTION_MONTH',
    modules: (Object.keys(builder) as BuilderModuleName[]).map((name) => ({ name: name as ModuleName, limit: builder[name] })),
  }),
);

export const { periodChanged, builderModuleChanged } = pricingSlice.actions;
