import { expect } from 'chai';
import { ConflictError, ForbiddenError, InvalidTransitionError, NotFoundError, ValidationError, type SubscriptionEvent, type SubscriptionStatus } from '@relaycast/contracts';
import { given } from '../../../test/given.js';
import {
  APR_1, as, CANCELLED, CREATED, DUNNING, KEY, LIVE, MAR_1, MAR_10, MAR_16_NOON, MAR_20, MAR_8, ORDERED, PAUSED, SUSPENDED, TRIAL, TWO_STREAMS,
} from '../../../test/subscription-fixtures.js';
import { subscriptionDecider, type SubscriptionCommand } from '../index.js';

const APR_5 = '2026-04-05T00:00:00.000Z';
const LIVE_LICENCE_2_TO_APR_1 = (issuedAt: string): SubscriptionEvent => ({
  type: 'LicenceIssued',
  data: { licenceKey: KEY, serial: 2, modules: [{ name: 'streams', limit: 2 }], quantity: 2, issuedAt, validUntil: APR_1, basis: 'PAID' },
});
const SCHEDULED: SubscriptionEvent[] = [...LIVE, { type: 'CancellationScheduled', data: { cancelAt: APR_1, by: 'CUSTOMER' } }];

describe('CancelSubscription (lifecycle/status-commands.ts)', () => {
  const cancel = (metadata = as.customer(MAR_10), reason?: string): SubscriptionCommand => ({ type: 'CancelSubscription', data: reason ? { reason } : {}, metadata });

  it('the customer cancels Live: Cancelled now, in their words; licence 1 revoked', () => {
    given(subscriptionDecider, LIVE)
      .when(cancel(as.customer(MAR_10), 'moving on'))
      .then([
        { type: 'SubscriptionCancelled', data: { from: 'SUBSCRIPTION_STATUS_ACTIVE', at: MAR_10, reason: 'moving on' } },
        { type: 'LicenceRevoked', data: { serial: 1, reason: 'CANCELLED' } },
      ]);
  });

  it('an administrator’s reason is a note; an open order is made unpayable first', () => {
    given(subscriptionDecider, ORDERED)
      .when(cancel(as.admin(MAR_1), 'duplicate purchase'))
      .then([
        { type: 'PaymentOrderSuperseded', data: { paypalOrderID: 'ORDER-1', reason: 'SUBSCRIPTION_CANCELLED' } },
        { type: 'SubscriptionCancelled', data: { from: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', at: MAR_1, note: 'duplicate purchase' } },
      ]);
  });

  it('cancelling a cancelled subscription changes nothing', () => {
    given(subscriptionDecider, CANCELLED).when(cancel()).then([]);
  });

  it('refused to a stranger (FORBIDDEN) and on a removed subscription (NOT_FOUND)', () => {
    given(subscriptionDecider, LIVE).when(cancel(as.stranger(MAR_10))).thenThrowsCode(ForbiddenError, 'FORBIDDEN');
    given(subscriptionDecider, [...LIVE, { type: 'SubscriptionRemoved', data: {} }]).when(cancel()).thenThrowsCode(NotFoundError, 'NOT_FOUND');
  });
});

describe('RemoveSubscription (lifecycle/status-commands.ts)', () => {
  it('an administrator removes it: its licence is revoked', () => {
    given(subscriptionDecider, LIVE)
      .when({ type: 'RemoveSubscription', data: { reason: 'test account' }, metadata: as.admin(MAR_10) })
      .then([
        { type: 'SubscriptionRemoved', data: { note: 'test account' } },
        { type: 'LicenceRevoked', data: { serial: 1, reason: 'CANCELLED' } },
      ]);
  });

  it('refused to the customer (FORBIDDEN)', () => {
    given(subscriptionDecider, LIVE).when({ type: 'RemoveSubscription', data: {}, metadata: as.customer(MAR_10) }).thenThrowsCode(ForbiddenError, 'FORBIDDEN');
  });
});

describe('ScheduleCancellation (lifecycle/status-commands.ts)', () => {
  const schedule = (now: string, undo?: boolean, metadata = as.customer(now)): SubscriptionCommand => ({ type: 'ScheduleCancellation', data: undo ? { undo } : {}, metadata });

  it('cancel at the end of the paid time (Apr 1); nothing else changes', () => {
    given(subscriptionDecider, LIVE).when(schedule(MAR_10)).then(SCHEDULED.slice(LIVE.length));
  });

  it('at the end of the trial (Mar 8), by an administrator', () => {
    given(subscriptionDecider, TRIAL).when(schedule(MAR_1, false, as.admin(MAR_1))).then([{ type: 'CancellationScheduled', data: { cancelAt: MAR_8, by: 'ADMIN' } }]);
  });

  it('undone', () => {
    given(subscriptionDecider, SCHEDULED).when(schedule(MAR_16_NOON, true)).then([{ type: 'CancellationWithdrawn', data: { cancelAt: APR_1 } }]);
  });

  it('refused with nothing covered running (CONFLICT: cancel now instead) and once cancelled (CONFLICT)', () => {
    given(subscriptionDecider, ORDERED).when(schedule(MAR_1)).thenThrowsCode(ConflictError, 'CONFLICT');
    given(subscriptionDecider, CANCELLED).when(schedule(MAR_16_NOON)).thenThrowsCode(ConflictError, 'CONFLICT');
  });
});

describe('CancelAtPeriodEnd (lifecycle/status-commands.ts)', () => {
  const atEnd = (metadata: ReturnType<typeof as.clock>): SubscriptionCommand => ({ type: 'CancelAtPeriodEnd', data: {}, metadata });

  it('the billing clock carries it out at Apr 1: Cancelled, licence revoked', () => {
    given(subscriptionDecider, SCHEDULED)
      .when(atEnd(as.clock(APR_1)))
      .then([
        { type: 'SubscriptionCancelled', data: { from: 'SUBSCRIPTION_STATUS_ACTIVE', at: APR_1, reason: 'cancelled at the end of the paid period' } },
        { type: 'LicenceRevoked', data: { serial: 1, reason: 'CANCELLED' } },
      ]);
  });

  it('does nothing before its date, nor when none was scheduled', () => {
    given(subscriptionDecider, SCHEDULED).when(atEnd(as.clock(MAR_20))).then([]);
    given(subscriptionDecider, LIVE).when(atEnd(as.clock(APR_1))).then([]);
  });

  it('refused to the customer (FORBIDDEN)', () => {
    given(subscriptionDecider, SCHEDULED).when(atEnd(as.customer(APR_1))).thenThrowsCode(ForbiddenError, 'FORBIDDEN');
  });
});

describe('PauseSubscription (lifecycle/status-commands.ts)', () => {
  const pause = (now: string, resumeAt?: string, metadata = as.admin(now)): SubscriptionCommand => ({ type: 'PauseSubscription', data: resumeAt ? { resumeAt } : {}, metadata });

  it('an administrator pauses Live until Mar 20: the licence is revoked', () => {
    given(subscriptionDecider, LIVE).when(pause(MAR_10, MAR_20)).then(PAUSED.slice(LIVE.length));
  });

  it('pausing while waiting for payment makes the open order unpayable', () => {
    given(subscriptionDecider, ORDERED)
      .when(pause(MAR_1))
      .then([
        { type: 'PaymentOrderSuperseded', data: { paypalOrderID: 'ORDER-1', reason: 'STATUS_CHANGED' } },
        { type: 'SubscriptionPaused', data: { reason: 'ADMIN' } },
        { type: 'SubscriptionStatusChanged', data: { from: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', to: 'SUBSCRIPTION_STATUS_PAUSE', cause: 'ADMIN_PAUSE', at: MAR_1, reason: 'paused by an administrator' } },
      ]);
  });

  it('refused to the customer (FORBIDDEN), with a resume date gone by (VALIDATION_FAILED on resumeAt), from Creating (INVALID_TRANSITION)', () => {
    given(subscriptionDecider, LIVE).when(pause(MAR_10, undefined, as.customer(MAR_10))).thenThrowsCode(ForbiddenError, 'FORBIDDEN');
    const past = given(subscriptionDecider, LIVE).when(pause(MAR_10, MAR_1)).thenThrowsCode(ValidationError, 'VALIDATION_FAILED');
    expect(past.problems.map((p) => p.field)).to.deep.equal(['resumeAt']);
    given(subscriptionDecider, CREATED).when(pause(MAR_1)).thenThrowsCode(InvalidTransitionError, 'INVALID_TRANSITION');
    given(subscriptionDecider, CANCELLED).when(pause(MAR_16_NOON)).thenThrowsCode(InvalidTransitionError, 'INVALID_TRANSITION');
  });
});

describe('ResumeSubscription (lifecycle/status-commands.ts)', () => {
  const resume = (metadata: ReturnType<typeof as.admin>): SubscriptionCommand => ({ type: 'ResumeSubscription', data: {}, metadata });

  it('an administrator resumes with paid time running: Live, a new licence to Apr 1', () => {
    given(subscriptionDecider, PAUSED)
      .when(resume(as.admin(MAR_16_NOON)))
      .then([
        { type: 'SubscriptionResumed', data: { reason: 'ADMIN' } },
        { type: 'SubscriptionStatusChanged', data: { from: 'SUBSCRIPTION_STATUS_PAUSE', to: 'SUBSCRIPTION_STATUS_ACTIVE', cause: 'RESUMED', at: MAR_16_NOON, reason: 'resumed by an administrator' } },
        LIVE_LICENCE_2_TO_APR_1(MAR_16_NOON),
      ]);
  });

  it('the billing clock resumes on the resume date (Mar 20)', () => {
    given(subscriptionDecider, PAUSED)
      .when(resume(as.clock(MAR_20)))
      .then([
        { type: 'SubscriptionResumed', data: { reason: 'RESUME_DATE' } },
        { type: 'SubscriptionStatusChanged', data: { from: 'SUBSCRIPTION_STATUS_PAUSE', to: 'SUBSCRIPTION_STATUS_ACTIVE', cause: 'RESUMED', at: MAR_20, reason: 'resume date reached' } },
        LIVE_LICENCE_2_TO_APR_1(MAR_20),
      ]);
  });

  it('resumed after the paid time ended: Wait payment, and no licence (dunning starts from now)', () => {
    given(subscriptionDecider, PAUSED)
      .when(resume(as.admin(APR_5)))
      .then([
        { type: 'SubscriptionResumed', data: { reason: 'ADMIN' } },
        { type: 'SubscriptionStatusChanged', data: { from: 'SUBSCRIPTION_STATUS_PAUSE', to: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', cause: 'RESUMED', at: APR_5, reason: 'resumed by an administrator' } },
      ]);
  });

  it('the clock does nothing before the resume date, nor on a subscription that is not paused', () => {
    given(subscriptionDecider, PAUSED).when(resume(as.clock(MAR_16_NOON))).then([]);
    given(subscriptionDecider, LIVE).when(resume(as.clock(MAR_16_NOON))).then([]);
  });

  it('an administrator resuming what is not paused is told the move does not exist (INVALID_TRANSITION, the status machine’s RESUMED)', () => {
    given(subscriptionDecider, LIVE).when(resume(as.admin(MAR_16_NOON))).thenThrowsCode(InvalidTransitionError, 'INVALID_TRANSITION');
    given(subscriptionDecider, CREATED).when(resume(as.admin(MAR_16_NOON))).thenThrowsCode(InvalidTransitionError, 'INVALID_TRANSITION');
  });

  it('refused to the customer (FORBIDDEN)', () => {
    given(subscriptionDecider, PAUSED).when(resume(as.customer(MAR_16_NOON))).thenThrowsCode(ForbiddenError, 'FORBIDDEN');
  });
});

describe('SetSubscriptionStatus (lifecycle/status-commands.ts)', () => {
  const set = (status: SubscriptionStatus, now: string, extra: { reason?: string; licenceKey?: string; until?: string } = {}, metadata = as.admin(now)): SubscriptionCommand => ({
    type: 'SetSubscriptionStatus',
    data: { status, ...extra },
    metadata,
  });

  it('→ Cancelled: cancelled, the administrator’s words as a note, licence revoked', () => {
    given(subscriptionDecider, LIVE)
      .when(set('SUBSCRIPTION_STATUS_CANCEL', MAR_10, { reason: 'fraud' }))
      .then([
        { type: 'SubscriptionCancelled', data: { from: 'SUBSCRIPTION_STATUS_ACTIVE', at: MAR_10, note: 'fraud' } },
        { type: 'LicenceRevoked', data: { serial: 1, reason: 'CANCELLED' } },
      ]);
  });

  it('→ Paused: an administrator’s pause, without a resume date', () => {
    given(subscriptionDecider, LIVE)
      .when(set('SUBSCRIPTION_STATUS_PAUSE', MAR_10, { reason: 'abuse report' }))
      .then([
        { type: 'SubscriptionPaused', data: { reason: 'ADMIN' } },
        { type: 'SubscriptionStatusChanged', data: { from: 'SUBSCRIPTION_STATUS_ACTIVE', to: 'SUBSCRIPTION_STATUS_PAUSE', cause: 'ADMIN_PAUSE', at: MAR_10, reason: 'paused by an administrator', note: 'abuse report' } },
        { type: 'LicenceRevoked', data: { serial: 1, reason: 'PAUSED' } },
      ]);
  });

  it('Paused → Live with paid time running is a resume (no reason needed)', () => {
    given(subscriptionDecider, PAUSED)
      .when(set('SUBSCRIPTION_STATUS_ACTIVE', MAR_16_NOON))
      .then([
        { type: 'SubscriptionResumed', data: { reason: 'ADMIN' } },
        { type: 'SubscriptionStatusChanged', data: { from: 'SUBSCRIPTION_STATUS_PAUSE', to: 'SUBSCRIPTION_STATUS_ACTIVE', cause: 'RESUMED', at: MAR_16_NOON, reason: 'resumed by an administrator' } },
        LIVE_LICENCE_2_TO_APR_1(MAR_16_NOON),
      ]);
  });

  it('Paused without covered time → Wait payment is a resume', () => {
    given(subscriptionDecider, PAUSED)
      .when(set('SUBSCRIPTION_STATUS_WAIT_PAYMENT', APR_5))
      .then([
        { type: 'SubscriptionResumed', data: { reason: 'ADMIN' } },
        { type: 'SubscriptionStatusChanged', data: { from: 'SUBSCRIPTION_STATUS_PAUSE', to: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', cause: 'RESUMED', at: APR_5, reason: 'resumed by an administrator' } },
      ]);
  });

  it('Wait payment (dunning) → Live with a reason is a complimentary grant from now (Apr 5 → May 5)', () => {
    const MAY_5 = '2026-05-05T00:00:00.000Z';
    given(subscriptionDecider, DUNNING)
      .when(set('SUBSCRIPTION_STATUS_ACTIVE', APR_5, { reason: 'goodwill' }))
      .then([
        { type: 'ComplimentaryGranted', data: { note: 'goodwill', start: APR_5, end: MAY_5, configuration: TWO_STREAMS, licence_key: KEY } },
        {
          type: 'SubscriptionStatusChanged',
          data: { from: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', to: 'SUBSCRIPTION_STATUS_ACTIVE', cause: 'COMPLIMENTARY', at: APR_5, reason: 'complimentary: granted by an administrator without payment', note: 'goodwill' },
        },
        // Complimentary time first, before the grace (which ends with Wait payment anyway).
        { type: 'LicenceIssued', data: { licenceKey: KEY, serial: 3, modules: [{ name: 'streams', limit: 2 }], quantity: 2, issuedAt: APR_5, validUntil: MAY_5, basis: 'COMPLIMENTARY' } },
      ]);
  });

  it('Paused for non-payment → Wait payment is a resume too (dunning starts again from now)', () => {
    given(subscriptionDecider, SUSPENDED)
      .when(set('SUBSCRIPTION_STATUS_WAIT_PAYMENT', APR_5))
      .then([
        { type: 'SubscriptionResumed', data: { reason: 'ADMIN' } },
        { type: 'SubscriptionStatusChanged', data: { from: 'SUBSCRIPTION_STATUS_PAUSE', to: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', cause: 'RESUMED', at: APR_5, reason: 'resumed by an administrator' } },
      ]);
  });

  it('the same status changes nothing', () => {
    given(subscriptionDecider, LIVE).when(set('SUBSCRIPTION_STATUS_ACTIVE', MAR_10)).then([]);
  });

  describe('refusals', () => {
    it('Live → Wait payment (INVALID_TRANSITION)', () => {
      given(subscriptionDecider, LIVE).when(set('SUBSCRIPTION_STATUS_WAIT_PAYMENT', MAR_10)).thenThrowsCode(InvalidTransitionError, 'INVALID_TRANSITION');
    });
    it('Wait payment → Live without a reason (VALIDATION_FAILED on reason)', () => {
      const error = given(subscriptionDecider, DUNNING).when(set('SUBSCRIPTION_STATUS_ACTIVE', APR_5)).thenThrowsCode(ValidationError, 'VALIDATION_FAILED');
      expect(error.problems.map((p) => p.field)).to.deep.equal(['reason']);
    });
    it('back to Creating (INVALID_TRANSITION)', () => {
      given(subscriptionDecider, ORDERED).when(set('SUBSCRIPTION_STATUS_INITIAL', MAR_1)).thenThrowsCode(InvalidTransitionError, 'INVALID_TRANSITION');
    });
    it('by a customer (FORBIDDEN)', () => {
      given(subscriptionDecider, LIVE).when(set('SUBSCRIPTION_STATUS_CANCEL', MAR_10, {}, as.customer(MAR_10))).thenThrowsCode(ForbiddenError, 'FORBIDDEN');
    });
  });
});
