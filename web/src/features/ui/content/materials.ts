/**
 * Page materials from the CMS (seed §3 content entries, §7 /admin/entry/getEntriesByURL).
 *
 * Convention: a MATERIAL entry whose `url` is a page's path (English path; `locale` says which language, none
 * means both) feeds that page. Its template parts are flattened (a part is a property or an array of them) and
 * these properties are read by their `property_i18n` key, from `defaultValue`:
 *   - `title`       (TEXT)    the section heading
 *   - `description` (TEXTAREA) an introduction paragraph, plain text
 *   - `body`        (EDITOR)  HTML; it is sanitised with DOMPurify before it is rendered
 *   - `order`       (NUMBER)  position among the page's materials (ascending; then by creation time)
 * When a page has at least one usable material (a title or a body), the materials replace the page's built-in
 * sections; otherwise, or when the call fails, the built-in content stays. Prerendered HTML always carries the
 * built-in content.
 */
export interface PageMaterial {
  id: string;
  title: string;
  description: string;
  /** Unsanitised HTML: render only through sanitizeHtml. */
  bodyHtml: string;
  order: number;
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

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '');

export function materialsFromEntries(entries: unknown, locale?: string): PageMaterial[] {
  if (!Array.isArray(entries)) return [];
  const out: (PageMaterial & { createdAt: string })[] = [];
  entries.forEach((entry, index) => {
    if (!isRecord(entry)) return;
    if (entry.entry_type !== undefined && entry.entry_type !== 'MATERIAL') return;
    if (locale && typeof entry.locale === 'string' && entry.locale !== locale) return;
    const props = entryProperties(entry);
    const title = text(props.title);
    const bodyHtml = text(props.body);
    if (!title && !bodyHtml) return;
    const order = Number(props.order);
    out.push({
      id: typeof entry._id === 'string' ? entry._id : `material-${index}`,
      title,
      description: text(props.description),
      bodyHtml,
      order: Number.isFinite(order) ? order : Number.MAX_SAFE_INTEGER,
      createdAt: typeof entry.createdAt === 'string' ? entry.createdAt : '',
    });
  });
  out.sort((a, b) => a.order - b.order || a.createdAt.localeCompare(b.createdAt));
  return out.map(({ createdAt: _createdAt, ...material }) => material);
}
