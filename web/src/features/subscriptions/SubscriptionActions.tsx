import { useId, useRef, useState, type FormEvent } from 'react';
import type { SubscriptionView } from '@relaycast/contracts';
import { unitsForModules } from '@relaycast/billing-core/pricing';
import { MAX_UNIT_QUANTITY } from '@relaycast/contracts/constants';
import { useLang, useT } from '../../app/shell/hooks.js';
import { formatUsd } from '../../app/shell/format.js';
import { ConfirmButton, dataOf, errorMessageOf, formatDate, useToast } from '../ui/forms.js';
import { validationMessage } from '../ui/validation.js';
import { PayPalButton } from './PayPalButton.js';
import { subscriptionName } from './subscriptionName.js';
import { amountOwed, amountToPayNow, paymentDue } from './labels.js';

export { paymentDue };
import {
  useCancelSubscriptionMutation,
  useCaptureOrderMutation,
  useCreateOrderMutation,
  usePreviewRevisionMutation,
  useReviseSubscriptionMutation,
  type RevisePreview,
} from './subscriptionsApi.js';


/**
 * Pays what is due through PayPal: our server creates the order (reusing one still open, so a reload never
 * makes a second), the buyer approves in PayPal's window, our server captures it (idempotent by order id).
 */
export function PayNow({ subscription: s, onPaid, explained = true }: { subscription: SubscriptionView; onPaid?: (live: SubscriptionView) => void; explained?: boolean }) {
  const { t } = useT('account');
  const lang = useLang();
  const ids = useId();
  const amount = formatUsd(amountToPayNow(s), lang, { cents: true });
  const owed = amountOwed(s) > 0;
  const toast = useToast();
  const [createOrder] = useCreateOrderMutation();
  const [capture] = useCaptureOrderMutation();
  const [state, setState] = useState<{ kind: 'idle' | 'capturing' | 'pending' | 'failed' | 'cancelled'; message?: string }>({ kind: 'idle' });
  const references = useRef(new Map<string, string>());
  // Renewing plans offer to save the PayPal account for automatic renewals, once none is saved: unticked, the buyer
  // chooses (an automatic charge is consent to be given, not taken).
  const offerWallet = s.plan.billingMonths > 0 && !s.paymentMethod?.vaulted;
  const [saveWallet, setSaveWallet] = useState(false);
  const walletId = useId();

  return (
    <div className="pay-now" data-testid="pay-now" data-state={state.kind}>
      {explained && <p>
        {owed ? t('pay.overdue', { amount, date: formatDate(s.dunning?.dueAt, lang) }) : t(paymentDue(s) === 'balance' ? 'pay.balance' : 'pay.first', { amount })}
      </p>}
      {state.kind === 'capturing' && (
        <p role="status" className="muted" data-testid="pay-capturing">
          <span className="spinner" aria-hidden="true" /> {t('pay.capturing')}
        </p>
      )}
      {state.kind === 'pending' && (
        <p role="status" className="note" data-testid="pay-pending">
          {state.message ?? t('pay.pending')}
        </p>
      )}
      {state.kind === 'failed' && (
        <p role="alert" className="note note-warning" data-testid="pay-failed">
          {t('pay.failed')} {state.message}
        </p>
      )}
      {state.kind === 'cancelled' && (
        <p role="status" className="note" data-testid="pay-cancelled">
          {t('pay.cancelled')}
        </p>
      )}
      {offerWallet && (
        <label className="checkbox-row" htmlFor={walletId}>
          <input id={walletId} type="checkbox" checked={saveWallet} onChange={(e) => setSaveWallet(e.target.checked)} data-testid="save-wallet-at-checkout" />
          <span>{t('time.saveWalletAtCheckout')}</span>
        </label>
      )}
      {/* PayPal's own button cannot carry our figure: the amount it pays is said on the line it stands under. */}
      <p className="pay-caption" id={`${ids}-pay`} data-testid="pay-amount">
        {t('pay.now', { amount })}
      </p>
      <div role="group" aria-labelledby={`${ids}-pay`}>
      <PayPalButton
        intent="capture"
        disabled={state.kind === 'capturing'}
        createOrder={async () => {
          setState({ kind: 'idle' });
          const r = await createOrder({ id: s._id, saveWallet: offerWallet && saveWallet });
          const order = dataOf(r);
          if (!order) {
            setState({ kind: 'failed', message: errorMessageOf(r, t) });
            throw new Error(errorMessageOf(r, t) ?? 'createOrder failed');
          }
          references.current.set(order.paypalOrderID, order.paypalSubscriptionID);
          return order.paypalOrderID;
        }}
        onApprove={async (orderID) => {
          setState({ kind: 'capturing' });
          const r = await capture({ id: s._id, user_id: s.user_id, paypalOrderID: orderID, paypalSubscriptionID: references.current.get(orderID) ?? s.paypalSubscriptionID ?? '', quantity: s.quantity });
          const paid = dataOf(r);
          if (!paid) {
            setState({ kind: 'failed', message: errorMessageOf(r, t) });
            return;
          }
          if (paid.status === 'SUBSCRIPTION_STATUS_ACTIVE' && paid.balance <= 0) {
            setState({ kind: 'idle' });
            toast(t('pay.done'), 'success');
            onPaid?.(paid);
          } else if ((paid.credit ?? 0) > (s.credit ?? 0)) setState({ kind: 'pending', message: t('pay.credited') });
          else setState({ kind: 'pending' });
        }}
        onCancel={() => setState({ kind: 'cancelled' })}
        onError={(message) => setState((prev) => (prev.kind === 'failed' ? prev : { kind: 'failed', message }))}
      />
      </div>
    </div>
  );
}

/**
 * Revise the units of a builder licence: preview the new amount and the proration for the rest of the paid period
 * (nothing is recorded), then apply it (seed §5: user_id, paypalSubscriptionID, quantity).
 */
export function ReviseForm({ subscription: s, onRevised }: { subscription: SubscriptionView; onRevised?: () => void }) {
  const { t } = useT('account');
  const lang = useLang();
  const toast = useToast();
  const ids = useId();
  const needed = unitsForModules(s.modules.filter((m) => m.name !== 'streams').map(({ name, limit }) => ({ name, limit })));
  const [quantity, setQuantity] = useState(String(s.quantity));
  const [preview, setPreview] = useState<RevisePreview | null>(null);
  const [previewRevision, previewing] = usePreviewRevisionMutation();
  const [revise, revising] = useReviseSubscriptionMutation();

  if (s.plan.plan_id !== 'constructor') return <p className="muted">{t('revise.unlimited')}</p>;
  if (s.status === 'SUBSCRIPTION_STATUS_CANCEL') return null;

  const body = () => ({ id: s._id, user_id: s.user_id, paypalSubscriptionID: s.paypalSubscriptionID ?? 'none', quantity: Number(quantity) });
  const check = (b: object) => {
    const problem = validationMessage('SubscriptionRevise', b, t);
    if (problem) toast(problem, 'error');
    return !problem;
  };
  const onPreview = async (e: FormEvent) => {
    e.preventDefault();
    const b = body();
    if (!check(b)) return;
    setPreview(dataOf(await previewRevision(b)) ?? null);
  };
  const onApply = async () => {
    if (!preview) return;
    const b = { ...body(), amount: preview.amount, version: preview.version };
    if (!check(b)) return;
    const revised = dataOf(await revise(b));
    if (!revised) return;
    setPreview(null);
    toast(doneMessage(preview, revised), 'success');
    onRevised?.();
  };
  const doneMessage = (p: RevisePreview, revised: SubscriptionView) => {
    // A saved PayPal account paid the balance at once.
    if (p.effect === 'pending' && !revised.pendingChange && revised.quantity === p.quantity) return t('time.revisePaidSaved');
    if (p.effect === 'pending') return t('revise.donePending', { amount: formatUsd(revised.balance, lang, { cents: true }) });
    if (p.effect === 'scheduled') return t('revise.doneScheduled', { date: formatDate(p.effectiveAt, lang) });
    if (p.effect === 'withdrawn') return t('revise.doneWithdrawn');
    return t('revise.done', { amount: formatUsd(revised.amount, lang) });
  };
  // With a saved PayPal account an upgrade's balance is charged to it at once: the button says so, and how much.
  const charged = (p: RevisePreview) => (p.effect === 'pending' && s.paymentMethod?.vaulted ? formatUsd(p.balance ?? p.proration, lang, { cents: true }) : null);
  const applyLabel = (p: RevisePreview) => {
    const charge = charged(p);
    if (charge) return t('revise.applyCharge', { amount: charge });
    if (p.effect === 'pending') return t('revise.applyPending', { amount: formatUsd(p.balance ?? p.proration, lang, { cents: true }) });
    if (p.effect === 'scheduled') return t('revise.applyScheduled', { date: formatDate(p.effectiveAt, lang) });
    if (p.effect === 'withdrawn') return t('revise.applyWithdraw');
    return t('revise.apply');
  };
  const effectText = (p: RevisePreview) => {
    const charge = charged(p);
    if (charge) return s.paymentMethod?.payerEmail ? t('revise.chargeSaved', { amount: charge, email: s.paymentMethod.payerEmail }) : t('revise.chargeSavedNoEmail', { amount: charge });
    if (p.effect === 'pending') return t('revise.pendingBalance', { amount: formatUsd(p.balance ?? p.proration, lang, { cents: true }) });
    if (p.effect === 'scheduled') return t('revise.scheduledFrom', { date: formatDate(p.effectiveAt, lang) });
    if (p.effect === 'withdrawn') return t('revise.withdrawn');
    return t('revise.immediate');
  };

  return (
    <form className="revise-form" onSubmit={onPreview} noValidate data-testid="revise-form">
      <div className="inline-fields">
        <div className="field">
          <label htmlFor={`${ids}-units`}>{t('revise.units')}</label>
          <input
            id={`${ids}-units`}
            type="number"
            inputMode="numeric"
            min={Math.max(1, needed)}
            max={MAX_UNIT_QUANTITY}
            value={quantity}
            onChange={(e) => {
              setQuantity(e.target.value);
              setPreview(null);
            }}
          />
        </div>
        <button type="submit" className="btn btn-outline" disabled={previewing.isLoading} data-testid="revise-preview">
          {t('revise.preview')}
        </button>
      </div>
      {preview && (
        <div className="revise-preview" data-testid="revise-result" role="status">
          <p>
            {t('revise.newAmount', { from: formatUsd(preview.previousAmount, lang, { cents: true }), to: formatUsd(preview.amount, lang, { cents: true }) })}
          </p>
          <p data-testid="revise-proration" data-effect={preview.effect}>
            {effectText(preview)}
          </p>
          <button type="button" className="btn btn-primary" onClick={onApply} disabled={revising.isLoading} data-testid="revise-apply" data-charge={charged(preview) ? preview.balance ?? preview.proration : undefined}>
            {applyLabel(preview)}
          </button>
        </div>
      )}
    </form>
  );
}

/**
 * The customer's "cancel now": it ends at once and nothing is refunded. Where paid time is still running that is
 * what the button and its question say (with the date it was paid until, and "Cancel at period end" as the way to
 * keep it until then); on a subscription nothing was paid for, that nothing more is charged.
 */
export function CancelSubscription({ subscription: s }: { subscription: SubscriptionView }) {
  const { t } = useT('account');
  const lang = useLang();
  const toast = useToast();
  const [cancel] = useCancelSubscriptionMutation();
  if (s.status === 'SUBSCRIPTION_STATUS_CANCEL') return null;
  const name = subscriptionName(s.name, lang, t);
  // Time still running (paid, a trial or complimentary): the end of the period in force, while Live.
  const paidUntil = s.status === 'SUBSCRIPTION_STATUS_ACTIVE' && s.plan.billingMonths > 0 ? (s.nextRenewal?.at ?? s.cancelAt ?? s.periodEnd ?? s.trialEndDate) : undefined;
  return (
    <ConfirmButton
      label={paidUntil ? t('cancel.nowButton') : t('cancel.button')}
      question={paidUntil ? t('cancel.nowQuestion', { name, date: formatDate(paidUntil, lang) }) : s.amount > 0 ? t('cancel.unpaidQuestion', { name }) : t('cancel.question', { name })}
      confirmLabel={paidUntil ? t('cancel.nowConfirm') : t('cancel.confirm')}
      testId="cancel-subscription"
      onConfirm={async () => {
        const r = await cancel({ id: s._id, reason: 'Cancelled by the customer' });
        if (dataOf(r)) toast(t('cancel.done', { name }), 'success');
      }}
    />
  );
}

/**
 * Withdraws a requested change where it is shown: the configuration in force is asked for again, which the server
 * records as the change withdrawn (SubscriptionChangeWithdrawn) — a scheduled downgrade no longer happens, a raise
 * waiting for its balance is no longer asked for. Nothing is charged or refunded.
 */
export function WithdrawChange({ subscription: s }: { subscription: SubscriptionView }) {
  const { t } = useT('account');
  const toast = useToast();
  const [revise, { isLoading }] = useReviseSubscriptionMutation();
  if (!s.scheduledChange && !s.pendingChange) return null;
  if (s.status === 'SUBSCRIPTION_STATUS_CANCEL') return null;
  return (
    <button
      type="button"
      className="btn btn-small btn-outline"
      disabled={isLoading}
      data-testid="withdraw-change"
      onClick={async () => {
        const body = { id: s._id, user_id: s.user_id, paypalSubscriptionID: s.paypalSubscriptionID ?? 'none', quantity: s.quantity, modules: s.modules.map(({ name, limit }) => ({ name, limit })), version: s.version };
        if (dataOf(await revise(body))) toast(t('revise.doneWithdrawn'), 'success');
      }}
    >
      {s.scheduledChange ? t('revise.withdrawScheduled', { units: s.quantity }) : t('revise.withdrawPending')}
    </button>
  );
}
