import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useT } from '../../../app/shell/hooks.js';
import { AppLink } from '../../../app/shell/ui/AppLink.js';
import { ConfirmButton, useDocumentTitle, useToast } from '../../ui/forms.js';
import { DataTable, listTableProps, type Column, type DataTableProps } from './DataTable.js';
import type { ListState } from './useListState.js';

/** The admin areas that have a list page: each its texts (`<area>.listTitle`, `.create`, `.search`, `.empty`, `.editOne`) and its create route. */
export type ListArea = 'users' | 'subscriptions' | 'templates' | 'materials';

/**
 * An admin list page of an area: its title (also the document's and the table's caption) with the create button,
 * then the table, fed by a list query and the list's URL state (useListState). The area names its texts, its create
 * route (/admin/<area>/create) and its test id (<area>-list).
 */
export function ListPage<T extends { _id: string }>({
  area,
  query,
  list,
  ...table
}: Pick<DataTableProps<T>, 'columns' | 'toolbar'> & {
  area: ListArea;
  query: { data?: { items: readonly T[]; total: number }; isFetching: boolean; isError: boolean };
  list: { state: ListState; update: (patch: Partial<ListState>) => void };
}) {
  const { t } = useT('admin');
  const title = t(`${area}.listTitle`);
  useDocumentTitle(title);
  return (
    <section>
      <div className="admin-head">
        <h1>{title}</h1>
        <AppLink className="btn btn-primary" to={`/admin/${area}/create`}>
          {t(`${area}.create`)}
        </AppLink>
      </div>
      <DataTable
        caption={title}
        {...listTableProps(query, list)}
        rowKey={(row) => row._id}
        searchLabel={t(`${area}.search`)}
        empty={t(`${area}.empty`)}
        testId={`${area}-list`}
        {...table}
      />
    </section>
  );
}

/** The last column of a list: a row's actions (edit, remove…). */
export function actionsColumn<T>(label: string, render: (row: T) => ReactNode): Column<T> {
  return { key: 'actions', label, className: 'cell-actions', render: (row) => <span className="row-actions">{render(row)}</span> };
}

/** A row's edit button: the area's form with the row's id (/admin/<area>/create?id=…), named for the row. */
export function EditLink({ area, id, name }: { area: ListArea; id: string; name: string }) {
  const { t } = useT('admin');
  return (
    <AppLink className="btn btn-small btn-outline" to={`/admin/${area}/create?id=${encodeURIComponent(id)}`} aria-label={t(`${area}.editOne`, { name })}>
      {t('actions.edit')}
    </AppLink>
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
