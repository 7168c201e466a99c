import { expect } from 'chai';
import { ConflictError, ForbiddenError, InvalidTransitionError, NotFoundError, PriceMismatchError, ValidationError, type SubscriptionEvent } from '@relaycast/contracts';
import { given } from '../../../test/given.js';
import { as, CREATED, FREE_PLAN, LIVE, MAR_1, MAR_10, TWO_STREAMS } from '../../../test/subscription-fixtures.js';
import { subscriptionDecider, type SubscriptionCommand } from '../index.js';

type CreateData = Extract<SubscriptionCommand, { type: 'CreateSubscription' }>['data'];

/** user-1 buys 2 self-hosted streams a month on Mar 1 (the purchase that CREATED records). */
function create(overrides: Partial<CreateData> = {}, metadata = as.customer(MAR_1)): SubscriptionCommand {
  return {
    type: 'CreateSubscription',
    data: {
      subscriptionId: 'sub-1',
      user_id: 'user-1',
      subscription_type: 'SUBSCRIPTION_MONTH',
      status: 'SUBSCRIPTION_STATUS_INITIAL',
      plan_id: 'constructor',
      infrastructure_type: 'self-hosted',
      modules: [{ name: 'streams', limit: 2 }],
      privacy_policy_confirm: true,
      ...overrides,
    },
    metadata,
  };
}

/** What an administrator sends: never the customer's privacy confirmation. */
function adminCreate(overrides: Partial<CreateData> = {}): SubscriptionCommand {
  const command = create(overrides, as.admin(MAR_1)) as Extract<SubscriptionCommand, { type: 'CreateSubscription' }>;
  const { privacy_policy_confirm: _p, ...data } = command.data;
  return { ...command, data: { ...data, ...('privacy_policy_confirm' in overrides ? { privacy_policy_confirm: overrides.privacy_policy_confirm } : {}) } };
}

describe('CreateSubscription (lifecycle/create.ts)', () => {
  it('a customer’s purchase: priced by the catalogue (2 units × $5 = 1000 cents), Creating, named for the day, no licence yet', () => {
    given(subscriptionDecider).when(create({ amount: 1000, unitQuantity: 2 })).then(CREATED);
  });

  it('a free plan goes Live at once (FREE_PLAN) with a licence that never ends', () => {
    given(subscriptionDecider)
      .when(create({ plan_id: 'unlimited', subscription_type: 'SUBSCRIPTION_FREE', modules: undefined, issuedLicenceKey: 'FREE-KEY-0001' }))
      .then(FREE_PLAN);
  });

  it('an administrator’s paid plan Live at creation is a complimentary grant: one month (Mar 1 → Apr 1), its reason, its licence', () => {
    const created = structuredClone(CREATED[0]!) as Extract<SubscriptionEvent, { type: 'SubscriptionCreated' }>;
    created.data.user_id = 'user-9';
    created.data.payment_details.privacy_policy_confirm = false;
    created.data.licence_key = 'LIC-COMP-0001';
    given(subscriptionDecider)
      .when(adminCreate({ user_id: 'user-9', status: 'SUBSCRIPTION_STATUS_ACTIVE', complimentary: { reason: 'conference sponsor' }, issuedLicenceKey: 'LIC-COMP-0001' }))
      .then([
        created,
        { type: 'ComplimentaryGranted', data: { note: 'conference sponsor', start: MAR_1, end: '2026-04-01T00:00:00.000Z', configuration: TWO_STREAMS, licence_key: 'LIC-COMP-0001' } },
        {
          type: 'SubscriptionStatusChanged',
          data: {
            from: 'SUBSCRIPTION_STATUS_INITIAL', to: 'SUBSCRIPTION_STATUS_ACTIVE', cause: 'COMPLIMENTARY', at: MAR_1,
            reason: 'complimentary: granted by an administrator without payment', note: 'conference sponsor',
          },
        },
        { type: 'LicenceIssued', data: { licenceKey: 'LIC-COMP-0001', serial: 1, modules: [{ name: 'streams', limit: 2 }], quantity: 2, issuedAt: MAR_1, validUntil: '2026-04-01T00:00:00.000Z', basis: 'COMPLIMENTARY' } },
      ]);
  });

  it('an administrator may create one waiting for payment, for any customer', () => {
    const [event] = given(subscriptionDecider).when(adminCreate({ user_id: 'user-9', status: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT' })).thenEvents();
    expect(event?.data).to.deep.include({ user_id: 'user-9', status: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT' });
  });

  describe('refusals', () => {
    it('a customer must confirm the privacy policy (VALIDATION_FAILED on payment_details.privacy_policy_confirm)', () => {
      for (const privacy_policy_confirm of [false, undefined]) {
        const error = given(subscriptionDecider).when(create({ privacy_policy_confirm })).thenThrowsCode(ValidationError, 'VALIDATION_FAILED');
        expect(error.problems.map((p) => p.field)).to.deep.equal(['payment_details.privacy_policy_confirm']);
      }
    });

    it('an administrator never confirms it on the customer’s behalf (VALIDATION_FAILED on payment_details.privacy_policy_confirm)', () => {
      for (const privacy_policy_confirm of [true, false]) {
        const error = given(subscriptionDecider).when(adminCreate({ privacy_policy_confirm })).thenThrowsCode(ValidationError, 'VALIDATION_FAILED');
        expect(error.problems.map((p) => p.field)).to.deep.equal(['payment_details.privacy_policy_confirm']);
      }
    });

    it('an administrator’s paid plan Live without a complimentary reason (VALIDATION_FAILED on complimentary.reason)', () => {
      const error = given(subscriptionDecider).when(adminCreate({ status: 'SUBSCRIPTION_STATUS_ACTIVE', issuedLicenceKey: 'LIC-COMP-0001' })).thenThrowsCode(ValidationError, 'VALIDATION_FAILED');
      expect(error.problems.map((p) => p.field)).to.deep.equal(['complimentary.reason']);
    });

    it('a complimentary grant on a plan that costs nothing (VALIDATION_FAILED on complimentary)', () => {
      const error = given(subscriptionDecider)
        .when(adminCreate({ plan_id: 'unlimited', subscription_type: 'SUBSCRIPTION_FREE', modules: undefined, status: 'SUBSCRIPTION_STATUS_ACTIVE', complimentary: { reason: 'x' } }))
        .thenThrowsCode(ValidationError, 'VALIDATION_FAILED');
      expect(error.problems.map((p) => p.field)).to.deep.equal(['complimentary']);
    });

    it('customers buy only for themselves, only in Creating, never a complimentary plan (FORBIDDEN)', () => {
      given(subscriptionDecider).when(create({}, as.stranger(MAR_1))).thenThrowsCode(ForbiddenError, 'FORBIDDEN');
      given(subscriptionDecider).when(create({ status: 'SUBSCRIPTION_STATUS_WAIT_PAYMENT' })).thenThrowsCode(ForbiddenError, 'FORBIDDEN');
      given(subscriptionDecider).when(create({ status: 'SUBSCRIPTION_STATUS_ACTIVE' })).thenThrowsCode(ForbiddenError, 'FORBIDDEN');
      given(subscriptionDecider).when(create({ complimentary: { reason: 'please' } })).thenThrowsCode(ForbiddenError, 'FORBIDDEN');
      given(subscriptionDecider).when(create({ subscription_type: 'SUBSCRIPTION_PERPETUAL' })).thenThrowsCode(ForbiddenError, 'FORBIDDEN');
    });

    it('a customer cannot choose what the server issues (VALIDATION_FAILED on licence_key)', () => {
      const error = given(subscriptionDecider).when(create({ licence_key: 'MY-OWN-KEY-1' })).thenThrowsCode(ValidationError, 'VALIDATION_FAILED');
      expect(error.problems.map((p) => p.field)).to.deep.equal(['licence_key']);
    });

    it('a browser figure other than the catalogue’s (PRICE_MISMATCH)', () => {
      given(subscriptionDecider).when(create({ amount: 999 })).thenThrowsCode(PriceMismatchError, 'PRICE_MISMATCH', /\$9\.99 does not match the catalogue price \$10\.00/);
    });

    it('never created Paused or Cancelled (INVALID_TRANSITION)', () => {
      given(subscriptionDecider).when(adminCreate({ status: 'SUBSCRIPTION_STATUS_PAUSE' })).thenThrowsCode(InvalidTransitionError, 'INVALID_TRANSITION');
      given(subscriptionDecider).when(adminCreate({ status: 'SUBSCRIPTION_STATUS_CANCEL' })).thenThrowsCode(InvalidTransitionError, 'INVALID_TRANSITION');
    });

    it('twice (CONFLICT)', () => {
      given(subscriptionDecider, CREATED).when(create()).thenThrowsCode(ConflictError, 'CONFLICT');
    });
  });
});

describe('UpdateSubscription (lifecycle/create.ts)', () => {
  const update = (data: Extract<SubscriptionCommand, { type: 'UpdateSubscription' }>['data'], metadata = as.customer(MAR_10)): SubscriptionCommand => ({ type: 'UpdateSubscription', data, metadata });

  it('records what changed and what it was; the licence is untouched', () => {
    given(subscriptionDecider, LIVE)
      .when(update({ name: 'Studio' }))
      .then([{ type: 'SubscriptionUpdated', data: { changes: { name: 'Studio' }, previous: { name: 'Subscription 2026-03-01' } } }]);
  });

  it('an administrator may set the licence and hardware keys', () => {
    given(subscriptionDecider, CREATED)
      .when(update({ licence_key: 'LIC-ADMIN-0009', hardware_key: 'HW-1' }, as.admin(MAR_10)))
      .then([{ type: 'SubscriptionUpdated', data: { changes: { licence_key: 'LIC-ADMIN-0009', hardware_key: 'HW-1' }, previous: { licence_key: undefined, hardware_key: undefined } } }]);
  });

  it('changes nothing when nothing changes', () => {
    given(subscriptionDecider, CREATED).when(update({ name: 'Subscription 2026-03-01' })).then([]);
  });

  it('a customer may not change a key (FORBIDDEN); a stranger may not touch it (FORBIDDEN); a removed one is gone (NOT_FOUND)', () => {
    given(subscriptionDecider, CREATED).when(update({ licence_key: 'LIC-MINE-0001' })).thenThrowsCode(ForbiddenError, 'FORBIDDEN', /licence_key/);
    given(subscriptionDecider, CREATED).when(update({ name: 'Mine' }, as.stranger(MAR_10))).thenThrowsCode(ForbiddenError, 'FORBIDDEN');
    given(subscriptionDecider, [...CREATED, { type: 'SubscriptionRemoved', data: {} }]).when(update({ name: 'Studio' })).thenThrowsCode(NotFoundError, 'NOT_FOUND');
  });
});
