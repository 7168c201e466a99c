import { useState } from 'react';
import type { SubscriptionView } from '@relaycast/contracts';
import { BUY_LICENCE_PATH } from '@relaycast/contracts/constants';
import { useLang, useT } from '../../app/shell/hooks.js';
import type { SessionUser } from '../../app/shell/sessionApi.js';
import { AppLink } from '../../app/shell/ui/AppLink.js';
import { useDocumentTitle } from '../ui/forms.js';
import { HistoryTimeline } from '../subscriptions/HistoryTimeline.js';
import { CancelSubscription, PayNow, ReviseForm, paymentDue } from '../subscriptions/SubscriptionActions.js';
import { amountOwed } from '../subscriptions/labels.js';
import { SubscriptionDocuments } from '../subscriptions/BillingDocuments.js';
import { StatusBadge, SubscriptionSummary } from '../subscriptions/SubscriptionSummary.js';
import { CancelAtPeriodEnd, LicenceDownload, SaveWallet, useWalletReturn } from '../subscriptions/BillingTime.js';
import { useFindMySubscriptionsQuery } from '../subscriptions/subscriptionsApi.js';
import { subscriptionName } from '../subscriptions/subscriptionName.js';
import { LicenceHelp } from '../subscriptions/LicenceHelp.js';
import { INVOICES_PATH, PROFILE_PATH } from '../../app/shell/accountPaths.js';
import { subscriptionLine } from '../subscriptions/subscriptionLine.js';

function SubscriptionCard({ subscription: s, me }: { subscription: SubscriptionView; me: SessionUser }) {
  const { t } = useT('account');
  const lang = useLang();
  const [revising, setRevising] = useState(false);
  // What is owed (dunning) is paid from the notice at the top of the page; a purchase not finished or a requested
  // raise's balance is paid here, right under the facts.
  const due = paymentDue(s) && amountOwed(s) === 0;
  const open = s.status !== 'SUBSCRIPTION_STATUS_CANCEL';
  return (
    <article className="card subscription-card" data-testid="subscription" data-id={s._id} data-status={s.status} aria-labelledby={`sub-${s._id}`}>
      <div className="subscription-head">
        <div>
          <h2 id={`sub-${s._id}`}>{subscriptionName(s.name, lang, t)}</h2>
          {/* The name is the seed's "Subscription <date>": what tells them apart is right under it. */}
          <p className="muted subscription-line" data-testid="subscription-line">
            {subscriptionLine(s, t, lang)}
          </p>
        </div>
        <StatusBadge status={s.status} />
      </div>
      <SubscriptionSummary subscription={s} withdrawable />
      <SubscriptionDocuments subscriptionId={s._id} allHref={INVOICES_PATH} />
      {due && <PayNow subscription={s} />}
      <div className="card-actions">
        <AppLink className="btn btn-small btn-outline" to={`/admin/subscriptions/purchase-details?subscription=${encodeURIComponent(s._id)}`}>
          {t('actions.details')}
        </AppLink>
        {open && s.plan.plan_id === 'constructor' && (
          <button type="button" className="btn btn-small btn-outline" aria-expanded={revising} onClick={() => setRevising((v) => !v)} data-testid="revise-toggle">
            {t('actions.revise')}
          </button>
        )}
        {open && s.totals.payments > 0 && (
          <AppLink className="btn btn-small btn-outline" to={`/admin/subscriptions/change-payment-method?subscription=${encodeURIComponent(s._id)}`} data-testid="change-payment-method">
            {t('actions.changePaymentMethod')}
          </AppLink>
        )}
        <LicenceDownload subscription={s} />
        {open && s.totals.payments > 0 && !s.paymentMethod?.vaulted && <SaveWallet subscription={s} />}
        <CancelAtPeriodEnd subscription={s} />
        <CancelSubscription subscription={s} />
      </div>
      {revising && <ReviseForm subscription={s} onRevised={() => setRevising(false)} />}
      <details className="history-details">
        <summary data-testid="history-toggle">{t('history.title')}</summary>
        <HistoryTimeline subscriptionId={s._id} meId={me._id} />
      </details>
    </article>
  );
}

/**
 * The customer's own subscriptions (POST /subscriptions/findAllByToken), each with its history and actions: a
 * customer's /admin/subscriptions/list (the admin page shows it there, app/composed/AdminPage.tsx passes it in).
 */
export function AccountSubscriptions({ user, framed = false }: { user: SessionUser; framed?: boolean }) {
  const { t } = useT('account');
  useDocumentTitle(t('account.title'));
  useWalletReturn();
  const [page, setPage] = useState(1);
  const { data, isLoading, isError } = useFindMySubscriptionsQuery({ page, pageSize: 10, sort: 'createdAt', order: 'desc' });
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <section data-testid="account">
      {/* In the account's own frame (/user/subscriptions) the title and the ways elsewhere are the frame's. */}
      {!framed && (
        <div className="admin-head">
          <h1>{t('account.title')}</h1>
          <span className="card-actions">
            <AppLink className="btn btn-outline" to={INVOICES_PATH} data-testid="invoices-link">
              {t('billing.documentsTitle')}
            </AppLink>
            <AppLink className="btn btn-outline" to={PROFILE_PATH} data-testid="profile-link">
              {t('account.profile')}
            </AppLink>
            <AppLink className="btn btn-primary" to={BUY_LICENCE_PATH}>
              {t('account.buy')}
            </AppLink>
          </span>
        </div>
      )}
      <p className="muted">{t('account.intro', { email: user.email })}</p>
      {isLoading ? (
        <p role="status" className="list-state" data-testid="list-loading">
          <span className="spinner" aria-hidden="true" /> {t('account.loading')}
        </p>
      ) : isError ? (
        <p className="note note-warning" role="alert">
          {t('account.failed')}
        </p>
      ) : !data || data.items.length === 0 ? (
        <div className="list-state" data-testid="list-empty">
          <p>{t('account.empty')}</p>
          <AppLink className="btn btn-outline" to={BUY_LICENCE_PATH}>
            {t('account.buy')}
          </AppLink>
        </div>
      ) : (
        <div className="subscription-list">
          {data.items.map((s) => (
            <SubscriptionCard key={s._id} subscription={s} me={user} />
          ))}
        </div>
      )}
      {/* What to do with a key and its file, once there is one. */}
      {data?.items.some((s) => s.licence_key) && <LicenceHelp licenceKey={data.items.find((s) => s.licence_key)?.licence_key} />}
      {pages > 1 && (
        <nav className="pager" aria-label={t('account.paging')}>
          <button type="button" className="btn btn-small btn-outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            {t('account.previous')}
          </button>
          <span>{t('account.page', { page, pages })}</span>
          <button type="button" className="btn btn-small btn-outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            {t('account.next')}
          </button>
        </nav>
      )}
    </section>
  );
}
