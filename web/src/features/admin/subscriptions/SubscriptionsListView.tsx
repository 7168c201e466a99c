import type { SubscriptionView } from '@relaycast/contracts';
import { SUBSCRIPTION_STATUSES } from '@relaycast/contracts/constants';
import { useLang, useT } from '../../../app/shell/hooks.js';
import { AppLink } from '../../../app/shell/ui/AppLink.js';
import { formatUsd } from '../../../app/shell/format.js';
import { StatusBadge } from '../../subscriptions/SubscriptionSummary.js';
import { planLabel } from '../../subscriptions/labels.js';
import { useFindAllSubscriptionsQuery } from '../../subscriptions/subscriptionsApi.js';
import type { ViewProps } from '../viewProps.js';
import { formatDate } from '../../ui/forms.js';
import { type Column } from '../ui/DataTable.js';
import { ListFilter, ListPage, useQueryFilter } from '../ui/ListPage.js';
import { useListState } from '../ui/useListState.js';
import { subscriptionName } from '../../subscriptions/subscriptionName.js';

/** What the administrators follow over time: renewals of the next 7 days, and subscriptions in dunning. */
const DUE_FILTERS = ['renewal', 'dunning'] as const;

/**
 * /admin/subscriptions/list for administrators: every subscription. A customer sees their own instead (the account
 * page, features/account), which the admin page shows in this view's place.
 */
export default function SubscriptionsListView(_props: ViewProps) {
  const { t } = useT(['admin', 'account']);
  const { t: ta } = useT('account');
  const lang = useLang();
  const list = useListState({ sort: 'createdAt', order: 'desc' });
  const [status, setStatus] = useQueryFilter('status', SUBSCRIPTION_STATUSES);
  const [due, setDue] = useQueryFilter('due', DUE_FILTERS);
  const query = useFindAllSubscriptionsQuery({ ...list.args, ...(status ? { status } : {}), ...(due === 'renewal' ? { due, dueWithinDays: 7 } : due ? { due } : {}) });
  const columns: Column<SubscriptionView>[] = [
    {
      key: 'name',
      label: t('subscriptions.name'),
      sort: 'name',
      render: (s) => <AppLink to={`/admin/subscriptions/purchase-details?subscription=${encodeURIComponent(s._id)}`}>{subscriptionName(s.name, lang, t)}</AppLink>,
    },
    { key: 'customer', label: t('subscriptions.customer'), sort: 'customer.email', render: (s) => s.customer.email || s.user_id },
    { key: 'status', label: t('subscriptions.status'), sort: 'status', render: (s) => <StatusBadge status={s.status} /> },
    { key: 'plan', label: t('subscriptions.plan'), sort: 'plan.plan_id', render: (s) => planLabel(s, ta) },
    { key: 'quantity', label: t('subscriptions.quantity'), sort: 'quantity', render: (s) => s.quantity, className: 'num' },
    { key: 'amount', label: t('subscriptions.amount'), sort: 'amount', render: (s) => formatUsd(s.amount, lang, { cents: true }), className: 'num' },
    {
      key: 'next',
      label: t('subscriptions.next'),
      sort: 'nextEvent.at',
      render: (s) => (s.nextEvent ? `${t(`subscriptions.nextKinds.${s.nextEvent.kind}`)} · ${formatDate(s.nextEvent.at, lang)}` : '—'),
    },
    // Date and time: the name carries the date only, and several subscriptions can start on one day.
    { key: 'createdAt', label: t('subscriptions.created'), sort: 'createdAt', render: (s) => formatDate(s.createdAt, lang, true) },
  ];
  return (
    <ListPage
      area="subscriptions"
      columns={columns}
      query={query}
      list={list}
      toolbar={
        <>
          <ListFilter id="subscriptions-status-filter" label={t('subscriptions.status')} value={status} onChange={setStatus} options={SUBSCRIPTION_STATUSES.map((s) => ({ value: s, label: t(`account:status.${s}`) }))} />
          <ListFilter id="subscriptions-due-filter" label={t('subscriptions.due')} value={due} onChange={setDue} options={DUE_FILTERS.map((d) => ({ value: d, label: t(`subscriptions.dueFilters.${d}`) }))} />
        </>
      }
    />
  );
}
