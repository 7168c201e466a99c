import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useT } from '../../../app/hooks.js';
import { AppLink } from '../../ui/AppLink.js';
import { DataTable, type DataTableProps } from './DataTable.js';

/**
 * An admin list page: its title with the create button, then the table (the title is also the table's caption).
 */
export function ListPage<T>({ title, create, ...table }: Omit<DataTableProps<T>, 'caption'> & { title: string; create?: { to: string; label: string } }) {
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
      <DataTable caption={title} {...table} />
    </section>
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
