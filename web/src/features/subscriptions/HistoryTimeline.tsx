import { useLang, useT } from '../../app/shell/hooks.js';
import { formatUsd } from '../../app/shell/format.js';
import { formatDate } from '../ui/forms.js';
import { historyActor, historyChanges, historySummary } from './historyText.js';
import { useSubscriptionHistoryQuery } from './subscriptionsApi.js';

/**
 * A subscription's auditable history (POST /subscriptions/history): every event, oldest first — when, who, what
 * happened and changed, and the amount.
 */
export function HistoryTimeline({ subscriptionId, meId }: { subscriptionId: string; meId: string }) {
  const { t } = useT('account');
  const lang = useLang();
  const { data, isLoading, isError } = useSubscriptionHistoryQuery(subscriptionId);
  if (isLoading) {
    return (
      <p className="muted" role="status">
        <span className="spinner" aria-hidden="true" /> {t('history.loading')}
      </p>
    );
  }
  if (isError || !data) return <p className="note note-warning">{t('history.failed')}</p>;
  if (data.length === 0) return <p className="muted">{t('history.empty')}</p>;
  return (
    <ol className="timeline" data-testid="history" aria-label={t('history.title')}>
      {data.map((item) => (
        <li key={item.id} className="timeline-item" data-testid="history-item" data-type={item.type}>
          <div className="timeline-head">
            <strong>
              {t(`events.${item.type}`, { defaultValue: t('history.event') })}
              {/* Recorded with demo payments: no money moved (README, "Demo payments"). */}
              {item.demo && (
                <>
                  {' '}
                  <span className="badge" data-testid="history-demo">
                    {t('history.demo')}
                  </span>
                </>
              )}
            </strong>
            {item.amount !== undefined && (
              <span className="timeline-amount" data-testid="history-amount">
                {formatUsd(item.amount, lang, { cents: true })}
              </span>
            )}
          </div>
          <p className="timeline-meta muted">
            <time dateTime={item.at}>{formatDate(item.at, lang, true)}</time> · {historyActor(item, meId, t)}
          </p>
          <p className="timeline-summary">{historySummary(item, t, lang)}</p>
          {historyChanges(item, t, lang).length > 0 && (
            <ul className="timeline-changes">
              {historyChanges(item, t, lang).map((c) => (
                <li key={c.field} data-field={c.field}>
                  {c.label}: {c.from} → {c.to}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
