import {
  CALCULATOR_DEFAULTS,
  CALCULATOR_LIMITS,
  CLOUD_MACHINE,
  CLOUD_PROVIDERS,
  VIDEO_MODES,
  type CalculatorState,
  type CloudProviderId,
} from '@relaycast/contracts/constants';
import { quoteSubscription, type ModuleSelection } from './quote.js';

/**
 * The pricing calculator as pure state transitions (seed §3 state, §4 rules). The web slice's reducers call
 * these, so the browser and the tests share one implementation.
 */
export function initialCalculatorState(): CalculatorState {
  return { ...CALCULATOR_DEFAULTS };
}

function clampInt(value: number, min: number, max: number): number {
  const n = Number.isFinite(value) ? Math.round(value) : min;
  return Math.min(max, Math.max(min, n));
}

function videoMode(state: CalculatorState) {
  return VIDEO_MODES[state.videoMode] ?? VIDEO_MODES[2];
}

/** Egress in whole cents per hour for the chosen provider: viewers × bitrate, priced per 100 GB, rounded up. */
function dataTransferCostPerHour(state: CalculatorState): number {
  const provider = CLOUD_PROVIDERS.find((p) => p.id === state.provider) ?? CLOUD_PROVIDERS[0];
  const kilobitsPerHour = (state.viewers + state.reStreams) * videoMode(state).bitrateKbps * 3600;
  // kilobits → GB is ÷ 8 ÷ 1e6; the price is per 100 GB.
  return Math.ceil((kilobitsPerHour * provider.egressCentsPer100Gb) / (8 * 1e6 * 100));
}

/** Derived fields are recomputed after every change, so the state never holds a stale cost. */
function settle(state: CalculatorState): CalculatorState {
  return { ...state, dataTransferCostPerHour: dataTransferCostPerHour(state) };
}

/** Setting publishers below recordings lowers recordings to match (seed §4). */
export function setPublishers(state: CalculatorState, value: number): CalculatorState {
  const publishers = clampInt(value, CALCULATOR_LIMITS.publishers.min, CALCULATOR_LIMITS.publishers.max);
  return settle({ ...state, publishers, recordings: Math.min(state.recordings, publishers) });
}

/** Setting recordings above publishers raises publishers to match (seed §4). */
export function setRecordings(state: CalculatorState, value: number): CalculatorState {
  const recordings = clampInt(value, CALCULATOR_LIMITS.recordings.min, CALCULATOR_LIMITS.recordings.max);
  const publishers = Math.max(state.publishers, recordings);
  return settle({ ...state, recordings, publishers: Math.min(publishers, CALCULATOR_LIMITS.publishers.max) });
}

export function maxReStreams(transcode: boolean): number {
  return transcode ? CALCULATOR_LIMITS.reStreams.maxWithTranscode : CALCULATOR_LIMITS.reStreams.max;
}

export function setReStreams(state: CalculatorState, value: number): CalculatorState {
  return settle({ ...state, reStreams: clampInt(value, CALCULATOR_LIMITS.reStreams.min, maxReStreams(state.transcode)) });
}

/** Toggling transcode re-applies the re-stream value under the new bound (seed §4). */
export function setTranscode(state: CalculatorState, transcode: boolean): CalculatorState {
  return setReStreams({ ...state, transcode }, state.reStreams);
}

export function setViewers(state: CalculatorState, value: number): CalculatorState {
  return settle({ ...state, viewers: clampInt(value, CALCULATOR_LIMITS.viewers.min, CALCULATOR_LIMITS.viewers.max) });
}

export function setVideoMode(state: CalculatorState, value: number): CalculatorState {
  return settle({ ...state, videoMode: clampInt(value, 0, VIDEO_MODES.length - 1) });
}

export function setHours(state: CalculatorState, value: number): CalculatorState {
  return settle({ ...state, hours: clampInt(value, CALCULATOR_LIMITS.hours.min, CALCULATOR_LIMITS.hours.max) });
}

export function setProvider(state: CalculatorState, provider: CloudProviderId): CalculatorState {
  const known = CLOUD_PROVIDERS.some((p) => p.id === provider) ? provider : 'none';
  return settle({ ...state, provider: known });
}

/** The self-hosted modules a calculator configuration needs. */
export function calculatorModules(state: CalculatorState): ModuleSelection[] {
  return [
    { name: 'streams', limit: state.publishers },
    { name: 'recordings', limit: state.recordings },
    { name: 'restream', limit: state.reStreams },
    { name: 'vodViewers', limit: state.viewers },
  ];
}

export interface CalculatorEstimate {
  /** Self-hosted licence units for this configuration (the "unit quantity"). */
  unitQuantity: number;
  selfHostedMonthlyCents: number;
  /** Cloud machines needed: enough egress for viewers and re-streams, enough encoders when transcoding. */
  machines: number;
  cloudHourlyCents: number;
  cloudTotalCents: number;
  egressMbps: number;
}

export function estimateCalculator(state: CalculatorState): CalculatorEstimate {
  const quote = quoteSubscription({
    plan_id: 'constructor',
    infrastructure_type: 'self-hosted',
    subscription_type: 'SUBSCRIPTION_MONTH',
    modules: calculatorModules(state),
  });
  const mode = videoMode(state);
  const egressKbps = (state.viewers + state.reStreams) * mode.bitrateKbps;
  const egressMachines = Math.ceil(egressKbps / CLOUD_MACHINE.egressCapacityKbps);
  const perMachine = CLOUD_MACHINE.transcodesPerMachine[mode.id] ?? 1;
  const transcodeMachines = state.transcode ? Math.ceil(state.publishers / perMachine) : 0;
  const machines = Math.max(1, egressMachines, transcodeMachines);
  const cloudHourlyCents = machines * CLOUD_MACHINE.hourlyCents + state.dataTransferCostPerHour;
  return {
    unitQuantity: quote.quantity,
    selfHostedMonthlyCents: quote.amount,
    machines,
    cloudHourlyCents,
    cloudTotalCents: cloudHourlyCents * state.hours,
    egressMbps: egressKbps / 1000,
  };
}
