import { expect } from 'chai';
import { ForbiddenError, InvalidTransitionError, ValidationError, type StatusCause, type SubscriptionStatus } from '@relaycast/contracts';
import { given } from '../../test/given.js';
import { APR_1, as, CANCELLED, CREATED, DUNNING, KEY, LIVE, MAR_1, MAR_10, MAR_16_NOON, PAUSED, SUSPENDED, TWO_STREAMS } from '../../test/subscription-fixtures.js';
import { subscriptionDecider, type SubscriptionCommand } from './index.js';
import { checkMove, checkTransition, transition } from './status.js';

/**
 * The status machine, stated here on its own (not read from contracts/): every move that exists, and the causes
 * that may make it. Creating → Wait payment → Live ⇄ Paused, any non-terminal → Cancelled; Live only by money, the
 * trial, a free plan or a reasoned complimentary grant.
 */

const CREATING = 'SUBSCRIPTION_STATUS_INITIAL';
const WAITING = 'SUBSCRIPTION_STATUS_WAIT_PAYMENT';
const LIVE_ = 'SUBSCRIPTION_STATUS_ACTIVE';
const PAUSED_ = 'SUBSCRIPTION_STATUS_PAUSE';
const ENDED = 'SUBSCRIPTION_STATUS_CANCEL';

const STATUSES: SubscriptionStatus[] = [CREATING, WAITING, LIVE_, PAUSED_, ENDED];
const CAUSES: StatusCause[] = [
  'ORDER_CREATED', 'PAID', 'TRIAL_STARTED', 'FREE_PLAN', 'COMPLIMENTARY', 'PAYMENT_DUE', 'PAYMENT_TAKEN_BACK', 'UNPAID_AFTER_GRACE', 'ADMIN_PAUSE', 'RESUMED', 'CANCELLED',
];

/** from → to → causes: the allowed moves, written out. */
const ALLOWED: [SubscriptionStatus, SubscriptionStatus, StatusCause[]][] = [
  [CREATING, WAITING, ['ORDER_CREATED']],
  [CREATING, LIVE_, ['PAID', 'TRIAL_STARTED', 'FREE_PLAN', 'COMPLIMENTARY']],
  [CREATING, ENDED, ['CANCELLED']],
  [WAITING, LIVE_, ['PAID', 'TRIAL_STARTED', 'COMPLIMENTARY']],
  [WAITING, PAUSED_, ['UNPAID_AFTER_GRACE', 'ADMIN_PAUSE']],
  [WAITING, ENDED, ['CANCELLED', 'PAYMENT_TAKEN_BACK']],
  [LIVE_, WAITING, ['PAYMENT_DUE']],
  [LIVE_, PAUSED_, ['ADMIN_PAUSE']],
  [LIVE_, ENDED, ['CANCELLED', 'PAYMENT_TAKEN_BACK']],
  [PAUSED_, LIVE_, ['RESUMED', 'PAID', 'COMPLIMENTARY']],
  [PAUSED_, WAITING, ['RESUMED']],
  [PAUSED_, ENDED, ['CANCELLED', 'PAYMENT_TAKEN_BACK']],
];

/** What the history says for each cause. */
const REASONS: Record<StatusCause, string> = {
  ORDER_CREATED: 'PayPal order created',
  PAID: 'payment captured',
  TRIAL_STARTED: 'trial started',
  FREE_PLAN: 'free plan: no payment needed',
  COMPLIMENTARY: 'complimentary: granted by an administrator without payment',
  PAYMENT_DUE: 'renewal due: payment not made',
  PAYMENT_TAKEN_BACK: 'payment refunded',
  UNPAID_AFTER_GRACE: 'unpaid at the end of the grace period',
  ADMIN_PAUSE: 'paused by an administrator',
  RESUMED: 'resumed by an administrator',
  CANCELLED: 'cancelled',
};

const allowed = (from: SubscriptionStatus, to: SubscriptionStatus, cause: StatusCause) => ALLOWED.some(([f, t, causes]) => f === from && t === to && causes.includes(cause));

describe('status machine (status.ts)', () => {
  it('the table lists 12 moves with 23 (move, cause) pairs; Cancelled is terminal', () => {
    expect(ALLOWED).to.have.length(12);
    expect(ALLOWED.reduce((n, [, , causes]) => n + causes.length, 0)).to.equal(23);
    expect(ALLOWED.filter(([from]) => from === ENDED)).to.deep.equal([]);
  });

  for (const from of STATUSES) {
    for (const to of STATUSES) {
      it(`${from} → ${to}: exactly the causes of the table`, () => {
        for (const cause of CAUSES) {
          if (allowed(from, to, cause)) {
            expect(() => checkTransition(from, to, cause), cause).not.to.throw();
            const expected =
              to === ENDED
                ? { type: 'SubscriptionCancelled', data: { from, at: MAR_10, ...(cause === 'PAYMENT_TAKEN_BACK' ? { cause } : {}) } }
                : { type: 'SubscriptionStatusChanged', data: { from, to, cause, at: MAR_10, reason: REASONS[cause] } };
            expect(transition({ status: from }, to, cause, MAR_10), cause).to.deep.equal(expected);
          } else {
            expect(() => checkTransition(from, to, cause), cause).to.throw(InvalidTransitionError);
            let thrown: unknown;
            try {
              transition({ status: from }, to, cause, MAR_10);
            } catch (error) {
              thrown = error;
            }
            expect(thrown, cause).to.be.instanceOf(InvalidTransitionError);
            expect((thrown as InvalidTransitionError).code).to.equal('INVALID_TRANSITION');
            expect((thrown as InvalidTransitionError).message).to.contain(`from ${from} to ${to}`);
          }
        }
        if (ALLOWED.some(([f, t]) => f === from && t === to)) expect(() => checkMove(from, to, 'why')).not.to.throw();
        else expect(() => checkMove(from, to, 'why')).to.throw(InvalidTransitionError, `from ${from} to ${to}: why`);
      });
    }
  }

  it('a transition carries the caller’s wording and an administrator’s note', () => {
    expect(transition({ status: LIVE_ }, WAITING, 'PAYMENT_DUE', APR_1, { reason: 'trial ended: payment due' })).to.deep.equal({
      type: 'SubscriptionStatusChanged',
      data: { from: LIVE_, to: WAITING, cause: 'PAYMENT_DUE', at: APR_1, reason: 'trial ended: payment due' },
    });
    expect(transition({ status: PAUSED_ }, ENDED, 'CANCELLED', APR_1, { reason: 'unpaid', note: 'called twice' })).to.deep.equal({
      type: 'SubscriptionCancelled',
      data: { from: PAUSED_, at: APR_1, reason: 'unpaid', note: 'called twice' },
    });
  });
});

describe('SetSubscriptionStatus follows the machine', () => {
  const set = (status: SubscriptionStatus, now: string, extra: { reason?: string; licenceKey?: string } = {}): SubscriptionCommand => ({
    type: 'SetSubscriptionStatus',
    data: { status, ...extra },
    metadata: as.admin(now),
  });

  it('Live → Wait payment is refused: a subscription waits for payment only when a payment falls due', () => {
    given(subscriptionDecider, LIVE).when(set(WAITING, MAR_10)).thenThrowsCode(InvalidTransitionError, 'INVALID_TRANSITION');
  });

  it('Creating → Live without a reason is refused (VALIDATION_FAILED on reason)', () => {
    const error = given(subscriptionDecider, CREATED).when(set(LIVE_, MAR_1, { licenceKey: KEY })).thenThrowsCode(ValidationError, 'VALIDATION_FAILED');
    expect(error.problems.map((p) => p.field)).to.deep.equal(['reason']);
  });

  it('Creating → Live with a reason is a complimentary grant: one billing period (Mar 1 → Apr 1), its licence', () => {
    given(subscriptionDecider, CREATED)
      .when(set(LIVE_, MAR_1, { reason: 'partner', licenceKey: KEY }))
      .then([
        { type: 'ComplimentaryGranted', data: { note: 'partner', start: MAR_1, end: APR_1, configuration: TWO_STREAMS, licence_key: KEY } },
        { type: 'SubscriptionStatusChanged', data: { from: CREATING, to: LIVE_, cause: 'COMPLIMENTARY', at: MAR_1, reason: REASONS.COMPLIMENTARY, note: 'partner' } },
        { type: 'LicenceIssued', data: { licenceKey: KEY, serial: 1, modules: [{ name: 'streams', limit: 2 }], quantity: 2, issuedAt: MAR_1, validUntil: APR_1, basis: 'COMPLIMENTARY' } },
      ]);
  });

  it('never back to Creating, from anywhere', () => {
    for (const history of [LIVE, DUNNING, PAUSED, SUSPENDED]) {
      given(subscriptionDecider, history).when(set(CREATING, APR_1)).thenThrowsCode(InvalidTransitionError, 'INVALID_TRANSITION');
    }
  });

  it('Cancelled is terminal: no way out, not even with a reason', () => {
    given(subscriptionDecider, CANCELLED).when(set(LIVE_, MAR_16_NOON, { reason: 'mistake' })).thenThrowsCode(InvalidTransitionError, 'INVALID_TRANSITION');
    given(subscriptionDecider, CANCELLED).when(set(PAUSED_, MAR_16_NOON)).thenThrowsCode(InvalidTransitionError, 'INVALID_TRANSITION');
  });

  it('Creating → Paused is not a move', () => {
    given(subscriptionDecider, CREATED).when(set(PAUSED_, MAR_1)).thenThrowsCode(InvalidTransitionError, 'INVALID_TRANSITION');
  });

  it('Paused with covered time → Wait payment is refused (resuming makes it Live)', () => {
    given(subscriptionDecider, PAUSED).when(set(WAITING, MAR_16_NOON)).thenThrowsCode(InvalidTransitionError, 'INVALID_TRANSITION');
  });

  it('customers cannot set a status (FORBIDDEN)', () => {
    given(subscriptionDecider, LIVE)
      .when({ type: 'SetSubscriptionStatus', data: { status: PAUSED_ }, metadata: as.customer(MAR_10) })
      .thenThrowsCode(ForbiddenError, 'FORBIDDEN');
  });
});
