import { useState } from 'react';
import { useLang, useT } from '../../../app/shell/hooks.js';
import { AppLink } from '../../../app/shell/ui/AppLink.js';
import { formatDate, useToast } from '../../ui/forms.js';
import { reasonOf, reasonText } from '../../../app/shell/ui/problems.js';
import { useFindMessagesQuery, useResendMessageMutation, type MessageView } from './mailApi.js';

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

/** Messages of the sent-ledger, newest first: when, what, in which language, how it went; open one, send it again. */
export function MessagesTable({ userId, showCustomer = false }: { userId?: string; showCustomer?: boolean }) {
  const { t } = useT('admin');
  const lang = useLang();
  const [page, setPage] = useState(1);
  const pageSize = 20;
  const { data, isLoading, isError } = useFindMessagesQuery({ ...(userId ? { user_id: userId } : {}), page, pageSize });
  if (isLoading) return <p className="muted">{t('mail.loading')}</p>;
  if (isError || !data) return <p className="note note-warning">{t('mail.failed')}</p>;
  if (!data.items.length) return <p className="muted" data-testid="messages-empty">{t('mail.none')}</p>;
  const pages = Math.max(1, Math.ceil(data.total / pageSize));
  return (
    <div className="table-wrap" tabIndex={0} role="region" aria-label={t('mail.tableCaption')}>
      <table className="data-table admin-table" data-testid="messages-table">
        <caption className="sr-only">{t('mail.tableCaption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('mail.when')}</th>
            <th scope="col">{t('mail.what')}</th>
            {showCustomer && <th scope="col">{t('mail.customer')}</th>}
            <th scope="col">{t('mail.language')}</th>
            <th scope="col">{t('mail.statusCol')}</th>
            <th scope="col">{t('mail.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {data.items.map((m) => (
            <tr key={m.key} data-testid="message-row" data-template={m.template}>
              <td style={{ whiteSpace: 'nowrap' }}>{formatDate(sentAt(m), lang, true)} UTC</td>
              <td>{t(`mail.templates.${m.template}`)}</td>
              {showCustomer && (
                <td>{m.userErased ? t('mail.erased') : <AppLink to={`/admin/users/create?id=${encodeURIComponent(m.userId)}`}>{m.customer ? m.customer.name || m.customer.email : t('mail.openCustomer')}</AppLink>}</td>
              )}
              <td>{m.language ? t(`mail.languages.${m.language}`) : '—'}</td>
              <td>
                {m.status === 'not-sent' ? t(`mail.reasons.${m.notSent?.reason ?? 'MESSAGE_REFUSED'}`) : t(`mail.statuses.${m.status}`)}
                {m.deliveries.length > 1 && <span className="muted"> · {t('mail.deliveries', { count: m.deliveries.length })}</span>}
              </td>
              <td>
                <div className="row-actions" style={{ flexWrap: 'nowrap' }}>
                  {!m.userErased && (
                    <AppLink className="btn btn-outline btn-small" to={`/admin/mail?key=${encodeURIComponent(m.key)}`} data-testid="open-message">
                      {t('mail.open')}
                    </AppLink>
                  )}
                  <ResendButton message={m} />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {pages > 1 && (
        <p className="pager">
          <button type="button" className="btn btn-outline btn-small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('mail.previous')}
          </button>{' '}
          {t('mail.page', { page, pages })}{' '}
          <button type="button" className="btn btn-outline btn-small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('mail.next')}
          </button>
        </p>
      )}
    </div>
  );
}
