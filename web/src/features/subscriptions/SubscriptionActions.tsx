import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { AmountToPayView, BillingDetails, SubscriptionView } from '@relaycast/contracts';
import { unitsForModules } from '@relaycast/billing-core/pricing';
import { MAX_UNIT_QUANTITY } from '@relaycast/contracts/constants';
import { useLang, useT } from '../../app/shell/hooks.js';
import { formatUsd } from '../../app/shell/format.js';
import { ConfirmButton, dataOf, errorMessageOf, formatDate, useToast } from '../ui/forms.js';
import { validationMessage } from '../ui/validation.js';
import { countryNameOf, TaxBreakdown } from '../ui/tax.js';
import { useBillingDetailsQuery, useUpdateBillingDetailsMutation } from './invoicesApi.js';
import { PayPalButton } from './PayPalButton.js';
import { subscriptionName } from './subscriptionName.js';
import { amountOwed, amountToPayNow, paymentDue } from './labels.js';

export { paymentDue };
import {
  useAmountToPayQuery,
  useCancelSubscriptionMutation,
  useCaptureOrderMutation,
  useCreateOrderMutation,
  usePreviewRevisionMutation,
  useReviseSubscriptionMutation,
  type RevisePreview,
} from './subscriptionsApi.js';


/**
 * What paying now asks of PayPal for this subscription, tax included: the server's answer (`/subscriptions/amountToPay`,
 * priced from the customer's billing details as the order will be), refreshed when the subscription or the billing
 * details change. Undefined while it loads, and when nothing is due.
 */
export function useAmountToPay(s: SubscriptionView): AmountToPayView | undefined {
  const { data, isFetching } = useAmountToPayQuery({ id: s._id, version: s.version }, { skip: s.amountDue <= 0 });
  return isFetching ? undefined : data;
}

/** The customer's billing country and their PayPal account's, when they disagreed at the capture (409 TAX_COUNTRY_CONFLICT). */
interface CountryConflict {
  orderID: string;
  billing: string;
  payer: string;
}

function conflictOf(error: unknown): { billing: string; payer: string } | null {
  const e = error as { code?: unknown; details?: { billingCountry?: unknown; payerCountry?: unknown } } | undefined;
  if (e?.code !== 'TAX_COUNTRY_CONFLICT') return null;
  const billing = e.details?.billingCountry;
  const payer = e.details?.payerCountry;
  return typeof billing === 'string' && typeof payer === 'string' ? { billing, payer } : null;
}

/**
 * Pays what is due through PayPal: our server creates the order (reusing one still open, so a reload never
 * makes a second), the buyer approves in PayPal's window, our server captures it (idempotent by order id). The amount
 * said is what PayPal is asked for, tax included (the server's); `explained` pages show its net, tax lines and total.
 * When the billing country and the PayPal account's country disagree, nothing is captured until the customer says
 * which is right: the billing country (captured as it is), or the PayPal account's (the billing details change, and
 * the new total is paid with a new order).
 */
export function PayNow({ subscription: s, onPaid, explained = true }: { subscription: SubscriptionView; onPaid?: (live: SubscriptionView) => void; explained?: boolean }) {
  const { t } = useT('account');
  const lang = useLang();
  const ids = useId();
  const due = useAmountToPay(s);
  const toPay = amountToPayNow(due);
  const amount = toPay === null ? '' : formatUsd(toPay, lang, { cents: true });
  const owed = amountOwed(s) > 0;
  const toast = useToast();
  const [createOrder] = useCreateOrderMutation();
  const [capture] = useCaptureOrderMutation();
  const billingDetails = useBillingDetailsQuery({});
  const [saveBilling, savingBilling] = useUpdateBillingDetailsMutation();
  const [state, setState] = useState<{ kind: 'idle' | 'capturing' | 'pending' | 'failed' | 'cancelled' | 'switched'; message?: string; country?: string; vatNumberDropped?: boolean }>({ kind: 'idle' });
  const [conflict, setConflict] = useState<CountryConflict | null>(null);
  const conflictRef = useRef<HTMLElement>(null);
  // The question appears above the PayPal button the customer just used: brought into view and focused, so it is read
  // (on a phone it would be off screen).
  useEffect(() => {
    if (!conflict) return;
    conflictRef.current?.scrollIntoView?.({ block: 'center' });
    conflictRef.current?.focus();
  }, [conflict]);
  const references = useRef(new Map<string, string>());
  // Renewing plans offer to save the PayPal account for automatic renewals, once none is saved: unticked, the buyer
  // chooses (an automatic charge is consent to be given, not taken).
  const offerWallet = s.plan.billingMonths > 0 && !s.paymentMethod?.vaulted;
  const [saveWallet, setSaveWallet] = useState(false);
  const walletId = useId();
  const country = (code: string) => countryNameOf(code, lang);

  const captureNow = async (orderID: string, confirmCountry?: string) => {
    setState({ kind: 'capturing' });
    const r = await capture({
      id: s._id,
      user_id: s.user_id,
      paypalOrderID: orderID,
      paypalSubscriptionID: references.current.get(orderID) ?? s.paypalSubscriptionID ?? '',
      quantity: s.quantity,
      ...(confirmCountry ? { confirmCountry } : {}),
    });
    const paid = dataOf(r);
    if (!paid) {
      const disagreed = conflictOf(r.error);
      if (disagreed) {
        setConflict({ orderID, ...disagreed });
        setState({ kind: 'idle' });
        return;
      }
      setState({ kind: 'failed', message: errorMessageOf(r, t) });
      return;
    }
    setConflict(null);
    if (paid.status === 'SUBSCRIPTION_STATUS_ACTIVE' && paid.balance <= 0) {
      setState({ kind: 'idle' });
      toast(t('pay.done'), 'success');
      onPaid?.(paid);
    } else if ((paid.credit ?? 0) > (s.credit ?? 0)) setState({ kind: 'pending', message: t('pay.credited') });
    else setState({ kind: 'pending' });
  };

  /** The customer says the PayPal account's country is right: the billing details say so from now on (a VAT number of the old country is left out), and the new total is paid with a new order. */
  const switchCountry = async (to: string) => {
    const current = billingDetails.data;
    if (!current) return;
    // A VAT number belongs to the country it was given with (the server refuses another's): it is left out.
    const { name, company, address, vatNumber } = current;
    const r = await saveBilling({ name, ...(company ? { company } : {}), address, country: to as BillingDetails['country'] });
    if (r.error) {
      setState({ kind: 'failed', message: errorMessageOf(r, t) });
      return;
    }
    setConflict(null);
    setState({ kind: 'switched', country: to, vatNumberDropped: vatNumber !== undefined });
  };

  if (toPay === null) {
    return (
      <div className="pay-now" data-testid="pay-now" data-state="loading">
        <p className="muted" role="status">
          <span className="spinner" aria-hidden="true" /> {t('pay.loadingAmount')}
        </p>
      </div>
    );
  }

  return (
    <div className="pay-now" data-testid="pay-now" data-state={conflict ? 'conflict' : state.kind} data-to-pay={toPay}>
      {explained && <p>
        {owed ? t('pay.overdue', { amount, date: formatDate(s.dunning?.dueAt, lang) }) : t(paymentDue(s) === 'balance' ? 'pay.balance' : 'pay.first', { amount })}
      </p>}
      {explained && due && due.taxLines.length > 0 && <TaxBreakdown figures={due} testId="pay-tax" />}
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
      {state.kind === 'switched' && state.country && (
        <p role="status" className="note" data-testid="pay-country-switched">
          {t('pay.conflict.switched', { country: country(state.country), amount })} {state.vatNumberDropped ? t('pay.conflict.vatNumberDropped') : ''}
        </p>
      )}
      {conflict && (
        <section ref={conflictRef} tabIndex={-1} className="note note-warning pay-conflict" role="alertdialog" aria-labelledby={`${ids}-conflict`} aria-describedby={`${ids}-conflict-text`} data-testid="pay-conflict">
          <h3 id={`${ids}-conflict`}>{t('pay.conflict.title')}</h3>
          <p id={`${ids}-conflict-text`}>{t('pay.conflict.text', { billing: country(conflict.billing), payer: country(conflict.payer) })}</p>
          <div className="actions">
            <button type="button" className="btn btn-primary" data-testid="conflict-keep" disabled={state.kind === 'capturing'} onClick={() => void captureNow(conflict.orderID, conflict.billing)}>
              {t('pay.conflict.keep', { billing: country(conflict.billing), amount })}
            </button>
            <button type="button" className="btn btn-outline" data-testid="conflict-switch" disabled={savingBilling.isLoading || !billingDetails.data} onClick={() => void switchCountry(conflict.payer)}>
              {t('pay.conflict.switch', { payer: country(conflict.payer) })}
            </button>
          </div>
        </section>
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
        disabled={state.kind === 'capturing' || conflict !== null}
        createOrder={async () => {
          setState({ kind: 'idle' });
          setConflict(null);
          const r = await createOrder({ id: s._id, saveWallet: offerWallet && saveWallet });
          const order = dataOf(r);
          if (!order) {
            setState({ kind: 'failed', message: errorMessageOf(r, t) });
            throw new Error(errorMessageOf(r, t) ?? 'createOrder failed');
          }
          references.current.set(order.paypalOrderID, order.paypalSubscriptionID);
          return order.paypalOrderID;
        }}
        onApprove={(orderID) => captureNow(orderID)}
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
    if (p.effect === 'pending') return t('revise.donePending', { amount: toPay(p) });
    if (p.effect === 'scheduled') return t('revise.doneScheduled', { date: formatDate(p.effectiveAt, lang) });
    if (p.effect === 'withdrawn') return t('revise.doneWithdrawn');
    return t('revise.done', { amount: formatUsd(revised.amount, lang) });
  };
  // With a saved PayPal account an upgrade's balance is charged to it at once: the button says so, and how much.
  // What paying the balance asks of PayPal: the server's figure with tax (payNow), never the net balance.
  const toPay = (p: RevisePreview) => formatUsd(p.payNow?.toPay ?? p.balance ?? p.proration, lang, { cents: true });
  const charged = (p: RevisePreview) => (p.effect === 'pending' && s.paymentMethod?.vaulted ? toPay(p) : null);
  const applyLabel = (p: RevisePreview) => {
    const charge = charged(p);
    if (charge) return t('revise.applyCharge', { amount: charge });
    if (p.effect === 'pending') return t('revise.applyPending', { amount: toPay(p) });
    if (p.effect === 'scheduled') return t('revise.applyScheduled', { date: formatDate(p.effectiveAt, lang) });
    if (p.effect === 'withdrawn') return t('revise.applyWithdraw');
    return t('revise.apply');
  };
  const effectText = (p: RevisePreview) => {
    const charge = charged(p);
    if (charge) return s.paymentMethod?.payerEmail ? t('revise.chargeSaved', { amount: charge, email: s.paymentMethod.payerEmail }) : t('revise.chargeSavedNoEmail', { amount: charge });
    if (p.effect === 'pending') return t('revise.pendingBalance', { amount: toPay(p) });
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
          <button type="button" className="btn btn-primary" onClick={onApply} disabled={revising.isLoading} data-testid="revise-apply" data-charge={charged(preview) ? (preview.payNow?.toPay ?? preview.balance ?? preview.proration) : undefined}>
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
