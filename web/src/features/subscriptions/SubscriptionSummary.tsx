import type { SubscriptionView } from '@relaycast/contracts';
import { useLang, useT } from '../../app/shell/hooks.js';
import { formatUsd } from '../../app/shell/format.js';
import { formatDate } from '../ui/forms.js';
import { modulesText, paymentDue, planLabel, statusLabel, statusTone } from './labels.js';
import { billingTimeRows } from './BillingTime.js';
import { WithdrawChange } from './SubscriptionActions.js';

export function StatusBadge({ status }: { status: SubscriptionView['status'] }) {
  const { t } = useT('account');
  return (
    <span className={`status-badge status-${statusTone(status)}`} data-testid="subscription-status" data-status={status}>
      {statusLabel(status, t)}
    </span>
  );
}

/**
 * A subscription's facts (seed §3): name ("Subscription <date>"), status label, plan, quantity, amount, period,
 * licence key, trial dates — and what the next payment would be.
 */
export function SubscriptionSummary({ subscription: s, detailed = false, withdrawable = false }: { subscription: SubscriptionView; detailed?: boolean; withdrawable?: boolean }) {
  const { t } = useT('account');
  const lang = useLang();
  const rows: [string, string, string][] = [
    ['plan', t('fields.plan'), planLabel(s, t)],
    ['type', t('fields.type'), t(`types.${s.subscription_type}`)],
    // The builder is sold in units of modules; the unlimited plans have limits (the free one) or none.
    ...(s.plan.plan_id === 'constructor'
      ? ([
          ['quantity', t('fields.quantity'), String(s.quantity)],
          ['modules', t('fields.modules'), modulesText(s.modules, t, lang)],
        ] as [string, string, string][])
      : ([['limits', t('fields.limits'), s.plan.billingMonths === 0 ? modulesText(s.modules, t, lang) : t('fields.noLimits')]] as [string, string, string][])),
    ['amount', t('fields.amount'), s.plan.billingMonths === 1 ? t('fields.amountMonthly', { amount: formatUsd(s.amount, lang, { cents: s.amount % 100 !== 0 }) }) : s.plan.billingMonths > 1 ? t('fields.amountPer', { amount: formatUsd(s.amount, lang, { cents: s.amount % 100 !== 0 }), months: s.plan.billingMonths }) : formatUsd(s.amount, lang)],
    ['period', t('fields.period'), s.periodStart ? `${formatDate(s.periodStart, lang)} – ${formatDate(s.periodEnd, lang)}` : s.amount === 0 ? t('fields.freeNoEnd') : t('fields.notPaid')],
  ];
  // A licence key once there is one (paid, or a free plan's server-issued key); no empty row before.
  if (s.licence_key) rows.push(['licence', t('fields.licenceKey'), s.licence_key]);
  const money = (cents: number) => formatUsd(cents, lang, { cents: true });
  if (s.pendingChange) {
    const c = s.pendingChange;
    rows.push(['pendingChange', t('fields.pendingChange'), t('fields.pendingChangeValue', { units: c.quantity, amount: money(c.amount), balance: money(c.balance) })]);
  }
  if (s.scheduledChange) {
    const c = s.scheduledChange;
    rows.push(['scheduledChange', t('fields.scheduledChange'), t('fields.scheduledChangeValue', { units: c.quantity, amount: money(c.amount), date: formatDate(c.effectiveAt, lang) })]);
  }
  if (s.credit) rows.push(['credit', t('fields.credit'), money(s.credit)]);
  if (s.trialStartDate) rows.push(['trial', t('fields.trial'), `${formatDate(s.trialStartDate, lang)} – ${formatDate(s.trialEndDate, lang)}`]);
  rows.push(...billingTimeRows(s, t, lang));
  if (detailed) {
    // "Due now" only when something is owed now; a subscription covered for now shows what its next period costs.
    if (paymentDue(s)) rows.push(['due', t('fields.amountDue'), formatUsd(s.amountDue, lang, { cents: true })]);
    else if (s.amountDue > 0 && s.status === 'SUBSCRIPTION_STATUS_ACTIVE') rows.push(['next', t('fields.nextPeriodAmount'), formatUsd(s.amountDue, lang, { cents: true })]);
    rows.push(['paid', t('fields.paid'), `${formatUsd(s.totals.captured, lang, { cents: true })} (${t('fields.payments', { n: s.totals.payments })})`]);
    if (s.balance !== 0 && !s.pendingChange) rows.push(['balance', t('fields.balance'), formatUsd(s.balance, lang, { cents: true })]);
    if (s.disputes?.length) rows.push(['disputes', t('fields.disputes'), s.disputes.map((d) => t('fields.disputeValue', { id: d.id, status: t(`disputeStatus.${d.status}`, { defaultValue: t('disputeStatus.OTHER') }) })).join('; ')]);
    if (s.paypalSubscriptionID) rows.push(['reference', t('fields.reference'), s.paypalSubscriptionID]);
    rows.push(['created', t('fields.created'), formatDate(s.createdAt, lang, true)]);
  }
  return (
    <dl className="facts" data-testid="subscription-facts">
      {rows.map(([key, label, value]) => (
        <div key={key} className="fact" data-field={key}>
          <dt>{label}</dt>
          <dd>
            {key === 'licence' ? <code>{value}</code> : value}
            {/* A requested change is withdrawn where it is shown. */}
            {withdrawable && (key === 'scheduledChange' || key === 'pendingChange') && (
              <span className="fact-action">
                <WithdrawChange subscription={s} />
              </span>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
