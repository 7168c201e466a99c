import type { EntryView } from '@relaycast/contracts';
import { ENTRY_CATEGORY_IDS } from '@relaycast/contracts/constants';
import { useLang, useT } from '../../../app/shell/hooks.js';
import { AppLink } from '../../../app/shell/ui/AppLink.js';
import type { ViewProps } from '../viewProps.js';
import { useGetEntriesQuery, useRemoveEntryMutation } from '../entriesApi.js';
import { entryLabel } from '../templates/model.js';
import { dataOf, formatDate } from '../../ui/forms.js';
import { type Column } from '../ui/DataTable.js';
import { actionsColumn, ListFilter, ListPage, RemoveEntryButton, useQueryFilter } from '../ui/ListPage.js';
import { useListState } from '../ui/useListState.js';

/** /admin/materials/list: materials by category, labelled by the fourth property of their second part (seed §3). */
export default function MaterialsListView(_props: ViewProps) {
  const { t } = useT('admin');
  const lang = useLang();
  const list = useListState({ sort: 'createdAt', order: 'desc' });
  const [category, setCategory] = useQueryFilter('category', ENTRY_CATEGORY_IDS);
  const query = useGetEntriesQuery({ ...list.args, entry_type: 'MATERIAL', ...(category ? { category } : {}) });
  const [remove] = useRemoveEntryMutation();
  // A section override of a built-in page is edited on that page (Site pages), not in the materials form.
  const editPath = (e: EntryView) =>
    e.section && e.url ? `/admin/pages/edit?${new URLSearchParams({ url: e.url, language: e.locale ?? lang, section: e.section }).toString()}` : `/admin/materials/create?id=${encodeURIComponent(e._id)}`;
  const label = (e: EntryView) => {
    if (!e.section) return entryLabel(e);
    const title = e.template.flat().find((p) => p.property_i18n === 'title')?.defaultValue;
    return typeof title === 'string' && title.trim() ? t('materials.sectionTitled', { title: title.trim() }) : t('materials.sectionOverride');
  };
  const columns: Column<EntryView>[] = [
    {
      key: 'label',
      label: t('materials.label'),
      className: 'cell-text',
      render: (e) => (
        <>
          <AppLink to={editPath(e)}>{label(e)}</AppLink>
          {e.section && <span className={`status-badge ${e.published ? 'status-ok' : 'status-wait'}`}>{t(e.published ? 'materials.sectionPublished' : 'materials.sectionDraft')}</span>}
        </>
      ),
    },
    { key: 'category', label: t('materials.category'), sort: 'category', render: (e) => (e.category ? t(`categories.${e.category}`) : '—') },
    { key: 'url', label: t('materials.page'), sort: 'url', render: (e) => (e.url ? <AppLink to={e.url}>{e.url}</AppLink> : '—') },
    { key: 'locale', label: t('materials.locale'), sort: 'locale', render: (e) => e.locale ?? t('materials.bothLanguages') },
    { key: 'updatedAt', label: t('materials.updated'), sort: 'updatedAt', render: (e) => formatDate(e.updatedAt, lang, true) },
    actionsColumn(t('list.actions'), (e) => (
      <>
        <AppLink className="btn btn-small btn-outline" to={editPath(e)} aria-label={t('materials.editOne', { name: label(e) })}>
          {t('actions.edit')}
        </AppLink>
        <RemoveEntryButton area="materials" name={label(e)} onRemove={async () => Boolean(dataOf(await remove(e._id)))} />
      </>
    )),
  ];
  return (
    <ListPage
      area="materials"
      columns={columns}
      query={query}
      list={list}
      toolbar={<ListFilter id="materials-category-filter" label={t('materials.category')} value={category} onChange={setCategory} options={ENTRY_CATEGORY_IDS.map((c) => ({ value: c, label: t(`categories.${c}`) }))} />}
    />
  );
}
