/** Default server for SaaS subscriptions (seed §9) and the option lists the seed leaves open (ours). */
export const DEFAULT_INFRASTRUCTURE_DETAILS = {
  data_center: 'IL-HA',
  cpu: '2B',
  ram: 256,
  disk_size_0: 5,
  billing: 'hourly',
} as const;
export const DATA_CENTERS = ['IL-HA', 'NL-AMS', 'DE-FRA', 'US-NYC', 'SG-SIN', 'AS-HKG'] as const;
export const CPU_OPTIONS = ['1B', '2B', '4B', '8B', '16B'] as const;
export const RAM_OPTIONS_MB = [256, 512, 1024, 2048, 4096, 8192, 16384] as const;
export const DISK_OPTIONS_GB = [5, 10, 20, 40, 80, 160] as const;
export const BILLING_OPTIONS = ['hourly', 'monthly'] as const;
/** Traffic options (seed §9): 5000GB or 50Mbit unmetered, 1000GB in AS data centres. */
export const TRAFFIC_OPTIONS = ['5000GB', '50Mbit-unmetered'] as const;
export const TRAFFIC_OPTIONS_AS = ['1000GB'] as const;

/** Engine defaults for VOD items (seed §9). */
export const VOD_DEFAULTS = {
  hls_fragment_size: 3,
  hls_fragment_length: 900,
  dash_fragment_size: 3,
  dash_fragment_length: 60,
  initial_live_manifest_size: 2,
  live_sync_duration_count: 3,
  output_video_bitrate: 6000,
  output_audio_bitrate: 128,
  sample_rate: 44100,
  force_key_frames: 2,
  preset: 'ultrafast',
} as const;
