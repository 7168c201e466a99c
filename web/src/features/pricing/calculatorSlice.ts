import { createSelector, createSlice, type PayloadAction, type WithSlice } from '@reduxjs/toolkit';
import type { CalculatorState, CloudProviderId } from '@relaycast/contracts/constants';
import {
  estimateCalculator,
  initialCalculatorState,
  setHours,
  setProvider,
  setPublishers,
  setReStreams,
  setRecordings,
  setTranscode,
  setVideoMode,
  setViewers,
} from '@relaycast/billing-core/pricing';
import { rootReducer, type RootState } from '../../app/store.js';

/**
 * The pricing calculator (seed §3 state and defaults, §4 rules). Every reducer delegates to billing-core's pure
 * transitions, so the browser and the server share one implementation of the three rules:
 *  - publishers below recordings lowers recordings to match;
 *  - recordings above publishers raises publishers to match;
 *  - toggling transcode re-applies the re-stream value (under the new bound).
 */
export const calculatorSlice = createSlice({
  name: 'calculator',
  initialState: initialCalculatorState,
  reducers: {
    publishersChanged: (state, action: PayloadAction<number>) => setPublishers(state, action.payload),
    viewersChanged: (state, action: PayloadAction<number>) => setViewers(state, action.payload),
    recordingsChanged: (state, action: PayloadAction<number>) => setRecordings(state, action.payload),
    reStreamsChanged: (state, action: PayloadAction<number>) => setReStreams(state, action.payload),
    videoModeChanged: (state, action: PayloadAction<number>) => setVideoMode(state, action.payload),
    transcodeToggled: (state, action: PayloadAction<boolean>) => setTranscode(state, action.payload),
    hoursChanged: (state, action: PayloadAction<number>) => setHours(state, action.payload),
    providerChanged: (state, action: PayloadAction<CloudProviderId>) => setProvider(state, action.payload),
    calculatorReset: () => initialCalculatorState(),
  },
});

declare module '../../app/store.js' {
  export interface LazyLoadedSlices extends WithSlice<typeof calculatorSlice> {}
}

/** Injected when the calculator's chunk loads; selectors fall back to the initial state before that. */
export const injectedCalculatorSlice = calculatorSlice.injectInto(rootReducer);

export const selectCalculator = (state: RootState): CalculatorState =>
  injectedCalculatorSlice.selectSlice(state);
export const selectCalculatorEstimate = createSelector([selectCalculator], estimateCalculator);

export const {
  publishersChanged,
  viewersChanged,
  recordingsChanged,
  reStreamsChanged,
  videoModeChanged,
  transcodeToggled,
  hoursChanged,
  providerChanged,
  calculatorReset,
} = calculatorSlice.actions;
