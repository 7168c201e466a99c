/**
 * The pricing calculator (seed §3 "Pricing calculator state" and §4 rules). The seed gives the state and its
 * defaults; the machine, bitrate and provider figures below are ours (the seed says "not shown").
 */
export const VIDEO_MODES = [
  { id: 0, label: '480p', bitrateKbps: 1500 },
  { id: 1, label: '720p', bitrateKbps: 3000 },
  { id: 2, label: '1080p', bitrateKbps: 6000 },
  { id: 3, label: '2160p (4K)', bitrateKbps: 16000 },
] as const;

/** Egress prices are cents per 100 GB so that every figure stays an integer. */
export const CLOUD_PROVIDERS = [
  { id: 'none', label: 'Own infrastructure', egressCentsPer100Gb: 0 },
  { id: 'aws', label: 'Amazon Web Services', egressCentsPer100Gb: 900 },
  { id: 'gcp', label: 'Google Cloud', egressCentsPer100Gb: 1200 },
  { id: 'azure', label: 'Microsoft Azure', egressCentsPer100Gb: 870 },
  { id: 'hetzner', label: 'Hetzner', egressCentsPer100Gb: 10 },
] as const;
export type CloudProviderId = (typeof CLOUD_PROVIDERS)[number]['id'];

export interface CalculatorState {
  publishers: number;
  viewers: number;
  recordings: number;
  reStreams: number;
  videoMode: number;
  transcode: boolean;
  hours: number;
  dataTransferCostPerHour: number;
  provider: CloudProviderId;
}
/** Calculator defaults (seed §3). */
export const CALCULATOR_DEFAULTS: CalculatorState = {
  publishers: 1,
  viewers: 1,
  recordings: 0,
  reStreams: 0,
  videoMode: 2,
  transcode: false,
  hours: 5,
  dataTransferCostPerHour: 0,
  provider: 'none',
};
export const CALCULATOR_LIMITS = {
  publishers: { min: 1, max: 1000 },
  viewers: { min: 1, max: 100_000 },
  recordings: { min: 0, max: 1000 },
  /** A transcoded re-stream needs its own encoder, so fewer fit: the transcode toggle re-applies this bound. */
  reStreams: { min: 0, max: 20, maxWithTranscode: 10 },
  hours: { min: 1, max: 744 },
} as const;
/** One cloud machine: what it carries and what it costs an hour (cloud pay-as-you-go from $0.05 an hour). */
export const CLOUD_MACHINE = {
  hourlyCents: 5,
  egressCapacityKbps: 1_000_000,
  transcodesPerMachine: [8, 4, 2, 1] as readonly number[],
} as const;
