import type { ReminderFellDue, ReminderKind } from '@relaycast/contracts';
import { NO_END } from './entitlement.js';
import type { SubscriptionEvent } from './events.js';
import { requireClock, type Cmd } from './rules.js';
import { coveredUntil, exists, paidThrough, type ExistingSubscription, type SubscriptionState } from './state.js';

/**
 * Reminders: what the customer is told some days before something happens to their subscription. Each is a due
 * item (run by the billing scheduler like any other: `RecordReminder` records `ReminderFellDue` once), never a
 * clock of the notifier's own; the notifier e-mails what the log says fell due.
 *
 * - TRIAL_ENDING, 3 days before the trial's end, while the trial is what covers the subscription and no
 *   cancellation is asked for;
 * - ANNUAL_RENEWAL, 7 days before an annual plan's paid time ends and its renewal falls due (no cancellation asked);
 * - LICENCE_EXPIRING, 7 days before the licence ends because the subscription cancels then (cancellation at the
 *   end of the paid time): the engine stops accepting the file at that date.
 */
export const REMINDER_LEAD_DAYS: Readonly<Record<ReminderKind, number>> = { TRIAL_ENDING: 3, ANNUAL_RENEWAL: 7, LICENCE_EXPIRING: 7 };

/** A reminder waiting to fall due: which, what it is about (`dueAt`) and when it is sent (`at`). */
export interface PendingReminder {
  reminder: ReminderKind;
  dueAt: string;
  at: string;
}

const DAY_MS = 86_400_000;
const daysBefore = (iso: string, days: number) => new Date(Date.parse(iso) - days * DAY_MS).toISOString();
/** How a reminder is remembered once recorded. */
export const reminderId = (reminder: ReminderKind, dueAt: string) => `${reminder}@${dueAt}`;

/** The reminders this subscription still has to send, earliest first (none once recorded, none when moot). */
export function pendingReminders(s: ExistingSubscription): PendingReminder[] {
  if (s.removed || s.status !== 'SUBSCRIPTION_STATUS_ACTIVE') return [];
  const out: PendingReminder[] = [];
  const add = (reminder: ReminderKind, dueAt: string) => {
    if (!(s.reminded ?? []).includes(reminderId(reminder, dueAt))) out.push({ reminder, dueAt, at: daysBefore(dueAt, REMINDER_LEAD_DAYS[reminder]) });
  };
  const covered = coveredUntil(s);
  const billed = s.plan.billingMonths > 0 && (s.amount > 0 || (s.scheduledChange?.amount ?? 0) > 0);
  if (s.cancelAt) {
    const licence = s.licence;
    if (licence && !licence.revoked && licence.validUntil !== NO_END) add('LICENCE_EXPIRING', s.cancelAt);
  } else if (covered && billed) {
    if (s.trialEndDate === covered) add('TRIAL_ENDING', covered);
    else if (s.plan.billingMonths === 12 && paidThrough(s) === covered) add('ANNUAL_RENEWAL', covered);
  }
  return out.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
}

/** The billing clock records a reminder whose time came; a moot one (the trial already paid, the cancellation withdrawn) or one recorded already gives nothing. */
export function recordReminder(command: Cmd<'RecordReminder'>, state: SubscriptionState): SubscriptionEvent[] {
  if (!exists(state)) return [];
  requireClock(command.metadata, 'record reminders');
  const { reminder, dueAt } = command.data;
  if (!pendingReminders(state).some((r) => r.reminder === reminder && r.dueAt === dueAt)) return [];
  return [{ type: 'ReminderFellDue', data: { reminder, dueAt } }];
}

export const reminderEvolvers = {
  ReminderFellDue: (s: ExistingSubscription, d: ReminderFellDue): ExistingSubscription => ({ ...s, reminded: [...(s.reminded ?? []), reminderId(d.reminder, d.dueAt)] }),
};
