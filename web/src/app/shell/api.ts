import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { postJson, type ApiError, type ApiExtraOptions, type ApiMeta, type ApiRequest } from './http.js';
import { dynamicMiddleware } from './apiMiddleware.js';
import { injectSlice } from './store.js';

export type { ApiError, ApiExtraOptions, ApiMeta, ApiRequest };

const baseQuery: BaseQueryFn<ApiRequest, unknown, ApiError, ApiExtraOptions, ApiMeta> = (args, api, extraOptions) => postJson(args, api, extraOptions);

/**
 * The RTK Query api of the app's build (account, checkout, admin, sign-in, embeds). Features add endpoints with
 * api.injectEndpoints in their own chunks. The public pages' islands never load it: what they ask the API goes
 * through their seams (features/auth/fetchSession.ts).
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['User', 'Entries'],
  endpoints: () => ({}),
});

declare module './store.js' {
  export interface LazyLoadedSlices {
    api: ReturnType<typeof api.reducer>;
  }
}

// This chunk loads when a feature first needs the API: join the store then.
injectSlice(api);
dynamicMiddleware.addMiddleware(api.middleware);
