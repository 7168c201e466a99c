import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useT } from '../../../app/shell/hooks.js';
import { AppLink } from '../../../app/shell/ui/AppLink.js';
import { ConfirmButton, useToast } from '../../ui/forms.js';
import { DataTable, type DataTableProps } from './DataTable.js';
import type { ListState } from './useListState.js';

/**
 * An admin list page: its title with the create button, then the table (the title is also the table's caption),
 * fed by a list query and the list's URL state (useListState).
 */
export function ListPage<T extends { _id: string }>({
  title,
  create,
  query,
  list,
  ...table
}: Omit<DataTableProps<T>, 'caption' | 'rows' | 'total' | 'loading' | 'failed' | 'state' | 'onChange' | 'rowKey'> & {
  title: string;
  create?: { to: string; label: string };
  query: { data?: { items: readonly T[]; total: number }; isFetching: boolean; isError: boolean };
  list: { state: ListState; update: (patch: Partial<ListState>) => void };
}) {
  return (
    <section>
      <div className="admin-head">
        <h1>{title}</h1>
        {create && (
          <AppLink className="btn btn-primary" to={create.to}>
            {create.label}
          </AppLink>
        )}
      </div>
      <DataTable
        caption={title}
        rows={query.data?.items}
        total={query.data?.total ?? 0}
        loading={query.isFetching}
        failed={query.isError}
        state={list.state}
        onChange={list.update}
        rowKey={(row) => row._id}
        {...table}
      />
    </section>
  );
}

/** The remove button of a template or material row: asks first, then says how it went. */
export function RemoveEntryButton({ area, name, onRemove }: { area: 'templates' | 'materials'; name: string; onRemove: () => Promise<boolean> }) {
  const { t } = useT('admin');
  const toast = useToast();
  return (
    <ConfirmButton
      label={t('actions.remove')}
      question={t(`${area}.removeQuestion`, { name })}
      confirmLabel={t('actions.confirmRemove')}
      onConfirm={async () => {
        if (await onRemove()) toast(t(`${area}.removed`, { name }), 'success');
        else toast(t(`${area}.removeFailed`), 'error');
      }}
    />
  );
}

/**
 * A list filter kept in the URL query beside the list's own state (?role=ROLE_ADMIN): the value when it is one of
 * the allowed ones, and a setter that also goes back to the first page.
 */
export function useQueryFilter<V extends string>(param: string, allowed: readonly V[]): [V | undefined, (value: string) => void] {
  const [params, setParams] = useSearchParams();
  const value = allowed.find((v) => v === params.get(param));
  const set = (next: string) =>
    setParams(
      (prev) => {
        const query = new URLSearchParams(prev);
        if (next) query.set(param, next);
        else query.delete(param);
        query.delete('page');
        return query;
      },
      { replace: true },
    );
  return [value, set];
}

/** The select of a list filter, "All" first. */
export function ListFilter<V extends string>({ id, label, value, options, onChange }: { id: string; label: string; value: V | undefined; options: readonly { value: V; label: ReactNode }[]; onChange: (value: string) => void }) {
  const { t } = useT('admin');
  return (
    <div className="list-filter">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
        <option value="">{t('list.all')}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
