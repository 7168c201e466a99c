import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from './common.js';

/**
 * Payloads of the streaming engine's own API (seed §3 and §7). The site documents them on the API docs pages;
 * they are validated here so the documented examples are known to be well-formed.
 */
const Str = Type.String({ maxLength: 2000 });
const Num = Type.Number();

export const VodItem = Type.Object({
  vod_name: Str,
  vod_type: StringEnum(['VOD_TYPE_LIVE_STREAM', 'VOD_TYPE_FILE'] as const),
  input: Type.Object({
    input_type: StringEnum(['INPUT_TYPE_SRT_URL', 'INPUT_TYPE_RTMP_URL', 'INPUT_TYPE_HLS_URL', 'INPUT_TYPE_FILE'] as const),
    application: StringEnum(['IO_APPLICATION_FFMPEG', 'IO_APPLICATION_SRT'] as const),
    input_stream_url: Str,
    input_stream_listen_port: Type.Optional(Num),
    input_settings: Type.Optional(Type.Unknown()),
    input_module_id: Type.Optional(Str),
    input_stream_id: Type.Optional(Str),
    entity_name: Type.Optional(Str),
    module_name: StringEnum(['MODULE_VOD'] as const),
  }),
  modify_audio: Type.Object({ type: StringEnum(['DISABLED', 'CHANNEL', 'TRACK'] as const), channel: Num, track: Num }),
  adaptive_bitrate_settings: Type.Object({ input_resolution: Str }),
  vod_media_type: Str,
  authorization: Type.Object({
    authorization_type: StringEnum(['VOD_PASSWORD_DISABLED', 'VOD_PASSWORD_ENABLED'] as const),
    credentials: Type.Array(Type.Object({ login: Str, password: Str })),
  }),
  active: Type.Boolean(),
  hls_fragment_size: Num,
  hls_fragment_length: Num,
  dash_fragment_size: Num,
  dash_fragment_length: Num,
  initial_live_manifest_size: Num,
  live_sync_duration_count: Num,
  overlay: Type.Object({ type: Str, position: Type.Object({ x: Num, y: Num }) }),
  event_date: Type.Optional(Str),
  timeZone: Type.Optional(Str),
  eventDateStatus: StringEnum(['EVENTS_DATE_DISABLED', 'EVENTS_SET_DATE'] as const),
  useCustomLogo: StringEnum(['VOD_DISABLE_LOGO', 'VOD_UPLOAD_LOGO'] as const),
  useCustomBackground: StringEnum(['VOD_DISABLE_BACKGROUND', 'VOD_UPLOAD_BACKGROUND'] as const),
  logo_path: Type.Optional(Str),
  cover_path: Type.Optional(Str),
  support_email: Type.Optional(Str),
  pay_per_view_settings: Type.Object({
    type: StringEnum(['PAY_PER_VIEW_DISABLED', 'PAY_PER_VIEW_PAYPAL'] as const),
    amount: Num,
    client_id: Str,
  }),
  transcoding: Type.Object({
    video_transcoding: Type.Boolean(),
    output_video_bitrate: Num,
    preset: Str,
    tune: Str,
    crf: Num,
    pix_fmt: Str,
    encoding_rate: Num,
    filter_fps: Num,
    gop: Num,
    force_key_frames: Num,
    frame_width: Num,
    frame_height: Num,
    slices: Num,
    cores: Num,
    audio_transcoding: Type.Boolean(),
    output_audio_bitrate: Num,
    sample_rate: Num,
  }),
});
export type VodItem = Static<typeof VodItem>;

export const RestreamItem = Type.Object({
  restream_name: Str,
  input: Type.Object({ input_type: Str, input_stream_url: Str }),
  output: Type.Object({ output_type: StringEnum(['OUTPUT_TYPE_RTMP_URL', 'OUTPUT_TYPE_SRT_URL'] as const), output_stream_url: Str }),
  active: Type.Boolean(),
});
export type RestreamItem = Static<typeof RestreamItem>;

export const ConferenceItem = Type.Object({ name: Str, active: Type.Boolean() });
export type ConferenceItem = Static<typeof ConferenceItem>;
