/**
 * Materials from the CMS (seed §3 content entries, §7 /admin/entry/getEntriesByURL).
 *
 * A MATERIAL entry's template parts are flattened (a part is a property or an array of them) and read by their
 * `property_i18n` key, from `defaultValue` (the embeds read their settings this way).
 *
 * Pages get materials from the server, in their HTML (read-api/src/content): a section override changes the texts of
 * one section of the page (the page's own texts, so nothing here sees it); a material for a page without a section
 * is an added section after the page's own ones — `cmsSections` of the page's texts, its `title`, `description` and
 * `body` (EDITOR HTML, sanitised by the server with DOMPurify).
 */
export interface AddedSection {
  id: string;
  title: string;
  description: string;
  /** HTML the server sanitised. */
  bodyHtml: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Flattens an entry's template parts into { property_i18n: defaultValue }. */
export function entryProperties(entry: unknown): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  if (!isRecord(entry) || !Array.isArray(entry.template)) return props;
  const visit = (part: unknown) => {
    if (Array.isArray(part)) part.forEach(visit);
    else if (isRecord(part) && typeof part.property_i18n === 'string' && !(part.property_i18n in props)) {
      props[part.property_i18n] = part.defaultValue;
    }
  };
  entry.template.forEach(visit);
  return props;
}

/** The added sections of a page's texts (none when the server added none, or the value is not a list of them). */
export function addedSections(texts: unknown): AddedSection[] {
  const list = isRecord(texts) ? texts.cmsSections : undefined;
  if (!Array.isArray(list)) return [];
  return list.filter(
    (s): s is AddedSection => isRecord(s) && typeof s.id === 'string' && typeof s.title === 'string' && typeof s.description === 'string' && typeof s.bodyHtml === 'string',
  );
}
