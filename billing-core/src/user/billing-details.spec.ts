import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { meta } from '../../test/given.js';
import { createCommandHandler } from '../handler.js';
import { createSqliteEventStore } from '../store/sqlite.js';
import { userDecider } from './index.js';

/** Issue 35, item 3: the billing details' write path run twice at once, and retried. */
describe('billing details on the SQLite store: two tabs, a retried click', () => {
  it('the same details (a valid VAT number) sent twice at once and again: one event, with its check', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'relaycast-billing-details-'));
    const store = createSqliteEventStore(join(dir, 'events.db'));
    try {
      const handler = createCommandHandler(store);
      const self = meta({ actorId: 'user-1', actorRole: 'ROLE_CUSTOMER' });
      await handler.handle(userDecider, 'user-1', {
        type: 'RegisterUser',
        data: { userId: 'user-1', email: 'ada@example.com', givenName: 'Ada', familyName: 'Lovelace', role: 'ROLE_CUSTOMER', strategy: 'local' },
        metadata: self,
      });
      const change = { type: 'ChangeBillingDetails' as const, data: { name: 'Maschinen GmbH', address: 'Hauptstraße 1', country: 'DE' as const, vatNumber: 'DE136695976' }, metadata: self };
      await Promise.all([handler.handle(userDecider, 'user-1', change), handler.handle(userDecider, 'user-1', change)]);
      await handler.handle(userDecider, 'user-1', change);
      const changes = (await store.readStream('user-user-1')).filter((e) => e.type === 'BillingDetailsChanged');
      expect(changes.map((e) => e.data)).to.deep.equal([
        {
          billingDetails: { name: 'Maschinen GmbH', address: 'Hauptstraße 1', country: 'DE', vatNumber: 'DE136695976' },
          vatNumberCheck: { vatNumber: 'DE136695976', country: 'DE', offline: 'valid', checkedAt: self.now },
        },
      ]);
    } finally {
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
