import type { WithSlice } from '@reduxjs/toolkit';
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { reasonOf } from '../features/ui/problems.js';
import { toastAdded } from '../features/ui/toastsSlice.js';
import { authHeaders } from './cookies.js';
import { dynamicMiddleware, rootReducer } from './store.js';

/** A failed call, as the read-api answers it ({ error: { code, message, details? } }) plus the HTTP status. */
export interface ApiError {
  status: number;
  code: string;
  message: string;
  details?: unknown;
}
export interface ApiRequest {
  url: string;
  body?: unknown;
  /** Extra request headers (e.g. Idempotency-Key on /subscriptions/create). */
  headers?: Record<string, string>;
}
/** What a call answered besides `data`: the HTTP status and the answer's own `meta` (list paging). */
export interface ApiMeta {
  status: number;
  body?: Record<string, unknown>;
}
/** Per-endpoint options: the error toast the seed's catalogue (§8) names for this call, if any. */
export interface ApiExtraOptions {
  errorToast?: string;
  /** The form shows the refusal next to its fields: no toast at all. */
  inlineErrors?: true;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Seed §6: the token cookie's value with its slashes decoded, for API clients that are not the browser. */

/**
 * The one base query (seed §7): every call is a POST with a JSON body to the same origin; the answer's `data`
 * is unwrapped. A failure is logged (seed §8) and becomes an ApiError; validation failures (400) show the
 * server's message as an error toast, other failures the endpoint's own toast text when it has one. Public
 * content calls have none, so a missing API never bothers visitors.
 */
export const postJson: BaseQueryFn<ApiRequest, unknown, ApiError, object, ApiMeta> = async (args, api, extraOptions) => {
  const { errorToast, inlineErrors } = (extraOptions ?? {}) as ApiExtraOptions;
  const fail = (error: ApiError) => {
    console.warn(`POST ${args.url} failed: ${error.status} ${error.code} ${error.message}`);
    // Validation failures show the validator's message (seed §8); other failures the endpoint's seed text, with the
    // reason after it. Worded when shown, in the reader's language (the server's English message is for API clients).
    if (inlineErrors) return { error };
    const reason = reasonOf(error);
    if (error.status === 400) api.dispatch(toastAdded('', 'error', reason));
    else if (errorToast) api.dispatch(toastAdded(errorToast, 'error', reason));
    return { error };
  };
  let res: Response;
  try {
    res = await fetch(args.url, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...authHeaders(), ...args.headers },
      body: JSON.stringify(args.body ?? {}),
      signal: api.signal,
    });
  } catch (err) {
    return fail({ status: 0, code: 'NETWORK_ERROR', message: err instanceof Error ? err.message : String(err) });
  }
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok || !isRecord(json) || 'error' in json) {
    const body = isRecord(json) && isRecord(json.error) ? json.error : {};
    return fail({
      status: res.status,
      code: typeof body.code === 'string' ? body.code : `HTTP_${res.status}`,
      message: typeof body.message === 'string' ? body.message : res.statusText || 'Request failed',
      details: body.details,
    });
  }
  return { data: json.data, meta: { status: res.status, ...(isRecord(json.meta) ? { body: json.meta } : {}) } };
};

/** The RTK Query api. Features add endpoints with api.injectEndpoints in their own chunks. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery: postJson,
  tagTypes: ['User', 'Entries'],
  endpoints: () => ({}),
});

declare module './store.js' {
  export interface LazyLoadedSlices extends WithSlice<typeof api> {}
}

// This chunk loads after hydration, when a feature first needs the API: join the store then.
rootReducer.inject(api);
dynamicMiddleware.addMiddleware(api.middleware);
