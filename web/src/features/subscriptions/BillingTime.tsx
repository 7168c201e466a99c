import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { SubscriptionView } from '@relaycast/contracts';
import type { Language } from '@relaycast/contracts/constants';
import { useLang, useT } from '../../app/shell/hooks.js';
import { formatUsd } from '../../app/shell/format.js';
import { ConfirmButton, dataOf, formatDate, useToast } from '../ui/forms.js';
import { useCancelAtPeriodEndMutation, useWalletSaveMutation, useWalletSetupMutation } from './subscriptionsApi.js';
import { subscriptionName } from './subscriptionName.js';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** A licence valid until this has no end (free and lifetime plans). */
const NO_END_YEAR = '9999';

/**
 * What a subscription's card says about time, as [key, label, value] rows: next renewal and its amount, the saved
 * payment method, the trial's end, dunning (what is overdue and what happens when), the end-of-term cancellation,
 * a pause, and the current licence. Pure, so its words are tested in both languages.
 */
export function billingTimeRows(s: SubscriptionView, t: Translate, lang: Language): [string, string, string][] {
  const rows: [string, string, string][] = [];
  const date = (iso: string | undefined) => formatDate(iso, lang);
  if (s.status === 'SUBSCRIPTION_STATUS_CANCEL') return rows;
  if (s.nextRenewal) rows.push(['nextRenewal', t('time.nextRenewal'), t('time.nextRenewalValue', { date: date(s.nextRenewal.at), amount: formatUsd(s.nextRenewal.amount, lang, { cents: true }) })]);
  if (s.cancelAt) rows.push(['cancelAt', t('time.cancelsOn'), date(s.cancelAt)]);
  if (s.plan.billingMonths > 0) {
    const method = s.paymentMethod?.vaulted ? (s.paymentMethod.payerEmail ? t('time.walletSaved', { email: s.paymentMethod.payerEmail }) : t('time.walletSavedNoEmail')) : t('time.noWallet');
    rows.push(['paymentMethod', t('time.paymentMethod'), method]);
  }
  if (s.trialEndDate && s.trialEndDate > (s.periodEnd ?? '') && !s.dunning) rows.push(['trialEnds', t('time.trialEnds'), date(s.trialEndDate)]);
  if (s.dunning && s.status === 'SUBSCRIPTION_STATUS_WAIT_PAYMENT') {
    const d = s.dunning;
    const sentences = [t('time.dunningValue', { due: date(d.dueAt), grace: date(d.graceUntil), cancel: date(d.cancelAt) })];
    if (d.nextRetryAt && s.paymentMethod?.vaulted) sentences.push(t('time.dunningRetry', { date: date(d.nextRetryAt) }));
    // Sentences end here, not in the strings: a Russian date already ends with "г.".
    rows.push(['dunning', t('time.dunning'), sentences.map((x) => (/[.!?]$/.test(x) ? x : `${x}.`)).join(' ')]);
  }
  if (s.status === 'SUBSCRIPTION_STATUS_PAUSE') {
    if (s.pause?.reason === 'NON_PAYMENT' && s.dunning) rows.push(['pause', t('time.paused'), t('time.pausedUnpaid', { date: date(s.dunning.cancelAt) })]);
    else rows.push(['pause', t('time.paused'), s.pause?.resumeAt ? t('time.pausedUntil', { date: date(s.pause.resumeAt) }) : t('time.pausedNoEnd')]);
  }
  if (s.licence) {
    const l = s.licence;
    // The builder's licence says how many units it grants (the unlimited plans have none to count).
    const units = s.plan.plan_id === 'constructor' && l.quantity ? t('time.licenceUnits', { n: l.quantity }) : '';
    const validity = l.revoked ? t('time.licenceRevoked', { serial: l.serial }) : l.validUntil.startsWith(NO_END_YEAR) ? t('time.licenceNoEnd', { serial: l.serial }) : t('time.licenceValid', { serial: l.serial, date: date(l.validUntil) });
    const value = units && !l.revoked ? `${validity} (${units})` : validity;
    rows.push(['licenceStatus', t('time.licence'), value]);
  }
  return rows;
}

/** "Cancel at period end" while Live with paid time, or "Keep subscription" once asked. */
export function CancelAtPeriodEnd({ subscription: s }: { subscription: SubscriptionView }) {
  const { t } = useT('account');
  const lang = useLang();
  const toast = useToast();
  const [request, { isLoading }] = useCancelAtPeriodEndMutation();
  if (s.status !== 'SUBSCRIPTION_STATUS_ACTIVE') return null;
  if (s.cancelAt) {
    return (
      <button
        type="button"
        className="btn btn-small btn-outline"
        disabled={isLoading}
        data-testid="undo-cancel"
        onClick={async () => {
          if (dataOf(await request({ id: s._id, undo: true }))) toast(t('time.undoCancelDone', { name: s.name }), 'success');
        }}
      >
        {t('time.undoCancel')}
      </button>
    );
  }
  const end = s.nextRenewal?.at ?? s.periodEnd ?? s.trialEndDate;
  if (!end || s.plan.billingMonths === 0) return null;
  return (
    <ConfirmButton
      label={t('time.cancelAtEnd')}
      question={t('time.cancelAtEndQuestion', { name: subscriptionName(s.name, lang, t), date: formatDate(end, lang) })}
      confirmLabel={t('time.cancelAtEndConfirm')}
      testId="cancel-at-period-end"
      onConfirm={async () => {
        const done = dataOf(await request({ id: s._id }));
        if (done) toast(t('time.cancelAtEndDone', { name: s.name, date: formatDate(done.cancelAt ?? end, lang) }), 'success');
      }}
    />
  );
}

/** The current licence file (signed), as a download; nothing when there is none or it was revoked. */
export function LicenceDownload({ subscription: s }: { subscription: SubscriptionView }) {
  const { t } = useT('account');
  if (!s.licence || s.licence.revoked) return null;
  return (
    <a className="btn btn-small btn-outline" href={`/subscriptions/licence?id=${encodeURIComponent(s._id)}`} download data-testid="licence-download">
      {t('time.download')}
    </a>
  );
}

/** Saves (or replaces) the PayPal account renewals are charged to, without a payment: PayPal asks the buyer to approve. */
export function SaveWallet({ subscription: s }: { subscription: SubscriptionView }) {
  const { t } = useT('account');
  const [setup, { isLoading }] = useWalletSetupMutation();
  if (s.status === 'SUBSCRIPTION_STATUS_CANCEL' || s.plan.billingMonths === 0) return null;
  return (
    <button
      type="button"
      className="btn btn-small btn-outline"
      disabled={isLoading}
      data-testid="save-wallet"
      onClick={async () => {
        const started = dataOf(await setup(s._id));
        if (started?.approveUrl) window.location.assign(started.approveUrl);
      }}
    >
      {s.paymentMethod?.vaulted ? t('time.replaceWallet') : t('time.saveWallet')}
    </button>
  );
}

/**
 * Back from PayPal after approving a saved account (`?subscription=…&wallet=approved&approval_token_id=…`): saves it
 * once, says so, and clears the query.
 */
export function useWalletReturn(): void {
  const { t } = useT('account');
  const toast = useToast();
  const [params, setParams] = useSearchParams();
  const [save] = useWalletSaveMutation();
  const done = useRef(false);
  useEffect(() => {
    const wallet = params.get('wallet');
    const id = params.get('subscription');
    if (!wallet || !id || done.current) return;
    done.current = true;
    const token = params.get('approval_token_id');
    const clear = () => setParams((p) => {
      for (const k of ['wallet', 'subscription', 'approval_token_id']) p.delete(k);
      return p;
    }, { replace: true });
    if (wallet !== 'approved' || !token) {
      toast(t('time.walletCancelled'), 'info');
      clear();
      return;
    }
    void save({ id, setupTokenId: token }).then((r) => {
      if (dataOf(r)) toast(t('time.walletSavedDone'), 'success');
      clear();
    });
  }, [params, save, setParams, t, toast]);
}
