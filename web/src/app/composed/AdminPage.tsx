import { lazy } from 'react';
import type { PageProps } from '../shell/pageTypes.js';
import { AdminPage as AdminArea } from '../../features/admin/AdminPage.js';
import { SignInMethods } from '../../features/auth/SignInMethods.js';
import { VerifyEmailBanner } from '../../features/account/VerifyEmailBanner.js';

/** A customer's own subscriptions (features/account): their /admin/subscriptions/list, loaded when it is opened. */
const AccountSubscriptions = lazy(() => import('../../features/account/AccountSubscriptions.js').then((m) => ({ default: m.AccountSubscriptions })));

/** /admin/*: the admin area (features/admin) with the auth feature's sign-in methods and the customer's account (their subscriptions, the reminder to verify their address). */
export default function AdminPage({ page }: PageProps) {
  return <AdminArea page={page} SignInMethods={SignInMethods} AccountSubscriptions={AccountSubscriptions} VerifyEmailBanner={VerifyEmailBanner} />;
}
