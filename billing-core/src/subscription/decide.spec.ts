import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { SubscriptionCommandSchemas, type SubscriptionEvent } from '@relaycast/contracts';
import { given } from '../../test/given.js';
import { as, LIVE, MAR_20, REFUNDED_BEFORE_BOOKS } from '../../test/subscription-fixtures.js';
import { subscriptionDecider, type SubscriptionCommand } from './index.js';

/**
 * The composed decider (decide.ts): each command is decided by its module, then the entitlement rules append the
 * licence events. Every command has its spec next to its module, with a literal success and a refusal by code.
 */
const SPEC_OF: Record<keyof typeof SubscriptionCommandSchemas, string> = {
  CreateSubscription: 'lifecycle/create.spec.ts',
  UpdateSubscription: 'lifecycle/create.spec.ts',
  StartTrial: 'lifecycle/grants.spec.ts',
  GrantComplimentary: 'lifecycle/grants.spec.ts',
  SetSubscriptionStatus: 'lifecycle/status-commands.spec.ts',
  CancelSubscription: 'lifecycle/status-commands.spec.ts',
  RemoveSubscription: 'lifecycle/status-commands.spec.ts',
  ScheduleCancellation: 'lifecycle/status-commands.spec.ts',
  CancelAtPeriodEnd: 'lifecycle/status-commands.spec.ts',
  PauseSubscription: 'lifecycle/status-commands.spec.ts',
  ResumeSubscription: 'lifecycle/status-commands.spec.ts',
  ReviseSubscription: 'plan-change.spec.ts',
  ApplyScheduledChange: 'plan-change.spec.ts',
  OrderPayment: 'billing/orders.spec.ts',
  StartCapture: 'billing/orders.spec.ts',
  RecordCaptureFailure: 'billing/orders.spec.ts',
  CaptureOrder: 'billing/orders.spec.ts',
  PayFromCredit: 'billing/orders.spec.ts',
  CloseOrder: 'billing/orders.spec.ts',
  ChangePaymentMethod: 'billing/orders.spec.ts',
  RecordVaultedPaymentMethod: 'billing/wallet.spec.ts',
  StartSavedWalletCharge: 'billing/wallet.spec.ts',
  RecordSavedWalletDecline: 'billing/wallet.spec.ts',
  RecordSavedWalletPayment: 'billing/wallet.spec.ts',
  RecordRefund: 'billing/refunds.spec.ts',
  RecordDispute: 'billing/refunds.spec.ts',
  RecordRenewalFailure: 'dunning.spec.ts',
  EndUnpaid: 'dunning.spec.ts',
  RefreshLicence: 'entitlement.spec.ts',
  RecordReminder: 'reminders.spec.ts',
};

describe('subscription decider (decide.ts)', () => {
  it('every command (30) has a spec that describes it', () => {
    expect(Object.keys(SPEC_OF).sort()).to.deep.equal(Object.keys(SubscriptionCommandSchemas).sort());
    for (const [command, file] of Object.entries(SPEC_OF)) {
      const text = readFileSync(new URL(file, import.meta.url), 'utf8');
      expect(text, `${file} describes ${command}`).to.contain(`describe('${command} (`);
    }
  });

  // A history whose paid time was taken back without its licence being revoked (recorded before licence events).
  const STALE: SubscriptionEvent[] = REFUNDED_BEFORE_BOOKS.slice(0, -1);
  const rename = (name: string): SubscriptionCommand => ({ type: 'UpdateSubscription', data: { name }, metadata: as.customer(MAR_20) });

  it('the licence events follow the command’s own events, as of the state they lead to', () => {
    given(subscriptionDecider, STALE)
      .when(rename('Studio'))
      .then([
        { type: 'SubscriptionUpdated', data: { changes: { name: 'Studio' }, previous: { name: 'Subscription 2026-03-01' } } },
        { type: 'LicenceRevoked', data: { serial: 1, reason: 'UNPAID' } },
      ]);
  });

  it('a command that records nothing records no licence event either (only RefreshLicence looks by itself)', () => {
    given(subscriptionDecider, STALE).when(rename('Subscription 2026-03-01')).then([]);
  });

  it('a command that leaves the licence as it is adds nothing', () => {
    given(subscriptionDecider, LIVE).when(rename('Studio')).then([{ type: 'SubscriptionUpdated', data: { changes: { name: 'Studio' }, previous: { name: 'Subscription 2026-03-01' } } }]);
  });
});
