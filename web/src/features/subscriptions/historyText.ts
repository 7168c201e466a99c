import type { HistoryItem, SubscriptionView } from '@relaycast/contracts';
import type { TFunction } from '../../app/shell/texts.js';
import type { Language } from '@relaycast/contracts/constants';
import { formatUsd } from '../../app/shell/format.js';
import { formatDate } from '../ui/forms.js';
import { planLabel, statusLabel } from './labels.js';

/*
 * History entries in the reader's language, from each event's type and data (the server's `summary` is English, for
 * API clients and finance). An event this table does not know shows only its title in Russian and the server's
 * summary in English, so a Russian page never carries an English sentence.
 */

type Data = Record<string, unknown>;
const num = (v: unknown) => (typeof v === 'number' ? v : 0);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The reasons the server records for a status move, worded per language (others are not shown). */
const STATUS_REASONS: Record<string, string> = {
  'payment captured': 'paymentCaptured',
  'PayPal order created': 'orderCreated',
  'trial started': 'trialStarted',
  'free plan: no payment needed': 'freePlan',
  'balance paid': 'balancePaid',
  'complimentary: granted by an administrator without payment': 'complimentary',
  'renewal due: payment not made': 'paymentDue',
  'trial ended: payment due': 'trialEnded',
  'payment refunded': 'refunded',
  'payment reversed by PayPal': 'reversed',
  'unpaid at the end of the grace period': 'unpaidAfterGrace',
  'paused by an administrator': 'adminPause',
  'resumed by an administrator': 'resumed',
  'resume date reached': 'resumeDate',
  'nothing to pay here: billed elsewhere': 'billedElsewhere',
};

export function historySummary(item: HistoryItem, t: TFunction, lang: Language): string {
  const text = eventText(item, t, lang);
  // What an administrator wrote (administrators read it; customers' history comes without it).
  const note = str(((item.data ?? {}) as Data).note);
  return note ? `${text} — ${t('history.note', { note })}` : text;
}

function eventText(item: HistoryItem, t: TFunction, lang: Language): string {
  const d = (item.data ?? {}) as Data;
  const money = (v: unknown) => formatUsd(num(v), lang, { cents: true });
  const date = (v: unknown) => formatDate(str(v), lang);
  const key = `history.summaries.${item.type}`;
  switch (item.type) {
    case 'SubscriptionCreated': {
      const plan = d.plan as SubscriptionView['plan'] | undefined;
      if (!plan) break;
      const label = planLabel({ plan, infrastructure_type: d.infrastructure_type as SubscriptionView['infrastructure_type'] }, t);
      const months = num(plan.billingMonths);
      if (months === 0) return t(`${key}.free`, { plan: label, units: num(d.quantity) });
      return t(months === 12 ? `${key}.annual` : `${key}.monthly`, { plan: label, units: num(d.quantity), amount: money(d.amount) });
    }
    case 'SubscriptionStatusChanged': {
      const reason = STATUS_REASONS[str(d.reason)];
      const move = t(key, { from: statusLabel(d.from as SubscriptionView['status'], t), to: statusLabel(d.to as SubscriptionView['status'], t) });
      return reason ? `${move} (${t(`history.reasons.${reason}`)})` : move;
    }
    case 'OrderCaptured':
      if (d.credited) return t(`${key}.credited`, { amount: money(d.amount) });
    {
      // A balance pays for a change of plan, not for a period of its own; a period is said with its days when the
      // event has both, else without them (never "— – —").
      if (d.purpose === 'balance') return t(`${key}.balance`, { amount: money(d.amount) });
      const [from, to] = [date(d.periodStart), date(d.periodEnd)];
      if (from !== '—' && to !== '—') return t(`${key}.period`, { amount: money(d.amount), from, to });
      return d.periodStart || d.purpose === 'period' ? t(`${key}.periodNoDates`, { amount: money(d.amount) }) : t(`${key}.balance`, { amount: money(d.amount) });
    }
    case 'PaidTimeEnded': {
      // What really ended: all paid time, or one period of it (the paid time then ends sooner).
      const how = t(d.reason === 'REVERSED' ? `${key}.reversed` : `${key}.refunded`);
      return str(d.paidThroughAfter) > str(d.endedAt) ? t(`${key}.shortened`, { how, date: date(d.paidThroughAfter) }) : t(`${key}.ended`, { how, date: date(d.endedAt) });
    }
    case 'PaidChangeTakenBack': {
      const previous = (d.previous ?? {}) as Data;
      const now = (d.configuration ?? {}) as Data;
      return t(key, { fromUnits: num(previous.quantity), toUnits: num(now.quantity), date: date(d.endedAt), how: t(d.reason === 'REVERSED' ? 'history.summaries.PaidTimeEnded.reversed' : 'history.summaries.PaidTimeEnded.refunded') });
    }
    case 'SubscriptionCancelled': {
      const refunds = Array.isArray(d.refunds) ? (d.refunds as { amount: number }[]).reduce((n, r) => n + r.amount, 0) : 0;
      if (d.cause === 'PAYMENT_TAKEN_BACK') return t(`${key}.takenBack`, { how: t(str(d.reason).includes('reversed') ? 'history.summaries.PaidTimeEnded.reversed' : 'history.summaries.PaidTimeEnded.refunded') });
      return refunds > 0 ? t(`${key}.refunding`, { amount: money(refunds) }) : t(`${key}.plain`);
    }
    case 'SubscriptionChangeWithdrawn':
      return t(d.reason === 'PAID_TIME_ENDED' ? `${key}.paidTimeEnded` : `${key}.byChoice`);
    case 'PaymentOrdered':
      return t(d.purpose === 'balance' ? `${key}.balance` : `${key}.period`, { amount: money(d.amount) });
    case 'LicenceIssued': {
      if (str(d.validUntil).startsWith('9999')) return t(`${key}.noEnd`, { serial: num(d.serial) });
      // What it rests on, when it is not paid time: the trial, complimentary time, the grace after a missed payment.
      const basis = ['TRIAL', 'GRACE', 'COMPLIMENTARY'].includes(str(d.basis)) ? str(d.basis) : 'until';
      return t(`${key}.${basis}`, { serial: num(d.serial), date: date(d.validUntil) });
    }
    case 'ComplimentaryGranted':
      return t(key, { from: date(d.start), to: date(d.end) });
    case 'SavedWalletChargeStarted':
      return t(key, { amount: money(d.amount) });
    case 'LicenceRevoked':
      return t(key, { serial: num(d.serial) });
    case 'TrialStarted':
      return t(key, { date: date(d.trialEndDate) });
    case 'SubscriptionRevised':
      return t(key, { fromUnits: num(d.previousQuantity), toUnits: num(d.quantity), fromAmount: money(d.previousAmount), toAmount: money(d.amount) });
    case 'SubscriptionChangePending':
      return t(key, { units: num(d.quantity), amount: money(d.amount), balance: money(d.balance) });
    case 'SubscriptionChangeScheduled':
      return t(key, { units: num(d.quantity), amount: money(d.amount), date: date(d.effectiveAt) });
    case 'PaymentRefunded':
      return t(d.reversal ? `${key}.reversal` : `${key}.refund`, { amount: money(d.amount) });
    case 'PaymentRejected':
      return t(key, { expected: money(d.expectedAmount) });
    case 'PaymentPending':
      return t(key, { amount: money(d.amount) });
    case 'RenewalFailed':
      return t(key, { date: date(d.dueAt) });
    case 'CancellationScheduled':
      return t(key, { date: date(d.cancelAt) });
    case 'SubscriptionPaused':
      return d.resumeAt ? t(`${key}.until`, { date: date(d.resumeAt) }) : t(`${key}.open`);
    default:
      if (['SubscriptionUpdated', 'SubscriptionRemoved', 'PaymentMethodVaulted', 'CancellationWithdrawn', 'SubscriptionResumed', 'PaymentOrderSuperseded', 'PaymentMethodChanged', 'SavedWalletChargeDeclined', 'PaymentCaptureStarted', 'PaymentCaptureFailed'].includes(item.type)) {
        return t(key);
      }
  }
  return lang === 'en' ? item.summary : '';
}

/** Changed fields people can read: label and values in words; internal references are left out. */
export function historyChanges(item: HistoryItem, t: TFunction, lang: Language): { field: string; label: string; from: string; to: string }[] {
  const out: { field: string; label: string; from: string; to: string }[] = [];
  for (const [field, change] of Object.entries(item.changes ?? {})) {
    if (field === 'paypalSubscriptionID' || field === 'status') continue; // a reference, and the status is in the summary
    const show = (value: unknown): string => {
      if (value === null || value === undefined || value === '') return '—';
      if (typeof value === 'number' && /amount|balance/i.test(field)) return formatUsd(value, lang, { cents: true });
      if (typeof value === 'object') return t('history.changed');
      if (typeof value === 'boolean') return t(value ? 'history.yes' : 'history.no');
      return String(value);
    };
    out.push({ field, label: t(`history.fields.${field}`, { defaultValue: t('history.fields.default') }), from: show(change.from), to: show(change.to) });
  }
  return out;
}

/** Who did it: you, or a role; the system by what it is (PayPal, the scheduler), never by an internal id. */
export function historyActor(item: HistoryItem, meId: string, t: TFunction): string {
  if (item.actor.id === meId) return t('history.you');
  if (item.actor.role === 'SYSTEM') return t(`history.systems.${item.actor.id}`, { defaultValue: t('history.roles.SYSTEM') });
  return t(`history.roles.${item.actor.role}`, { defaultValue: t('history.roles.ROLE_USER') });
}
