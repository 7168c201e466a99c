import type { ReactNode } from 'react';
import type { HistoryItem, SubscriptionView } from '@relaycast/contracts';
import { SUBSCRIPTION_STATUSES, type Language } from '@relaycast/contracts/constants';
import { useLang, useT } from '../../../app/shell/hooks.js';
import { AppLink } from '../../../app/shell/ui/AppLink.js';
import { PageLoading } from '../../../app/shell/layout/PageLoading.js';
import { formatUsd } from '../../../app/shell/format.js';
import { formatDate, useDocumentTitle } from '../../ui/forms.js';
import { historySummary } from '../../subscriptions/historyText.js';
import { planLabel } from '../../subscriptions/labels.js';
import { StatusBadge } from '../../subscriptions/SubscriptionSummary.js';
import { subscriptionName } from '../../subscriptions/subscriptionName.js';
import { useAdminOverviewQuery, useBillingPolicyQuery } from '../adminApi.js';
import type { ViewProps } from '../viewProps.js';
import { ClockControls } from './ClockControls.js';
import { FinanceReportButton } from './FinanceReportButton.js';
import './home.css';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const detailsPath = (id: string) => `/admin/subscriptions/purchase-details?subscription=${encodeURIComponent(id)}`;

/** The subscription an event belongs to, from its stream id (subscription-<id>), or null. */
function subscriptionOf(item: HistoryItem): string | null {
  return item.streamId.startsWith('subscription-') ? item.streamId.slice('subscription-'.length) : null;
}

/** One attention list: its count, a link to the whole of it, and its first few entries (or that there is nothing). */
function AttentionCard({ id, title, total, to, toLabel, empty, children }: { id: string; title: string; total: number; to?: string; toLabel?: string; empty: string; children: ReactNode }) {
  return (
    <section className={`card attention-card${total > 0 ? ' needs-attention' : ''}`} aria-labelledby={`${id}-title`} data-testid={id} data-total={total}>
      <div className="attention-head">
        <h3 id={`${id}-title`}>{title}</h3>
        <span className="attention-count" aria-hidden="true">
          {total}
        </span>
      </div>
      {total === 0 ? <p className="muted">{empty}</p> : <ul className="attention-list">{children}</ul>}
      {total > 0 && to && toLabel && (
        <p className="attention-more">
          <AppLink to={to}>{toLabel}</AppLink>
        </p>
      )}
    </section>
  );
}

/** A subscription in an attention list: its name (to its details), customer, plan, units, status, and what comes next. */
function SubscriptionLine({ s, lang, t, ta, next }: { s: SubscriptionView; lang: Language; t: Translate; ta: Translate; next: ReactNode }) {
  return (
    <li data-testid="attention-subscription" data-id={s._id}>
      <AppLink to={detailsPath(s._id)}>{subscriptionName(s.name, lang, t)}</AppLink> <StatusBadge status={s.status} />
      <span className="attention-meta muted">
        {[s.customer.email || t('home.noEmail'), planLabel(s, ta as never), t('home.units', { n: s.quantity })].join(' · ')}
      </span>
      <span className="attention-next">{next}</span>
    </li>
  );
}

/**
 * /admin: the administrators' home — what needs attention (subscriptions in dunning, renewals of the next 7 days, open
 * disputes, failed charges), the test clock when there is one, counts, the latest events, the billing policy and the
 * finance report, and every section of the admin area. From the read models (POST /admin/overview).
 */
export default function AdminHomeView({ user }: ViewProps) {
  const { t } = useT('admin');
  const { t: ta } = useT('account');
  const lang = useLang();
  useDocumentTitle(t('home.title'));
  const { data, isLoading, isError } = useAdminOverviewQuery(undefined, { refetchOnMountOrArgChange: true });
  const policy = useBillingPolicyQuery();
  if (isLoading) return <PageLoading />;
  if (isError || !data) {
    return (
      <p className="note note-warning" role="alert" data-testid="home-failed">
        {t('home.failed')}
      </p>
    );
  }
  const { attention, counts } = data;
  const subjects = new Map(data.subjects.map((x) => [x.streamId, x]));
  const money = (cents: number) => formatUsd(cents, lang, { cents: true });
  const nextStep = (s: SubscriptionView) => (s.nextEvent ? `${t(`subscriptions.nextKinds.${s.nextEvent.kind}`)}: ${formatDate(s.nextEvent.at, lang, true)}` : '');
  return (
    <section className="admin-home" data-testid="admin-home" data-clock={data.clock} data-payments={data.payments}>
      <div className="admin-head">
        <h1>{t('home.title')}</h1>
      </div>
      <p className="muted">{t('home.intro', { name: user.givenName || user.email, date: `${formatDate(data.now, lang, true)} UTC` })}</p>
      {data.payments === 'demo' && (
        <p className="note" data-testid="home-demo">
          {t('home.demo')}
        </p>
      )}
      {data.policyOutOfBounds && data.policyOutOfBounds.length > 0 && (
        <p className="note note-warning" role="alert" data-testid="home-policy-out-of-bounds">
          {t('home.policyOutOfBounds', {
            what: [...new Set(data.policyOutOfBounds.map((p) => p.field.replace(/^policy\./, '')))].map((field) => t(`home.policyFields.${field}`)).join('; '),
          })}
        </p>
      )}

      <h2>{t('home.attention')}</h2>
      <div className="home-grid attention-grid">
        <AttentionCard
          id="attention-dunning"
          title={t('home.dunning')}
          total={attention.dunning.total}
          to="/admin/subscriptions/list?due=dunning"
          toLabel={t('home.allOf', { n: attention.dunning.total })}
          empty={t('home.noneDunning')}
        >
          {attention.dunning.items.map((s) => (
            <SubscriptionLine key={s._id} s={s} lang={lang} t={t} ta={ta} next={s.dunning ? t('home.dueSince', { date: formatDate(s.dunning.dueAt, lang), amount: money(s.amountDue) }) : nextStep(s)} />
          ))}
        </AttentionCard>
        <AttentionCard
          id="attention-renewals"
          title={t('home.renewals', { days: attention.renewals.days })}
          total={attention.renewals.total}
          to="/admin/subscriptions/list?due=renewal"
          toLabel={t('home.allOf', { n: attention.renewals.total })}
          empty={t('home.noneRenewals')}
        >
          {attention.renewals.items.map((s) => (
            <SubscriptionLine key={s._id} s={s} lang={lang} t={t} ta={ta} next={s.nextRenewal ? t('home.renews', { date: formatDate(s.nextRenewal.at, lang, true), amount: money(s.nextRenewal.amount) }) : nextStep(s)} />
          ))}
        </AttentionCard>
        <AttentionCard id="attention-disputes" title={t('home.disputes')} total={attention.disputes.total} empty={t('home.noneDisputes')}>
          {attention.disputes.items.map((s) => (
            <SubscriptionLine
              key={s._id}
              s={s}
              lang={lang}
              t={t}
              ta={ta}
              next={(s.disputes ?? []).filter((d) => d.stage !== 'RESOLVED').map((d) => ta('fields.disputeValue', { id: d.id, status: ta(`disputeStatus.${d.status}`, { defaultValue: ta('disputeStatus.OTHER') }) })).join('; ')}
            />
          ))}
        </AttentionCard>
        <AttentionCard id="attention-failed" title={t('home.failedCharges', { days: attention.failedCharges.days })} total={attention.failedCharges.total} empty={t('home.noneFailed')}>
          {attention.failedCharges.items.map((item) => {
            const id = subscriptionOf(item);
            return (
              <li key={item.id} data-testid="attention-failed-charge">
                {id ? <AppLink to={detailsPath(id)}>{ta(`events.${item.type}`, { defaultValue: ta('history.event') })}</AppLink> : ta(`events.${item.type}`, { defaultValue: ta('history.event') })}
                <span className="attention-meta muted">{formatDate(item.at, lang, true)}</span>
              </li>
            );
          })}
        </AttentionCard>
      </div>

      {data.clock === 'test' && <ClockControls now={data.now} />}

      <h2>{t('home.counts')}</h2>
      <div className="home-grid home-counts">
        <section className="card" aria-labelledby="home-users-title" data-testid="home-users">
          <h3 id="home-users-title">
            <AppLink to="/admin/users/list">{t('home.users', { n: counts.users.total })}</AppLink>
          </h3>
          <ul className="count-list">
            {(['ROLE_CUSTOMER', 'ROLE_ADMIN', 'ROLE_FINANCE', 'ROLE_USER'] as const).map((role) => (
              <li key={role} data-role={role}>
                <AppLink to={`/admin/users/list?role=${role}`}>{t(`roles.${role}`)}</AppLink>
                <span className="count">{counts.users.byRole[role]}</span>
              </li>
            ))}
          </ul>
        </section>
        <section className="card" aria-labelledby="home-subscriptions-title" data-testid="home-subscriptions">
          <h3 id="home-subscriptions-title">
            <AppLink to="/admin/subscriptions/list">{t('home.subscriptions', { n: counts.subscriptions.total })}</AppLink>
          </h3>
          <ul className="count-list">
            {SUBSCRIPTION_STATUSES.map((status) => (
              <li key={status} data-status={status}>
                <AppLink to={`/admin/subscriptions/list?status=${status}`}>{ta(`status.${status}`)}</AppLink>
                <span className="count">{counts.subscriptions.byStatus[status]}</span>
              </li>
            ))}
          </ul>
        </section>
        <section className="card" aria-labelledby="home-policy-title" data-testid="home-policy">
          <h3 id="home-policy-title">{t('home.policy')}</h3>
          {policy.data ? (
            <p>
              {t('home.policyValue', {
                retries: policy.data.policy.retryDays.join(', '),
                grace: policy.data.policy.graceDays,
                cancel: policy.data.policy.cancelAfterDays,
              })}
            </p>
          ) : (
            <p className="muted">{t('list.loading')}</p>
          )}
        </section>
        {/* The reconciliation report is finance's, not the billing policy's: a card of its own. */}
        <section className="card" aria-labelledby="home-report-title" data-testid="home-finance-report">
          <h3 id="home-report-title">{t('home.financeTitle')}</h3>
          <FinanceReportButton />
        </section>
      </div>

      <h2>{t('home.latest')}</h2>
      {data.latest.length === 0 ? (
        <p className="muted">{t('home.noEvents')}</p>
      ) : (
        <ol className="home-events" data-testid="home-events">
          {data.latest.map((item) => {
            const id = subscriptionOf(item);
            const title = ta(`events.${item.type}`, { defaultValue: ta('history.event') });
            const summary = historySummary(item, ta as never, lang);
            const subject = subjects.get(item.streamId);
            const about = subject ? [id ? subscriptionName(subject.name, lang, t) : subject.name, subject.email].filter(Boolean).join(' · ') : '';
            const to = id ? detailsPath(id) : item.streamId.startsWith('user-') ? `/admin/users/create?id=${encodeURIComponent(item.streamId.slice('user-'.length))}` : null;
            return (
              <li key={item.id} data-testid="home-event" data-type={item.type}>
                <time dateTime={item.at}>{formatDate(item.at, lang, true)}</time>
                <span className="home-event-text">
                  <strong>{title}</strong>
                  {item.demo && (
                    <>
                      {' '}
                      <span className="badge" data-testid="home-event-demo">
                        {ta('history.demo')}
                      </span>
                    </>
                  )}
                  {about && (
                    <>
                      {' · '}
                      {to ? <AppLink to={to}>{about}</AppLink> : about}
                    </>
                  )}
                  {summary && summary !== title && <span className="home-event-summary muted">{summary}</span>}
                </span>
              </li>
            );
          })}
        </ol>
      )}

      <h2>{t('home.sections')}</h2>
      <ul className="home-sections" data-testid="home-sections">
        {(
          [
            ['/admin/subscriptions/list', 'subscriptions'],
            ['/admin/users/list', 'users'],
            ['/admin/templates/list', 'templates'],
            ['/admin/materials/list', 'materials'],
            ['/admin/pages', 'pages'],
            ['/admin/files', 'files'],
            ['/admin/mail', 'mail'],
            ['/admin/finance', 'finance'],
          ] as const
        ).map(([to, key]) => (
          <li key={key}>
            <AppLink className="card home-section" to={to}>
              <strong>{t(`nav.${key}`)}</strong>
              <span className="muted">{t(`home.sectionHints.${key}`)}</span>
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  );
}
