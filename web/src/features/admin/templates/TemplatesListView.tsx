import type { EntryView } from '@relaycast/contracts';
import { useLang, useT } from '../../../app/shell/hooks.js';
import { AppLink } from '../../../app/shell/ui/AppLink.js';
import type { ViewProps } from '../viewProps.js';
import { useGetEntriesQuery, useRemoveEntryMutation } from '../entriesApi.js';
import { dataOf, formatDate } from '../../ui/forms.js';
import { type Column } from '../ui/DataTable.js';
import { actionsColumn, EditLink, ListPage, RemoveEntryButton } from '../ui/ListPage.js';
import { useListState } from '../ui/useListState.js';
import { entryLabel, templateFields } from './model.js';

/** /admin/templates/list: the form templates, labelled by their first property (the name). */
export default function TemplatesListView(_props: ViewProps) {
  const { t } = useT('admin');
  const lang = useLang();
  const list = useListState({ sort: 'createdAt', order: 'desc' });
  const query = useGetEntriesQuery({ ...list.args, entry_type: 'TEMPLATE' });
  const [remove] = useRemoveEntryMutation();
  const columns: Column<EntryView>[] = [
    { key: 'name', label: t('templates.name'), className: 'cell-text', render: (e) => <AppLink to={`/admin/templates/create?id=${encodeURIComponent(e._id)}`}>{entryLabel(e)}</AppLink> },
    {
      key: 'fields',
      label: t('templates.fields'),
      render: (e) => (
        <span className="kind-list">
          {templateFields(e.template).map((f) => (
            <span key={f.property_i18n} className="badge" title={`${t(`builder.dataTypes.${f.dataType}`)} · ${t(`builder.kinds.${f.formEntityType}`)}`}>
              {f.property_i18n}: {t(`builder.kinds.${f.formEntityType}`)}
            </span>
          ))}
        </span>
      ),
    },
    { key: 'updatedAt', label: t('templates.updated'), sort: 'updatedAt', render: (e) => formatDate(e.updatedAt, lang, true) },
    actionsColumn(t('list.actions'), (e) => (
      <>
        <EditLink area="templates" id={e._id} name={entryLabel(e)} />
        <AppLink className="btn btn-small btn-outline" to={`/admin/materials/create?template=${encodeURIComponent(e._id)}`} aria-label={t('templates.newMaterialOf', { name: entryLabel(e) })}>
          {t('templates.newMaterial')}
        </AppLink>
        <RemoveEntryButton area="templates" name={entryLabel(e)} onRemove={async () => Boolean(dataOf(await remove(e._id)))} />
      </>
    )),
  ];
  return (
    <ListPage area="templates" columns={columns} query={query} list={list} />
  );
}
