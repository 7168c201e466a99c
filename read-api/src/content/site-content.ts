import { createHash } from 'node:crypto';
import type { EntryView, TemplatePart, TemplateProperty } from '@relaycast/contracts';
import type { Runtime } from '../runtime.js';
import { CONTENT_LANGUAGES, type Catalogue, type CataloguePage, type ContentLanguage } from './catalogue.js';
import { htmlSanitizer } from './sanitize.js';
import { applyOverrides, type Bundle, type SectionOverride } from './sections.js';

/**
 * The site's copy with what administrators changed in it: section overrides (materials with a `section`, see
 * contracts' EntryStoredFields) put their texts in place of the defaults of that section only, and materials for a
 * page without a section — before section overrides, such a material replaced a whole page — are added after the
 * page's own sections (`cmsSections` of its texts, their HTML sanitised here). Visitors get the published copies;
 * an administrator's preview the drafts.
 */

export type ContentMode = 'published' | 'draft';

/** A section override's id: one entry per page, language and section (a second save updates it). */
export function overrideId(url: string, locale: ContentLanguage, section: string): string {
  return `section-${createHash('sha256').update(`${url}\n${locale}\n${section}`).digest('hex').slice(0, 40)}`;
}

function properties(parts: readonly TemplatePart[] | undefined): TemplateProperty[] {
  return (parts ?? []).flatMap((part) => (Array.isArray(part) ? part : [part]));
}

/** An override's texts by path, from its template properties. */
export function textsOfParts(parts: readonly TemplatePart[] | undefined): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const p of properties(parts)) if (typeof p.defaultValue === 'string') texts[p.property_i18n] = p.defaultValue;
  return texts;
}

/** An override's template: one text property per path. */
export function partsOfTexts(texts: Record<string, string>): TemplateProperty[] {
  return Object.entries(texts).map(([path, text]) => ({ property_i18n: path, defaultValue: text, dataType: 'STRING', formEntityType: 'TEXTAREA' }));
}

/** A material added after a page's own sections (what pages render from `cmsSections`). */
export interface AddedSection {
  id: string;
  title: string;
  description: string;
  /** Sanitised HTML. */
  bodyHtml: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

/** Title, description, body and order of a page material (the convention of web/src/features/ui/content/materials.ts). */
function materialFields(entry: EntryView) {
  const props: Record<string, unknown> = {};
  for (const p of properties(entry.template)) if (!(p.property_i18n in props)) props[p.property_i18n] = p.defaultValue;
  const order = Number(props.order);
  return { title: text(props.title), description: text(props.description), body: text(props.body), order: Number.isFinite(order) ? order : Number.MAX_SAFE_INTEGER };
}

export interface NamespaceTexts {
  bundle: Bundle;
  fingerprint: string;
}

export interface PageTexts {
  page: CataloguePage;
  lang: ContentLanguage;
  /** The page's namespaces that differ from the defaults, with their texts. */
  texts: Record<string, Bundle>;
  fingerprint: string;
}

export interface SiteContent {
  catalogue: Catalogue;
  /** A namespace's texts as visitors (published) or the preview (draft) see them; null when they are the defaults. */
  namespace(ns: string, lang: ContentLanguage, mode: ContentMode): Promise<NamespaceTexts | null>;
  /** A page's texts at a path (`/how-to-use`, `/ru/how-to-use`); null when the page is not in the catalogue or shows the defaults only. */
  page(path: string, mode: ContentMode): Promise<PageTexts | null>;
}

export const langOfPath = (path: string): ContentLanguage => (path === '/ru' || path.startsWith('/ru/') ? 'ru' : 'en');

export function createSiteContent(rt: Pick<Runtime, 'readSide'>, catalogue: Catalogue): SiteContent {
  async function namespace(ns: string, lang: ContentLanguage, mode: ContentMode): Promise<NamespaceTexts | null> {
    const owner = catalogue.ownerOf(ns);
    if (!owner || !CONTENT_LANGUAGES.includes(lang)) return null;
    const materials = await rt.readSide.queries.materialsAtUrl(owner.path);
    const overrides: SectionOverride[] = [];
    const added: (ReturnType<typeof materialFields> & { id: string; createdAt: string })[] = [];
    for (const m of materials) {
      if (m.section) {
        if (m.locale !== lang) continue;
        const copy = mode === 'published' ? m.published : m.template;
        if (copy) overrides.push({ section: m.section, texts: textsOfParts(copy) });
      } else if (!m.locale || m.locale === lang) {
        const fields = materialFields(m);
        if (fields.title || fields.body) added.push({ ...fields, id: m._id, createdAt: m.createdAt });
      }
    }
    if (!overrides.length && !added.length) return null;
    const defaults = catalogue.bundle(lang, ns);
    if (!defaults) return null;
    const bundle = applyOverrides(defaults, overrides);
    if (added.length) {
      const sanitize = await htmlSanitizer();
      added.sort((a, b) => a.order - b.order || a.createdAt.localeCompare(b.createdAt));
      bundle.cmsSections = added.map((a): AddedSection => ({ id: a.id, title: a.title, description: a.description, bodyHtml: a.body ? sanitize(a.body) : '' }));
    }
    const fingerprint = createHash('sha256').update(JSON.stringify([ns, lang, overrides, bundle.cmsSections ?? null])).digest('base64url').slice(0, 27);
    return { bundle, fingerprint };
  }

  return {
    catalogue,
    namespace,
    async page(path, mode) {
      const page = catalogue.page(path);
      if (!page) return null;
      const lang = langOfPath(path);
      const texts: Record<string, Bundle> = {};
      const prints: string[] = [];
      for (const ns of page.ns) {
        const found = await namespace(ns, lang, mode);
        if (found) {
          texts[ns] = found.bundle;
          prints.push(found.fingerprint);
        }
      }
      if (!prints.length) return null;
      return { page, lang, texts, fingerprint: prints.length === 1 ? prints[0]! : createHash('sha256').update(prints.join(' ')).digest('base64url').slice(0, 27) };
    },
  };
}
