import type { Language } from '@relaycast/contracts/constants';
import { api } from '../../app/api.js';
import { materialsFromEntries, type PageMaterial } from '../ui/content/materials.js';

/** Public: the materials the CMS holds for a page URL (seed §7 "Entries by URL"). */
export const contentApi = api.injectEndpoints({
  endpoints: (build) => ({
    getEntriesByUrl: build.query<PageMaterial[], { url: string; locale: Language }>({
      query: (body) => ({ url: '/admin/entry/getEntriesByURL', body }),
      transformResponse: (data: unknown, _meta, arg) => materialsFromEntries(data, arg.locale),
      providesTags: ['Entries'],
    }),
  }),
});

export const { useGetEntriesByUrlQuery } = contentApi;
