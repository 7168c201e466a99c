import { ConflictError, ForbiddenError, InvalidTransitionError, PaymentInProgressError, ValidationError } from '@relaycast/contracts';
import { expect } from 'chai';
import { given } from '../../../test/given.js';
import {
  APR_1, as, CANCELLED, CAPTURING, CREATED, FREE_PLAN, KEY, LIVE, MAR_1, MAR_10, MAR_8, MAY_1, ORDERED, SUSPENDED, TRIAL, TWO_STREAMS,
} from '../../../test/subscription-fixtures.js';
import { subscriptionDecider, type SubscriptionCommand } from '../index.js';

const trial = (now: string, data: Extract<SubscriptionCommand, { type: 'StartTrial' }>['data'] = { licenceKey: KEY }): SubscriptionCommand => ({ type: 'StartTrial', data, metadata: as.customer(now) });
const grant = (now: string, data: Partial<Extract<SubscriptionCommand, { type: 'GrantComplimentary' }>['data']> = {}, metadata = as.admin(now)): SubscriptionCommand => ({
  type: 'GrantComplimentary',
  data: { reason: 'support: outage', licenceKey: 'LIC-COMP-0001', ...data },
  metadata,
});

const COMPLIMENTARY_REASON = 'complimentary: granted by an administrator without payment';

describe('StartTrial (lifecycle/grants.ts)', () => {
  it('the one trial: 7 days by default (604800 s: Mar 1 → Mar 8), at the configuration chosen, Live, licence to its end', () => {
    // Exactly the trial events of the TRIAL fixture.
    given(subscriptionDecider, CREATED).when(trial(MAR_1)).then(TRIAL.slice(CREATED.length));
  });

  it('a trial of another length: 3 days (259200 s) from Wait payment, Mar 1 → Mar 4', () => {
    given(subscriptionDecider, ORDERED)
      .when(trial(MAR_1, { trialPeriod: 259_200, licenceKey: KEY }))
      .then([
        { type: 'TrialStarted', data: { trialStartDate: MAR_1, trialEndDate: '2026-03-04T00:00:00.000Z', trialPeriod: 259_200, configuration: TWO_STREAMS, licence_key: KEY } },
        { type: 'SubscriptionStatusChanged', data: { from: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', to: 'SUBSCRIPTION_STATUS_ACTIVE', cause: 'TRIAL_STARTED', at: MAR_1, reason: 'trial started' } },
        { type: 'LicenceIssued', data: { licenceKey: KEY, serial: 1, modules: [{ name: 'streams', limit: 2 }], quantity: 2, issuedAt: MAR_1, validUntil: '2026-03-04T00:00:00.000Z', basis: 'TRIAL' } },
      ]);
  });

  describe('refusals', () => {
    it('a second trial (CONFLICT)', () => {
      given(subscriptionDecider, TRIAL).when(trial(MAR_10)).thenThrowsCode(ConflictError, 'CONFLICT');
    });
    it('after the first payment: Live is not a status a trial starts from (INVALID_TRANSITION)', () => {
      given(subscriptionDecider, LIVE).when(trial(MAR_10)).thenThrowsCode(InvalidTransitionError, 'INVALID_TRANSITION');
    });
    it('while a capture is in flight (PAYMENT_IN_PROGRESS)', () => {
      given(subscriptionDecider, CAPTURING).when(trial('2026-03-01T00:06:00.000Z')).thenThrowsCode(PaymentInProgressError, 'PAYMENT_IN_PROGRESS');
    });
    it('without a licence key for its licence (VALIDATION_FAILED on licenceKey)', () => {
      const error = given(subscriptionDecider, CREATED).when(trial(MAR_1, {})).thenThrowsCode(ValidationError, 'VALIDATION_FAILED');
      expect(error.problems.map((p) => p.field)).to.deep.equal(['licenceKey']);
    });
    it('on a free plan (CONFLICT)', () => {
      given(subscriptionDecider, FREE_PLAN).when(trial(MAR_1)).thenThrowsCode(ConflictError, 'CONFLICT');
    });
    it('by a stranger (FORBIDDEN)', () => {
      given(subscriptionDecider, CREATED).when({ ...trial(MAR_1), metadata: as.stranger(MAR_1) }).thenThrowsCode(ForbiddenError, 'FORBIDDEN');
    });
  });
});

describe('GrantComplimentary (lifecycle/grants.ts)', () => {
  it('Wait payment → Live: one billing period from now (Mar 1 → Apr 1), the open order made unpayable, a COMPLIMENTARY licence', () => {
    given(subscriptionDecider, ORDERED)
      .when(grant(MAR_1))
      .then([
        { type: 'PaymentOrderSuperseded', data: { paypalOrderID: 'ORDER-1', reason: 'STATUS_CHANGED' } },
        { type: 'ComplimentaryGranted', data: { note: 'support: outage', start: MAR_1, end: APR_1, configuration: TWO_STREAMS, licence_key: 'LIC-COMP-0001' } },
        { type: 'SubscriptionStatusChanged', data: { from: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', to: 'SUBSCRIPTION_STATUS_ACTIVE', cause: 'COMPLIMENTARY', at: MAR_1, reason: COMPLIMENTARY_REASON, note: 'support: outage' } },
        { type: 'LicenceIssued', data: { licenceKey: 'LIC-COMP-0001', serial: 1, modules: [{ name: 'streams', limit: 2 }], quantity: 2, issuedAt: MAR_1, validUntil: APR_1, basis: 'COMPLIMENTARY' } },
      ]);
  });

  it('inside paid time: from the end of what is covered (Apr 1 → May 1), the licence runs on at the same limits to May 1', () => {
    given(subscriptionDecider, LIVE)
      .when(grant(MAR_10))
      .then([
        // The subscription's own key, not the one offered.
        { type: 'ComplimentaryGranted', data: { note: 'support: outage', start: APR_1, end: MAY_1, configuration: TWO_STREAMS, licence_key: KEY } },
        // Still paid time now: basis PAID, valid through the contiguous grant at the same limits.
        { type: 'LicenceIssued', data: { licenceKey: KEY, serial: 2, modules: [{ name: 'streams', limit: 2 }], quantity: 2, issuedAt: MAR_10, validUntil: MAY_1, basis: 'PAID' } },
      ]);
  });

  it('paused for non-payment: resumed and Live until the date given (Apr 10 → Apr 30)', () => {
    const APR_10 = '2026-04-10T00:00:00.000Z';
    const APR_30 = '2026-04-30T00:00:00.000Z';
    given(subscriptionDecider, SUSPENDED)
      .when(grant(APR_10, { until: APR_30 }))
      .then([
        { type: 'ComplimentaryGranted', data: { note: 'support: outage', start: APR_10, end: APR_30, configuration: TWO_STREAMS, licence_key: KEY } },
        { type: 'SubscriptionResumed', data: { reason: 'ADMIN' } },
        { type: 'SubscriptionStatusChanged', data: { from: 'SUBSCRIPTION_STATUS_PAUSE', to: 'SUBSCRIPTION_STATUS_ACTIVE', cause: 'COMPLIMENTARY', at: APR_10, reason: COMPLIMENTARY_REASON, note: 'support: outage' } },
        { type: 'LicenceIssued', data: { licenceKey: KEY, serial: 3, modules: [{ name: 'streams', limit: 2 }], quantity: 2, issuedAt: APR_10, validUntil: APR_30, basis: 'COMPLIMENTARY' } },
      ]);
  });

  describe('refusals', () => {
    it('by a customer (FORBIDDEN)', () => {
      given(subscriptionDecider, ORDERED).when(grant(MAR_1, {}, as.customer(MAR_1))).thenThrowsCode(ForbiddenError, 'FORBIDDEN');
    });
    it('on a free plan: nothing to pay (CONFLICT)', () => {
      given(subscriptionDecider, FREE_PLAN).when(grant(MAR_1)).thenThrowsCode(ConflictError, 'CONFLICT');
    });
    it('on a cancelled subscription (CONFLICT)', () => {
      given(subscriptionDecider, CANCELLED).when(grant(MAR_10)).thenThrowsCode(ConflictError, 'CONFLICT');
    });
    it('while a capture is in flight (PAYMENT_IN_PROGRESS)', () => {
      given(subscriptionDecider, CAPTURING).when(grant('2026-03-01T00:06:00.000Z')).thenThrowsCode(PaymentInProgressError, 'PAYMENT_IN_PROGRESS');
    });
    it('without a key for the licence (VALIDATION_FAILED on licenceKey), or ending before it starts (VALIDATION_FAILED on until)', () => {
      const noKey = given(subscriptionDecider, ORDERED).when(grant(MAR_1, { licenceKey: undefined })).thenThrowsCode(ValidationError, 'VALIDATION_FAILED');
      expect(noKey.problems.map((p) => p.field)).to.deep.equal(['licenceKey']);
      const backwards = given(subscriptionDecider, ORDERED).when(grant(MAR_8, { until: MAR_1 })).thenThrowsCode(ValidationError, 'VALIDATION_FAILED');
      expect(backwards.problems.map((p) => p.field)).to.deep.equal(['until']);
    });
  });
});
