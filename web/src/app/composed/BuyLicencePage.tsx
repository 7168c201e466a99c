import type { PageProps } from '../shell/pageTypes.js';
import { BuyLicencePage as Purchase } from '../../features/checkout/BuyLicencePage.js';
import { VerifyEmailBanner } from '../../features/account/VerifyEmailBanner.js';

/** /user/buy-new-licence: the purchase (features/checkout) with the account's reminder to verify its address. */
export default function BuyLicencePage({ page }: PageProps) {
  return <Purchase page={page} VerifyEmailBanner={VerifyEmailBanner} />;
}
