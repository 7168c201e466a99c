import { api } from '../../app/shell/api.js';
import { entryProperties } from '../ui/content/materials.js';

/**
 * Embeds read their configuration from the CMS entry at their own URL (seed §7 getEntriesByURL):
 *  - /vod-group-player/<id>: `hls_url` (or `stream_url`), the stream's HLS playlist (.m3u8); optional `title`.
 *  - /conferences/<id>: `engine_url`, the Relaycast engine that hosts the room; optional `name`.
 * The first MATERIAL entry's flattened properties are returned; null when there is none.
 */
export const embedApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEmbedEntry: build.query<Record<string, unknown> | null, string>({
      query: (url) => ({ url: '/admin/entry/getEntriesByURL', body: { url } }),
      transformResponse: (data: unknown) => {
        if (!Array.isArray(data)) return null;
        const entry = data.find((e: unknown) => typeof e === 'object' && e !== null && 'template' in e);
        return entry ? entryProperties(entry) : null;
      },
    }),
  }),
});
export const { useGetEmbedEntryQuery } = embedApi;

/** The HLS URL of a VOD entry, if it has a usable one (http(s), or a same-origin path). */
export function streamUrlOf(props: Record<string, unknown> | null | undefined): string | null {
  const value = props?.hls_url ?? props?.stream_url;
  if (typeof value !== 'string') return null;
  const url = value.trim();
  return /^(https?:\/\/|\/)/.test(url) ? url : null;
}

export function engineUrlOf(props: Record<string, unknown> | null | undefined): string | null {
  const value = props?.engine_url;
  return typeof value === 'string' && /^https?:\/\//.test(value.trim()) ? value.trim().replace(/\/+$/, '') : null;
}
