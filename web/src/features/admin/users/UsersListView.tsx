import { useCallback } from 'react';
import type { UserView } from '@relaycast/contracts';
import { ROLE_LABELS, ROLES, type Role } from '@relaycast/contracts/constants';
import { useLang, useT } from '../../../app/hooks.js';
import { AppLink } from '../../ui/AppLink.js';
import type { ViewProps } from '../AdminPage.js';
import { ConfirmButton, formatDate, useDocumentTitle, useToast } from '../ui/common.js';
import { DataTable, type Column } from '../ui/DataTable.js';
import { useListState } from '../ui/useListState.js';
import { useSearchParams } from 'react-router';
import { useFindUsersQuery, useRemoveUserMutation } from './usersApi.js';

/** /admin/users/list: every user, searchable, sortable, paged; edit and remove. */
export default function UsersListView({ user: me }: ViewProps) {
  const { t } = useT('admin');
  const lang = useLang();
  const toast = useToast();
  useDocumentTitle(t('users.listTitle'));
  const { state, update, args } = useListState({ sort: 'createdAt', order: 'desc' });
  const [params, setParams] = useSearchParams();
  const role = ROLES.find((r) => r === params.get('role'));
  const { data, isFetching, isError } = useFindUsersQuery({ ...args, ...(role ? { role } : {}) });
  const [remove] = useRemoveUserMutation();
  const onChange = useCallback(update, [update]);

  const columns: Column<UserView>[] = [
    { key: 'name', label: t('users.name'), sort: 'givenName', className: 'cell-text', render: (u) => <strong>{`${u.givenName} ${u.familyName}`.trim() || '—'}</strong> },
    { key: 'email', label: t('users.email'), sort: 'email', render: (u) => u.email },
    { key: 'role', label: t('users.role'), sort: 'role', render: (u) => <span className="badge">{t(`roles.${u.role}`, { defaultValue: ROLE_LABELS[u.role] })}</span> },
    { key: 'strategy', label: t('users.strategy'), sort: 'strategy', render: (u) => u.strategy },
    { key: 'createdAt', label: t('users.created'), sort: 'createdAt', render: (u) => formatDate(u.createdAt, lang) },
    {
      key: 'actions',
      label: t('list.actions'),
      className: 'cell-actions',
      render: (u) => (
        <span className="row-actions">
          <AppLink className="btn btn-small btn-outline" to={`/admin/users/create?id=${encodeURIComponent(u._id)}`} aria-label={t('users.editOne', { name: u.email })}>
            {t('actions.edit')}
          </AppLink>
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
        </span>
      ),
    },
  ];

  return (
    <section>
      <div className="admin-head">
        <h1>{t('users.listTitle')}</h1>
        <AppLink className="btn btn-primary" to="/admin/users/create">
          {t('users.create')}
        </AppLink>
      </div>
      <DataTable
        testId="users-list"
        caption={t('users.listTitle')}
        columns={columns}
        rows={data?.items}
        total={data?.total ?? 0}
        loading={isFetching}
        failed={isError}
        state={state}
        onChange={onChange}
        rowKey={(u) => u._id}
        searchLabel={t('users.search')}
        empty={t('users.empty')}
        toolbar={
          <div className="list-filter">
            <label htmlFor="users-role-filter">{t('users.role')}</label>
            <select
              id="users-role-filter"
              value={role ?? ''}
              onChange={(e) =>
                setParams(
                  (prev) => {
                    const next = new URLSearchParams(prev);
                    if (e.target.value) next.set('role', e.target.value);
                    else next.delete('role');
                    next.delete('page');
                    return next;
                  },
                  { replace: true },
                )
              }
            >
              <option value="">{t('list.all')}</option>
              {ROLES.map((r: Role) => (
                <option key={r} value={r}>
                  {t(`roles.${r}`)}
                </option>
              ))}
            </select>
          </div>
        }
      />
    </section>
  );
}
