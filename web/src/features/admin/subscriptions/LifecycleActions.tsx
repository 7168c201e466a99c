import { useId, useState } from 'react';
import type { SubscriptionView } from '@relaycast/contracts';
import { useLang, useT } from '../../../app/shell/hooks.js';
import { formatUsd } from '../../../app/shell/format.js';
import { CancelAtPeriodEnd } from '../../subscriptions/BillingTime.js';
import { useCancelNowMutation, useGrantComplimentaryMutation, usePauseSubscriptionMutation, useResumeSubscriptionMutation } from '../../subscriptions/subscriptionsApi.js';
import { ConfirmButton, dataOf, formatDate, useToast } from '../../ui/forms.js';
import { useCancelNowPreviewQuery, useSubscriptionActionsQuery } from '../adminApi.js';
import { subscriptionName } from '../../subscriptions/subscriptionName.js';

/**
 * Administrators over time: pause (optionally until a date), resume, grant complimentary time (Live without payment,
 * with a reason), and ending it — at the end of the paid time (nothing refunded), or now, with the refund of the
 * unused part offered (never ticked in advance) only when something paid is left unused (the server's figure,
 * /subscriptions/cancelNowPreview). Each is offered only when the server says it is allowed now
 * (/subscriptions/actions: the commands' own checks). Each says what it does to money before it acts.
 */
export function LifecycleActions({ subscription: s }: { subscription: SubscriptionView }) {
  const { t } = useT('admin');
  const lang = useLang();
  const toast = useToast();
  const ids = useId();
  const [resumeAt, setResumeAt] = useState('');
  const [refund, setRefund] = useState(false);
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  const [pause] = usePauseSubscriptionMutation();
  const [grant] = useGrantComplimentaryMutation();
  const [resume, resuming] = useResumeSubscriptionMutation();
  const [cancelNow] = useCancelNowMutation();
  const preview = useCancelNowPreviewQuery(s._id, { skip: s.status === 'SUBSCRIPTION_STATUS_CANCEL' });
  const allowed = useSubscriptionActionsQuery(s._id, { skip: s.status === 'SUBSCRIPTION_STATUS_CANCEL' }).data;
  if (s.status === 'SUBSCRIPTION_STATUS_CANCEL' || !allowed) return null;
  const name = subscriptionName(s.name, lang, t);
  const refundable = preview.data?.refund ?? 0;
  const money = (cents: number) => formatUsd(cents, lang, { cents: true });
  const paidUntil = preview.data?.paidUntil ? formatDate(preview.data.paidUntil, lang) : '';
  // What "Cancel now" does to money, said before it acts.
  const cancelNowQuestion =
    refundable > 0
      ? refund
        ? t('details.cancelNowRefundQuestion', { name, amount: money(refundable) })
        : t('details.cancelNowKeepQuestion', { name, amount: money(refundable) })
      : s.totals.payments > 0
        ? t('details.cancelNowNothingLeftQuestion', { name })
        : t('details.cancelNowUnpaidQuestion', { name });
  const pausable = allowed.pause;
  const grantable = allowed.grantComplimentary;
  return (
    <div className="lifecycle-actions" data-testid="lifecycle-actions">
      {pausable && (
        <div className="inline-fields">
          <div className="field">
            <label htmlFor={`${ids}-resume`}>{t('details.resumeAt')}</label>
            <input id={`${ids}-resume`} type="date" value={resumeAt} onChange={(e) => setResumeAt(e.target.value)} />
          </div>
          <ConfirmButton
            label={t('details.pause')}
            question={t('details.pauseQuestion', { name })}
            confirmLabel={t('details.pauseConfirm')}
            testId="pause-subscription"
            onConfirm={async () => {
              const body = resumeAt ? { id: s._id, resumeAt: new Date(`${resumeAt}T00:00:00.000Z`).toISOString() } : { id: s._id };
              if (dataOf(await pause(body))) toast(t('details.paused', { name }), 'success');
            }}
          />
        </div>
      )}
      {allowed.resume && (
        <button
          type="button"
          className="btn btn-small btn-outline"
          disabled={resuming.isLoading}
          data-testid="resume-subscription"
          onClick={async () => {
            if (dataOf(await resume(s._id))) toast(t('details.resumed', { name }), 'success');
          }}
        >
          {t('details.resume')}
        </button>
      )}
      {grantable && (
        <fieldset className="lifecycle-block" data-testid="complimentary">
          <legend>{t('details.complimentary')}</legend>
          <div className="field">
            <label htmlFor={`${ids}-reason`}>{t('details.complimentaryReason')}</label>
            <input id={`${ids}-reason`} value={reason} maxLength={2000} onChange={(e) => setReason(e.target.value)} aria-describedby={`${ids}-reason-hint`} />
            <p id={`${ids}-reason-hint`} className="muted field-hint">{t('details.complimentaryHint')}</p>
          </div>
          <div className="inline-fields">
            <div className="field">
              <label htmlFor={`${ids}-until`}>{t('details.complimentaryUntil')}</label>
              <input id={`${ids}-until`} type="date" value={until} onChange={(e) => setUntil(e.target.value)} />
            </div>
            <ConfirmButton
              label={t('details.complimentaryGrant')}
              question={t('details.complimentaryQuestion', { name })}
              confirmLabel={t('details.complimentaryConfirm')}
              disabled={!reason.trim()}
              testId="grant-complimentary"
              onConfirm={async () => {
                const body = { id: s._id, reason: reason.trim(), ...(until ? { until: new Date(`${until}T00:00:00.000Z`).toISOString() } : {}) };
                if (dataOf(await grant(body))) {
                  setReason('');
                  toast(t('details.complimentaryGranted', { name }), 'success');
                }
              }}
            />
          </div>
        </fieldset>
      )}
      <fieldset className="lifecycle-block" data-testid="end-subscription">
        <legend>{t('details.endTitle')}</legend>
        <div className="end-option">
          {s.status === 'SUBSCRIPTION_STATUS_ACTIVE' && s.plan.billingMonths > 0 && !s.cancelAt && paidUntil && (
            <p className="muted field-hint">{t('details.cancelAtEndHint', { date: paidUntil })}</p>
          )}
          <CancelAtPeriodEnd subscription={s} />
        </div>
        <div className="end-option">
          <p className="muted field-hint" data-testid="cancel-now-hint">
            {refundable > 0 ? t('details.cancelNowHintRefundable', { amount: money(refundable), date: paidUntil }) : t('details.cancelNowHint')}
          </p>
          {refundable > 0 && (
            <ul className="refund-lines" data-testid="cancel-now-lines">
              {(preview.data?.lines ?? []).map((line) => (
                <li key={line.captureId}>
                  {line.kind === 'raise'
                    ? t('details.refundLineRaise', { from: line.previousQuantity ?? line.quantity, to: line.quantity, start: formatDate(line.start, lang), end: formatDate(line.end, lang), amount: money(line.amount) })
                    : t('details.refundLinePeriod', { units: line.quantity, start: formatDate(line.start, lang), end: formatDate(line.end, lang), amount: money(line.amount) })}
                </li>
              ))}
            </ul>
          )}
          <div className="inline-fields">
            {refundable > 0 && (
              <label className="checkbox-row" htmlFor={`${ids}-refund`}>
                <input id={`${ids}-refund`} type="checkbox" checked={refund} onChange={(e) => setRefund(e.target.checked)} data-testid="cancel-now-refund" />
                <span>{t('details.refundUnusedAmount', { amount: money(refundable) })}</span>
              </label>
            )}
            <ConfirmButton
              label={t('details.cancelNow')}
              question={cancelNowQuestion}
              confirmLabel={refund && refundable > 0 ? t('details.cancelNowRefundConfirm', { amount: money(refundable) }) : t('details.cancelNowConfirm')}
              disabled={preview.isFetching}
              testId="cancel-now"
              onConfirm={async () => {
                const r = await cancelNow({ id: s._id, refund: refund && refundable > 0 });
                const done = dataOf(r);
                if (!done) return;
                const refunded = done.totals.refunded - s.totals.refunded;
                toast(refunded > 0 ? t('details.cancelledRefunded', { name, amount: money(refunded) }) : t('details.cancelledNow', { name }), 'success');
              }}
            />
          </div>
        </div>
      </fieldset>
    </div>
  );
}
