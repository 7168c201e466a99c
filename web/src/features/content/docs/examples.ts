import type { ConferenceItem, RestreamItem, VodItem } from '@relaycast/contracts';
import { CONFERENCE_ROOM_PATH, ENGINE_ACCESS_TOKEN_HEADER, VOD_DEFAULTS, VOD_GROUP_PLAYER_PATH } from '@relaycast/contracts/constants';
import { ENGINE_HOST } from '../../ui/content/engineHost.js';
import { siteSettings } from '../../../app/shell/siteSettings.js';

/**
 * Documented request examples for the engine API (seed §3 payloads, §7 engine examples). The payloads are
 * typed with the contracts' schemas and examples.spec.ts validates them, so the docs never show a payload the
 * engine would reject. Code is not translated; the surrounding text is.
 */
export { ENGINE_HOST };

export const VOD_CREATE: VodItem = {
  vod_name: 'Main stage',
  vod_type: 'VOD_TYPE_LIVE_STREAM',
  input: {
    input_type: 'INPUT_TYPE_SRT_URL',
    application: 'IO_APPLICATION_FFMPEG',
    input_stream_url: 'srt://0.0.0.0:9000?mode=listener&latency=200',
    input_stream_listen_port: 9000,
    input_settings: {},
    input_module_id: '',
    input_stream_id: 'main-stage',
    entity_name: 'main-stage',
    module_name: 'MODULE_VOD',
  },
  modify_audio: { type: 'DISABLED', channel: 0, track: 0 },
  adaptive_bitrate_settings: { input_resolution: '1920x1080' },
  vod_media_type: 'hls',
  authorization: { authorization_type: 'VOD_PASSWORD_DISABLED', credentials: [] },
  active: true,
  hls_fragment_size: VOD_DEFAULTS.hls_fragment_size,
  hls_fragment_length: VOD_DEFAULTS.hls_fragment_length,
  dash_fragment_size: VOD_DEFAULTS.dash_fragment_size,
  dash_fragment_length: VOD_DEFAULTS.dash_fragment_length,
  initial_live_manifest_size: VOD_DEFAULTS.initial_live_manifest_size,
  live_sync_duration_count: VOD_DEFAULTS.live_sync_duration_count,
  overlay: { type: 'none', position: { x: 0, y: 0 } },
  event_date: '',
  timeZone: 'UTC',
  eventDateStatus: 'EVENTS_DATE_DISABLED',
  useCustomLogo: 'VOD_DISABLE_LOGO',
  useCustomBackground: 'VOD_DISABLE_BACKGROUND',
  logo_path: '',
  cover_path: '',
  support_email: 'support@example.com',
  pay_per_view_settings: { type: 'PAY_PER_VIEW_DISABLED', amount: 0, client_id: '' },
  transcoding: {
    video_transcoding: false,
    output_video_bitrate: VOD_DEFAULTS.output_video_bitrate,
    preset: VOD_DEFAULTS.preset,
    tune: 'zerolatency',
    crf: 23,
    pix_fmt: 'yuv420p',
    encoding_rate: 30,
    filter_fps: 30,
    gop: 60,
    force_key_frames: VOD_DEFAULTS.force_key_frames,
    frame_width: 1920,
    frame_height: 1080,
    slices: 0,
    cores: 2,
    audio_transcoding: false,
    output_audio_bitrate: VOD_DEFAULTS.output_audio_bitrate,
    sample_rate: VOD_DEFAULTS.sample_rate,
  },
};

/** Pay-per-view: the same item sold through PayPal (amount in the event's currency, client id from PayPal). */
export const PPV_VOD_CREATE: VodItem = {
  ...VOD_CREATE,
  vod_name: 'Championship final (pay-per-view)',
  input: { ...VOD_CREATE.input, input_stream_id: 'final', entity_name: 'final' },
  useCustomLogo: 'VOD_UPLOAD_LOGO',
  logo_path: '/uploads/logo-league.png',
  cover_path: '/uploads/final-cover.jpg',
  eventDateStatus: 'EVENTS_SET_DATE',
  event_date: '2026-06-20T18:00:00',
  timeZone: 'Europe/Nicosia',
  pay_per_view_settings: { type: 'PAY_PER_VIEW_PAYPAL', amount: 9.99, client_id: 'YOUR_PAYPAL_CLIENT_ID' },
};

/** Continuous (24/7) channel: a scheduled start, a branded background and adaptive-bitrate transcoding. */
export const CONTINUOUS_VOD_CREATE: VodItem = {
  ...VOD_CREATE,
  vod_name: 'Lobby channel 24/7',
  input: {
    ...VOD_CREATE.input,
    input_type: 'INPUT_TYPE_RTMP_URL',
    input_stream_url: 'rtmp://127.0.0.1:1935/live/lobby',
    input_stream_listen_port: 1935,
    input_stream_id: 'lobby',
    entity_name: 'lobby',
  },
  eventDateStatus: 'EVENTS_SET_DATE',
  event_date: '2026-04-01T00:00:00',
  timeZone: 'Europe/Tallinn',
  useCustomBackground: 'VOD_UPLOAD_BACKGROUND',
  cover_path: '/uploads/lobby-background.jpg',
  transcoding: { ...VOD_CREATE.transcoding, video_transcoding: true, frame_width: 1280, frame_height: 720, output_video_bitrate: 3000 },
};

/** Multi-streaming: one incoming SRT stream re-published to an RTMP destination. */
export const RESTREAM_CREATE: RestreamItem = {
  restream_name: 'Main stage to YouTube',
  input: { input_type: 'INPUT_TYPE_SRT_URL', input_stream_url: 'srt://127.0.0.1:9000?streamid=main-stage' },
  output: { output_type: 'OUTPUT_TYPE_RTMP_URL', output_stream_url: 'rtmp://a.rtmp.youtube.com/live2/YOUR-STREAM-KEY' },
  active: true,
};

/** Transcoding for a restream or VOD item: the transcoding block with video and audio re-encoding on. */
export const TRANSCODING_SETTINGS: VodItem['transcoding'] = {
  ...VOD_CREATE.transcoding,
  video_transcoding: true,
  audio_transcoding: true,
  frame_width: 1280,
  frame_height: 720,
  output_video_bitrate: 3500,
  preset: 'veryfast',
};

export const CONFERENCE_CREATE: ConferenceItem = { name: 'Weekly editorial meeting', active: true };

function json(value: unknown): string {
  return JSON.stringify(value, null, 2);
}

function curl(path: string, body: unknown, opts: { token?: boolean; contentType?: boolean } = {}): string {
  const lines = [`curl -X POST "${ENGINE_HOST}${path}"`, `  -H "accept: application/json"`];
  if (opts.contentType !== false) lines.push(`  -H "Content-Type: application/json"`);
  if (opts.token !== false) lines.push(`  -H "${ENGINE_ACCESS_TOKEN_HEADER}: $RELAYCAST_ACCESS_TOKEN"`);
  lines.push(`  -d '${JSON.stringify(body)}'`);
  return lines.join(' \\\n');
}

function fetchSnippet(path: string, body: unknown): string {
  return [
    `const res = await fetch('${ENGINE_HOST}${path}', {`,
    `  method: 'POST',`,
    `  headers: {`,
    `    accept: 'application/json',`,
    `    'Content-Type': 'application/json',`,
    `    '${ENGINE_ACCESS_TOKEN_HEADER}': process.env.RELAYCAST_ACCESS_TOKEN,`,
    `  },`,
    `  body: JSON.stringify(${json(body).replace(/\n/g, '\n  ')}),`,
    `});`,
    `if (res.status !== 200) throw new Error(\`Engine answered \${res.status}\`);`,
  ].join('\n');
}

export interface RequestExample {
  method: 'POST' | 'GET';
  path: string;
  /** Tabs: label → code. */
  samples: { label: string; lang: string; code: string }[];
}

function request(path: string, body: unknown, opts?: { token?: boolean; contentType?: boolean }): RequestExample {
  return {
    method: 'POST',
    path,
    samples: [
      { label: 'JSON', lang: 'json', code: json(body) },
      { label: 'cURL', lang: 'bash', code: curl(path, body, opts) },
      { label: 'JavaScript', lang: 'js', code: fetchSnippet(path, body) },
    ],
  };
}

const PLAYER_ID = '65f1c0de2a9b4e0012a1b2c3';
/** Where the player and conference embeds live: this deployment's public origin. */
const SITE = siteSettings().publicUrl;

/** Every example a locale file can reference with { "example": "<id>" }. */
export const EXAMPLES: Record<string, RequestExample> = {
  'vod-create': request('/api/vod/create', VOD_CREATE),
  'ppv-vod-create': request('/api/vod/create', PPV_VOD_CREATE),
  'continuous-vod-create': request('/api/vod/create', CONTINUOUS_VOD_CREATE),
  'restream-create': request('/api/restream/create', RESTREAM_CREATE),
  'conference-create': request('/api/conferences/create', CONFERENCE_CREATE, { contentType: true }),
  'transcoding-settings': { method: 'POST', path: '/api/vod/create', samples: [{ label: 'JSON', lang: 'json', code: json({ transcoding: TRANSCODING_SETTINGS }) }] },
  'player-embed': {
    method: 'GET',
    path: `${VOD_GROUP_PLAYER_PATH}/{id}?embedEnabled=true&playerEnabled=true`,
    samples: [
      {
        label: 'HTML',
        lang: 'html',
        code: [
          `<iframe`,
          `  src="${SITE}${VOD_GROUP_PLAYER_PATH}/${PLAYER_ID}?embedEnabled=true&playerEnabled=true"`,
          `  title="Live player" width="960" height="540"`,
          `  allow="autoplay; fullscreen; picture-in-picture" allowfullscreen`,
          `  style="border:0;max-width:100%;aspect-ratio:16/9;height:auto"></iframe>`,
        ].join('\n'),
      },
    ],
  },
  'player-hlsjs': {
    method: 'GET',
    path: '/vod/{stream}/index.m3u8',
    samples: [
      {
        label: 'hls.js',
        lang: 'js',
        code: [
          `import Hls from 'hls.js';`,
          ``,
          `const video = document.querySelector('video');`,
          `const src = '${ENGINE_HOST}/vod/main-stage/index.m3u8';`,
          `if (video.canPlayType('application/vnd.apple.mpegurl')) {`,
          `  video.src = src; // Safari and iOS play HLS natively`,
          `} else if (Hls.isSupported()) {`,
          `  const hls = new Hls({ liveSyncDurationCount: ${VOD_DEFAULTS.live_sync_duration_count} });`,
          `  hls.loadSource(src);`,
          `  hls.attachMedia(video);`,
          `}`,
        ].join('\n'),
      },
    ],
  },
  'conference-room-link': {
    method: 'GET',
    path: `${CONFERENCE_ROOM_PATH}/{id}`,
    samples: [{ label: 'URL', lang: 'text', code: `${SITE}${CONFERENCE_ROOM_PATH}/${PLAYER_ID}` }],
  },
};
