import type {
  CancellationScheduled,
  CancellationWithdrawn,
  ComplimentaryGranted,
  SubscriptionCancelled,
  SubscriptionPaused,
  SubscriptionRemoved,
  SubscriptionResumed,
  SubscriptionStatusChanged,
  SubscriptionUpdated,
  TrialStarted,
} from '@relaycast/contracts';
import type { ExistingSubscription } from '../state.js';
import { cancelled } from '../billing/books.js';

/** What SubscriptionUpdated may change (the fields of UpdateSubscription). */
const DESCRIPTIVE_FIELDS = ['name', 'infrastructure_details', 'licence_key', 'hardware_key', 'startDate', 'endDate'] as const;

type S = ExistingSubscription;

/** How the lifecycle's events change the state (SubscriptionCreated starts it: see ../evolve.ts). */
export const lifecycleEvolvers = {
  SubscriptionUpdated: (s: S, d: SubscriptionUpdated): S => {
    // Descriptive fields only, whatever an event carries: status, money and entitlement change through their own events.
    const descriptive = Object.fromEntries(DESCRIPTIVE_FIELDS.filter((k) => k in d.changes).map((k) => [k, d.changes[k]]));
    return { ...s, ...(descriptive as Partial<S>) };
  },
  SubscriptionStatusChanged: (s: S, d: SubscriptionStatusChanged): S => {
    // Live again: whatever dunning there was is over. Waiting for payment: from when (dunning may start from there).
    if (d.to === 'SUBSCRIPTION_STATUS_ACTIVE') {
      const { dunning: _d, waitingSince: _w, waitingCause: _c, ...rest } = s;
      return { ...rest, status: d.to };
    }
    if (d.to === 'SUBSCRIPTION_STATUS_WAIT_PAYMENT') {
      const waitingCause = d.cause === 'PAYMENT_DUE' || d.cause === 'PAYMENT_TAKEN_BACK' ? d.cause : 'OTHER';
      return { ...s, status: d.to, waitingCause, ...(d.at ? { waitingSince: d.at } : {}) };
    }
    return { ...s, status: d.to };
  },
  TrialStarted: (s: S, d: TrialStarted): S => ({
    ...s,
    trialStartDate: d.trialStartDate,
    trialEndDate: d.trialEndDate,
    trialPeriod: d.trialPeriod,
    ...(d.configuration ? { trialConfiguration: d.configuration } : {}),
    ...(s.licence_key ?? d.licence_key ? { licence_key: s.licence_key ?? d.licence_key } : {}),
  }),
  ComplimentaryGranted: (s: S, d: ComplimentaryGranted): S => ({
    ...s,
    complimentary: [...s.complimentary, { start: d.start, end: d.end, configuration: d.configuration, note: d.note }],
    ...(s.licence_key ?? d.licence_key ? { licence_key: s.licence_key ?? d.licence_key } : {}),
  }),
  SubscriptionCancelled: (s: S, d: SubscriptionCancelled): S => {
    const { cancelAt: _c, dunning: _u, ...rest } = s;
    // Older cancellations did not say when: the books end the service at the last time the stream knew of.
    const at = d.at ?? s.cancelAt ?? s.periodEnd ?? s.revisedAt ?? s.startDate ?? '1970-01-01T00:00:00.000Z';
    return { ...rest, status: 'SUBSCRIPTION_STATUS_CANCEL', ...(d.at ? { cancelledAt: d.at } : {}), books: cancelled(s, at, d.refunds) };
  },
  SubscriptionRemoved: (s: S, _d: SubscriptionRemoved): S => ({ ...s, removed: true }),
  CancellationScheduled: (s: S, d: CancellationScheduled): S => ({ ...s, cancelAt: d.cancelAt }),
  CancellationWithdrawn: (s: S, _d: CancellationWithdrawn): S => {
    const { cancelAt: _c, ...rest } = s;
    return rest;
  },
  SubscriptionPaused: (s: S, d: SubscriptionPaused): S => ({ ...s, pause: { reason: d.reason, ...(d.resumeAt ? { resumeAt: d.resumeAt } : {}) } }),
  // A resumed subscription that still owes starts dunning afresh: the one before the pause is over.
  SubscriptionResumed: (s: S, _e: SubscriptionResumed): S => {
    const { pause: _p, dunning: _d, ...rest } = s;
    return rest;
  },
};
