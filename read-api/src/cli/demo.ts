import { join } from 'node:path';
import { createCommandHandler, createTestClock, endDemoPurchases, openEventStore, standingDemoPurchases, systemClock } from '@relaycast/billing-core';
import { centsToDecimal } from '@relaycast/contracts';
import { loadConfigOrExit } from '../config.js';

/**
 * Demo purchases (subscriptions paid with PAYMENTS=demo: no money moved) on the event log of this environment (the
 * server's: EVENT_STORE, DATA_DIR, EVENTSTORE_CONNECTION_STRING, BILLING_CLOCK):
 *
 *   npm run -w read-api demo -- list     the ones still standing (a server with real payments refuses to start on them)
 *   npm run -w read-api demo -- end      cancels each now (SubscriptionCancelled "demo payments ended", the licence
 *                                         revoked), by the SYSTEM actor demo-payments-ended; prints what it ended
 *
 * In the image: node read-api/dist/demo.js list|end. Exit 0 done, 2 usage. Safe beside a running server (each
 * cancellation is an append with its stream's version) and to run twice (the second finds nothing standing).
 */
async function main(): Promise<number> {
  const command = process.argv[2];
  if (command !== 'list' && command !== 'end') {
    console.error('usage: demo list | demo end');
    return 2;
  }
  const config = loadConfigOrExit();
  const events = await openEventStore({ kind: config.eventStore, dataDir: config.dataDir, connectionString: config.eventStoreConnectionString });
  try {
    if (command === 'list') {
      const standing = await standingDemoPurchases(events);
      for (const p of standing) console.log(`${p.subscriptionId}  ${p.status}  customer ${p.userId}  demo captures ${centsToDecimal(p.captured)}`);
      console.log(`${standing.length} demo purchase(s) standing`);
      return 0;
    }
    const clock = config.billingClock === 'test' ? createTestClock({ file: join(config.dataDir, 'billing-clock.json') }) : systemClock;
    const now = clock.now();
    const ended = await endDemoPurchases(
      { events, handler: createCommandHandler(events) },
      { now, actorId: 'demo-payments-ended', actorRole: 'SYSTEM', correlationId: `demo-payments-ended-${now}`, causationId: null },
    );
    for (const p of ended) console.log(`ended ${p.subscriptionId} (was ${p.status}, customer ${p.userId})`);
    console.log(`${ended.length} demo purchase(s) ended`);
    return 0;
  } finally {
    await events.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
