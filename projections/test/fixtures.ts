import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createCommandHandler,
  createSqliteEventStore,
  entryDecider,
  fileDecider,
  subscriptionDecider,
  userDecider,
  type CommandHandler,
  type EventStore,
} from '@relaycast/billing-core';
import type { CommandMetadata } from '@relaycast/contracts';

export const T0 = Date.UTC(2026, 10, 1, 9, 0, 0);
/** Metadata at T0 + minutes, so documents get distinct, deterministic times. */
export function at(minutes: number, overrides: Partial<CommandMetadata> = {}): CommandMetadata {
  return { now: new Date(T0 + minutes * 60_000).toISOString(), actorId: 'admin-1', actorRole: 'ROLE_ADMIN', correlationId: `corr-${minutes}`, ...overrides };
}

export interface Fixture {
  events: EventStore;
  handler: CommandHandler;
  cleanup(): Promise<void>;
}

export function sqliteFixture(): Fixture {
  const dir = mkdtempSync(join(tmpdir(), 'relaycast-proj-'));
  const events = createSqliteEventStore(join(dir, 'events.db'), { pollIntervalMs: 10 });
  return {
    events,
    handler: createCommandHandler(events),
    async cleanup() {
      await events.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A small, realistic history: two customers, three subscriptions, payments, a revision, a cancellation, content. */
export async function seedHistory(handler: CommandHandler): Promise<void> {
  const users = [
    { userId: 'u-ada', email: 'ada@example.com', givenName: 'Ada', familyName: 'Lovelace' },
    { userId: 'u-alan', email: 'alan@example.org', givenName: 'Alan', familyName: 'Turing' },
  ];
  let minute = 0;
  for (const u of users) {
    await handler.handle(userDecider, u.userId, { type: 'RegisterUser', data: { ...u, role: 'ROLE_CUSTOMER', strategy: 'google' }, metadata: at(minute++) });
  }
  const buy = async (id: string, userId: string, streams: number) => {
    await handler.handle(subscriptionDecider, id, {
      type: 'CreateSubscription',
      data: { subscriptionId: id, user_id: userId, subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', plan_id: 'constructor', infrastructure_type: 'self-hosted', modules: [{ name: 'streams', limit: streams }], privacy_policy_confirm: true },
      metadata: at(minute++, { actorId: userId, actorRole: 'ROLE_CUSTOMER' }),
    });
  };
  await buy('s-1', 'u-ada', 2);
  await buy('s-2', 'u-ada', 4);
  await buy('s-3', 'u-alan', 1);
  await handler.handle(subscriptionDecider, 's-1', {
    type: 'OrderPayment',
    data: { paypalOrderID: 'ORDER-1', paypalSubscriptionID: 'PP-1', amount: 1000, currency: 'USD' },
    metadata: at(minute++, { actorId: 'u-ada', actorRole: 'ROLE_CUSTOMER' }),
  });
  await handler.handle(subscriptionDecider, 's-1', {
    type: 'CaptureOrder',
    data: { paypalOrderID: 'ORDER-1', paypalSubscriptionID: 'PP-1', captureId: 'CAP-1', quantity: 2, amount: 1000, currency: 'USD', providerStatus: 'COMPLETED', licenceKey: 'LIC-AAAA-BBBB' },
    metadata: at(minute++, { actorId: 'u-ada', actorRole: 'ROLE_CUSTOMER', idempotencyKey: 'ORDER-1' }),
  });
  await handler.handle(subscriptionDecider, 's-1', { type: 'ReviseSubscription', data: { paypalSubscriptionID: 'PP-1', quantity: 3 }, metadata: at(minute++, { actorId: 'u-ada', actorRole: 'ROLE_CUSTOMER' }) });
  await handler.handle(subscriptionDecider, 's-3', { type: 'CancelSubscription', data: { reason: 'not needed' }, metadata: at(minute++, { actorId: 'u-alan', actorRole: 'ROLE_CUSTOMER' }) });
  await handler.handle(userDecider, 'u-ada', { type: 'UpdateUser', data: { familyName: 'King' }, metadata: at(minute++) });
  await handler.handle(entryDecider, 'e-1', {
    type: 'CreateEntry',
    data: { entryId: 'e-1', entry_type: 'MATERIAL', category: 'TUTORIALS', url: '/how-to-use', template: [{ property_i18n: 'title', defaultValue: 'Start here', dataType: 'STRING', formEntityType: 'TEXT' }] },
    metadata: at(minute++),
  });
  await handler.handle(fileDecider, 'f-1', {
    type: 'RecordFileUpload',
    data: { fileId: 'f-1', originalName: 'logo.png', mimeType: 'image/png', size: 3, sha256: 'b'.repeat(64), storageKey: 'f-1' },
    metadata: at(minute++),
  });
}
