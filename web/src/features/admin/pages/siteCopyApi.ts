import type { ContentPageSummary, ContentPageView, SectionRef, SectionSave, SectionView } from '@relaycast/contracts';
import { api } from '../../../app/shell/api.js';

/**
 * The site's copy (/admin/content/*): the built-in pages, one page's sections with their texts in a language, and a
 * section's draft saved, published or reverted. Views show their own (localised) toasts. A change to a section also
 * changes the materials list (section overrides are materials), so it invalidates the entries too.
 */
export const siteCopyApi = api.enhanceEndpoints({ addTagTypes: ['SiteCopy', 'Entries'] }).injectEndpoints({
  endpoints: (build) => ({
    getSitePages: build.query<ContentPageSummary[], { locale: 'en' | 'ru' }>({
      query: (body) => ({ url: '/admin/content/pages', body }),
      providesTags: ['SiteCopy'],
    }),
    getSitePage: build.query<ContentPageView, { url: string; locale: 'en' | 'ru' }>({
      query: (body) => ({ url: '/admin/content/page', body }),
      providesTags: ['SiteCopy'],
    }),
    saveSection: build.mutation<SectionView, SectionSave>({
      query: (body) => ({ url: '/admin/content/saveSection', body }),
      invalidatesTags: ['SiteCopy', 'Entries'],
    }),
    publishSection: build.mutation<SectionView, SectionRef>({
      query: (body) => ({ url: '/admin/content/publishSection', body }),
      invalidatesTags: ['SiteCopy', 'Entries'],
    }),
    revertSection: build.mutation<SectionView, SectionRef>({
      query: (body) => ({ url: '/admin/content/revertSection', body }),
      invalidatesTags: ['SiteCopy', 'Entries'],
    }),
  }),
});

export const { useGetSitePagesQuery, useGetSitePageQuery, useSaveSectionMutation, usePublishSectionMutation, useRevertSectionMutation } = siteCopyApi;
