import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import type { NewEvent } from '@relaycast/contracts';
import { createSqliteEventStore } from './sqlite.js';

const event = (type: string): NewEvent => ({ id: randomUUID(), type, occurredAt: '2026-11-25T10:00:00.000Z', data: {}, metadata: { actorId: 'tester', actorRole: 'SYSTEM', correlationId: type, causationId: null } });

/**
 * The catch-up subscription over `readAll` (SQLite): an append wakes a subscriber at once, also one that was busy
 * in its handler when the append happened. The poll interval is set to 10 s here, so a missed wake-up shows as a
 * delivery 10 s late instead of up to 50 ms of extra projection lag (found while looking into the Redis lag).
 */
describe('followStore: appends wake the subscriber', () => {
  it('an append made while the handler is busy is delivered as soon as the handler returns, not at the next poll', async () => {
    const store = createSqliteEventStore(':memory:', { pollIntervalMs: 10_000 });
    const delivered: { type: string; at: number }[] = [];
    let releaseFirst!: () => void;
    const firstHandled = new Promise<void>((resolve) => (releaseFirst = resolve));
    const sub = store.subscribe({ after: 0n }, async (e) => {
      delivered.push({ type: e.type, at: Date.now() });
      // The first event's handler is slow (a Redis commit, say); the second append lands meanwhile.
      if (e.type === 'First') await firstHandled;
    });
    try {
      await store.append('s-1', [event('First')], 0);
      for (const until = Date.now() + 2000; !delivered.length && Date.now() < until; ) await new Promise((r) => setTimeout(r, 5));
      expect(delivered.map((d) => d.type)).to.deep.equal(['First']);
      await store.append('s-1', [event('Second')], 1);
      const released = Date.now();
      releaseFirst();
      for (const until = Date.now() + 3000; delivered.length < 2 && Date.now() < until; ) await new Promise((r) => setTimeout(r, 5));
      expect(delivered.map((d) => d.type)).to.deep.equal(['First', 'Second']);
      expect(delivered[1]!.at - released, 'ms from the handler returning to the next delivery').to.be.below(1000);
    } finally {
      await sub.stop();
      await store.close();
    }
  });

  for (const [when, pause] of [['right after subscribing (its first read still under way)', 0], ['while caught up and asleep', 20]] as const) {
    it(`an append made ${when} is delivered at once`, async () => {
      const store = createSqliteEventStore(':memory:', { pollIntervalMs: 10_000 });
      const delivered: string[] = [];
      const sub = store.subscribe({ after: 0n }, (e) => void delivered.push(e.type));
      try {
        if (pause) await new Promise((r) => setTimeout(r, pause));
        await store.append('s-1', [event('Only')], 0);
        for (const until = Date.now() + 1000; !delivered.length && Date.now() < until; ) await new Promise((r) => setTimeout(r, 5));
        expect(delivered).to.deep.equal(['Only']);
      } finally {
        await sub.stop();
        await store.close();
      }
    });
  }
});
