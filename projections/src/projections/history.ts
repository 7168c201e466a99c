import {
  ROLE_LABELS,
  SUBSCRIPTION_STATUS_LABELS,
  formatCents,
  type AnyEvent,
  type EventEnvelope,
  type HistoryItem,
} from '@relaycast/contracts';
import { scoreOf, type Projection } from '../projection.js';
import type { UnitOfWork } from '../unit-of-work.js';

export const HISTORY = 'history';
export const historyModel = {
  item: 'item',
  /** A stream's events by version: `stream:subscription-<id>`, `stream:user-<id>`… */
  byStream: (streamId: string) => `stream:${streamId}`,
  /** Everything that happened to a user and their subscriptions, by time. */
  byUser: (userId: string) => `user:${userId}`,
  /** subscription id → { userId } */
  owner: 'owner',
  /** What happened to subscriptions and users (sign-ins left out), by position: the admin home's latest events. */
  recent: 'recent',
  /** Charges that failed (a saved PayPal account declined, a capture PayPal refused), by time. */
  failedCharges: 'failed-charges',
} as const;

/** The events that are a charge PayPal did not make. */
const FAILED_CHARGES: ReadonlySet<string> = new Set(['SavedWalletChargeDeclined', 'PaymentCaptureFailed']);

/** Personal fields a user's erasure removes from their history. */
const PERSONAL_FIELDS = ['email', 'givenName', 'familyName', 'picture', 'billingDetails'] as const;

type Changes = NonNullable<HistoryItem['changes']>;

function changesOf(data: { changes: Record<string, unknown>; previous: Record<string, unknown> }): Changes {
  const out: Changes = {};
  for (const key of Object.keys(data.changes).sort()) out[key] = { from: data.previous[key] ?? null, to: data.changes[key] };
  return out;
}

/** An administrator's note, appended as ` — note: …` (the read API leaves it out for customers). */
export const noteOf = (data: { note?: string }): string => (data.note ? ` — note: ${data.note}` : '');

/** What a licence rests on, as its history line says it (paid time says nothing more). */
const LICENCE_BASIS: Record<string, string> = { PAID: '', FREE: '', TRIAL: ' for the trial', COMPLIMENTARY: ' for complimentary time', GRACE: ' for the grace after a missed payment' };

/** A sentence for people, a structured diff for programs. */
function describe(event: AnyEvent): Pick<HistoryItem, 'summary' | 'changes' | 'amount' | 'currency'> {
  const status = (s: keyof typeof SUBSCRIPTION_STATUS_LABELS) => SUBSCRIPTION_STATUS_LABELS[s];
  switch (event.type) {
    case 'SubscriptionCreated': {
      const d = event.data;
      const period = d.plan.billingMonths === 12 ? 'year' : d.plan.billingMonths === 1 ? 'month' : 'period';
      return {
        summary: `Subscription created: ${d.plan.plan_id}${d.plan.period ? ` (${d.plan.period})` : ''}, ${d.quantity} unit${d.quantity === 1 ? '' : 's'}, ${formatCents(d.amount, d.currency)} per ${period}`,
        amount: d.amount,
        currency: d.currency,
      };
    }
    case 'SubscriptionUpdated':
      return { summary: `Details changed: ${Object.keys(event.data.changes).sort().join(', ')}`, changes: changesOf(event.data) };
    case 'SubscriptionRevised': {
      const d = event.data;
      const why = d.reason === 'BALANCE_PAID' ? ' (in force: its balance was paid)' : d.reason === 'SCHEDULED' ? ' (in force: the paid period it waited for ended)' : '';
      const proration = d.reason ? '' : d.proration > 0 ? `, ${formatCents(d.proration)} due for the current period` : d.proration < 0 ? `, ${formatCents(-d.proration)} credit for the current period` : '';
      return {
        summary: `Revised: ${d.previousQuantity} → ${d.quantity} units, ${formatCents(d.previousAmount)} → ${formatCents(d.amount)}${proration}${why}`,
        changes: { quantity: { from: d.previousQuantity, to: d.quantity }, amount: { from: d.previousAmount, to: d.amount } },
        amount: d.amount,
      };
    }
    case 'SubscriptionChangePending': {
      const d = event.data;
      return {
        summary: `Change requested: ${d.quantity} units at ${formatCents(d.amount)} per period, in force once the balance of ${formatCents(d.balance)} is paid`,
        changes: { amount: { from: d.previousAmount, to: d.amount } },
        amount: d.balance,
      };
    }
    case 'SubscriptionChangeScheduled': {
      const d = event.data;
      return {
        summary: `Change scheduled: ${d.quantity} units at ${formatCents(d.amount)} per period from ${d.effectiveAt.slice(0, 10)}`,
        changes: { amount: { from: d.previousAmount, to: d.amount } },
      };
    }
    case 'SubscriptionChangeWithdrawn':
      if (event.data.reason === 'PAID_TIME_ENDED') return { summary: 'Scheduled change dropped: the paid time it waited for ended with a refund' };
      return { summary: event.data.kind === 'PENDING' ? 'Requested change withdrawn' : 'Scheduled change withdrawn' };
    case 'PaymentOrderSuperseded':
      return { summary: `PayPal order ${event.data.paypalOrderID} replaced: ${event.data.reason === 'EXPIRED' ? 'PayPal no longer holds it' : event.data.reason === 'TAX_CHANGED' ? 'the billing details changed the tax' : 'what is due changed'}; it will not be charged` };
    case 'PaymentPending':
      return { summary: `PayPal is reviewing a payment of ${formatCents(event.data.amount, event.data.currency)} (order ${event.data.paypalOrderID})`, amount: event.data.amount, currency: event.data.currency };
    case 'PaidTimeEnded': {
      // What really ended: all paid time now, or one period of it (the paid time then ends sooner, not now).
      const d = event.data;
      const how = d.reason === 'REVERSED' ? 'reversed by PayPal' : 'refunded';
      if (d.paidThroughAfter && d.paidThroughAfter > d.endedAt) {
        return { summary: `One paid period taken back (its payment was ${how}): paid time now ends ${d.paidThroughAfter.slice(0, 10)}${d.paidThroughBefore ? `, not ${d.paidThroughBefore.slice(0, 10)}` : ''}` };
      }
      return { summary: `Paid time ended on ${d.endedAt.slice(0, 10)}: the payment was ${how}` };
    }
    case 'PaidChangeTakenBack': {
      const d = event.data;
      return {
        summary: `Change of plan taken back on ${d.endedAt.slice(0, 10)} (its balance was ${d.reason === 'REVERSED' ? 'reversed by PayPal' : 'refunded'}): ${d.previous.quantity} → ${d.configuration.quantity} units, ${formatCents(d.previous.amount)} → ${formatCents(d.configuration.amount)}; the time covered runs on at the units before it${d.credited?.length ? `, ${formatCents(d.credited.reduce((n, c) => n + c.amount, 0))} of later changes kept as account credit` : ''}`,
        changes: { quantity: { from: d.previous.quantity, to: d.configuration.quantity }, amount: { from: d.previous.amount, to: d.configuration.amount } },
      };
    }
    case 'PaymentDisputed': {
      const d = event.data;
      return {
        summary: `Dispute ${d.disputeId} ${d.stage === 'CREATED' ? 'opened' : d.stage === 'RESOLVED' ? 'resolved' : 'updated'}: ${d.status}${d.outcome ? ` (${d.outcome})` : ''}`,
        ...(d.amount !== undefined ? { amount: d.amount, currency: d.currency } : {}),
      };
    }
    case 'PaymentOrdered':
      return {
        summary: `PayPal order ${event.data.paypalOrderID} created for ${formatCents(event.data.amount, event.data.currency)} (${event.data.purpose === 'balance' ? 'balance owing' : 'next period'})`,
        amount: event.data.amount,
        currency: event.data.currency,
      };
    case 'OrderCaptured':
      return {
        summary: event.data.credited
          ? `Payment captured: ${formatCents(event.data.amount, event.data.currency)} (PayPal order ${event.data.paypalOrderID}), kept as account credit: the order was no longer current`
          : `Payment captured: ${formatCents(event.data.amount, event.data.currency)} (PayPal order ${event.data.paypalOrderID})${event.data.credit ? ` with ${formatCents(event.data.credit, event.data.currency)} of account credit` : ''}`,
        amount: event.data.amount,
        currency: event.data.currency,
      };
    case 'PaymentRejected':
      return {
        summary: `Payment rejected (${event.data.reason.toLowerCase().replace(/_/g, ' ')}): expected ${formatCents(event.data.expectedAmount)}, PayPal reported ${formatCents(event.data.receivedAmount, event.data.currency)}`,
        amount: event.data.receivedAmount,
        currency: event.data.currency,
      };
    case 'PaymentRefunded':
      return {
        summary: `${event.data.reversal ? 'Reversed by PayPal' : 'Refunded'}: ${formatCents(event.data.amount, event.data.currency)} of capture ${event.data.captureId}`,
        amount: -event.data.amount,
        currency: event.data.currency,
      };
    case 'PaymentMethodChanged':
      return {
        summary: `Payment method changed to PayPal subscription ${event.data.paypalSubscriptionID}`,
        changes: { paypalSubscriptionID: { from: event.data.previousPaypalSubscriptionID ?? null, to: event.data.paypalSubscriptionID } },
      };
    case 'SubscriptionStatusChanged':
      return {
        summary: `Status: ${status(event.data.from)} → ${status(event.data.to)}${event.data.reason ? ` (${event.data.reason})` : ''}${noteOf(event.data)}`,
        changes: { status: { from: event.data.from, to: event.data.to } },
      };
    case 'TrialStarted':
      return { summary: `Trial started, ends ${event.data.trialEndDate.slice(0, 10)}` };
    case 'ComplimentaryGranted':
      return { summary: `Complimentary time granted by an administrator, without payment: ${event.data.start.slice(0, 10)} to ${event.data.end.slice(0, 10)}${noteOf(event.data)}` };
    case 'SavedWalletChargeStarted':
      return { summary: `Charging the saved PayPal account ${formatCents(event.data.amount)} (${event.data.purpose === 'balance' ? 'balance owing' : 'next period'})`, amount: event.data.amount };
    case 'SavedWalletChargeDeclined':
      return { summary: 'PayPal declined the charge of the saved account' };
    case 'PaymentCaptureStarted':
      return { summary: `Asking PayPal to capture order ${event.data.paypalOrderID}` };
    case 'PaymentCaptureFailed':
      return { summary: `PayPal did not capture order ${event.data.paypalOrderID} (${event.data.reason === 'DECLINED' ? 'the funding source was declined' : 'refused'}); nothing was charged` };
    case 'SubscriptionCancelled':
      return {
        summary: `Cancelled${event.data.reason ? `: ${event.data.reason}` : ''}${event.data.refunds?.length ? `; ${formatCents(event.data.refunds.reduce((n, r) => n + r.amount, 0))} of unused paid time to be refunded` : ''}${noteOf(event.data)}`,
        changes: { status: { from: event.data.from, to: 'SUBSCRIPTION_STATUS_CANCEL' } },
      };
    case 'SubscriptionRemoved':
      return { summary: `Subscription removed${noteOf(event.data)}` };
    case 'RenewalFailed':
      return {
        summary: `Payment due ${event.data.dueAt.slice(0, 10)} not made (${event.data.reason === 'DECLINED' ? 'the saved PayPal account was declined' : 'no saved payment method'})${event.data.attempt ? `, retry ${event.data.attempt}` : ''}`,
      };
    case 'PaymentMethodVaulted':
      return { summary: 'PayPal account saved for automatic renewals' };
    case 'CancellationScheduled':
      return { summary: `Cancels on ${event.data.cancelAt.slice(0, 10)}, at the end of the paid time` };
    case 'CancellationWithdrawn':
      return { summary: 'Cancellation at the end of the paid time withdrawn' };
    case 'SubscriptionPaused':
      return { summary: `Paused${event.data.reason === 'NON_PAYMENT' ? ': unpaid at the end of the grace period' : ''}${event.data.resumeAt ? `, until ${event.data.resumeAt.slice(0, 10)}` : ''}` };
    case 'SubscriptionResumed':
      return { summary: 'Resumed' };
    case 'LicenceIssued':
      return { summary: `Licence ${event.data.serial} issued${LICENCE_BASIS[event.data.basis ?? 'PAID']}, valid until ${event.data.validUntil.startsWith('9999') ? 'no end' : event.data.validUntil.slice(0, 10)}` };
    case 'LicenceRevoked':
      return { summary: `Licence ${event.data.serial} revoked` };
    case 'UserRegistered':
      return { summary: `Account registered (${event.data.strategy}) as ${ROLE_LABELS[event.data.role]}` };
    case 'UserSignedIn':
      return { summary: `Signed in with ${event.data.strategy}` };
    case 'UserUpdated':
      return { summary: `Profile changed: ${Object.keys(event.data.changes).sort().join(', ')}`, changes: changesOf(event.data) };
    case 'UserRoleChanged':
      return { summary: `Role: ${ROLE_LABELS[event.data.from]} → ${ROLE_LABELS[event.data.to]}`, changes: { role: { from: event.data.from, to: event.data.to } } };
    case 'UserRemoved':
      return { summary: 'Account removed' };
    case 'UserErased':
      return { summary: 'Personal data erased' };
    case 'BillingDetailsChanged':
      return { summary: 'Billing details changed (for invoices issued from now on)' };
    case 'UserPasswordChanged':
      return { summary: 'Password changed; every session ended' };
    case 'UserSignedOutEverywhere':
      return { summary: 'Signed out everywhere: every session ended' };
    case 'EmailVerificationRequested':
      return { summary: 'A new address-verification link was e-mailed' };
    case 'EmailVerified':
      return { summary: 'E-mail address verified' };
    case 'PasswordResetRequested':
      return { summary: `A password-reset link was e-mailed${event.data.by === 'ADMIN' ? ' by an administrator' : ''}, valid until ${event.data.expiresAt.slice(0, 16).replace('T', ' ')}` };
    case 'PasswordReset':
      return { summary: 'Password reset with the e-mailed link; every session ended' };
    case 'EmailPreferencesChanged':
      return { summary: `Reminder e-mails turned ${event.data.reminders ? 'on' : 'off'}${event.data.via === 'UNSUBSCRIBE_LINK' ? ' (unsubscribe link)' : ''}` };
    case 'ReminderFellDue':
      return { summary: `Reminder: ${event.data.reminder === 'TRIAL_ENDING' ? 'the trial ends' : event.data.reminder === 'ANNUAL_RENEWAL' ? 'the annual renewal falls due' : 'the licence expires'} on ${event.data.dueAt.slice(0, 10)}` };
    default:
      return { summary: event.type };
  }
}

/** Drops personal fields wherever they appear in an item's data and diff. */
function scrub(item: HistoryItem): HistoryItem {
  const clean = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(clean);
    if (value && typeof value === 'object') {
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>)
          .filter(([k]) => !(PERSONAL_FIELDS as readonly string[]).includes(k))
          .map(([k, v]) => [k, clean(v)]),
      );
    }
    return value;
  };
  const summary = item.type === 'UserUpdated' || item.type === 'UserRegistered' ? item.summary.replace(/\(.*?\)/g, '').trim() : item.summary;
  return { ...item, summary, data: clean(item.data), ...(item.changes ? { changes: clean(item.changes) as HistoryItem['changes'] } : {}) };
}

const TRACKED = /^(subscription|user|entry|file)-/;

/** Every event of subscriptions, users, entries and files as an auditable timeline. */
export const historyProjection: Projection = {
  name: HISTORY,
  async apply(raw: EventEnvelope, uow: UnitOfWork) {
    if (!TRACKED.test(raw.streamId)) return;
    const event = raw as AnyEvent;
    const item: HistoryItem = {
      id: event.id,
      streamId: event.streamId,
      type: event.type,
      version: event.version,
      position: event.position.toString(),
      at: event.occurredAt,
      actor: { id: event.metadata.actorId, role: event.metadata.actorRole },
      correlationId: event.metadata.correlationId,
      causationId: event.metadata.causationId,
      // Recorded with demo payments (PAYMENTS=demo): no money moved; the web app says so beside the item.
      ...(event.metadata.demo === true ? { demo: true } : {}),
      ...describe(event),
      data: event.data,
    };
    uow.put(historyModel.item, item.id, item);
    uow.index(historyModel.byStream(event.streamId), item.id, event.version);
    if (/^(subscription|user)-/.test(event.streamId) && event.type !== 'UserSignedIn') uow.index(historyModel.recent, item.id, Number(event.position));
    if (FAILED_CHARGES.has(event.type)) uow.index(historyModel.failedCharges, item.id, scoreOf(event.occurredAt));

    let userId: string | null = null;
    if (event.type === 'SubscriptionCreated') {
      userId = event.data.user_id;
      uow.put(historyModel.owner, event.data.subscriptionId, { userId });
    } else if (event.streamId.startsWith('subscription-')) {
      userId = (await uow.get<{ userId: string }>(historyModel.owner, event.streamId.slice('subscription-'.length)))?.userId ?? null;
    } else if (event.streamId.startsWith('user-')) {
      userId = event.streamId.slice('user-'.length);
    }
    if (userId) uow.index(historyModel.byUser(userId), item.id, scoreOf(event.occurredAt));

    if (event.type === 'UserErased') {
      for (const id of (await uow.members(historyModel.byStream(event.streamId))).sort()) {
        const earlier = await uow.get<HistoryItem>(historyModel.item, id);
        if (earlier) uow.put(historyModel.item, id, scrub(earlier));
      }
    }
  },
};
