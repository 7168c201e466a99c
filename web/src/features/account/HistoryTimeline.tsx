import type { HistoryItem } from '@relaycast/contracts';
import { useLang, useT } from '../../app/hooks.js';
import { formatUsd } from '../pricing/format.js';
import { formatDate } from '../admin/ui/common.js';
import { useSubscriptionHistoryQuery } from './subscriptionsApi.js';

function show(value: unknown, field: string, lang: 'en' | 'ru'): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number' && /amount|balance/i.test(field)) return formatUsd(value, lang, { cents: true });
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

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
  const who = (item: HistoryItem) =>
    item.actor.id === meId ? t('history.you') : t(`history.roles.${item.actor.role}`, { defaultValue: item.actor.role }) + (item.actor.role === 'SYSTEM' ? ` (${item.actor.id})` : '');
  return (
    <ol className="timeline" data-testid="history" aria-label={t('history.title')}>
      {data.map((item) => (
        <li key={item.id} className="timeline-item" data-testid="history-item" data-type={item.type}>
          <div className="timeline-head">
            <strong>{t(`events.${item.type}`, { defaultValue: item.type })}</strong>
            {item.amount !== undefined && (
              <span className="timeline-amount" data-testid="history-amount">
                {formatUsd(item.amount, lang, { cents: true })}
              </span>
            )}
          </div>
          <p className="timeline-meta muted">
            <time dateTime={item.at}>{formatDate(item.at, lang, true)}</time> · {who(item)}
          </p>
          <p className="timeline-summary">{item.summary}</p>
          {item.changes && Object.keys(item.changes).length > 0 && (
            <ul className="timeline-changes">
              {Object.entries(item.changes).map(([field, change]) => (
                <li key={field}>
                  <code>{field}</code>: {show(change.from, field, lang)} → {show(change.to, field, lang)}
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ol>
  );
}
