import { ConflictError, ForbiddenError, InvalidTransitionError, PaymentInProgressError, type SubscriptionEvent } from '@relaycast/contracts';
import { given } from '../../../test/given.js';
import { APR_1, as, CANCELLED, CAPTURING, CHARGING, KEY, LIVE, LIVE_AHEAD, LIVE_WITH_WALLET, MAR_1, MAR_10, MAR_16_NOON, MAY_1, TWO_STREAMS } from '../../../test/subscription-fixtures.js';
import { subscriptionDecider, type SubscriptionCommand } from '../index.js';

const REQUEST = 'renewal-sub-1-c1';

describe('RecordVaultedPaymentMethod (billing/wallet.ts)', () => {
  const vaulted = (data: Extract<SubscriptionCommand, { type: 'RecordVaultedPaymentMethod' }>['data'], metadata = as.clock(MAR_1)): SubscriptionCommand => ({ type: 'RecordVaultedPaymentMethod', data, metadata });

  it('the wallet saved with the purchase: renewals charge it', () => {
    given(subscriptionDecider, LIVE).when(vaulted({ vaultId: 'VAULT-1', payerEmail: 'buyer@example.com', source: 'PURCHASE' })).then(LIVE_WITH_WALLET.slice(LIVE.length));
  });

  it('a new wallet replaces the saved one, which it names; the same one again changes nothing', () => {
    given(subscriptionDecider, LIVE_WITH_WALLET)
      .when(vaulted({ vaultId: 'VAULT-2', source: 'SETUP_TOKEN' }, as.customer(MAR_10)))
      .then([{ type: 'PaymentMethodVaulted', data: { vaultId: 'VAULT-2', source: 'SETUP_TOKEN', previousVaultId: 'VAULT-1' } }]);
    given(subscriptionDecider, LIVE_WITH_WALLET).when(vaulted({ vaultId: 'VAULT-1', source: 'PURCHASE' })).then([]);
  });

  it('refused once cancelled (CONFLICT), and to a stranger (FORBIDDEN)', () => {
    given(subscriptionDecider, CANCELLED).when(vaulted({ vaultId: 'VAULT-1', source: 'SETUP_TOKEN' }, as.customer(MAR_16_NOON))).thenThrowsCode(ConflictError, 'CONFLICT');
    given(subscriptionDecider, LIVE).when(vaulted({ vaultId: 'VAULT-9', source: 'SETUP_TOKEN' }, as.stranger(MAR_10))).thenThrowsCode(ForbiddenError, 'FORBIDDEN');
  });
});

describe('StartSavedWalletCharge (billing/wallet.ts)', () => {
  const start = (now: string, requestId = REQUEST, metadata = as.clock(now)): SubscriptionCommand => ({ type: 'StartSavedWalletCharge', data: { requestId }, metadata });

  it('the renewal due at Apr 1 (1000 cents, a period) is charged: recorded before PayPal is asked', () => {
    given(subscriptionDecider, LIVE_WITH_WALLET).when(start(APR_1)).then(CHARGING.slice(LIVE_WITH_WALLET.length));
  });

  it('the customer’s unpaid checkout is replaced by the charge', () => {
    const withCheckout: SubscriptionEvent[] = [
      ...LIVE_WITH_WALLET,
      { type: 'PaymentOrdered', data: { paypalOrderID: 'ORDER-2', paypalSubscriptionID: 'RCS-1', amount: 1000, currency: 'USD', purpose: 'period', configuration: TWO_STREAMS, periodStart: APR_1, periodEnd: MAY_1 } },
    ];
    given(subscriptionDecider, withCheckout)
      .when(start(APR_1))
      .then([
        { type: 'PaymentOrderSuperseded', data: { paypalOrderID: 'ORDER-2', reason: 'RENEWAL' } },
        { type: 'SavedWalletChargeStarted', data: { requestId: REQUEST, purpose: 'period', amount: 1000, startedAt: APR_1 } },
      ]);
  });

  it('the same charge again (a crashed run) records nothing: it asks PayPal with the same request id', () => {
    given(subscriptionDecider, CHARGING).when(start('2026-04-01T00:03:00.000Z')).then([]);
  });

  describe('refusals', () => {
    it('another charge while one is in flight (PAYMENT_IN_PROGRESS)', () => {
      given(subscriptionDecider, CHARGING).when(start('2026-04-01T00:03:00.000Z', 'renewal-sub-1-c2')).thenThrowsCode(PaymentInProgressError, 'PAYMENT_IN_PROGRESS');
    });
    it('while a capture is in flight (PAYMENT_IN_PROGRESS)', () => {
      given(subscriptionDecider, CAPTURING).when(start('2026-03-01T00:06:00.000Z')).thenThrowsCode(PaymentInProgressError, 'PAYMENT_IN_PROGRESS');
    });
    it('by anyone but the payment workflows (FORBIDDEN)', () => {
      given(subscriptionDecider, LIVE_WITH_WALLET).when(start(APR_1, REQUEST, as.admin(APR_1))).thenThrowsCode(ForbiddenError, 'FORBIDDEN');
      given(subscriptionDecider, LIVE_WITH_WALLET).when(start(APR_1, REQUEST, as.customer(APR_1))).thenThrowsCode(ForbiddenError, 'FORBIDDEN');
    });
    it('before the paid time ends: nothing is due yet, and a charge without the buyer never pays ahead (CONFLICT)', () => {
      given(subscriptionDecider, LIVE_WITH_WALLET).when(start(MAR_10)).thenThrowsCode(ConflictError, 'CONFLICT');
    });
    it('the renewal already paid (a second scheduler, late): May is not charged at Apr 1 (CONFLICT)', () => {
      given(subscriptionDecider, [...LIVE_WITH_WALLET, ...LIVE_AHEAD.slice(LIVE.length)]).when(start(APR_1, 'renewal-sub-1-c2')).thenThrowsCode(ConflictError, 'CONFLICT');
    });
    it('no saved wallet to charge (CONFLICT)', () => {
      given(subscriptionDecider, LIVE).when(start(APR_1)).thenThrowsCode(ConflictError, 'CONFLICT');
    });
    it('cancelled: takes no payments (INVALID_TRANSITION)', () => {
      given(subscriptionDecider, [...LIVE_WITH_WALLET, { type: 'SubscriptionCancelled', data: { from: 'SUBSCRIPTION_STATUS_ACTIVE', at: MAR_10 } }]).when(start(APR_1)).thenThrowsCode(InvalidTransitionError, 'INVALID_TRANSITION');
    });
  });
});

describe('RecordSavedWalletDecline (billing/wallet.ts)', () => {
  const decline = (requestId = REQUEST, metadata = as.clock('2026-04-01T00:01:00.000Z')): SubscriptionCommand => ({
    type: 'RecordSavedWalletDecline',
    data: { requestId, reason: 'INSTRUMENT_DECLINED' },
    metadata,
  });

  it('PayPal declined the charge: it ends (nothing moved)', () => {
    given(subscriptionDecider, CHARGING).when(decline()).then([{ type: 'SavedWalletChargeDeclined', data: { requestId: REQUEST, reason: 'INSTRUMENT_DECLINED' } }]);
  });

  it('a decline of another charge than the one in flight records nothing', () => {
    given(subscriptionDecider, CHARGING).when(decline('renewal-sub-1-c9')).then([]);
  });

  it('refused to the customer (FORBIDDEN)', () => {
    given(subscriptionDecider, CHARGING).when(decline(REQUEST, as.customer(APR_1))).thenThrowsCode(ForbiddenError, 'FORBIDDEN');
  });
});

describe('RecordSavedWalletPayment (billing/wallet.ts)', () => {
  const payment = (metadata = as.clock(APR_1)): SubscriptionCommand => ({
    type: 'RecordSavedWalletPayment',
    data: {
      paypalOrderID: 'MIT-1', paypalSubscriptionID: 'RCS-1', amount: 1000, currency: 'USD', purpose: 'period',
      captureId: 'CAP-MIT-1', providerStatus: 'COMPLETED', capturedAmount: 1000, licenceKey: 'LIC-NEW-0002', requestId: REQUEST,
    },
    metadata,
  });
  const PAID: SubscriptionEvent[] = [
    { type: 'PaymentOrdered', data: { paypalOrderID: 'MIT-1', paypalSubscriptionID: 'RCS-1', amount: 1000, currency: 'USD', purpose: 'period', configuration: TWO_STREAMS, periodStart: APR_1, periodEnd: MAY_1, requestId: REQUEST } },
    {
      type: 'OrderCaptured',
      data: {
        paypalOrderID: 'MIT-1', paypalSubscriptionID: 'RCS-1', captureId: 'CAP-MIT-1', amount: 1000, currency: 'USD', quantity: 2, capturedAt: APR_1,
        purpose: 'period', configuration: TWO_STREAMS, periodStart: APR_1, periodEnd: MAY_1,
      },
    },
  ];

  it('pays the renewal it was started for: April (Apr 1 → May 1), the paid time continues, licence 2 to May 1 under the same key', () => {
    given(subscriptionDecider, CHARGING)
      .when(payment())
      .then([...PAID, { type: 'LicenceIssued', data: { licenceKey: KEY, serial: 2, modules: [{ name: 'streams', limit: 2 }], quantity: 2, issuedAt: APR_1, validUntil: MAY_1, basis: 'PAID' } }]);
  });

  it('captured although its charge was recorded as declined: account credit, never lost, granting nothing', () => {
    given(subscriptionDecider, [...CHARGING, { type: 'SavedWalletChargeDeclined', data: { requestId: REQUEST } }])
      .when(payment())
      .then([
        { type: 'PaymentOrdered', data: { paypalOrderID: 'MIT-1', paypalSubscriptionID: 'RCS-1', amount: 1000, currency: 'USD', purpose: 'period', requestId: REQUEST } },
        { type: 'PaymentOrderSuperseded', data: { paypalOrderID: 'MIT-1', reason: 'CONFIGURATION_CHANGED' } },
        { type: 'OrderCaptured', data: { paypalOrderID: 'MIT-1', paypalSubscriptionID: 'RCS-1', captureId: 'CAP-MIT-1', amount: 1000, currency: 'USD', quantity: 2, capturedAt: APR_1, purpose: 'period', credited: true } },
      ]);
  });

  it('is recorded once: the same PayPal order again changes nothing', () => {
    given(subscriptionDecider, [...CHARGING, ...PAID]).when(payment()).then([]);
  });

  it('refused to anyone but the payment workflows (FORBIDDEN)', () => {
    given(subscriptionDecider, CHARGING).when(payment(as.customer(APR_1))).thenThrowsCode(ForbiddenError, 'FORBIDDEN');
    given(subscriptionDecider, CHARGING).when(payment(as.admin(APR_1))).thenThrowsCode(ForbiddenError, 'FORBIDDEN');
  });
});
