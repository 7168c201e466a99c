import type { PageProps } from '../../app/shell/pageTypes.js';
import { useT } from '../../app/shell/hooks.js';
import { BillingDetailsForm } from '../subscriptions/BillingDetailsForm.js';
import { BillingDocuments } from '../subscriptions/BillingDocuments.js';
import { AccountLayout } from './AccountLayout.js';

/**
 * /user/invoices: the signed-in user's invoices and credit notes (each a PDF), newest first, and the billing details
 * invoices are made out to — GitHub's "Payment history" and Stripe's "Invoice history" with "Billing information".
 */
export default function InvoicesPage(_props: PageProps) {
  const { t } = useT('account');
  return (
    <AccountLayout title={t('billing.documentsTitle')} testId="invoices-page">
      {() => (
        <div className="billing-section" id="billing" data-testid="account-billing">
          <BillingDocuments bare />
          <BillingDetailsForm />
        </div>
      )}
    </AccountLayout>
  );
}
