import { Type } from '@sinclair/typebox';
import { randomUUID } from 'node:crypto';
import { entryDecider } from '@relaycast/billing-core';
import {
  EntriesByUrl,
  EntryCreate,
  EntryGetOne,
  EntryListQuery,
  EntryRemove,
  EntryUpdate,
  NotFoundError,
  storedTemplate,
  ValidationError,
  EntryView,
  PageMeta,
  RemovedView,
} from '@relaycast/contracts';
import { pageAnswer, defineRoute } from '../http/route.js';
import type { Runtime } from '../runtime.js';

async function entryOr404(rt: Runtime, id: string, type?: string): Promise<EntryView> {
  const entry = await rt.readSide.queries.getEntry(id);
  if (!entry || (type && entry.entry_type !== type)) throw new NotFoundError('Entry not found');
  return entry;
}

const bodyOf = (b: EntryCreate) => ({
  entry_type: b.entry_type,
  template: storedTemplate(b.template),
  ...(b.category ? { category: b.category } : {}),
  ...(b.url ? { url: b.url } : {}),
  ...(b.template_id ? { template_id: b.template_id } : {}),
  ...(b.locale ? { locale: b.locale } : {}),
});

/** Templates and materials (seed §7 "Entry …"): administrators only, except the public read by URL. */
export const entryRoutes = [
  defineRoute({
    path: '/admin/entry/create',
    answer: EntryView,
    success: [201],
    access: 'admin',
    tag: 'Content',
    summary: 'Create a template or a material',
    body: EntryCreate,
    async handle({ body, rt, meta }) {
      if (body.template_id) await entryOr404(rt, body.template_id, 'TEMPLATE').catch(() => {
        throw ValidationError.field('template_id', 'must be the _id of an existing template');
      });
      const entryId = randomUUID();
      await rt.execute(entryDecider, entryId, { type: 'CreateEntry', data: { entryId, ...bodyOf(body) }, metadata: meta() });
      return { data: await entryOr404(rt, entryId), status: 201 };
    },
  }),
  defineRoute({
    path: '/admin/entry/update',
    answer: EntryView,
    errors: ['NOT_FOUND'],
    access: 'admin',
    tag: 'Content',
    summary: 'Update a template or a material (create’s fields plus _id)',
    body: EntryUpdate,
    async handle({ body, rt, meta }) {
      const current = await entryOr404(rt, body._id);
      if (current.section) throw ValidationError.field('_id', 'is a section override of a page: edit it with /admin/content/saveSection', 'sectionOverride');
      const version = (body as { version?: unknown }).version;
      await rt.execute(entryDecider, current._id, { type: 'UpdateEntry', data: bodyOf(body), metadata: meta() }, typeof version === 'number' ? { expectedVersion: version } : {});
      return { data: await entryOr404(rt, current._id) };
    },
  }),
  defineRoute({
    path: '/admin/entry/getAll',
    answer: Type.Array(EntryView),
    answerMeta: PageMeta,
    query: true,
    access: 'admin',
    tag: 'Content',
    summary: 'List entries (filter by entry_type and category; paging, sorting, search)',
    body: EntryListQuery,
    async handle({ body, rt }) {
      const page = await rt.readSide.queries.listEntries(body);
      return pageAnswer(page);
    },
  }),
  defineRoute({
    path: '/admin/entry/getOne',
    answer: EntryView,
    errors: ['NOT_FOUND'],
    query: true,
    access: 'admin',
    tag: 'Content',
    summary: 'One entry by _id and entry_type (its template is in data.template)',
    body: EntryGetOne,
    async handle({ body, rt }) {
      return { data: await entryOr404(rt, body._id, body.entry_type) };
    },
  }),
  defineRoute({
    path: '/admin/entry/remove',
    answer: RemovedView,
    errors: ['NOT_FOUND'],
    access: 'admin',
    tag: 'Content',
    summary: 'Remove an entry',
    body: EntryRemove,
    async handle({ body, rt, meta }) {
      const entry = await entryOr404(rt, body._id);
      await rt.execute(entryDecider, entry._id, { type: 'RemoveEntry', data: {}, metadata: meta() });
      return { data: { _id: entry._id, removed: true } };
    },
  }),
  defineRoute({
    path: '/admin/entry/getEntriesByURL',
    answer: Type.Array(EntryView),
    query: true,
    access: 'public',
    tag: 'Content',
    summary: 'Published materials feeding a site address (url) or a category (menus, about page, self-hosted plan)',
    body: EntriesByUrl,
    async handle({ body, rt }) {
      if (!body.url && !body.category) throw ValidationError.field('url', 'or category is required');
      const where = body.url ? { url: body.url } : { category: body.category! };
      return { data: await rt.readSide.queries.publishedEntries(where, body.locale) };
    },
  }),
];
