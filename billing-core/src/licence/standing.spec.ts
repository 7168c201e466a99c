import { expect } from 'chai';
import type { SubscriptionEvent } from '@relaycast/contracts';
import { foldEvents } from '../handler.js';
import { APR_1, APR_2, APR_22, APR_4, APR_6, APR_8, DUNNING, FOUR_STREAMS, KEY, LIVE, MAR_1, MAR_10 } from '../../test/subscription-fixtures.js';
import { subscriptionDecider, type ExistingSubscription } from '../subscription/index.js';
import { licenceDocumentOf } from './document.js';
import { licenceStanding } from './standing.js';

const stateOf = (history: SubscriptionEvent[]) => foldEvents(subscriptionDecider, history) as ExistingSubscription;
const fileOf = (history: SubscriptionEvent[]) => licenceDocumentOf(stateOf(history))!;

/**
 * A grace licence as the decider issued it before the grace was bounded by what was paid: 2 streams paid for March,
 * a rise to 4 requested and never paid, the renewal lapsed on Apr 1 — grace licence No. 2 for the 4 streams of the
 * unpaid rise. Stored installations hold such files.
 */
const GRACE_AT_UNPAID_SIZE: SubscriptionEvent[] = [
  ...LIVE,
  { type: 'SubscriptionChangePending', data: { ...FOUR_STREAMS, previousAmount: 1000, balance: 500, requestedAt: '2026-03-16T12:00:00.000Z' } },
  {
    type: 'RenewalFailed',
    data: {
      dueAt: APR_1, attempt: 0, reason: 'NO_PAYMENT_METHOD',
      timeline: { dueAt: APR_1, retries: [APR_2, APR_4, APR_6, APR_8], graceUntil: APR_8, suspendAt: APR_8, cancelAt: APR_22, configuration: FOUR_STREAMS },
    },
  },
  { type: 'SubscriptionStatusChanged', data: { from: 'SUBSCRIPTION_STATUS_ACTIVE', to: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT', cause: 'PAYMENT_DUE', at: APR_1, reason: 'renewal due: payment not made' } },
  { type: 'LicenceIssued', data: { licenceKey: KEY, serial: 2, modules: [{ name: 'streams', limit: 4 }], quantity: 4, issuedAt: APR_1, validUntil: APR_8, basis: 'GRACE' } },
];

describe('licence standing online (licence/standing.ts)', () => {
  it('the current licence stands; an earlier one within it stands as superseded', () => {
    expect(licenceStanding(stateOf(DUNNING), fileOf(DUNNING), APR_2)).to.deep.equal({ valid: true });
    // March's file (2 streams to Apr 1) within the grace licence (2 streams to Apr 8).
    expect(licenceStanding(stateOf(DUNNING), fileOf(LIVE), APR_2)).to.deep.equal({ valid: true, superseded: true, currentSerial: 2 });
  });

  it('a grace file issued at an unpaid size (4 streams, 2 paid) answers SUPERSEDED: the grace now covers the 2 streams paid for', () => {
    const sub = stateOf(GRACE_AT_UNPAID_SIZE);
    expect(licenceDocumentOf(sub)).to.deep.include({ quantity: 4, serial: 2, validUntil: APR_8 });
    expect(licenceStanding(sub, licenceDocumentOf(sub)!, APR_2)).to.deep.equal({ valid: false, reason: 'SUPERSEDED', currentSerial: 2 });
  });

  it('another subscription’s key, a revoked licence, a removed subscription: REVOKED', () => {
    const file = fileOf(LIVE);
    expect(licenceStanding(stateOf(LIVE), { ...file, licenceKey: 'OTHER' }, MAR_1)).to.deep.equal({ valid: false, reason: 'REVOKED' });
    expect(licenceStanding(stateOf([...LIVE, { type: 'LicenceRevoked', data: { serial: 1, reason: 'CANCELLED' } }]), file, MAR_10)).to.deep.equal({ valid: false, reason: 'REVOKED' });
    expect(licenceStanding(stateOf([...LIVE, { type: 'SubscriptionRemoved', data: {} }]), file, MAR_10)).to.deep.equal({ valid: false, reason: 'REVOKED' });
    expect(licenceStanding(null, file, MAR_10)).to.deep.equal({ valid: false, reason: 'REVOKED' });
  });
});
