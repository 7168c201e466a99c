import type { UnknownAction } from 'redux';
import { createSelector } from 'reselect';
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
import { injectSlice, type RootState } from '../../app/shell/store.js';

/**
 * The pricing calculator (seed §3 state and defaults, §4 rules). Every reducer delegates to billing-core's pure
 * transitions, so the browser and the server share one implementation of the three rules:
 *  - publishers below recordings lowers recordings to match;
 *  - recordings above publishers raises publishers to match;
 *  - toggling transcode re-applies the re-stream value (under the new bound).
 */
export const publishersChanged = (n: number) => ({ type: 'calculator/publishersChanged', payload: n }) as const;
export const viewersChanged = (n: number) => ({ type: 'calculator/viewersChanged', payload: n }) as const;
export const recordingsChanged = (n: number) => ({ type: 'calculator/recordingsChanged', payload: n }) as const;
export const reStreamsChanged = (n: number) => ({ type: 'calculator/reStreamsChanged', payload: n }) as const;
export const videoModeChanged = (n: number) => ({ type: 'calculator/videoModeChanged', payload: n }) as const;
export const transcodeToggled = (on: boolean) => ({ type: 'calculator/transcodeToggled', payload: on }) as const;
export const hoursChanged = (n: number) => ({ type: 'calculator/hoursChanged', payload: n }) as const;
export const providerChanged = (id: CloudProviderId) => ({ type: 'calculator/providerChanged', payload: id }) as const;
export const calculatorReset = () => ({ type: 'calculator/calculatorReset' }) as const;
type CalculatorAction = ReturnType<
  | typeof publishersChanged
  | typeof viewersChanged
  | typeof recordingsChanged
  | typeof reStreamsChanged
  | typeof videoModeChanged
  | typeof transcodeToggled
  | typeof hoursChanged
  | typeof providerChanged
  | typeof calculatorReset
>;

/** The state the rules give, or the same object when they changed nothing (its selectors and components see no change). */
function keep(state: CalculatorState, next: CalculatorState): CalculatorState {
  return (Object.keys(next) as (keyof CalculatorState)[]).every((key) => Object.is(next[key], state[key])) ? state : next;
}

function reducer(state: CalculatorState = initialCalculatorState(), incoming: UnknownAction): CalculatorState {
  return keep(state, transition(state, incoming));
}

function transition(state: CalculatorState, incoming: UnknownAction): CalculatorState {
  const action = incoming as CalculatorAction;
  switch (action.type) {
    case 'calculator/publishersChanged':
      return setPublishers(state, action.payload);
    case 'calculator/viewersChanged':
      return setViewers(state, action.payload);
    case 'calculator/recordingsChanged':
      return setRecordings(state, action.payload);
    case 'calculator/reStreamsChanged':
      return setReStreams(state, action.payload);
    case 'calculator/videoModeChanged':
      return setVideoMode(state, action.payload);
    case 'calculator/transcodeToggled':
      return setTranscode(state, action.payload);
    case 'calculator/hoursChanged':
      return setHours(state, action.payload);
    case 'calculator/providerChanged':
      return setProvider(state, action.payload);
    case 'calculator/calculatorReset':
      return initialCalculatorState();
    default:
      return state;
  }
}

export const calculatorSlice = { reducerPath: 'calculator', reducer } as const;

declare module '../../app/shell/store.js' {
  export interface LazyLoadedSlices {
    calculator: CalculatorState;
  }
}

// Injected when the calculator's chunk loads; its selectors read the initial state until its first action.
injectSlice(calculatorSlice);

const initial = initialCalculatorState();
export const selectCalculator = (state: RootState): CalculatorState => state.calculator ?? initial;
export const selectCalculatorEstimate = createSelector([selectCalculator], estimateCalculator);
