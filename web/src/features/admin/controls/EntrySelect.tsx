import { useT } from '../../../app/shell/hooks.js';
import { useGetEntriesQuery } from '../entriesApi.js';
import { entryLabel } from '../templates/model.js';

/**
 * The SELECT_OBJECT control: entries of one type as options, value = _id, text by the seed's rule (templates: the
 * first property; materials: the fourth property of the second template part).
 */
export function EntrySelect({ id, entryType, value, onChange, exclude, describedBy }: { id: string; entryType: 'TEMPLATE' | 'MATERIAL'; value: string; onChange: (id: string) => void; exclude?: string; describedBy?: string }) {
  const { t } = useT('admin');
  const { data, isLoading } = useGetEntriesQuery({ entry_type: entryType, page: 1, pageSize: 500, sort: 'createdAt', order: 'desc' });
  const entries = (data?.items ?? []).filter((e) => e._id !== exclude);
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value)} aria-describedby={describedBy} aria-busy={isLoading} data-entry-type={entryType}>
      <option value="">{isLoading ? t('list.loading') : t('controls.none')}</option>
      {entries.map((e) => (
        <option key={e._id} value={e._id}>
          {entryLabel(e)}
        </option>
      ))}
      {value && !entries.some((e) => e._id === value) && !isLoading && <option value={value}>{value}</option>}
    </select>
  );
}
