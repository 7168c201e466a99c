import { useSearchParams } from 'react-router';
import { BUY_LICENCE_PATH, UNLIMITED_MONTHLY_PRICE_CENTS, DISPLAY_PRICES_CENTS } from '@relaycast/contracts/constants';
import type { PageProps } from '../../app/pageTypes.js';
import { useLang, useT } from '../../app/hooks.js';
import { formatUsd } from '../ui/format.js';
import { AppLink, localizeHref } from '../ui/AppLink.js';
import { parsePurchaseQuery, type PurchaseChoice } from './signInQuery.js';
import { SignInMethods } from './SignInMethods.js';

/** The summary's key and price: the constructor, or the unlimited plan's period (mounthly and monthly alike). */
function summaryOf(choice: PurchaseChoice): { key: string; cents: number } {
  if (choice.plan === 'constructor') return { key: 'summary.constructor', cents: DISPLAY_PRICES_CENTS.selfHostedConstructorPerMonth };
  const period = choice.period === 'free' ? 'free' : choice.period === 'annual' ? 'annual' : 'monthly';
  return { key: `summary.unlimited.${period}`, cents: UNLIMITED_MONTHLY_PRICE_CENTS[period] };
}

/** The purchase part of the query (not the error a failed Google sign-in added). */
function purchaseQuery(params: URLSearchParams): string {
  const kept = new URLSearchParams(params);
  kept.delete('error');
  return kept.toString();
}

/**
 * /auth/sign-in (client-only): confirms the plan a purchase button chose, then signs the visitor in; after
 * sign-in the purchase continues at /user/buy-new-licence with the same query.
 */
export default function SignInPage(_props: PageProps) {
  const { t } = useT('auth');
  const lang = useLang();
  const [params] = useSearchParams();
  const choice = parsePurchaseQuery(params);
  // After signing in the purchase continues in the visitor's language.
  const returnTo = localizeHref(choice ? `${BUY_LICENCE_PATH}?${purchaseQuery(params)}` : BUY_LICENCE_PATH, lang);
  const error = params.get('error');
  return (
    <section className="container" style={{ maxWidth: 520, padding: '56px 20px' }}>
      <h1>{t('meta.title')}</h1>
      {choice ? (
        <p className="note" data-testid="purchase-summary" data-plan={choice.plan} data-period={choice.period ?? ''} data-subscription-type={choice.subscriptionType}>
          {t(summaryOf(choice).key, { price: formatUsd(summaryOf(choice).cents, lang) })}
        </p>
      ) : params.has('plan') ? (
        <p className="note note-warning" data-testid="purchase-invalid">
          {t('invalid')} <AppLink to="/pricing">{t('choosePlan')}</AppLink>
        </p>
      ) : null}
      {error && (
        <p className="note note-warning" role="alert" data-testid="sign-in-error">
          {t(error === 'google-not-configured' ? 'googleNotConfigured' : 'googleFailed')}
        </p>
      )}
      <p className="muted">{t('intro')}</p>
      <div className="card">
        <SignInMethods returnTo={returnTo} initialMode={choice ? 'signUp' : 'signIn'} />
      </div>
    </section>
  );
}
