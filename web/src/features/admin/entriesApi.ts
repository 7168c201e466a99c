import type { EntryView, FileView } from '@relaycast/contracts';
import type { EntryCategory, EntryType } from '@relaycast/contracts/constants';
import { api } from '../../app/shell/api.js';
import { listBody, toPage, type ListArgs, type ListPage } from '../ui/list.js';

export interface EntryBody {
  _id?: string;
  entry_type: EntryType;
  template: unknown[];
  category?: EntryCategory;
  url?: string;
  template_id?: string;
  locale?: 'en' | 'ru';
}

/**
 * Templates and materials (/admin/entry/*) and uploaded files (/admin/files/*). The seed's toast catalogue names
 * none of these calls: the forms show their own (localised) toasts.
 */
export const entriesApi = api.enhanceEndpoints({ addTagTypes: ['Entries', 'Files'] }).injectEndpoints({
  endpoints: (build) => ({
    getEntries: build.query<ListPage<EntryView>, ListArgs & { entry_type: EntryType; category?: EntryCategory }>({
      query: (args) => ({ url: '/admin/entry/getAll', body: listBody(args) }),
      transformResponse: (data: unknown, meta) => toPage<EntryView>(data, meta),
      providesTags: ['Entries'],
    }),
    getEntry: build.query<EntryView, { _id: string; entry_type: EntryType }>({
      query: (body) => ({ url: '/admin/entry/getOne', body }),
      providesTags: (_r, _e, arg) => [{ type: 'Entries', id: arg._id }],
    }),
    /** Seed §7: create when there is no id yet, else update. */
    saveEntry: build.mutation<EntryView, EntryBody>({
      query: (body) => ({ url: body._id ? '/admin/entry/update' : '/admin/entry/create', body }),
      invalidatesTags: ['Entries'],
    }),
    removeEntry: build.mutation<unknown, string>({
      query: (_id) => ({ url: '/admin/entry/remove', body: { _id } }),
      invalidatesTags: ['Entries'],
    }),
    getFiles: build.query<ListPage<FileView>, ListArgs>({
      query: (args) => ({ url: '/admin/files/getAll', body: listBody(args) }),
      transformResponse: (data: unknown, meta) => toPage<FileView>(data, meta),
      providesTags: ['Files'],
    }),
    removeFile: build.mutation<unknown, string>({
      query: (_id) => ({ url: '/admin/files/remove', body: { _id } }),
      invalidatesTags: ['Files'],
    }),
  }),
});

export const { useGetEntriesQuery, useGetEntryQuery, useSaveEntryMutation, useRemoveEntryMutation, useGetFilesQuery, useRemoveFileMutation } = entriesApi;

/**
 * Uploads one file to /admin/files/upload (multipart field "file") with upload progress (0…1). A refusal rejects with
 * an Error carrying the HTTP `status` and the server's error `code` (PAYLOAD_TOO_LARGE, UNSUPPORTED_MEDIA_TYPE…), for
 * words in the reader's language; its message is the server's (English).
 */
export function uploadFile(file: File, onProgress: (fraction: number) => void): { promise: Promise<FileView>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<FileView>((resolve, reject) => {
    xhr.open('POST', '/admin/files/upload');
    xhr.setRequestHeader('accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      type Answer = { data?: FileView; error?: { code?: string; message?: string } };
      const json = ((): Answer | null => {
        try {
          return JSON.parse(xhr.responseText) as Answer;
        } catch {
          return null;
        }
      })();
      if (xhr.status >= 200 && xhr.status < 300 && json?.data) {
        onProgress(1);
        resolve(json.data);
      } else reject(Object.assign(new Error(json?.error?.message ?? `Upload failed (${xhr.status})`), { status: xhr.status, code: json?.error?.code ?? `HTTP_${xhr.status}` }));
    };
    xhr.onerror = () => reject(new Error('Upload failed: the server could not be reached'));
    xhr.onabort = () => reject(new Error('Upload cancelled'));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
  return { promise, abort: () => xhr.abort() };
}
