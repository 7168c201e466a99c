import { expect } from 'chai';
import { ForbiddenError } from '@relaycast/contracts';
import { foldEvents } from '../../handler.js';
import { as, CANCELLED, CAPTURING, CREATED, LIVE, MAR_10, PAUSED } from '../../../test/subscription-fixtures.js';
import { subscriptionDecider } from '../index.js';
import { lifecycleActions } from './actions.js';

/**
 * What the admin area offers is what the deciders accept: each answer below was worked out from the status machine
 * and the lifecycle rules (docs/billing-lifecycle.md), not read from the code under test.
 */
describe('lifecycleActions: what an actor may do now, by the deciders’ own checks', () => {
  const actions = (events: Parameters<typeof foldEvents>[1], metadata = as.admin(MAR_10)) => lifecycleActions(foldEvents(subscriptionDecider, events), metadata);

  it('Live with paid time to Apr 1 (an administrator): pause, grant, cancel at the end or now; nothing to resume', () => {
    expect(actions(LIVE)).to.deep.equal({ pause: true, resume: false, grantComplimentary: true, cancelAtPeriodEnd: true, cancelNow: true });
  });

  it('Live, its customer: cancel at the end of the paid time, or now; nothing an administrator keeps', () => {
    expect(actions(LIVE, as.customer(MAR_10))).to.deep.equal({ pause: false, resume: false, grantComplimentary: false, cancelAtPeriodEnd: true, cancelNow: true });
  });

  it('paused by an administrator: resume, grant (Paused → Live, COMPLIMENTARY), cancel now; not paused again, no end-of-term cancellation', () => {
    expect(actions(PAUSED)).to.deep.equal({ pause: false, resume: true, grantComplimentary: true, cancelAtPeriodEnd: false, cancelNow: true });
  });

  it('still in Creating: grant or cancel now; Creating → Paused is no move of the machine', () => {
    expect(actions(CREATED)).to.deep.equal({ pause: false, resume: false, grantComplimentary: true, cancelAtPeriodEnd: false, cancelNow: true });
  });

  it('waiting for payment with a capture in flight: pause (Wait payment → Paused) or cancel now; no grant (one money movement at a time)', () => {
    expect(actions(CAPTURING)).to.deep.equal({ pause: true, resume: false, grantComplimentary: false, cancelAtPeriodEnd: false, cancelNow: true });
  });

  it('cancelled: nothing at all', () => {
    expect(actions(CANCELLED)).to.deep.equal({ pause: false, resume: false, grantComplimentary: false, cancelAtPeriodEnd: false, cancelNow: false });
  });

  it('another customer’s subscription is refused, not answered', () => {
    expect(() => actions(LIVE, as.stranger(MAR_10))).to.throw(ForbiddenError);
  });
});
