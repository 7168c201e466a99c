import { useEffect, useId, useState, type ReactNode } from 'react';
import { useT } from '../../../app/shell/hooks.js';
import { PAGE_SIZES, type ListState } from './useListState.js';

export interface Column<T> {
  key: string;
  label: string;
  /** The field the read API sorts by (dotted paths allowed); absent: not sortable. */
  sort?: string;
  render: (row: T) => ReactNode;
  className?: string;
}

export interface DataTableProps<T> {
  caption: string;
  columns: readonly Column<T>[];
  rows: readonly T[] | undefined;
  total: number;
  loading: boolean;
  failed: boolean;
  state: ListState;
  onChange: (patch: Partial<ListState>) => void;
  rowKey: (row: T) => string;
  empty: ReactNode;
  searchLabel: string;
  /** Filters or buttons beside the search box. */
  toolbar?: ReactNode;
  testId: string;
  /** false: no search box (a list already narrowed to one thing). */
  searchable?: boolean;
  /** A row's test id (default list-row) and data attributes (data-…: what it is). */
  rowTestId?: string;
  rowData?: (row: T) => Record<`data-${string}`, string>;
}

/**
 * An admin list: text search (debounced), sortable columns (aria-sort), paging with a page-size choice, and its
 * loading, empty and failed states. The state lives in the URL (useListState).
 */
export function DataTable<T>({ caption, columns, rows, total, loading, failed, state, onChange, rowKey, empty, searchLabel, toolbar, testId, searchable = true, rowTestId = 'list-row', rowData }: DataTableProps<T>) {
  const { t } = useT('admin');
  const ids = useId();
  const [search, setSearch] = useState(state.search);
  useEffect(() => setSearch(state.search), [state.search]);
  useEffect(() => {
    if (search === state.search) return;
    const timer = setTimeout(() => onChange({ search, page: 1 }), 300);
    return () => clearTimeout(timer);
  }, [search, state.search, onChange]);

  const pages = Math.max(1, Math.ceil(total / state.pageSize));
  const sortBy = (field: string) =>
    onChange({ sort: field, order: state.sort === field && state.order === 'asc' ? 'desc' : 'asc', page: 1 });

  return (
    <div className="admin-list" data-testid={testId}>
      <div className="list-toolbar">
        {searchable && (
          <div className="list-search">
            <label htmlFor={`${ids}-search`}>{searchLabel}</label>
            <input id={`${ids}-search`} type="search" value={search} onChange={(e) => setSearch(e.target.value)} autoComplete="off" />
          </div>
        )}
        {toolbar}
      </div>
      <div className="table-wrap" tabIndex={0} role="region" aria-labelledby={`${ids}-caption`}>
        <table className="data-table admin-table" aria-busy={loading}>
          <caption id={`${ids}-caption`} className="sr-only">
            {caption}
          </caption>
          <thead>
            <tr>
              {columns.map((c) => {
                const active = c.sort !== undefined && state.sort === c.sort;
                return (
                  <th key={c.key} scope="col" aria-sort={active ? (state.order === 'asc' ? 'ascending' : 'descending') : undefined} className={c.className}>
                    {c.sort ? (
                      <button type="button" className="sort-button" onClick={() => sortBy(c.sort!)} data-sort={c.sort}>
                        {c.label}
                        <span aria-hidden="true" className="sort-mark">
                          {active ? (state.order === 'asc' ? '▲' : '▼') : '↕'}
                        </span>
                      </button>
                    ) : (
                      c.label
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows?.map((row) => (
              <tr key={rowKey(row)} data-testid={rowTestId} {...rowData?.(row)}>
                {columns.map((c) => (
                  <td key={c.key} className={c.className}>
                    {c.render(row)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {loading && !rows?.length ? (
        <div className="list-state" role="status" data-testid="list-loading">
          <span className="spinner" aria-hidden="true" /> {t('list.loading')}
        </div>
      ) : failed ? (
        <p className="note note-warning" role="alert" data-testid="list-failed">
          {t('list.failed')}
        </p>
      ) : rows && rows.length === 0 ? (
        <div className="list-state" data-testid="list-empty">
          {state.search ? t('list.noMatch', { search: state.search }) : empty}
        </div>
      ) : null}
      <nav className="pager" aria-label={t('list.paging')}>
        <span data-testid="list-total">{t('list.total', { n: total })}</span>
        <div className="pager-buttons">
          <button type="button" className="btn btn-small btn-outline" disabled={state.page <= 1} onClick={() => onChange({ page: state.page - 1 })}>
            {t('list.previous')}
          </button>
          <span aria-live="polite" data-testid="list-page">
            {t('list.page', { page: state.page, pages })}
          </span>
          <button type="button" className="btn btn-small btn-outline" disabled={state.page >= pages} onClick={() => onChange({ page: state.page + 1 })}>
            {t('list.next')}
          </button>
        </div>
        <label className="pager-size">
          <span>{t('list.pageSize')}</span>
          <select value={state.pageSize} onChange={(e) => onChange({ pageSize: Number(e.target.value), page: 1 })}>
            {PAGE_SIZES.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      </nav>
    </div>
  );
}

/** A list query's answer and the list's state in the URL, as the table's props (one wiring for every admin list). */
export function listTableProps<T>(
  query: { data?: { items: readonly T[]; total: number } | undefined; isFetching: boolean; isError: boolean },
  list: { state: ListState; update: (patch: Partial<ListState>) => void },
): Pick<DataTableProps<T>, 'rows' | 'total' | 'loading' | 'failed' | 'state' | 'onChange'> {
  return { rows: query.data?.items, total: query.data?.total ?? 0, loading: query.isFetching, failed: query.isError, state: list.state, onChange: list.update };
}
