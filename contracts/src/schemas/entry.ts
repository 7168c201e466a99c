import { Type, type Static } from '@sinclair/typebox';
import { DATA_TYPES, ENTRY_CATEGORY_IDS, ENTRY_TYPES, FORM_CONTROL_KINDS } from '../constants/content.js';
import { ENTRY_SORT_KEYS, Id, listQuery, StringEnum, OPEN_FORM } from './common.js';

/** An option of a SELECT, RADIO or SELECT_OBJECT control (for SELECT_OBJECT the value is an entry's _id). */
export const OptionItem = Type.Object(
  {
    label: Type.String({ maxLength: 500 }),
    value: Type.Union([Type.String({ maxLength: 2000 }), Type.Number(), Type.Boolean()]),
  },
  OPEN_FORM,
);

/** One property of a form template (seed §3). */
export const TemplateProperty = Type.Object(
  {
    property_i18n: Type.String({ minLength: 1, maxLength: 255 }),
    defaultValue: Type.Optional(Type.Unknown()),
    dataType: StringEnum(DATA_TYPES),
    formEntityType: StringEnum(FORM_CONTROL_KINDS),
    property_option_items: Type.Optional(Type.Array(OptionItem, { maxItems: 500 })),
  },
  OPEN_FORM,
);
export type TemplateProperty = Static<typeof TemplateProperty>;

/** A template part: a single property, or a group of properties (an element of the elements list). */
export const TemplatePart = Type.Union([TemplateProperty, Type.Array(TemplateProperty, { maxItems: 200 })]);
export type TemplatePart = Static<typeof TemplatePart>;
export const TemplateParts = Type.Array(TemplatePart, { minItems: 1, maxItems: 500 });

/**
 * A template as stored: each property and option with its declared fields only. The API accepts extra fields on
 * them (the seed's builder may send its own), but what reaches a command, an event and state is this.
 */
export function storedTemplate(parts: readonly TemplatePart[]): TemplatePart[] {
  const option = (o: Static<typeof OptionItem>) => ({ label: o.label, value: o.value });
  const property = (p: TemplateProperty): TemplateProperty => ({
    property_i18n: p.property_i18n,
    ...('defaultValue' in p ? { defaultValue: p.defaultValue } : {}),
    dataType: p.dataType,
    formEntityType: p.formEntityType,
    ...(p.property_option_items ? { property_option_items: p.property_option_items.map(option) } : {}),
  });
  return parts.map((part) => (Array.isArray(part) ? part.map(property) : property(part)));
}

/** Site addresses a material feeds (/api-docs/..., /how-to-use…): absolute paths only. */
export const SitePath = Type.String({ minLength: 1, maxLength: 300, pattern: '^/[A-Za-z0-9/_.~-]*$' });

/**
 * A section of a built-in page (its texts live in the page's locale file): a top-level part of the file (`hero`,
 * `faq`), or one element of its list of sections (`sections/install`) or news items (`items/<id>`).
 */
export const SectionKey = Type.String({ minLength: 1, maxLength: 160, pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]*(/[A-Za-z0-9][A-Za-z0-9_.-]*)?$' });

/** What an entry holds besides its type: shared by the API payloads, the commands and the events. */
export const EntryBodyFields = {
  template: TemplateParts,
  category: Type.Optional(StringEnum(ENTRY_CATEGORY_IDS)),
  url: Type.Optional(SitePath),
  /** For a material: the _id of the template it was filled in from. */
  template_id: Type.Optional(Id),
  locale: Type.Optional(StringEnum(['en', 'ru'] as const)),
};
/**
 * What commands and events hold: the API's fields, plus, for a material that overrides one section of a built-in
 * page (`url` and `locale` say which page and language), the section's key. Such a material's template properties
 * are the section's texts by path (`title`, `blocks.0.p`); it is written through /admin/content/* only.
 */
export const EntryStoredFields = { ...EntryBodyFields, section: Type.Optional(SectionKey) };
const EntryFields = { entry_type: StringEnum(ENTRY_TYPES), ...EntryBodyFields };

/** /admin/entry/create (seed §7: template list and entry_type). */
export const EntryCreate = Type.Object(EntryFields, OPEN_FORM);
export type EntryCreate = Static<typeof EntryCreate>;

/** /admin/entry/update: create's fields plus _id. */
export const EntryUpdate = Type.Object({ _id: Id, ...EntryFields }, OPEN_FORM);
export type EntryUpdate = Static<typeof EntryUpdate>;

/** /admin/entry/getOne (seed §7: _id and entry_type). */
export const EntryGetOne = Type.Object({ _id: Id, entry_type: StringEnum(ENTRY_TYPES) }, OPEN_FORM);
export type EntryGetOne = Static<typeof EntryGetOne>;

/** /admin/entry/remove (payload not in the seed: the entry's _id). */
export const EntryRemove = Type.Object({ _id: Id }, OPEN_FORM);
export type EntryRemove = Static<typeof EntryRemove>;

/** /admin/entry/getAll (payload "caller-supplied": these filters, all optional). */
export const EntryListQuery = Type.Composite([
  listQuery(ENTRY_SORT_KEYS),
  Type.Object({
    entry_type: Type.Optional(StringEnum(ENTRY_TYPES)),
    category: Type.Optional(StringEnum(ENTRY_CATEGORY_IDS)),
  }),
]);
export type EntryListQuery = Static<typeof EntryListQuery>;

/**
 * /admin/entry/getEntriesByURL (public): the published materials that feed one site address, or one category
 * (menus, the about page, the self-hosted plan). Templates are never public.
 */
export const EntriesByUrl = Type.Object({
  url: Type.Optional(SitePath),
  category: Type.Optional(StringEnum(ENTRY_CATEGORY_IDS)),
  locale: Type.Optional(StringEnum(['en', 'ru'] as const)),
});
export type EntriesByUrl = Static<typeof EntriesByUrl>;

/** /admin/files/remove. */
export const FileRemove = Type.Object({ _id: Id }, OPEN_FORM);
export type FileRemove = Static<typeof FileRemove>;
