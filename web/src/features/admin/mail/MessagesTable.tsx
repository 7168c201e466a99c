import { MESSAGE_TEMPLATES } from '@relaycast/contracts/constants';
import { useLang, useT } from '../../../app/shell/hooks.js';
import { AppLink } from '../../../app/shell/ui/AppLink.js';
import { formatDate, useToast } from '../../ui/forms.js';
import { reasonOf, reasonText } from '../../../app/shell/ui/problems.js';
import { DataTable, listTableProps, type Column } from '../ui/DataTable.js';
import { ListFilter, useQueryFilter } from '../ui/ListPage.js';
import { useListState } from '../ui/useListState.js';
import { useFindMessagesQuery, useResendMessageMutation, type MessageListItem, type MessageView } from './mailApi.js';

/** When a message went (its last delivery), or when it was refused. */
export const sentAt = (m: MessageView) => m.deliveries.at(-1)?.sentAt ?? m.notSent?.at ?? m.lastAt;

/** A message's resend: the same bytes, the same Message-ID, once the notifier gets to it. */
export function ResendButton({ message }: { message: MessageView }) {
  const { t } = useT('admin');
  const toast = useToast();
  const [resend, resending] = useResendMessageMutation();
  if (message.userErased || message.status === 'not-sent') return null;
  return (
    <button
      type="button"
      className="btn btn-outline btn-small"
      disabled={resending.isLoading || message.status === 'resend-asked'}
      data-testid="resend-message"
      onClick={async () => {
        const result = await resend(message.key);
        toast(result.error ? reasonText(reasonOf(result.error), t) : t('mail.resendAsked'), result.error ? 'error' : 'success');
      }}
    >
      {message.status === 'resend-asked' ? t('mail.resendWaiting') : t('mail.resend')}
    </button>
  );
}

/** How a message went: sent by SMTP, kept in the outbox (never sent), waiting to go again, or refused and why. */
function statusText(m: MessageView, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (m.status === 'not-sent') return t(`mail.reasons.${m.notSent?.reason ?? 'MESSAGE_REFUSED'}`);
  if (m.status === 'sent' && m.deliveries.at(-1)?.transport === 'outbox') return t('mail.statuses.kept');
  return t(`mail.statuses.${m.status}`);
}

/**
 * Messages of the sent-ledger, newest first: when, what, to whom, in which language, how it went; open one, send it
 * again. Searchable by the customer's name or address and filtered by kind (the outbox), paged, the state in the
 * URL as every admin list. `userId`: one customer's (their page), without the search.
 */
export function MessagesTable({ userId, showCustomer = false }: { userId?: string; showCustomer?: boolean }) {
  const { t } = useT('admin');
  const lang = useLang();
  const list = useListState({ sort: 'lastAt', order: 'desc', pageSize: 20 });
  const [template, setTemplate] = useQueryFilter('template', MESSAGE_TEMPLATES);
  const query = useFindMessagesQuery({
    ...(userId ? { user_id: userId } : {}),
    ...(template ? { template } : {}),
    ...(!userId && list.state.search.trim() ? { search: list.state.search.trim() } : {}),
    page: list.state.page,
    pageSize: list.state.pageSize,
  });
  const columns: Column<MessageListItem>[] = [
    { key: 'when', label: t('mail.when'), className: 'nowrap', render: (m) => `${formatDate(sentAt(m), lang, true)} UTC` },
    { key: 'what', label: t('mail.what'), className: 'cell-text', render: (m) => t(`mail.templates.${m.template}`) },
    ...(showCustomer
      ? [
          {
            key: 'customer',
            label: t('mail.customer'),
            render: (m: MessageListItem) =>
              m.userErased ? t('mail.erased') : <AppLink to={`/admin/users/create?id=${encodeURIComponent(m.userId)}`}>{m.customer ? m.customer.name || m.customer.email : t('mail.openCustomer')}</AppLink>,
          },
        ]
      : []),
    { key: 'language', label: t('mail.language'), render: (m) => (m.language ? t(`mail.languages.${m.language}`) : '—') },
    {
      key: 'status',
      label: t('mail.statusCol'),
      render: (m) => (
        <>
          {statusText(m, t)}
          {m.deliveries.length > 1 && <span className="muted"> · {t('mail.deliveries', { count: m.deliveries.length })}</span>}
        </>
      ),
    },
    {
      key: 'actions',
      label: t('mail.actions'),
      className: 'cell-actions',
      render: (m) => (
        <span className="row-actions" style={{ flexWrap: 'nowrap' }}>
          {!m.userErased && (
            <AppLink className="btn btn-outline btn-small" to={`/admin/mail?key=${encodeURIComponent(m.key)}`} data-testid="open-message">
              {t('mail.open')}
            </AppLink>
          )}
          <ResendButton message={m} />
        </span>
      ),
    },
  ];
  return (
    <DataTable
      caption={t('mail.tableCaption')}
      columns={columns}
      {...listTableProps(query, list)}
      rowKey={(m) => m.key}
      searchLabel={t('mail.search')}
      searchable={!userId}
      empty={t('mail.none')}
      testId="messages-table"
      rowTestId="message-row"
      rowData={(m) => ({ 'data-template': m.template })}
      toolbar={<ListFilter id={userId ? 'user-mail-template-filter' : 'mail-template-filter'} label={t('mail.templateFilter')} value={template} onChange={setTemplate} options={MESSAGE_TEMPLATES.map((v) => ({ value: v, label: t(`mail.templates.${v}`) }))} />}
    />
  );
}
