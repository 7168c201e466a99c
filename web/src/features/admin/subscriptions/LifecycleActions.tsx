import { useId, useState } from 'react';
import type { SubscriptionView } from '@relaycast/contracts';
import { useLang, useT } from '../../../app/hooks.js';
import { formatUsd } from '../../ui/format.js';
import { useCancelNowMutation, useGrantComplimentaryMutation, usePauseSubscriptionMutation, useResumeSubscriptionMutation } from '../../subscriptions/subscriptionsApi.js';
import { ConfirmButton, dataOf, useToast } from '../../ui/forms.js';

/**
 * Administrators over time: pause (optionally until a date), resume, grant complimentary time (Live without payment,
 * with a reason), cancel at once with an optional prorated refund. Each says what it does to money before it acts.
 */
export function LifecycleActions({ subscription: s }: { subscription: SubscriptionView }) {
  const { t } = useT('admin');
  const lang = useLang();
  const toast = useToast();
  const ids = useId();
  const [resumeAt, setResumeAt] = useState('');
  const paid = s.totals.payments > 0;
  const [refund, setRefund] = useState(paid);
  const [reason, setReason] = useState('');
  const [until, setUntil] = useState('');
  const [pause] = usePauseSubscriptionMutation();
  const [grant] = useGrantComplimentaryMutation();
  const [resume, resuming] = useResumeSubscriptionMutation();
  const [cancelNow] = useCancelNowMutation();
  if (s.status === 'SUBSCRIPTION_STATUS_CANCEL') return null;
  const pausable = s.status === 'SUBSCRIPTION_STATUS_ACTIVE' || s.status === 'SUBSCRIPTION_STATUS_WAIT_PAYMENT';
  // Complimentary time: for plans that are paid for (free and lifetime plans have nothing to grant).
  const grantable = s.plan.billingMonths > 0 && s.amount > 0;
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
            question={t('details.pauseQuestion', { name: s.name })}
            confirmLabel={t('details.pauseConfirm')}
            testId="pause-subscription"
            onConfirm={async () => {
              const body = resumeAt ? { id: s._id, resumeAt: new Date(`${resumeAt}T00:00:00.000Z`).toISOString() } : { id: s._id };
              if (dataOf(await pause(body))) toast(t('details.paused', { name: s.name }), 'success');
            }}
          />
        </div>
      )}
      {s.status === 'SUBSCRIPTION_STATUS_PAUSE' && (
        <button
          type="button"
          className="btn btn-small btn-outline"
          disabled={resuming.isLoading}
          data-testid="resume-subscription"
          onClick={async () => {
            if (dataOf(await resume(s._id))) toast(t('details.resumed', { name: s.name }), 'success');
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
              question={t('details.complimentaryQuestion', { name: s.name })}
              confirmLabel={t('details.complimentaryConfirm')}
              disabled={!reason.trim()}
              testId="grant-complimentary"
              onConfirm={async () => {
                const body = { id: s._id, reason: reason.trim(), ...(until ? { until: new Date(`${until}T00:00:00.000Z`).toISOString() } : {}) };
                if (dataOf(await grant(body))) {
                  setReason('');
                  toast(t('details.complimentaryGranted', { name: s.name }), 'success');
                }
              }}
            />
          </div>
        </fieldset>
      )}
      <div className="inline-fields">
        {paid && (
          <label className="checkbox-row" htmlFor={`${ids}-refund`}>
            <input id={`${ids}-refund`} type="checkbox" checked={refund} onChange={(e) => setRefund(e.target.checked)} data-testid="cancel-now-refund" />
            <span>{t('details.refundUnused')}</span>
          </label>
        )}
        <ConfirmButton
          label={t('details.cancelNow')}
          question={t(paid && refund ? 'details.cancelNowRefundQuestion' : 'details.cancelNowQuestion', { name: s.name })}
          confirmLabel={t('details.cancelNowConfirm')}
          testId="cancel-now"
          onConfirm={async () => {
            const r = await cancelNow({ id: s._id, refund });
            const done = dataOf(r);
            if (!done) return;
            const refunded = done.totals.refunded - s.totals.refunded;
            toast(refunded > 0 ? t('details.cancelledRefunded', { name: s.name, amount: formatUsd(refunded, lang, { cents: true }) }) : t('details.cancelledNow', { name: s.name }), 'success');
          }}
        />
      </div>
    </div>
  );
}
