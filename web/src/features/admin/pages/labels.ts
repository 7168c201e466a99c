import type { Translate } from '../../../app/shell/ui/problems.js';

const isIndex = (part: string | undefined): part is string => part !== undefined && /^\d+$/.test(part);

/**
 * What a text of a section is, in words, from its path: `blocks.2.p` → "Block 3 · Paragraph",
 * `blocks.1.table.rows.0.2` → "Block 2 · Table, row 1, column 3". Never the path itself.
 */
export function textLabel(path: string, t: Translate): string {
  const parts = path.split('.');
  const out: string[] = [];
  for (let i = 0; i < parts.length; i++) {
    const key = parts[i]!;
    const next = parts[i + 1];
    const n = isIndex(next) ? Number(next) + 1 : null;
    if (isIndex(key)) {
      out.push(t('pages.parts.item', { n: Number(key) + 1 }));
    } else if (key === 'table') {
      continue;
    } else if (key === 'rows' && n !== null && isIndex(parts[i + 2])) {
      out.push(t('pages.parts.row', { row: n, n: Number(parts[i + 2]) + 1 }));
      i += 2;
    } else if (n !== null && ['blocks', 'ul', 'ol', 'head', 'steps'].includes(key)) {
      out.push(t(`pages.parts.${key}`, { n }));
      i++;
    } else if (n !== null) {
      out.push(t('pages.parts.item', { n }));
      i++;
    } else {
      out.push(t(`pages.parts.${key}`, { defaultValue: t('pages.parts.other') }));
    }
  }
  return out.join(' · ');
}

/** The field a problem of /admin/content/saveSection names, as the text's path: `texts["blocks.0.p"]` → `blocks.0.p`. */
export function pathOfField(field: string): string | null {
  const quoted = /^texts\["(.+)"\]$/.exec(field);
  if (quoted) return JSON.parse(`"${quoted[1]}"`) as string;
  const plain = /^texts\.(.+)$/.exec(field);
  return plain ? plain[1]! : null;
}
