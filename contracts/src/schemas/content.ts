import { Type, type Static } from '@sinclair/typebox';
import { StringEnum } from './common.js';
import { SectionKey, SitePath } from './entry.js';

/**
 * The site's copy as editable content (/admin/content/*, administrators): the built-in pages, their sections and
 * texts in a language, and per section an override — a material that changes that section's texts only — saved as a
 * draft, published, or reverted to the default copy.
 */

export const ContentLanguage = StringEnum(['en', 'ru'] as const);

/** /admin/content/pages */
export const ContentPagesQuery = Type.Object({ locale: ContentLanguage });
export type ContentPagesQuery = Static<typeof ContentPagesQuery>;

/** /admin/content/page */
export const ContentPageQuery = Type.Object({ url: SitePath, locale: ContentLanguage });
export type ContentPageQuery = Static<typeof ContentPageQuery>;

/** /admin/content/publishSection, /admin/content/revertSection */
export const SectionRef = Type.Object({ url: SitePath, locale: ContentLanguage, section: SectionKey });
export type SectionRef = Static<typeof SectionRef>;

/** A text's place in its section: `title`, `blocks.2.p`. */
export const TextPath = Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9_]+(\\.[A-Za-z0-9_]+)*$' });

/** /admin/content/saveSection: the section's texts by path (texts left out keep their default). */
export const SectionSave = Type.Object({
  url: SitePath,
  locale: ContentLanguage,
  section: SectionKey,
  texts: Type.Record(TextPath, Type.String({ maxLength: 10_000 }), { minProperties: 1, maxProperties: 500 }),
});
export type SectionSave = Static<typeof SectionSave>;

/** Where a section stands: the default copy, a draft never published, published, or published with a newer draft. */
export const SECTION_STATES = ['default', 'draft', 'published', 'changed'] as const;
export type SectionState = (typeof SECTION_STATES)[number];

export const SectionTextView = Type.Object({
  path: Type.String(),
  /** The built-in text (the locale file's). */
  default: Type.String(),
  /** The override's draft of it, and its published text, when they change it. */
  draft: Type.Optional(Type.String()),
  published: Type.Optional(Type.String()),
});
export type SectionTextView = Static<typeof SectionTextView>;

export const SectionView = Type.Object({
  key: Type.String(),
  /** What the section is called on the page (its heading, question or first text). */
  title: Type.String(),
  /** The id of its element on the page, for a link to it. */
  anchor: Type.Optional(Type.String()),
  state: StringEnum(SECTION_STATES),
  texts: Type.Array(SectionTextView),
  updatedAt: Type.Optional(Type.String()),
  publishedAt: Type.Optional(Type.String()),
});
export type SectionView = Static<typeof SectionView>;

export const ContentPageSummary = Type.Object({
  url: Type.String(),
  title: Type.String(),
  sections: Type.Integer(),
  /** Sections with a published override, with a draft not yet published, and materials added after the page's sections. */
  published: Type.Integer(),
  drafts: Type.Integer(),
  added: Type.Integer(),
});
export type ContentPageSummary = Static<typeof ContentPageSummary>;

export const ContentPageView = Type.Object({
  url: Type.String(),
  locale: ContentLanguage,
  title: Type.String(),
  sections: Type.Array(SectionView),
  /** Materials for this page without a section: shown after its own sections (edited as materials). */
  added: Type.Array(Type.Object({ _id: Type.String(), title: Type.String() })),
});
export type ContentPageView = Static<typeof ContentPageView>;
