import { createCommandHandler, openEventStore, subscriptionDecider } from '@relaycast/billing-core';
import type { CommandMetadata } from '@relaycast/contracts';
import type { PayPalStandIn } from './paypal-standin/server.js';

/**
 * `count` monthly subscriptions ($10, 2 streams) paid at `at` with a saved PayPal wallet each (known to the
 * stand-in), written through the decider straight into the SQLite store of `dataDir`: after a month, `count`
 * renewals fall due at once. For the scheduler's crash test and its bench.
 */
export async function seedDueRenewals(dataDir: string, paypal: Pick<PayPalStandIn, 'wallets'>, count: number, at: string, prefix = 'sub-seed'): Promise<string[]> {
  const events = await openEventStore({ kind: 'sqlite', dataDir, connectionString: null });
  const handler = createCommandHandler(events);
  const ids: string[] = [];
  const meta = (i: number, step: string): CommandMetadata => ({ now: at, actorId: 'seed', actorRole: 'SYSTEM', correlationId: `seed-${i}-${step}`, causationId: null });
  // The customer buys (and confirms the privacy policy) themselves; the payment is the system's record.
  const customer = (i: number, step: string): CommandMetadata => ({ ...meta(i, step), actorId: `user-seed-${i}`, actorRole: 'ROLE_CUSTOMER' });
  try {
    for (let i = 0; i < count; i++) {
      const id = `${prefix}-${String(i).padStart(5, '0')}`;
      const vaultId = `VT-SEED-${i}`;
      paypal.wallets.set(vaultId, `buyer${i}@example.com`);
      await handler.handle(subscriptionDecider, id, {
        type: 'CreateSubscription',
        data: { subscriptionId: id, user_id: `user-seed-${i}`, subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', plan_id: 'constructor', modules: [{ name: 'streams', limit: 2 }], privacy_policy_confirm: true },
        metadata: customer(i, 'create'),
      });
      await handler.handle(subscriptionDecider, id, { type: 'OrderPayment', data: { paypalOrderID: `SEED-${i}`, paypalSubscriptionID: `RCS-SEED-${i}`, amount: 1000, currency: 'USD', purpose: 'period' }, metadata: customer(i, 'order') });
      await handler.handle(subscriptionDecider, id, {
        type: 'CaptureOrder',
        data: { paypalOrderID: `SEED-${i}`, paypalSubscriptionID: `RCS-SEED-${i}`, captureId: `SEED-CAP-${i}`, quantity: 2, amount: 1000, currency: 'USD', providerStatus: 'COMPLETED', licenceKey: `LIC-${prefix}-${String(i).padStart(5, '0')}` },
        metadata: meta(i, 'capture'),
      });
      await handler.handle(subscriptionDecider, id, { type: 'RecordVaultedPaymentMethod', data: { vaultId, source: 'PURCHASE' }, metadata: meta(i, 'vault') });
      ids.push(id);
    }
  } finally {
    await events.close();
  }
  return ids;
}
