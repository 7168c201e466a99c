import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ListArgs } from '../../ui/list.js';

export interface ListState {
  page: number;
  pageSize: number;
  sort: string;
  order: 'asc' | 'desc';
  search: string;
}

export const PAGE_SIZES = [10, 20, 50] as const;

/**
 * A list's paging, sorting and search, kept in the URL query (?page=2&sort=email&order=asc&q=ada), so a reload or
 * a shared link shows the same page.
 */
export function useListState(defaults: { sort: string; order: 'asc' | 'desc'; pageSize?: number }) {
  const [params, setParams] = useSearchParams();
  const state: ListState = useMemo(() => {
    const page = Math.max(1, Number(params.get('page')) || 1);
    const size = Number(params.get('size'));
    return {
      page,
      pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : defaults.pageSize ?? 10,
      sort: params.get('sort') || defaults.sort,
      order: params.get('order') === 'asc' ? 'asc' : params.get('order') === 'desc' ? 'desc' : defaults.order,
      search: params.get('q') ?? '',
    };
  }, [params, defaults.sort, defaults.order, defaults.pageSize]);

  const update = useCallback(
    (patch: Partial<ListState>) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          const set = (key: string, value: string | number | undefined, empty: string | number) => {
            if (value === undefined) return;
            if (value === empty || value === '') next.delete(key);
            else next.set(key, String(value));
          };
          set('page', patch.page, 1);
          set('size', patch.pageSize, defaults.pageSize ?? 10);
          set('sort', patch.sort, defaults.sort);
          set('order', patch.order, defaults.order);
          set('q', patch.search, '');
          return next;
        },
        { replace: true },
      );
    },
    [setParams, defaults.sort, defaults.order, defaults.pageSize],
  );

  const args: ListArgs = { page: state.page, pageSize: state.pageSize, sort: state.sort, order: state.order, ...(state.search.trim() ? { search: state.search.trim() } : {}) };
  return { state, update, args };
}
