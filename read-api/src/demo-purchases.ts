import { standingDemoPurchases, type EventStore } from '@relaycast/billing-core';
import { ConfigError } from './config.js';

/** The documented command that ends demo purchases (README, docs/payments.md), as the operator runs it. */
export const END_DEMO_COMMAND = 'npm run -w read-api demo -- end (in the image: node read-api/dist/demo.js end), with this server’s environment';

/**
 * Demo money never becomes real money: a process started with real payments (PAYMENTS=paypal) on an event log holding
 * demo purchases still standing refuses to start, naming them, until the operator ends them (END_DEMO_COMMAND records
 * their cancellations). Demo payments themselves, or none, start as before.
 */
export async function refuseStandingDemoPurchases(events: Pick<EventStore, 'readAll' | 'readStream'>): Promise<void> {
  const standing = await standingDemoPurchases(events);
  if (standing.length === 0) return;
  const shown = standing.slice(0, 10).map((p) => `${p.subscriptionId} (${p.status.replace('SUBSCRIPTION_STATUS_', '').toLowerCase()}, customer ${p.userId})`);
  throw new ConfigError(
    `this event log holds ${standing.length} subscription(s) paid with demo payments (no money moved) that are still standing: ${shown.join(', ')}${standing.length > shown.length ? ', …' : ''}. ` +
      `With real payments they would be real entitlements. End them first — ${END_DEMO_COMMAND} — which cancels them (recorded as events) — or keep PAYMENTS=demo.`,
  );
}
