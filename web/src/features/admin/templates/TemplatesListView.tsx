import { useCallback } from 'react';
import type { EntryView } from '@relaycast/contracts';
import { useLang, useT } from '../../../app/hooks.js';
import { AppLink } from '../../ui/AppLink.js';
import type { ViewProps } from '../AdminPage.js';
import { useGetEntriesQuery, useRemoveEntryMutation } from '../entriesApi.js';
import { ConfirmButton, dataOf, formatDate, useDocumentTitle, useToast } from '../ui/common.js';
import { type Column } from '../ui/DataTable.js';
import { ListPage } from '../ui/ListPage.js';
import { useListState } from '../ui/useListState.js';
import { entryLabel, templateFields } from './model.js';

/** /admin/templates/list: the form templates, labelled by their first property (the name). */
export default function TemplatesListView(_props: ViewProps) {
  const { t } = useT('admin');
  const lang = useLang();
  const toast = useToast();
  useDocumentTitle(t('templates.listTitle'));
  const { state, update, args } = useListState({ sort: 'createdAt', order: 'desc' });
  const { data, isFetching, isError } = useGetEntriesQuery({ ...args, entry_type: 'TEMPLATE' });
  const [remove] = useRemoveEntryMutation();
  const onChange = useCallback(update, [update]);
  const columns: Column<EntryView>[] = [
    { key: 'name', label: t('templates.name'), className: 'cell-text', render: (e) => <AppLink to={`/admin/templates/create?id=${encodeURIComponent(e._id)}`}>{entryLabel(e)}</AppLink> },
    {
      key: 'fields',
      label: t('templates.fields'),
      render: (e) => (
        <span className="kind-list">
          {templateFields(e.template).map((f) => (
            <span key={f.property_i18n} className="badge" title={`${f.dataType} · ${f.formEntityType}`}>
              {f.property_i18n}: {f.formEntityType}
            </span>
          ))}
        </span>
      ),
    },
    { key: 'updatedAt', label: t('templates.updated'), sort: 'updatedAt', render: (e) => formatDate(e.updatedAt, lang, true) },
    {
      key: 'actions',
      label: t('list.actions'),
      className: 'cell-actions',
      render: (e) => (
        <span className="row-actions">
          <AppLink className="btn btn-small btn-outline" to={`/admin/templates/create?id=${encodeURIComponent(e._id)}`} aria-label={t('templates.editOne', { name: entryLabel(e) })}>
            {t('actions.edit')}
          </AppLink>
          <AppLink className="btn btn-small btn-outline" to={`/admin/materials/create?template=${encodeURIComponent(e._id)}`} aria-label={t('templates.newMaterialOf', { name: entryLabel(e) })}>
            {t('templates.newMaterial')}
          </AppLink>
          <ConfirmButton
            label={t('actions.remove')}
            question={t('templates.removeQuestion', { name: entryLabel(e) })}
            confirmLabel={t('actions.confirmRemove')}
            onConfirm={async () => {
              if (dataOf(await remove(e._id))) toast(t('templates.removed', { name: entryLabel(e) }), 'success');
              else toast(t('templates.removeFailed'), 'error');
            }}
          />
        </span>
      ),
    },
  ];
  return (
    <ListPage
      title={t('templates.listTitle')}
      create={{ to: '/admin/templates/create', label: t('templates.create') }}
      testId="templates-list"
      columns={columns}
      rows={data?.items}
      total={data?.total ?? 0}
      loading={isFetching}
      failed={isError}
      state={state}
      onChange={onChange}
      rowKey={(e) => e._id}
      searchLabel={t('templates.search')}
      empty={t('templates.empty')}
    />
  );
}
