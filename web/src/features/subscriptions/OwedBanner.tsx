import type { SubscriptionView } from '@relaycast/contracts';
import { useLang, useT } from '../../app/shell/hooks.js';
import { formatUsd } from '../../app/shell/format.js';
import { formatDate } from '../ui/forms.js';
import { amountOwed, amountToPayNow } from './labels.js';
import { PayNow, useAmountToPay } from './SubscriptionActions.js';
import { subscriptionName } from './subscriptionName.js';
import { useFindMySubscriptionsQuery } from './subscriptionsApi.js';
import './billing.css';

/** The signed-in customer's subscriptions that owe money now (the server's amount due, in dunning), newest first. */
export function useOwedSubscriptions(): SubscriptionView[] {
  const { data } = useFindMySubscriptionsQuery({ page: 1, pageSize: 50, sort: 'createdAt', order: 'desc' });
  return (data?.items ?? []).filter((s) => amountOwed(s) > 0);
}

/** One debt: what, how much, since when, what happens next — and the one button that pays it (PayPal's, with the amount said above it). */
function Owed({ subscription: s }: { subscription: SubscriptionView }) {
  const { t } = useT('account');
  const lang = useLang();
  const d = s.dunning!;
  // What PayPal will be asked for, tax included (the server's): the view's amount due is net of tax.
  const toPay = amountToPayNow(useAmountToPay(s));
  const paused = s.status === 'SUBSCRIPTION_STATUS_PAUSE';
  return (
    <section className="owed" data-testid="owed" data-id={s._id} aria-labelledby={`owed-${s._id}`}>
      <h2 id={`owed-${s._id}`} className="owed-title">
        {t('owed.title', { amount: toPay === null ? '…' : formatUsd(toPay, lang, { cents: true }), name: subscriptionName(s.name, lang, t) })}
      </h2>
      <p className="owed-text">
        {paused ? t('owed.paused', { due: formatDate(d.dueAt, lang), cancel: formatDate(d.cancelAt, lang) }) : t('owed.waiting', { due: formatDate(d.dueAt, lang), grace: formatDate(d.graceUntil, lang), cancel: formatDate(d.cancelAt, lang) })}
      </p>
      <PayNow subscription={s} explained={false} />
    </section>
  );
}

/**
 * What the customer owes, first on every account page: for each subscription in dunning, the amount due (the
 * server's), since when and what happens next, and the PayPal button that pays exactly that. `except`: the
 * subscription the page itself is paying (the purchase page), which shows its own.
 */
export function OwedBanner({ except }: { except?: string }) {
  const { t } = useT('account');
  const owed = useOwedSubscriptions().filter((s) => s._id !== except);
  if (!owed.length) return null;
  return (
    <div className="owed-banner" role="region" aria-label={t('owed.label')} data-testid="owed-banner">
      {owed.map((s) => (
        <Owed key={s._id} subscription={s} />
      ))}
    </div>
  );
}
