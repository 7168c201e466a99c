import type { UserView } from '@relaycast/contracts';
import { ROLE_LABELS, ROLES, type Role } from '@relaycast/contracts/constants';
import { useLang, useT } from '../../../app/shell/hooks.js';
import type { ViewProps } from '../viewProps.js';
import { ConfirmButton, formatDate, useToast } from '../../ui/forms.js';
import { type Column } from '../ui/DataTable.js';
import { actionsColumn, EditLink, ListFilter, ListPage, useQueryFilter } from '../ui/ListPage.js';
import { useListState } from '../ui/useListState.js';
import { useFindUsersQuery, useRemoveUserMutation } from './usersApi.js';

/** /admin/users/list: every user, searchable, sortable, paged; edit and remove. */
export default function UsersListView({ user: me }: ViewProps) {
  const { t } = useT('admin');
  const lang = useLang();
  const toast = useToast();
  const list = useListState({ sort: 'createdAt', order: 'desc' });
  const [role, setRole] = useQueryFilter('role', ROLES);
  const query = useFindUsersQuery({ ...list.args, ...(role ? { role } : {}) });
  const [remove] = useRemoveUserMutation();

  const columns: Column<UserView>[] = [
    { key: 'name', label: t('users.name'), sort: 'givenName', className: 'cell-text', render: (u) => <strong>{`${u.givenName} ${u.familyName}`.trim() || '—'}</strong> },
    { key: 'email', label: t('users.email'), sort: 'email', render: (u) => u.email },
    { key: 'role', label: t('users.role'), sort: 'role', render: (u) => (
        // What the role means, on hover or focus.
        <span className="badge" role="img" tabIndex={0} data-tooltip={t(`users.roleHints.${u.role}`)} aria-label={`${t(`roles.${u.role}`, { defaultValue: ROLE_LABELS[u.role] })}: ${t(`users.roleHints.${u.role}`)}`}>
          {t(`roles.${u.role}`, { defaultValue: ROLE_LABELS[u.role] })}
        </span>
      ) },
    { key: 'strategy', label: t('users.strategy'), sort: 'strategy', render: (u) => u.strategy },
    { key: 'createdAt', label: t('users.created'), sort: 'createdAt', render: (u) => formatDate(u.createdAt, lang) },
    actionsColumn(t('list.actions'), (u) => (
      <>
        <EditLink area="users" id={u._id} name={u.email} />
        {u._id !== me._id && (
          <ConfirmButton
            label={t('actions.remove')}
            question={t('users.removeQuestion', { name: u.email })}
            confirmLabel={t('actions.confirmRemove')}
            testId="remove-user"
            onConfirm={async () => {
              const r = await remove(u._id);
              if (!('error' in r)) toast(t('users.removed', { name: u.email }), 'success');
            }}
          />
        )}
      </>
    )),
  ];

  return (
    <ListPage
      area="users"
      columns={columns}
      query={query}
      list={list}
      toolbar={<ListFilter id="users-role-filter" label={t('users.role')} value={role} onChange={setRole} options={ROLES.map((r: Role) => ({ value: r, label: t(`roles.${r}`) }))} />}
    />
  );
}
