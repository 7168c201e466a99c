import { expect } from 'chai';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { startRedisServer, type RedisServer } from '../../../projections/test/redis-server.js';
import { cachingAuthStore, redisRevocationBus, REVOCATION_CHANNEL } from './session-cache.js';
import { createRedisAuthStore, createSqliteAuthStore, type AuthStore, type Session } from './store.js';

const HOUR = 3_600_000;
const session = (userId: string, at: number): Session => ({ userId, createdAt: at, expiresAt: at + HOUR });

/** Counts the reads that reach the store behind the cache. */
function counting(inner: AuthStore): AuthStore & { reads: number } {
  const store = { ...inner, reads: 0 };
  store.getSession = async (token, now) => {
    store.reads++;
    return inner.getSession(token, now);
  };
  return store;
}

describe('session cache: sessions trusted briefly in memory, revocations effective at once (SQLite and Redis)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'relaycast-session-cache-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the store once per time to live, then again', async () => {
    let now = 1_000_000;
    const inner = counting(createSqliteAuthStore(join(dir, 'auth.db')));
    const store = cachingAuthStore(inner, { ttlMs: 5000, now: () => now });
    await store.saveSession('token-a', session('user-1', now));
    expect(await store.getSession('token-a')).to.deep.include({ userId: 'user-1' });
    expect(await store.getSession('token-a')).to.deep.include({ userId: 'user-1' });
    expect(inner.reads).to.equal(1);
    now += 5001;
    expect(await store.getSession('token-a')).to.deep.include({ userId: 'user-1' });
    expect(inner.reads).to.equal(2);
    await store.close();
  });

  it('a cached session still ends at its expiry', async () => {
    let now = 1_000_000;
    const store = cachingAuthStore(createSqliteAuthStore(join(dir, 'auth.db')), { ttlMs: 5000, now: () => now });
    await store.saveSession('token-a', { userId: 'user-1', createdAt: now, expiresAt: now + 1000 });
    expect(await store.getSession('token-a')).to.not.equal(null);
    now += 1000;
    expect(await store.getSession('token-a')).to.equal(null);
    await store.close();
  });

  it('sign-out and "end every session of this user" take effect at once in this process', async () => {
    const store = cachingAuthStore(createSqliteAuthStore(join(dir, 'auth.db')), { ttlMs: 60_000 });
    const now = Date.now();
    await store.saveSession('token-a', session('user-1', now));
    await store.saveSession('token-b', session('user-2', now));
    await store.saveSession('token-c', session('user-2', now));
    for (const t of ['token-a', 'token-b', 'token-c']) expect(await store.getSession(t)).to.not.equal(null);
    await store.revokeSession('token-a');
    expect(await store.getSession('token-a')).to.equal(null);
    await store.revokeUserSessions('user-2');
    expect(await store.getSession('token-b')).to.equal(null);
    expect(await store.getSession('token-c')).to.equal(null);
    await store.close();
  });

  it('a read that started before a revocation does not put the session back in the cache', async () => {
    const sqlite = createSqliteAuthStore(join(dir, 'auth.db'));
    let release!: () => void;
    const slow: AuthStore = {
      ...sqlite,
      async getSession(token, now) {
        const found = await sqlite.getSession(token, now);
        await new Promise<void>((resolve) => (release = resolve));
        return found;
      },
    };
    const store = cachingAuthStore(slow, { ttlMs: 60_000 });
    await store.saveSession('token-a', session('user-1', Date.now()));
    const racing = store.getSession('token-a'); // reads the session, answers late
    await new Promise((r) => setImmediate(r));
    const revoked = store.revokeSession('token-a');
    release();
    expect(await racing).to.not.equal(null); // it was valid when read
    await revoked;
    slow.getSession = (token, now) => sqlite.getSession(token, now);
    expect(await store.getSession('token-a')).to.equal(null);
    await store.close();
  });

  describe('two replicas sharing a real redis-server', () => {
    let redis: RedisServer;
    before(async () => {
      redis = await startRedisServer();
    });
    after(async () => redis.stop());

    it('a revocation on one replica reaches the other at once (pub/sub), not after the time to live', async () => {
      const clientA = new Redis(redis.url);
      const clientB = new Redis(redis.url);
      const replicaA = cachingAuthStore(createRedisAuthStore(clientA), { ttlMs: 60_000, bus: redisRevocationBus(clientA) });
      const replicaB = cachingAuthStore(createRedisAuthStore(clientB), { ttlMs: 60_000, bus: redisRevocationBus(clientB) });
      try {
        // Both replicas' subscribers are connected (Redis counts them), however slow the machine.
        for (const until = Date.now() + 5000; Date.now() < until; await new Promise((r) => setTimeout(r, 10))) {
          const [, count] = (await clientA.pubsub('NUMSUB', REVOCATION_CHANNEL)) as [string, number];
          if (count >= 2) break;
        }
        const now = Date.now();
        await replicaA.saveSession('token-a', session('user-1', now));
        await replicaA.saveSession('token-b', session('user-2', now));
        expect(await replicaB.getSession('token-a')).to.deep.include({ userId: 'user-1' }); // cached on B now
        expect(await replicaB.getSession('token-b')).to.deep.include({ userId: 'user-2' });
        await replicaA.revokeSession('token-a');
        await replicaA.revokeUserSessions('user-2');
        const deadline = Date.now() + 2000;
        while ((await replicaB.getSession('token-a')) !== null || (await replicaB.getSession('token-b')) !== null) {
          if (Date.now() > deadline) throw new Error('replica B still trusts revoked sessions 2 s later');
          await new Promise((r) => setTimeout(r, 10));
        }
      } finally {
        await replicaA.close();
        await replicaB.close();
        clientA.disconnect();
        clientB.disconnect();
      }
    });
  });
});
