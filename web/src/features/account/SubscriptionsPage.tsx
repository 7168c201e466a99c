import type { PageProps } from '../../app/shell/pageTypes.js';
import { useT } from '../../app/shell/hooks.js';
import { AccountLayout } from './AccountLayout.js';
import { AccountSubscriptions } from './AccountSubscriptions.js';

/**
 * /user/subscriptions: the signed-in user's own subscriptions in the account's frame — each with its facts, its
 * invoices and credit notes, what may be done with it — after what is owed (AccountLayout). The same list a
 * customer has at /admin/subscriptions/list (seed §2), where the admin area's menu frames it.
 */
export default function SubscriptionsPage(_props: PageProps) {
  const { t } = useT('account');
  return (
    <AccountLayout title={t('account.title')} testId="my-subscriptions-page">
      {(user) => <AccountSubscriptions user={user} framed />}
    </AccountLayout>
  );
}
