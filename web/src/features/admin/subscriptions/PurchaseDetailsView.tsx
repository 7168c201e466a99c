import { LifecycleActions } from './LifecycleActions.js';
import { DemoDecline } from './DemoDecline.js';
import { CancelAtPeriodEnd, LicenceDownload } from '../../subscriptions/BillingTime.js';
import { useNavigate, useSearchParams } from 'react-router';
import { TERMINAL_STATUSES } from '@relaycast/contracts/constants';
import { useLang, useT } from '../../../app/shell/hooks.js';
import { localizePath } from '../../../app/shell/lang.js';
import { AppLink } from '../../../app/shell/ui/AppLink.js';
import { PageLoading } from '../../../app/shell/layout/PageLoading.js';
import { formatUsd } from '../../../app/shell/format.js';
import { HistoryTimeline } from '../../subscriptions/HistoryTimeline.js';
import { CancelSubscription, PayNow, ReviseForm, paymentDue } from '../../subscriptions/SubscriptionActions.js';
import { StatusBadge, SubscriptionSummary } from '../../subscriptions/SubscriptionSummary.js';
import { useFindSubscriptionQuery, useRemoveSubscriptionMutation } from '../../subscriptions/subscriptionsApi.js';
import type { ViewProps } from '../viewProps.js';
import { ConfirmButton, dataOf, useDocumentTitle, useToast } from '../../ui/forms.js';
import { InfrastructureDetails, SelfHostedInfrastructure } from './InfrastructureForm.js';
import { subscriptionName } from '../../subscriptions/subscriptionName.js';
import { SubscriptionDocuments } from '../../subscriptions/BillingDocuments.js';
import { amountOwed } from '../../subscriptions/labels.js';
import { INVOICES_PATH } from '../../../app/shell/accountPaths.js';

/**
 * /admin/subscriptions/purchase-details?subscription=<id>: everything about one subscription — facts, modules,
 * infrastructure (with the seed's defaults), the full event history — and what may be done with it. The finance
 * role reads it (the reconciliation's drill-down) with nothing to do: no action, no licence, no form.
 */
export default function PurchaseDetailsView({ user }: ViewProps) {
  const { t } = useT('admin');
  const { t: ta } = useT('account');
  const lang = useLang();
  const toast = useToast();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = params.get('subscription') ?? params.get('id') ?? '';
  const { data: s, isLoading, isError } = useFindSubscriptionQuery(id, { skip: !id });
  const [remove] = useRemoveSubscriptionMutation();
  const admin = user.role === 'ROLE_ADMIN';
  const readOnly = user.role === 'ROLE_FINANCE';
  const backTo = readOnly ? '/admin/finance/reconciliation' : '/admin/subscriptions/list';
  useDocumentTitle(s?.name ?? t('details.title'));

  if (!id) return <p className="note note-warning">{t('details.noId')}</p>;
  if (isLoading) return <PageLoading />;
  if (isError || !s) {
    return (
      <p className="note note-warning" role="alert" data-testid="details-missing">
        {t('details.notFound')} <AppLink to={backTo}>{t(readOnly ? 'details.backToFinance' : 'details.back')}</AppLink>
      </p>
    );
  }
  const open = !TERMINAL_STATUSES.includes(s.status);
  const name = subscriptionName(s.name, lang, t);
  return (
    <section className="details" data-testid="purchase-details" data-status={s.status}>
      <div className="admin-head">
        <div>
          <h1>{name}</h1>
          <p className="muted">
            {t('details.customer', { customer: s.customer.email || s.user_id })} · <code>{s._id}</code>
          </p>
        </div>
        <StatusBadge status={s.status} />
      </div>
      <div className="details-grid">
        <div className="card">
          <h2>{t('details.facts')}</h2>
          <SubscriptionSummary subscription={s} detailed withdrawable={!readOnly && open} />
          {s.user_id === user._id ? (
            <SubscriptionDocuments subscriptionId={s._id} allHref={INVOICES_PATH} />
          ) : (
            <SubscriptionDocuments subscriptionId={s._id} userId={s.user_id} allHref={readOnly ? '/admin/finance/documents' : `/admin/users/create?id=${encodeURIComponent(s.user_id)}#billing`} />
          )}
          {/* The owner pays here what is due (what is owed is paid from the notice at the top of the page). */}
          {paymentDue(s) && amountOwed(s) === 0 && s.user_id === user._id && <PayNow subscription={s} />}
          {s.modules.length > 0 && (
            <div className="table-wrap" tabIndex={0} role="region" aria-label={t('details.modules')}>
              <table className="data-table">
                <caption className="sr-only">{t('details.modules')}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t('details.module')}</th>
                    <th scope="col">{t('details.limit')}</th>
                    <th scope="col">{t('details.units')}</th>
                    <th scope="col">{t('details.moduleAmount')}</th>
                  </tr>
                </thead>
                <tbody>
                  {s.modules.map((m) => (
                    <tr key={m.name}>
                      {/* The module's one term in the reader's language (labels stored with old events may differ). */}
                      <td>{ta(`modules.${m.name}`, { defaultValue: m.labels[lang] })}</td>
                      <td>{m.limit}</td>
                      {/* The unlimited plans are not sold in units: no "0 units" beside what the plan includes. */}
                      <td>{s.plan.plan_id === 'unlimited' ? '—' : m.units}</td>
                      <td>{m.free ? ta('fields.free') : formatUsd(m.amount, lang)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          {!readOnly && (
            <div className="card-actions">
              {open && s.totals.payments > 0 && (
                <AppLink className="btn btn-small btn-outline" to={`/admin/subscriptions/change-payment-method?subscription=${encodeURIComponent(s._id)}`}>
                  {ta('actions.changePaymentMethod')}
                </AppLink>
              )}
              <LicenceDownload subscription={s} />
              {/* A customer ends it here; an administrator in the lifecycle block below, which says what happens to money. */}
              {!admin && <CancelAtPeriodEnd subscription={s} />}
              {!admin && <CancelSubscription subscription={s} />}
            </div>
          )}
          {readOnly && (
            <p className="muted" data-testid="read-only-note">
              {t('details.readOnly')} <AppLink to={backTo}>{t('details.backToFinance')}</AppLink>
            </p>
          )}
          {admin && <LifecycleActions subscription={s} />}
          {admin && <DemoDecline subscription={s} />}
          {admin && (
            <fieldset className="lifecycle-block" data-testid="remove-block">
              <legend>{t('details.removeTitle')}</legend>
              <p className="muted field-hint">{t('details.removeHint')}</p>
              <ConfirmButton
                label={t('details.remove')}
                question={t('details.removeQuestion', { name })}
                confirmLabel={t('details.removeConfirm')}
                testId="remove-subscription"
                onConfirm={async () => {
                  if (dataOf(await remove(s._id))) {
                    toast(t('details.removed', { name }), 'success');
                    navigate(localizePath('/admin/subscriptions/list', lang));
                  }
                }}
              />
            </fieldset>
          )}
          {open && !readOnly && s.plan.plan_id === 'constructor' && (
            <>
              <h3>{ta('actions.revise')}</h3>
              <ReviseForm subscription={s} />
            </>
          )}
        </div>
        {s.infrastructure_type === 'self-hosted' ? <SelfHostedInfrastructure /> : <InfrastructureDetails key={s.version} subscription={s} editable={admin} />}
      </div>
      <section className="card" aria-labelledby="history-title">
        <h2 id="history-title">{ta('history.title')}</h2>
        <HistoryTimeline subscriptionId={s._id} meId={user._id} />
      </section>
    </section>
  );
}
