import { useEffect, useId, useMemo, useRef, useState, type ComponentType, type FormEvent } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { BUILDER_MODULES, SIGN_IN_PATH, TRIAL_MAX_UNITS, UNLIMITED_PERIODS } from '@relaycast/contracts/constants';
import { unitsForModules } from '@relaycast/billing-core/pricing';
import type { PageProps } from '../../app/shell/pageTypes.js';
import { useLang, useT } from '../../app/shell/hooks.js';
import { localizePath } from '../../app/shell/lang.js';
import { useGetUserQuery, type SessionUser } from '../../app/shell/sessionApi.js';
import { AppLink } from '../../app/shell/ui/AppLink.js';
import { PageLoading } from '../../app/shell/layout/PageLoading.js';
import { formatUsd } from '../../app/shell/format.js';
import { dataOf, errorMessageOf, useDocumentTitle, useToast } from '../ui/forms.js';
import { validationMessage } from '../ui/validation.js';
import { PayNow, paymentDue } from '../subscriptions/SubscriptionActions.js';
import { SubscriptionSummary, StatusBadge } from '../subscriptions/SubscriptionSummary.js';
import { HistoryTimeline } from '../subscriptions/HistoryTimeline.js';
import { LicenceHelp } from '../subscriptions/LicenceHelp.js';
import { OwedBanner } from '../subscriptions/OwedBanner.js';
import { trialPossible } from '../subscriptions/labels.js';
import { useCreateSubscriptionMutation, useFindSubscriptionQuery, usePaymentsConfigQuery, useQuoteQuery, useStartTrialMutation } from '../subscriptions/subscriptionsApi.js';
import {
  choiceQuery,
  clearPendingPurchase,
  createBody,
  idempotencyKeyFor,
  localQuote,
  moduleSelections,
  quoteInputOf,
  startingConfig,
  trialOffered,
  type BuilderModule,
  type Period,
  type PurchaseConfig,
} from './purchase.js';
import '../ui/area.css';
import { subscriptionName } from '../subscriptions/subscriptionName.js';
import { useBillingDetailsQuery } from '../subscriptions/invoicesApi.js';
import { fieldErrors, reasonOf } from '../../app/shell/ui/problems.js';
import { TaxBreakdown } from '../ui/tax.js';
import { CheckoutBillingFields, CheckoutBillingStep, useCheckoutBilling } from './CheckoutBilling.js';

const newKey = () => (typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(36).slice(2)}`);

/** Step 1: the plan, its period, the builder's modules and units; the price from the shared engine, confirmed by the server. */
function Configure({ user, initial, query, onCreated }: { user: SessionUser; initial: PurchaseConfig; query: string; onCreated: (id: string) => void }) {
  const { t } = useT(['account', 'common']);
  const lang = useLang();
  const toast = useToast();
  const ids = useId();
  const [config, setConfig] = useState<PurchaseConfig>(initial);
  const [privacy, setPrivacy] = useState(false);
  const [create] = useCreateSubscriptionMutation();
  const [failure, setFailure] = useState<string | null>(null);

  const local = useMemo(() => localQuote(config), [config]);
  const quote = 'quote' in local ? local.quote : null;
  const server = useQuoteQuery(quoteInputOf(config), { skip: !quote });
  // The customer's country first (docs/tax.md): the server's VAT and total for it, never computed here.
  const billing = useCheckoutBilling(user);
  const vatNumber = billing.committedVat.trim().toUpperCase();
  const taxArgs = { ...quoteInputOf(config), country: billing.form.country, ...(vatNumber ? { vatNumber } : {}) };
  const taxed = useQuoteQuery(taxArgs, { skip: !quote || !billing.form.country });
  const taxProblem = taxed.error ? fieldErrors(reasonOf(taxed.error).problems ?? [], t) : {};
  const confirmed = quote && server.data && !server.isFetching ? server.data.amount === quote.amount : null;
  const needed = unitsForModules(moduleSelections(config));
  const units = Math.max(config.units ?? 0, needed);
  // Payments off on this server: a paid plan is refused here, before any subscription is created.
  const payments = usePaymentsConfigQuery();
  const paid = quote !== null && quote.amount > 0;
  const paymentsOff = paid && payments.data !== undefined && !payments.data.configured;

  const setModule = (name: BuilderModule, value: number) => setConfig((c) => ({ ...c, modules: { ...c.modules, [name]: value } }));

  // One submission at a time: the billing details are saved before the subscription is created, so a second click
  // (a double click) would otherwise wait on its own save and could ask for the subscription after the first one's
  // key was put away — a second subscription.
  const submitting = useRef(false);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (submitting.current) return;
    submitting.current = true;
    setBusy(true);
    try {
      await submitOnce();
    } finally {
      submitting.current = false;
      setBusy(false);
    }
  };
  const submitOnce = async () => {
    setFailure(null);
    if (!quote) return;
    if (!privacy) {
      toast(t('buy.privacyRequired'), 'error');
      return;
    }
    if (quote.amount === 0 && quote.plan_id === 'constructor') {
      toast(t('buy.nothingToBuy'), 'error');
      return;
    }
    if (paymentsOff) return;
    // A paid plan: the billing details (the country decides the VAT) are saved before the subscription is created.
    if (quote.amount > 0 && !(await billing.submit())) {
      toast(t('buy.billing.required'), 'error');
      return;
    }
    const body = createBody(config, quote, user._id, privacy);
    const problem = validationMessage('SubscriptionCreate', body, t);
    if (problem) {
      toast(problem, 'error');
      return;
    }
    // The same configuration keeps its key: a second click or a reload during the call gets the same subscription.
    const r = await create({ body, idempotencyKey: idempotencyKeyFor(user._id, config, newKey, query) });
    const created = dataOf(r);
    if (!created) {
      setFailure(errorMessageOf(r, t) ?? null);
      return;
    }
    // The id is in the URL from now on; the key has done its job.
    clearPendingPurchase();
    onCreated(created._id);
  };

  return (
    <form className="checkout-grid" onSubmit={submit} noValidate data-testid="buy-form">
      <div className="card">
        {paid && billing.ready && <CheckoutBillingFields billing={billing} quoteError={taxProblem.vatNumber ?? taxProblem.country} />}
        <fieldset className="choice-group">
          <legend>{t('buy.plan')}</legend>
          {(['constructor', 'unlimited'] as const).map((plan) => (
            <label key={plan} className="choice">
              <input
                type="radio"
                name="plan"
                value={plan}
                checked={config.plan === plan}
                onChange={() => setConfig((c) => ({ ...c, plan, period: plan === 'constructor' && c.period === 'free' ? 'monthly' : c.period }))}
              />
              <span>
                <strong>{t(`buy.plans.${plan}`)}</strong>
                <span className="muted"> — {t(`buy.plansHint.${plan}`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <fieldset className="choice-group">
          <legend>{t('buy.period')}</legend>
          {(config.plan === 'unlimited' ? UNLIMITED_PERIODS : (['monthly', 'annual'] as const)).map((period: Period) => (
            <label key={period} className="choice">
              <input type="radio" name="period" value={period} checked={config.period === period} onChange={() => setConfig((c) => ({ ...c, period }))} />
              <span>{t(`period.${period}`)}</span>
            </label>
          ))}
        </fieldset>
        {config.plan === 'constructor' && (
          <fieldset className="choice-group">
            <legend>{t('buy.modules')}</legend>
            <div className="module-grid">
              {BUILDER_MODULES.map((m) => (
                <div className="field" key={m.name}>
                  <label htmlFor={`${ids}-${m.name}`}>{t(`modules.${m.name}`)}</label>
                  <input
                    id={`${ids}-${m.name}`}
                    type="number"
                    inputMode="numeric"
                    min={m.min}
                    max={m.max}
                    step={m.step}
                    value={config.modules[m.name]}
                    onChange={(e) => setModule(m.name, Math.min(m.max, Math.max(m.min, Number(e.target.value) || 0)))}
                    data-module={m.name}
                  />
                </div>
              ))}
              <div className="field field-units">
                <label htmlFor={`${ids}-units`}>{t('buy.units')}</label>
                <input
                  id={`${ids}-units`}
                  type="number"
                  inputMode="numeric"
                  min={needed}
                  value={units}
                  onChange={(e) => setConfig((c) => ({ ...c, units: Math.max(needed, Number(e.target.value) || needed) }))}
                  aria-describedby={`${ids}-units-hint`}
                  data-testid="units"
                />
                <p id={`${ids}-units-hint`} className="muted field-hint">
                  {t('buy.unitsHint', { n: needed })}
                </p>
              </div>
            </div>
          </fieldset>
        )}
      </div>
      <aside className="card summary-card" aria-labelledby={`${ids}-summary`}>
        <h2 id={`${ids}-summary`}>{t('buy.summary')}</h2>
        {quote ? (
          <>
            <p className="big-price" data-testid="price" data-amount={quote.amount} data-confirmed={confirmed === true ? 'true' : 'false'}>
              {formatUsd(quote.amount, lang, { cents: quote.amount % 100 !== 0 })}
            </p>
            {paid && <p className="muted excl-vat" data-testid="price-excl-vat">{t('common:tax.exclVat')}</p>}
            <p className="muted">
              {quote.billingMonths === 0
                ? t('buy.free')
                : t(quote.billingMonths === 1 ? 'buy.billedMonthly' : 'buy.billed', { monthly: formatUsd(quote.monthlyAmount, lang), months: quote.billingMonths, units: quote.quantity })}
            </p>
            <p className={`price-check ${confirmed === false ? 'is-bad' : ''}`} role="status" data-testid="price-check">
              {confirmed === null ? t('buy.checking') : confirmed ? t('buy.confirmed') : t('buy.mismatch', { amount: formatUsd(server.data?.amount ?? 0, lang) })}
            </p>
            {paid && !billing.form.country && <p className="muted small" data-testid="tax-country-hint">{t('common:tax.countryHint')}</p>}
            {paid && billing.form.country && taxed.data && !taxed.isFetching && !taxed.error && taxed.data.amount === quote.amount && <TaxBreakdown figures={taxed.data} testId="checkout-tax" />}
            {paid && billing.form.country && taxed.isFetching && <p className="muted small" role="status">{t('common:tax.checking')}</p>}
          </>
        ) : (
          <p className="note note-warning" role="alert">
            {'error' in local ? local.error : ''}
          </p>
        )}
        <label className="checkbox-row privacy">
          <input type="checkbox" checked={privacy} onChange={(e) => setPrivacy(e.target.checked)} data-testid="privacy" />
          <span>
            {t('buy.privacy')} <AppLink to="/privacy">{t('buy.privacyLink')}</AppLink>
          </span>
        </label>
        {paid && !paymentsOff && (
          <p className="muted small" data-testid="buy-next">
            {quote && !trialOffered(quote.quantity) ? t('buy.nextPaidNoTrial', { max: TRIAL_MAX_UNITS }) : t('buy.nextPaid', { days: 7 })}
          </p>
        )}
        {paymentsOff && (
          <div className="note note-warning" role="alert" data-testid="payments-off">
            <p>{t('buy.paymentsOff')}</p>
            <button
              type="button"
              className="btn btn-small btn-outline"
              onClick={() => setConfig((c) => ({ ...c, plan: 'unlimited', period: 'free' }))}
              data-testid="switch-to-free"
            >
              {t('buy.switchToFree')}
            </button>
          </div>
        )}
        {failure && (
          <p className="note note-warning" role="alert" data-testid="buy-failed">
            {t('buy.failed')} {failure}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={!quote || busy || confirmed === false || paymentsOff} data-testid="continue">
          {busy ? t('buy.creating') : quote && quote.amount === 0 ? t('buy.getFree') : t('buy.continue')}
        </button>
      </aside>
    </form>
  );
}

/** Step 2: the created subscription, paid with PayPal (or live already); a reload resumes here from the URL. */
function Pay({ user, subscriptionId, approvedOrder }: { user: SessionUser; subscriptionId: string; approvedOrder: string | null }) {
  const { t } = useT('account');
  const lang = useLang();
  const { data: s, isLoading, isError, refetch } = useFindSubscriptionQuery(subscriptionId);
  const billingDetails = useBillingDetailsQuery({});
  const [startTrial, trial] = useStartTrialMutation();
  useEffect(() => {
    if (s && s.status === 'SUBSCRIPTION_STATUS_ACTIVE') clearPendingPurchase();
  }, [s]);
  if (isLoading) return <PageLoading />;
  if (isError || !s) {
    return (
      <div className="note note-warning" role="alert" data-testid="buy-missing">
        <p>{t('buy.missing')}</p>
        <button type="button" className="btn btn-outline" onClick={() => void refetch()}>
          {t('buy.retry')}
        </button>
      </div>
    );
  }
  const due = paymentDue(s);
  const live = s.status === 'SUBSCRIPTION_STATUS_ACTIVE' && !due;
  return (
    <div className="checkout-grid">
      <div className="card" data-testid="purchase" data-status={s.status}>
        <div className="subscription-head">
          <h2>{subscriptionName(s.name, lang, t)}</h2>
          <StatusBadge status={s.status} />
        </div>
        {live ? (
          <p className="note note-success" role="status" data-testid="buy-success">
            {t(s.licence_key ? 'buy.success' : 'buy.successNoKey')}
          </p>
        ) : s.status === 'SUBSCRIPTION_STATUS_CANCEL' ? (
          <p className="note note-warning">{t('buy.cancelledSubscription')}</p>
        ) : null}
        <SubscriptionSummary subscription={s} />
        <p>
          <AppLink to={`/admin/subscriptions/purchase-details?subscription=${encodeURIComponent(s._id)}`}>{t('buy.details')}</AppLink> ·{' '}
          <AppLink to="/admin/subscriptions/list">{t('buy.account')}</AppLink>
        </p>
        {live && (
          <details>
            <summary>{t('history.title')}</summary>
            <HistoryTimeline subscriptionId={s._id} meId={user._id} />
          </details>
        )}
      </div>
      {live && s.licence_key && <LicenceHelp licenceKey={s.licence_key} />}
      {due && (
        <aside className="card summary-card">
          <h2>{t('buy.payTitle')}</h2>
          {approvedOrder && <p className="note">{t('buy.returned')}</p>}
          {/* A first purchase is priced for the customer's country: asked first when none is known yet. */}
          {due === 'first' && !s.dunning && billingDetails.data === null ? <CheckoutBillingStep user={user} /> : billingDetails.isLoading ? null : <PayNow subscription={s} onPaid={() => void refetch()} />}
          {trialPossible(s) && !trialOffered(s.quantity) && (
            <p className="muted small" data-testid="trial-too-large">
              {t('buy.trialTooLarge', { max: TRIAL_MAX_UNITS })}
            </p>
          )}
          {trialPossible(s) && trialOffered(s.quantity) && (
            <p className="trial">
              <button
                type="button"
                className="btn btn-ghost"
                disabled={trial.isLoading}
                onClick={async () => {
                  if (dataOf(await startTrial(s._id))) void refetch();
                }}
                data-testid="start-trial"
              >
                {t('buy.trial')}
              </button>
            </p>
          )}
        </aside>
      )}
    </div>
  );
}

/**
 * /user/buy-new-licence (seed §2): configure the plan (from the sign-in query: infrastructure, plan, period), see
 * the price from the shared pricing engine and the server's confirmation, accept the privacy policy, create the
 * subscription (with an Idempotency-Key) and pay with PayPal. The subscription's id goes into the URL, so a
 * reload in the middle resumes the same purchase: never a second subscription, never a second payment. The
 * account's reminder to verify its address is the account feature's, passed in where the page is composed
 * (app/composed/BuyLicencePage.tsx).
 */
export function BuyLicencePage({ VerifyEmailBanner }: PageProps & { VerifyEmailBanner: ComponentType }) {
  const { t } = useT('account');
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const { data: user, isLoading } = useGetUserQuery();
  useDocumentTitle(t('buy.title'));
  if (isLoading) return <PageLoading />;
  if (!user) {
    const query = new URLSearchParams(params);
    return <Navigate to={`${localizePath(SIGN_IN_PATH, lang)}${query.size ? `?${query.toString()}` : ''}`} replace />;
  }
  const subscriptionId = params.get('subscription');
  // A purchase this tab had started with this choice (the page was reloaded before it got its id) starts from its
  // configuration; a new choice from a buy button starts from the choice.
  const initial = startingConfig(user._id, params);
  return (
    <section className="container checkout" data-testid="buy-page">
      <h1>{t('buy.title')}</h1>
      {/* What is owed on another subscription comes first; the one being paid here shows its own payment. */}
      <OwedBanner {...(subscriptionId ? { except: subscriptionId } : {})} />
      <VerifyEmailBanner />
      <p className="muted">{t('buy.intro')}</p>
      {params.get('cancelled') && <p className="note">{t('pay.cancelled')}</p>}
      {subscriptionId ? (
        <Pay user={user} subscriptionId={subscriptionId} approvedOrder={params.get('token')} />
      ) : (
        <Configure
          key={choiceQuery(params)}
          user={user}
          initial={initial}
          query={choiceQuery(params)}
          onCreated={(id) =>
            setParams(
              (prev) => {
                const next = new URLSearchParams(prev);
                next.set('subscription', id);
                return next;
              },
              { replace: true },
            )
          }
        />
      )}
    </section>
  );
}
