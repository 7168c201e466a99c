import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import type { EntryView } from '@relaycast/contracts';
import { ENTRY_CATEGORIES, ENTRY_CATEGORY_IDS } from '@relaycast/contracts/constants';
import { useLang, useT } from '../../../app/hooks.js';
import { AppLink } from '../../ui/AppLink.js';
import type { ViewProps } from '../AdminPage.js';
import { useGetEntriesQuery, useRemoveEntryMutation } from '../entriesApi.js';
import { entryLabel } from '../templates/model.js';
import { ConfirmButton, dataOf, formatDate, useDocumentTitle, useToast } from '../ui/common.js';
import { DataTable, type Column } from '../ui/DataTable.js';
import { useListState } from '../ui/useListState.js';

/** /admin/materials/list: materials by category, labelled by the fourth property of their second part (seed §3). */
export default function MaterialsListView(_props: ViewProps) {
  const { t } = useT('admin');
  const lang = useLang();
  const toast = useToast();
  useDocumentTitle(t('materials.listTitle'));
  const { state, update, args } = useListState({ sort: 'createdAt', order: 'desc' });
  const [params, setParams] = useSearchParams();
  const category = ENTRY_CATEGORY_IDS.find((c) => c === params.get('category'));
  const { data, isFetching, isError } = useGetEntriesQuery({ ...args, entry_type: 'MATERIAL', ...(category ? { category } : {}) });
  const [remove] = useRemoveEntryMutation();
  const onChange = useCallback(update, [update]);
  const columns: Column<EntryView>[] = [
    { key: 'label', label: t('materials.label'), className: 'cell-text', render: (e) => <AppLink to={`/admin/materials/create?id=${encodeURIComponent(e._id)}`}>{entryLabel(e)}</AppLink> },
    { key: 'category', label: t('materials.category'), sort: 'category', render: (e) => (e.category ? ENTRY_CATEGORIES[e.category] : '—') },
    { key: 'url', label: t('materials.page'), sort: 'url', render: (e) => (e.url ? <AppLink to={e.url}>{e.url}</AppLink> : '—') },
    { key: 'locale', label: t('materials.locale'), sort: 'locale', render: (e) => e.locale ?? t('materials.bothLanguages') },
    { key: 'updatedAt', label: t('materials.updated'), sort: 'updatedAt', render: (e) => formatDate(e.updatedAt, lang, true) },
    {
      key: 'actions',
      label: t('list.actions'),
      className: 'cell-actions',
      render: (e) => (
        <span className="row-actions">
          <AppLink className="btn btn-small btn-outline" to={`/admin/materials/create?id=${encodeURIComponent(e._id)}`} aria-label={t('materials.editOne', { name: entryLabel(e) })}>
            {t('actions.edit')}
          </AppLink>
          <ConfirmButton
            label={t('actions.remove')}
            question={t('materials.removeQuestion', { name: entryLabel(e) })}
            confirmLabel={t('actions.confirmRemove')}
            onConfirm={async () => {
              if (dataOf(await remove(e._id))) toast(t('materials.removed', { name: entryLabel(e) }), 'success');
              else toast(t('materials.removeFailed'), 'error');
            }}
          />
        </span>
      ),
    },
  ];
  return (
    <section>
      <div className="admin-head">
        <h1>{t('materials.listTitle')}</h1>
        <AppLink className="btn btn-primary" to="/admin/materials/create">
          {t('materials.create')}
        </AppLink>
      </div>
      <DataTable
        testId="materials-list"
        caption={t('materials.listTitle')}
        columns={columns}
        rows={data?.items}
        total={data?.total ?? 0}
        loading={isFetching}
        failed={isError}
        state={state}
        onChange={onChange}
        rowKey={(e) => e._id}
        searchLabel={t('materials.search')}
        empty={t('materials.empty')}
        toolbar={
          <div className="list-filter">
            <label htmlFor="materials-category-filter">{t('materials.category')}</label>
            <select
              id="materials-category-filter"
              value={category ?? ''}
              onChange={(e) =>
                setParams(
                  (prev) => {
                    const next = new URLSearchParams(prev);
                    if (e.target.value) next.set('category', e.target.value);
                    else next.delete('category');
                    next.delete('page');
                    return next;
                  },
                  { replace: true },
                )
              }
            >
              <option value="">{t('list.all')}</option>
              {ENTRY_CATEGORY_IDS.map((c) => (
                <option key={c} value={c}>
                  {ENTRY_CATEGORIES[c]}
                </option>
              ))}
            </select>
          </div>
        }
      />
    </section>
  );
}
