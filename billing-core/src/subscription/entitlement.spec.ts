import { expect } from 'chai';
import { ForbiddenError, NotFoundError, type SubscriptionEvent } from '@relaycast/contracts';
import { given } from '../../test/given.js';
import {
  APR_1, APR_2, APR_8, as, BALANCE_PAID, CANCELLED, CREATED, DOWNGRADE_PAID_AHEAD, DUNNING, FOUR_STREAMS, FREE_PLAN, KEY, LIVE, LIVE_AHEAD, MAR_1, MAR_10, MAR_16_1205, MAR_16_NOON,
  MAR_2, MAR_20, MAR_25, MAR_8, MAY_1, NO_END, ORDERED, PAUSED, REFUNDED, REFUNDED_BEFORE_BOOKS, SUSPENDED, TRIAL, TWO_STREAMS,
} from '../../test/subscription-fixtures.js';
import { coverageOf, licenceTermsAt } from './entitlement.js';
import { subscriptionDecider, type ExistingSubscription, type SubscriptionCommand } from './index.js';

const stateOf = (history: SubscriptionEvent[]) => given(subscriptionDecider, history).state as ExistingSubscription;
const twoStreamsUntil = (validUntil: string, basis: string) => ({ modules: [{ name: 'streams', limit: 2 }], quantity: 2, validUntil, basis });

describe('licence terms (entitlement.ts)', () => {
  it('paid time: valid to the end of the paid period (Apr 1), not a day more; nothing after it', () => {
    expect(licenceTermsAt(stateOf(LIVE), MAR_10)).to.deep.equal(twoStreamsUntil(APR_1, 'PAID'));
    expect(licenceTermsAt(stateOf(LIVE), APR_1)).to.equal(null);
  });

  it('paid periods at the same configuration run on: March and April paid → valid to May 1', () => {
    expect(licenceTermsAt(stateOf(LIVE_AHEAD), MAR_10)).to.deep.equal(twoStreamsUntil(MAY_1, 'PAID'));
  });

  it('the next paid period at other limits starts its own licence: 2 streams to Apr 1, then 1 stream to May 1', () => {
    const s = stateOf(DOWNGRADE_PAID_AHEAD);
    expect(licenceTermsAt(s, MAR_25)).to.deep.equal(twoStreamsUntil(APR_1, 'PAID'));
    expect(licenceTermsAt(s, APR_1)).to.deep.equal({ modules: [{ name: 'streams', limit: 1 }], quantity: 1, validUntil: MAY_1, basis: 'PAID' });
  });

  it('a balance paid raises the period from that moment: 2 streams until 12:05 on Mar 16, 4 streams from then to Apr 1', () => {
    const s = stateOf(BALANCE_PAID);
    expect(coverageOf(s)).to.deep.equal([
      { start: MAR_1, end: MAR_16_1205, configuration: TWO_STREAMS, basis: 'PAID' },
      { start: MAR_16_1205, end: APR_1, configuration: FOUR_STREAMS, basis: 'PAID' },
    ]);
    expect(licenceTermsAt(s, MAR_10)).to.deep.equal(twoStreamsUntil(MAR_16_1205, 'PAID'));
    expect(licenceTermsAt(s, MAR_20)).to.deep.equal({ modules: [{ name: 'streams', limit: 4 }], quantity: 4, validUntil: APR_1, basis: 'PAID' });
  });

  it('a rise still pending its balance licenses nothing more', () => {
    expect(licenceTermsAt(stateOf(BALANCE_PAID.slice(0, LIVE.length + 2)), MAR_20)).to.deep.equal(twoStreamsUntil(APR_1, 'PAID'));
  });

  it('the trial: at the configuration it started with, to its end (Mar 8); a raise during it waits for its balance, the licence unchanged', () => {
    expect(licenceTermsAt(stateOf(TRIAL), MAR_2)).to.deep.equal(twoStreamsUntil(MAR_8, 'TRIAL'));
    // 2 → 4 streams on Mar 2: 1000 cents a month more for the 6 trial days left of March's 31 = 193.5… → 194 cents.
    given(subscriptionDecider, TRIAL)
      .when({ type: 'ReviseSubscription', data: { paypalSubscriptionID: 'RCS-1', quantity: 4 }, metadata: as.customer(MAR_2) })
      .then([{ type: 'SubscriptionChangePending', data: { ...FOUR_STREAMS, previousAmount: 1000, balance: 194, requestedAt: MAR_2 } }]);
  });

  it('complimentary time: to the end of the grant', () => {
    const granted: SubscriptionEvent[] = [
      ...CREATED,
      { type: 'ComplimentaryGranted', data: { note: 'partner', start: MAR_1, end: APR_1, configuration: TWO_STREAMS, licence_key: KEY } },
      { type: 'SubscriptionStatusChanged', data: { from: 'SUBSCRIPTION_STATUS_INITIAL', to: 'SUBSCRIPTION_STATUS_ACTIVE', cause: 'COMPLIMENTARY', at: MAR_1, note: 'partner' } },
    ];
    expect(licenceTermsAt(stateOf(granted), MAR_10)).to.deep.equal(twoStreamsUntil(APR_1, 'COMPLIMENTARY'));
  });

  it('the grace, only in Wait payment after a lapsed renewal: the configuration due, from Apr 1 to Apr 8; none once suspended', () => {
    const s = stateOf(DUNNING);
    expect(coverageOf(s)).to.deep.include({ start: APR_1, end: APR_8, configuration: TWO_STREAMS, basis: 'GRACE' });
    expect(licenceTermsAt(s, APR_2)).to.deep.equal(twoStreamsUntil(APR_8, 'GRACE'));
    expect(licenceTermsAt(s, APR_8)).to.equal(null);
    expect(licenceTermsAt(stateOf(SUSPENDED), APR_8)).to.equal(null);
  });

  it('a revision in Wait payment changes what is due, never the grace licence (still 2 streams to Apr 8)', () => {
    const revised: SubscriptionEvent[] = [
      ...DUNNING,
      { type: 'SubscriptionRevised', data: { paypalSubscriptionID: 'RCS-1', ...FOUR_STREAMS, previousQuantity: 2, previousAmount: 1000, proration: 0, effectiveAt: APR_2, reason: 'IMMEDIATE' } },
    ];
    const s = stateOf(revised);
    expect(s.quantity).to.equal(4);
    expect(licenceTermsAt(s, APR_2)).to.deep.equal(twoStreamsUntil(APR_8, 'GRACE'));
  });

  it('a refund: nothing covered after the paid time it took back ends', () => {
    expect(licenceTermsAt(stateOf(REFUNDED), MAR_10)).to.equal(null);
  });

  it('paused, cancelled or removed: no licence, although paid time runs', () => {
    expect(licenceTermsAt(stateOf(PAUSED), MAR_16_NOON)).to.equal(null);
    expect(licenceTermsAt(stateOf(CANCELLED), MAR_16_NOON)).to.equal(null);
    expect(licenceTermsAt(stateOf([...LIVE, { type: 'SubscriptionRemoved', data: {} }]), MAR_16_NOON)).to.equal(null);
  });

  it('a free plan: without end (9999-12-31T23:59:59.000Z), basis FREE', () => {
    expect(licenceTermsAt(stateOf(FREE_PLAN), MAY_1)).to.deep.equal({
      modules: [{ name: 'streams', limit: 1 }, { name: 'restream', limit: 1 }, { name: 'recordings', limit: 1 }, { name: 'vodViewers', limit: 50 }, { name: 'ppvViewers', limit: 5 }, { name: 'conferenceRooms', limit: 5 }],
      quantity: 1,
      validUntil: NO_END,
      basis: 'FREE',
    });
  });

  it('no licence before any coverage', () => {
    expect(licenceTermsAt(stateOf(ORDERED), MAR_1)).to.equal(null);
  });
});

describe('RefreshLicence (entitlement.ts)', () => {
  const refresh = (metadata: ReturnType<typeof as.clock>): SubscriptionCommand => ({ type: 'RefreshLicence', data: {}, metadata });

  it('at the licence boundary (Apr 1) the next paid period’s licence is issued: 1 stream to May 1', () => {
    given(subscriptionDecider, DOWNGRADE_PAID_AHEAD)
      .when(refresh(as.clock(APR_1)))
      .then([{ type: 'LicenceIssued', data: { licenceKey: KEY, serial: 2, modules: [{ name: 'streams', limit: 1 }], quantity: 1, issuedAt: APR_1, validUntil: MAY_1, basis: 'PAID' } }]);
  });

  it('nothing when the licence is still what the coverage entitles to, nor when it ran out by itself', () => {
    given(subscriptionDecider, DOWNGRADE_PAID_AHEAD).when(refresh(as.clock(MAR_25))).then([]);
    given(subscriptionDecider, DUNNING).when(refresh(as.clock(APR_8))).then([]);
  });

  it('a stale licence is revoked: paid time gone without a command that revoked it', () => {
    // A legacy history: the paid period was taken back without the licence being revoked then.
    const stale: SubscriptionEvent[] = [...REFUNDED_BEFORE_BOOKS.slice(0, -1)];
    given(subscriptionDecider, stale).when(refresh(as.clock(MAR_20))).then([{ type: 'LicenceRevoked', data: { serial: 1, reason: 'UNPAID' } }]);
  });

  it('refused to the customer (FORBIDDEN), and without a subscription (NOT_FOUND)', () => {
    given(subscriptionDecider, DOWNGRADE_PAID_AHEAD).when(refresh(as.customer(APR_1))).thenThrowsCode(ForbiddenError, 'FORBIDDEN');
    given(subscriptionDecider, []).when(refresh(as.clock(APR_1))).thenThrowsCode(NotFoundError, 'NOT_FOUND');
  });
});
