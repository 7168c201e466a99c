/**
 * The sections of a built-in page and their texts, read from the page's locale file (web/src/locales/<lang>/<ns>.json,
 * published by the build as dist/locales/…): what an administrator may override, one section at a time.
 *
 * A section is a top-level part of the file (`hero`, `faq`, `meta`), or one element of a list whose elements carry an
 * `id` (`sections/install` of an article, `items/<id>` of the news). Its texts are its string leaves, addressed by a
 * dotted path from the section (`title`, `blocks.2.p`, `blocks.1.table.rows.0.2`); a top-level string (`vatNote`) is a
 * section whose one text has its own name as path. Strings that are not prose — ids, link targets, image and
 * example names, code, dates — are not texts: a section's structure, links, pictures and widgets never change.
 */

export type Bundle = Record<string, unknown>;

export interface SectionText {
  /** Dotted path from the section: `title`, `blocks.2.p`. */
  path: string;
  text: string;
}

export interface Section {
  key: string;
  /** The element's id for list sections (the anchor of its heading on the page). */
  anchor?: string;
  texts: SectionText[];
}

/** Keys whose strings are structure, not copy. */
const NOT_TEXT = new Set(['id', 'to', 'href', 'src', 'url', 'figure', 'widget', 'example', 'code', 'lang', 'tone', 'date', 'slug', 'icon', 'image']);

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A list of elements that each carry a string id: one section per element. */
function isSectionList(value: unknown): value is Record<string, unknown>[] {
  return Array.isArray(value) && value.length > 0 && value.every((v) => isRecord(v) && typeof v.id === 'string' && /^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(v.id));
}

/** The string leaves of a value that are prose, with their paths (prefixed). */
function textsOf(value: unknown, prefix: string, key: string | null): SectionText[] {
  if (key !== null && NOT_TEXT.has(key)) return [];
  if (typeof value === 'string') return prefix ? [{ path: prefix, text: value }] : [];
  const at = (k: string | number) => (prefix ? `${prefix}.${k}` : String(k));
  if (Array.isArray(value)) return value.flatMap((v, i) => textsOf(v, at(i), key));
  if (isRecord(value)) return Object.entries(value).flatMap(([k, v]) => (/^[A-Za-z0-9_]+$/.test(k) ? textsOf(v, at(k), k) : []));
  return [];
}

/** Every section of a page's locale file, in the file's order; sections without texts are left out. */
export function sectionsOf(bundle: Bundle): Section[] {
  const out: Section[] = [];
  for (const [key, value] of Object.entries(bundle)) {
    if (!/^[A-Za-z0-9][A-Za-z0-9_.-]*$/.test(key)) continue;
    if (isSectionList(value)) {
      for (const element of value) {
        const texts = textsOf(element, '', null);
        if (texts.length) out.push({ key: `${key}/${String(element.id)}`, anchor: String(element.id), texts });
      }
    } else if (typeof value === 'string') {
      if (!NOT_TEXT.has(key)) out.push({ key, texts: [{ path: key, text: value }] });
    } else {
      const texts = textsOf(value, '', key);
      if (texts.length) out.push({ key, texts });
    }
  }
  return out;
}

export function sectionOf(bundle: Bundle, key: string): Section | null {
  return sectionsOf(bundle).find((s) => s.key === key) ?? null;
}

/** `{{name}}` placeholders the site fills in (prices, totals): an override keeps each of its default's. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{\s*([\w.-]+)\s*\}\}/g)].map((m) => m[1]!))].sort();
}

/** Where a section's texts hang in a copy of the bundle: the element of its list, its object, or the file itself. */
function containerOf(bundle: Bundle, key: string): Record<string, unknown> | unknown[] | null {
  const slash = key.indexOf('/');
  if (slash > 0) {
    const list = bundle[key.slice(0, slash)];
    const id = key.slice(slash + 1);
    return Array.isArray(list) ? ((list.find((e) => isRecord(e) && e.id === id) as Record<string, unknown> | undefined) ?? null) : null;
  }
  const value = bundle[key];
  if (typeof value === 'string') return bundle;
  return isRecord(value) || Array.isArray(value) ? value : null;
}

/** Sets one text in place; false when the path names no text of the section (the default copy changed since). */
function setText(container: Record<string, unknown> | unknown[], path: string, text: string): boolean {
  const parts = path.split('.');
  let node: unknown = container;
  for (const part of parts.slice(0, -1)) {
    node = Array.isArray(node) ? node[Number(part)] : isRecord(node) ? node[part] : undefined;
    if (node === undefined) return false;
  }
  const last = parts[parts.length - 1]!;
  if (Array.isArray(node) && typeof node[Number(last)] === 'string') node[Number(last)] = text;
  else if (isRecord(node) && typeof node[last] === 'string') node[last] = text;
  else return false;
  return true;
}

export interface SectionOverride {
  section: string;
  /** Text by path (only the texts that differ from the default). */
  texts: Record<string, string>;
}

/**
 * The locale file with the overrides' texts in place of the defaults: only the texts they name change, in the
 * sections they name; a path or section the default copy no longer has is skipped. The input is not modified.
 */
export function applyOverrides(bundle: Bundle, overrides: readonly SectionOverride[]): Bundle {
  const copy = structuredClone(bundle);
  for (const override of overrides) {
    const section = sectionOf(bundle, override.section);
    if (!section) continue;
    const editable = new Set(section.texts.map((t) => t.path));
    const container = containerOf(copy, override.section);
    if (!container) continue;
    for (const [path, text] of Object.entries(override.texts)) if (editable.has(path)) setText(container, path, text);
  }
  return copy;
}
