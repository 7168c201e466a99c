import { Navigate, useSearchParams } from 'react-router';
import { BUY_LICENCE_PATH, COOKIE_NAMES, UNLIMITED_MONTHLY_PRICE_CENTS, DISPLAY_PRICES_CENTS, type ModuleName } from '@relaycast/contracts/constants';
import { quoteSubscription } from '@relaycast/billing-core/pricing';
import type { PageProps } from '../../app/shell/pageTypes.js';
import { readCookie } from '../../app/shell/cookies.js';
import { stripLang } from '../../app/shell/lang.js';
import { useLang, useT } from '../../app/shell/hooks.js';
import { useGetUserQuery } from '../../app/shell/sessionApi.js';
import { formatNumber, formatUsd } from '../../app/shell/format.js';
import { AppLink, localizeHref } from '../../app/shell/ui/AppLink.js';
import { PageLoading } from '../../app/shell/layout/PageLoading.js';
import { parsePurchaseQuery, type PurchaseChoice } from './signInQuery.js';
import { SignInMethods } from './SignInMethods.js';
import type { TFunction } from '../../app/shell/texts.js';
import type { Language } from '@relaycast/contracts/constants';

/** The summary of the plan chosen: the builder with its modules, units and monthly price, or the unlimited plan's period. */
function summaryText(choice: PurchaseChoice, t: TFunction, lang: Language): string {
  if (choice.plan === 'constructor') {
    if (!choice.modules) return t('summary.constructor', { price: formatUsd(DISPLAY_PRICES_CENTS.selfHostedConstructorPerMonth, lang) });
    const modules = (Object.keys(choice.modules) as ModuleName[]).map((name) => ({ name, limit: choice.modules![name as keyof typeof choice.modules] }));
    // Display only: the purchase step asks the server for the price it will charge.
    const quote = quoteSubscription({ plan_id: 'constructor', infrastructure_type: 'self-hosted', subscription_type: 'SUBSCRIPTION_MONTH', modules: modules.filter((m) => m.limit > 0) });
    const parts = modules
      .filter((m) => m.limit > 0)
      .map((m) => t('summary.module', { n: formatNumber(m.limit, lang), name: t(`pricing:builder.modules.${m.name}`) }));
    return t('summary.configured', { units: quote.quantity, price: formatUsd(quote.monthlyAmount, lang), modules: parts.join(', ') });
  }
  const period = choice.period === 'free' ? 'free' : choice.period === 'annual' ? 'annual' : 'monthly';
  return t(`summary.unlimited.${period}`, { price: formatUsd(UNLIMITED_MONTHLY_PRICE_CENTS[period], lang) });
}

/** What happens after signing in, for this choice: nothing to pay for the free plan; PayPal or the trial otherwise. */
function introKey(choice: PurchaseChoice | null): string {
  if (!choice) return 'intro';
  return choice.plan === 'unlimited' && choice.period === 'free' ? 'introFree' : 'introPaid';
}

/** The purchase part of the query (not the error a failed Google sign-in added). */
function purchaseQuery(params: URLSearchParams): string {
  const kept = new URLSearchParams(params);
  kept.delete('error');
  kept.delete('returnTo');
  return kept.toString();
}

/**
 * /auth/sign-in (client-only): confirms the plan a purchase button chose, then signs the visitor in; after
 * sign-in the purchase continues at /user/buy-new-licence with the same query. A visitor already signed in goes
 * there at once: nobody is asked to sign in twice.
 */
export default function SignInPage(_props: PageProps) {
  const { t } = useT(['auth', 'pricing']);
  const lang = useLang();
  const [params] = useSearchParams();
  const choice = parsePurchaseQuery(params);
  // After signing in the purchase continues in the visitor's language; an account page that sent the visitor here
  // (returnTo, a path of this site) is where they go back to.
  const requested = params.get('returnTo');
  const back = requested && requested.startsWith('/') && !requested.startsWith('//') ? stripLang(requested) : null;
  const returnTo = localizeHref(choice ? `${BUY_LICENCE_PATH}?${purchaseQuery(params)}` : (back ?? BUY_LICENCE_PATH), lang);
  // The page renders in the browser only: the cookie says whether someone signed in here; getUser says who.
  const maybeSignedIn = readCookie(COOKIE_NAMES.strategy) !== null;
  const { data: user, isLoading } = useGetUserQuery(undefined, { skip: !maybeSignedIn });
  if (maybeSignedIn && isLoading) return <PageLoading />;
  if (user) return <Navigate to={returnTo} replace />;
  const error = params.get('error');
  return (
    <section className="container" style={{ maxWidth: 520, padding: '56px 20px' }} data-testid="sign-in-page">
      <h1>{t('meta.title')}</h1>
      {choice ? (
        <p
          className="note"
          data-testid="purchase-summary"
          data-plan={choice.plan}
          data-period={choice.period ?? ''}
          data-subscription-type={choice.subscriptionType}
        >
          {summaryText(choice, t, lang)}
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
      <p className="muted">{t(introKey(choice))}</p>
      <div className="card">
        <SignInMethods returnTo={returnTo} initialMode={choice ? 'signUp' : 'signIn'} />
      </div>
    </section>
  );
}
