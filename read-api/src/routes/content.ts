import { isDeepStrictEqual } from 'node:util';
import { Type } from '@sinclair/typebox';
import { entryDecider } from '@relaycast/billing-core';
import {
  ContentPageQuery,
  ContentPagesQuery,
  ContentPageSummary,
  ContentPageView,
  NotFoundError,
  SectionRef,
  SectionSave,
  SectionView,
  ValidationError,
  fieldPath,
  type EntryView,
  type SectionState,
  type SectionView as SectionAnswer,
} from '@relaycast/contracts';
import { defineRoute } from '../http/route.js';
import type { Runtime } from '../runtime.js';
import { overrideId, partsOfTexts, siteCopyOf, textsOfParts, type CataloguePage, type ContentLanguage } from '../content/index.js';
import { placeholdersOf, sectionOf, sectionsOf, type Bundle, type Section } from '../content/sections.js';

/** A page of the catalogue by its English path, and its own texts in a language; a 400 naming `url` otherwise. */
function pageAt(rt: Runtime, url: string, locale: ContentLanguage): { page: CataloguePage; defaults: Bundle } {
  const { catalogue } = siteCopyOf(rt).content;
  const page = catalogue.pages.find((p) => p.path === url);
  if (!page) throw ValidationError.field('url', 'is not a page of the site (name it by its English path, e.g. /how-to-use)', 'notAPage');
  const defaults = catalogue.bundle(locale, page.ns[0] ?? '');
  if (!defaults) throw new NotFoundError(`The site build has no ${locale} texts for ${url}`);
  return { page, defaults };
}

function sectionAt(defaults: Bundle, url: string, key: string): Section {
  const section = sectionOf(defaults, key);
  if (!section) throw ValidationError.field('section', `is not a section of ${url}`, 'notASection');
  return section;
}

const short = (text: string) => (text.length > 90 ? `${text.slice(0, 89).trimEnd()}…` : text);

/** What a section is called: its heading (or question, or name), else its first text. */
function sectionTitle(section: Section): string {
  const named = ['title', 'q', 'name', 'heading'].map((path) => section.texts.find((t) => t.path === path)).find(Boolean);
  return short((named ?? section.texts[0])?.text ?? section.key);
}

function stateOf(entry: EntryView | undefined): SectionState {
  if (!entry) return 'default';
  if (!entry.published) return 'draft';
  return isDeepStrictEqual(entry.template, entry.published) ? 'published' : 'changed';
}

function sectionView(section: Section, entry: EntryView | undefined): SectionAnswer {
  const draft = entry ? textsOfParts(entry.template) : {};
  const published = entry?.published ? textsOfParts(entry.published) : {};
  return {
    key: section.key,
    title: sectionTitle(section),
    ...(section.anchor ? { anchor: section.anchor } : {}),
    state: stateOf(entry),
    texts: section.texts.map((t) => ({
      path: t.path,
      default: t.text,
      ...(t.path in draft ? { draft: draft[t.path] } : {}),
      ...(t.path in published ? { published: published[t.path] } : {}),
    })),
    ...(entry ? { updatedAt: entry.updatedAt } : {}),
    ...(entry?.publishedAt ? { publishedAt: entry.publishedAt } : {}),
  };
}

/** The page's materials in a language: its section overrides by section, and the materials added after its sections. */
async function materialsOf(rt: Runtime, url: string, locale: ContentLanguage) {
  const materials = await rt.readSide.queries.materialsAtUrl(url);
  const overrides = new Map<string, EntryView>();
  const added: EntryView[] = [];
  for (const m of materials) {
    if (m.section) {
      if (m.locale === locale) overrides.set(m.section, m);
    } else if (!m.locale || m.locale === locale) added.push(m);
  }
  return { overrides, added };
}

/** A page's name: its search title up to the colon ("Pricing: self-hosted builder, …" → "Pricing"), else its heading. */
const heroTitle = (defaults: Bundle, url: string): string => {
  const hero = defaults.hero as { title?: unknown } | undefined;
  const meta = defaults.meta as { title?: unknown } | undefined;
  if (typeof meta?.title === 'string' && meta.title.trim()) return meta.title.split(': ')[0]!.trim();
  return typeof hero?.title === 'string' ? hero.title : url;
};

/** The title a material added after a page's sections shows (its `title` property). */
function addedTitle(entry: EntryView): string {
  for (const part of entry.template.flat()) if (part.property_i18n === 'title' && typeof part.defaultValue === 'string' && part.defaultValue.trim()) return short(part.defaultValue.trim());
  return entry._id;
}

async function sectionAnswer(rt: Runtime, url: string, locale: ContentLanguage, key: string): Promise<SectionAnswer> {
  const { defaults } = pageAt(rt, url, locale);
  const section = sectionAt(defaults, url, key);
  const entry = (await rt.readSide.queries.getEntry(overrideId(url, locale, key))) ?? undefined;
  return sectionView(section, entry);
}

const SECTION_ERRORS = ['NOT_FOUND'] as const;

/**
 * The site's copy in the admin area: the built-in pages, the sections of one with their texts in a language, and one
 * section at a time overridden (a draft), published, or reverted to the default copy. Visitors get published
 * overrides in the page's HTML (http/static-site.ts); `?preview` on a page shows an administrator the drafts.
 */
export const contentRoutes = [
  defineRoute({
    path: '/admin/content/pages',
    answer: Type.Array(ContentPageSummary),
    query: true,
    recordsNothing: true,
    access: 'admin',
    tag: 'Content',
    summary: 'The built-in pages whose copy can be edited, each with its sections counted: overridden and published, with a draft, and materials added after them',
    body: ContentPagesQuery,
    async handle({ body, rt }) {
      const { catalogue } = siteCopyOf(rt).content;
      const pages = [];
      for (const page of catalogue.pages) {
        const defaults = catalogue.bundle(body.locale, page.ns[0] ?? '');
        if (!defaults) continue;
        const { overrides, added } = await materialsOf(rt, page.path, body.locale);
        const states = [...overrides.values()].map(stateOf);
        pages.push({
          url: page.path,
          title: heroTitle(defaults, page.path),
          sections: sectionsOf(defaults).length,
          published: states.filter((s) => s === 'published' || s === 'changed').length,
          drafts: states.filter((s) => s === 'draft' || s === 'changed').length,
          added: added.length,
        });
      }
      return { data: pages };
    },
  }),
  defineRoute({
    path: '/admin/content/page',
    answer: ContentPageView,
    errors: SECTION_ERRORS,
    query: true,
    recordsNothing: true,
    access: 'admin',
    tag: 'Content',
    summary: 'One page in a language: each section with its default texts, its override’s draft and published texts and where it stands, and the materials added after its sections',
    body: ContentPageQuery,
    async handle({ body, rt }) {
      const { defaults } = pageAt(rt, body.url, body.locale);
      const { overrides, added } = await materialsOf(rt, body.url, body.locale);
      return {
        data: {
          url: body.url,
          locale: body.locale,
          title: heroTitle(defaults, body.url),
          sections: sectionsOf(defaults).map((s) => sectionView(s, overrides.get(s.key))),
          added: added.map((m) => ({ _id: m._id, title: addedTitle(m) })),
        },
      };
    },
  }),
  defineRoute({
    path: '/admin/content/saveSection',
    answer: SectionView,
    errors: ['NOT_FOUND', 'CONFLICT'],
    access: 'admin',
    tag: 'Content',
    summary: 'Saves a draft of one section’s texts (by path; those left out or equal to the default keep the default copy). Visitors see it once published',
    body: SectionSave,
    async handle({ body, rt, meta }) {
      const { defaults } = pageAt(rt, body.url, body.locale);
      const section = sectionAt(defaults, body.url, body.section);
      const defaultsByPath = new Map(section.texts.map((t) => [t.path, t.text]));
      const changed: Record<string, string> = {};
      for (const [path, text] of Object.entries(body.texts)) {
        const field = fieldPath(['texts', path]);
        const original = defaultsByPath.get(path);
        if (original === undefined) throw ValidationError.field(field, 'is not a text of this section', 'notEditable');
        if (!text.trim()) throw ValidationError.field(field, 'must not be empty', 'empty');
        const missing = placeholdersOf(original).filter((name) => !placeholdersOf(text).includes(name));
        if (missing.length) throw ValidationError.field(field, `must keep ${missing.map((n) => `{{${n}}}`).join(', ')}, which the site fills in`, 'placeholders', { names: missing.map((n) => `{{${n}}}`).join(', ') });
        if (text !== original) changed[path] = text;
      }
      if (!Object.keys(changed).length) throw ValidationError.field('texts', 'are the default texts: revert the section to show its default copy', 'sameAsDefault');
      const id = overrideId(body.url, body.locale, body.section);
      const template = partsOfTexts(changed);
      const existing = await rt.readSide.queries.getEntry(id);
      if (existing) await rt.execute(entryDecider, id, { type: 'UpdateEntry', data: { entry_type: 'MATERIAL', template }, metadata: meta() });
      else await rt.execute(entryDecider, id, { type: 'CreateEntry', data: { entryId: id, entry_type: 'MATERIAL', url: body.url, locale: body.locale, section: body.section, template }, metadata: meta() });
      return { data: await sectionAnswer(rt, body.url, body.locale, body.section) };
    },
  }),
  defineRoute({
    path: '/admin/content/publishSection',
    answer: SectionView,
    errors: SECTION_ERRORS,
    access: 'admin',
    tag: 'Content',
    summary: 'Publishes a section’s draft: visitors get its texts in the page’s HTML from then on',
    body: SectionRef,
    async handle({ body, rt, meta }) {
      const { defaults } = pageAt(rt, body.url, body.locale);
      sectionAt(defaults, body.url, body.section);
      const id = overrideId(body.url, body.locale, body.section);
      if (!(await rt.readSide.queries.getEntry(id))) throw new NotFoundError('This section has no draft: save one first');
      await rt.execute(entryDecider, id, { type: 'PublishEntry', data: {}, metadata: meta() });
      return { data: await sectionAnswer(rt, body.url, body.locale, body.section) };
    },
  }),
  defineRoute({
    path: '/admin/content/revertSection',
    answer: SectionView,
    errors: SECTION_ERRORS,
    access: 'admin',
    tag: 'Content',
    summary: 'Reverts a section to the default copy: its override (draft and published texts) is removed',
    body: SectionRef,
    async handle({ body, rt, meta }) {
      const { defaults } = pageAt(rt, body.url, body.locale);
      sectionAt(defaults, body.url, body.section);
      const id = overrideId(body.url, body.locale, body.section);
      if (!(await rt.readSide.queries.getEntry(id))) throw new NotFoundError('This section shows its default copy already');
      await rt.execute(entryDecider, id, { type: 'RemoveEntry', data: {}, metadata: meta() });
      return { data: await sectionAnswer(rt, body.url, body.locale, body.section) };
    },
  }),
];
