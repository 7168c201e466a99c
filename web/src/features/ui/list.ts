import type { ApiMeta } from '../../app/shell/api.js';

/** Paging, sorting and text search of a list call (the read API's ListQuery). */
export interface ListArgs {
  page?: number;
  pageSize?: number;
  sort?: string;
  order?: 'asc' | 'desc';
  search?: string;
}
/** One page of a list answer: `data` plus the answer's `meta` paging. */
export interface ListPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** The list body without empty fields (an empty search is no filter). */
export function listBody<T extends ListArgs>(args: T): T {
  const body: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(args)) if (v !== undefined && v !== '' && v !== null) body[k] = v;
  return body as T;
}

export function toPage<T>(data: unknown, meta: ApiMeta | undefined): ListPage<T> {
  const items = Array.isArray(data) ? (data as T[]) : [];
  const m = meta?.body ?? {};
  const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
  return { items, total: num(m.total, items.length), page: num(m.page, 1), pageSize: num(m.pageSize, items.length || 20) };
}
