import { useSearchParams } from 'react-router';
import { useLang, useT } from '../../../app/shell/hooks.js';
import { AppLink } from '../../../app/shell/ui/AppLink.js';
import { PageLoading } from '../../../app/shell/layout/PageLoading.js';
import { formatDate, useDocumentTitle } from '../../ui/forms.js';
import { reasonOf, reasonText } from '../../../app/shell/ui/problems.js';
import type { ViewProps } from '../viewProps.js';
import './mail.css';
import { MessagesTable, ResendButton } from './MessagesTable.js';
import { useFindMessageQuery, useMailStatusQuery } from './mailApi.js';

/** Where mail goes and how the notifier is doing: the outbox (no SMTP_URL) or SMTP, DKIM, a message waiting. */
function MailStatusCard() {
  const { t } = useT('admin');
  const lang = useLang();
  const { data: s } = useMailStatusQuery();
  if (!s) return null;
  return (
    <section className="card" data-testid="mail-status" data-transport={s.transport}>
      <h2>{t('mail.statusTitle')}</h2>
      <p>{s.transport === 'outbox' ? t('mail.transportOutbox') : t('mail.transportSmtp', { from: s.from })}</p>
      <ul className="plain-list">
        <li>{s.dkim ? t('mail.dkimOn') : t('mail.dkimOff')}</li>
        {/* Without SMTP nothing is sent: the sender writes to the outbox, and says so. */}
        <li>{!s.known ? t('mail.notifierUnknown') : s.running ? t(s.transport === 'outbox' ? 'mail.notifierRunningOutbox' : 'mail.notifierRunning', { sent: s.sent }) : t('mail.notifierStopped')}</li>
        {s.lastSentAt && <li>{t(s.transport === 'outbox' ? 'mail.lastKept' : 'mail.lastSent', { date: `${formatDate(s.lastSentAt, lang, true)} UTC` })}</li>}
      </ul>
      {s.waiting && (
        <p className="note note-warning" role="status" data-testid="mail-waiting">
          {t('mail.waiting', { what: t(`mail.templates.${s.waiting.template}`, { defaultValue: s.waiting.template }), attempts: s.waiting.attempts, next: `${formatDate(s.waiting.nextAttemptAt, lang, true)} UTC` })}{' '}
          <span className="muted">{s.waiting.lastError}</span>
        </p>
      )}
    </section>
  );
}

/** One message, rendered again from the log as it was sent; links that would act as the customer are hidden. */
function MessageDetail({ messageKey }: { messageKey: string }) {
  const { t } = useT('admin');
  const lang = useLang();
  const { data: m, error, isLoading } = useFindMessageQuery(messageKey);
  useDocumentTitle(m ? m.subject : t('mail.title'));
  if (isLoading) return <PageLoading />;
  if (!m) return <p className="note note-warning" role="alert">{error ? reasonText(reasonOf(error), t) : t('mail.failed')}</p>;
  return (
    <article className="card mail-message" data-testid="mail-message" lang={m.message.language}>
      <h2 data-testid="mail-message-subject">{m.subject}</h2>
      <dl className="mail-facts">
        <dt>{t('mail.from')}</dt>
        <dd>{m.from}</dd>
        <dt>{t('mail.to')}</dt>
        <dd>{m.to}</dd>
        <dt>{t('mail.date')}</dt>
        <dd>{formatDate(m.date, lang, true)} UTC</dd>
        <dt>{t('mail.what')}</dt>
        <dd>{t(`mail.templates.${m.message.template}`)}</dd>
        <dt>{t('mail.sentCol')}</dt>
        <dd>
          {m.message.deliveries.length
            ? m.message.deliveries.map((d) => `${formatDate(d.sentAt, lang, true)} UTC (${t(`mail.transports.${d.transport}`)})`).join('; ')
            : m.message.notSent
              ? t(`mail.reasons.${m.message.notSent.reason}`)
              : t('mail.statuses.resend-asked')}
        </dd>
        {m.attachments.length > 0 && (
          <>
            <dt>{t('mail.attachments')}</dt>
            <dd>{m.attachments.map((a) => `${a.filename} (${Math.ceil(a.bytes / 1024)} KB)`).join(', ')}</dd>
          </>
        )}
      </dl>
      {/* Never sent (no SMTP): the outbox is the only copy — shown whole, links included, with where its file is. */}
      {m.outboxFile && (
        <p className="note note-warning" data-testid="mail-not-sent">
          {t('mail.notSentOutbox')} <code className="mail-file">{m.outboxFile}</code>
        </p>
      )}
      <p className={m.identical ? 'muted small' : 'note note-warning'} data-testid="mail-identical">
        {!m.identical ? t('mail.notIdentical') : m.linksHidden ? t('mail.identicalButLinks') : m.outboxFile ? t('mail.identicalOutbox') : t('mail.identical')}
      </p>
      {m.linksHidden && <p className="note small" data-testid="mail-links-hidden">{t('mail.linksHidden')}</p>}
      {/* The links in full, to follow or copy (the message itself is shown in a sandbox, where links do nothing). */}
      {m.links && m.links.length > 0 && (
        <section className="mail-links" aria-labelledby="mail-links-title">
          <h3 id="mail-links-title">{t('mail.linksTitle')}</h3>
          <ul data-testid="mail-links">
            {m.links.map((link) => (
              <li key={link}>
                {/hidden-from-administrators/.test(link) ? (
                  <code className="mail-file">{link}</code>
                ) : (
                  <a className="mail-file" href={link} target="_blank" rel="noopener noreferrer">
                    {link}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
      <iframe className="mail-frame" title={t('mail.frameTitle', { subject: m.subject })} sandbox="" srcDoc={m.html} data-testid="mail-frame" />
      <details>
        <summary>{t('mail.textPart')}</summary>
        <pre className="mail-text" style={{ whiteSpace: 'pre-wrap' }}>{m.text}</pre>
      </details>
      <p>
        <ResendButton message={m.message} />
      </p>
    </article>
  );
}

/**
 * /admin/mail: the e-mail sent to customers. Without SMTP_URL (the embedded default) this is where messages go —
 * the local outbox, read here as a mail catcher shows it; with SMTP, the record of what was sent. ?key= opens one.
 */
export default function MailView(_props: ViewProps) {
  const { t } = useT('admin');
  const [params] = useSearchParams();
  const key = params.get('key');
  useDocumentTitle(t('mail.title'));
  return (
    <section data-testid="mail-view">
      <div className="admin-head">
        <h1>{t('mail.title')}</h1>
        {key && <AppLink to="/admin/mail">{t('mail.backToList')}</AppLink>}
      </div>
      {key ? (
        <MessageDetail messageKey={key} />
      ) : (
        <>
          <p className="muted">{t('mail.intro')}</p>
          <MailStatusCard />
          <MessagesTable showCustomer />
        </>
      )}
    </section>
  );
}
