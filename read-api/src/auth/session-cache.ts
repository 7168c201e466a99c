import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { AuthStore, Session } from './store.js';

/** Where replicas tell each other that sessions were revoked (Redis pub/sub). */
export const REVOCATION_CHANNEL = 'relaycast:sessions:revoked';
/** Entries kept at most (the oldest go first): memory stays bounded whatever the number of live sessions. */
const MAX_ENTRIES = 10_000;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** A Map that forgets its oldest entry beyond `max` (insertion order). */
export function boundedSet<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > max) map.delete(map.keys().next().value as K);
}

export interface RevocationBus {
  publish(message: string): void;
  subscribe(onMessage: (message: string) => void): void;
  close(): Promise<void>;
}

/** Revocations between the replicas that share a Redis: one subscriber connection per process. */
export function redisRevocationBus(redis: Redis): RevocationBus {
  let subscriber: Redis | null = null;
  return {
    publish(message) {
      // A replica that misses it still forgets the session within the cache's time to live.
      redis.publish(REVOCATION_CHANNEL, message).catch(() => {});
    },
    subscribe(onMessage) {
      subscriber = redis.duplicate();
      subscriber.on('message', (channel: string, message: string) => channel === REVOCATION_CHANNEL && onMessage(message));
      subscriber.on('error', () => {});
      subscriber.subscribe(REVOCATION_CHANNEL).catch(() => {});
    },
    async close() {
      subscriber?.disconnect();
    },
  };
}

/**
 * Sessions for a short while in this process's memory: most requests of a signed-in user then cost no store
 * round trip. Revocation (sign-out, erasure, an administrator ending a user's sessions) forgets them at once here
 * and, through the bus, on every other replica; `ttlMs` bounds what a missed message could leave behind. Only the
 * session (token → user, expiry) is kept: the user's role is read fresh on every request.
 */
export function cachingAuthStore(inner: AuthStore, { ttlMs, bus, now = Date.now }: { ttlMs: number; bus?: RevocationBus; now?: () => number }): AuthStore {
  if (ttlMs <= 0) return inner;
  const byHash = new Map<string, { session: Session; until: number }>();
  // Bumped by every revocation: a store read that started before one is not cached (it may predate it).
  let generation = 0;
  const forgetUser = (userId: string) => {
    generation++;
    for (const [hash, entry] of byHash) if (entry.session.userId === userId) byHash.delete(hash);
  };
  const forgetToken = (hash: string) => {
    generation++;
    byHash.delete(hash);
  };
  bus?.subscribe((message) => {
    const colon = message.indexOf(':');
    const [kind, value] = [message.slice(0, colon), message.slice(colon + 1)];
    if (kind === 'token') forgetToken(value);
    else if (kind === 'user') forgetUser(value);
  });
  return {
    ...inner,
    async getSession(token, at = now()) {
      const hash = hashOf(token);
      const hit = byHash.get(hash);
      if (hit && hit.until > at) return hit.session.expiresAt > at ? hit.session : null;
      const before = generation;
      const session = await inner.getSession(token, at);
      if (session && generation === before) boundedSet(byHash, hash, { session, until: at + ttlMs }, MAX_ENTRIES);
      else byHash.delete(hash);
      return session;
    },
    async revokeSession(token) {
      const hash = hashOf(token);
      forgetToken(hash);
      await inner.revokeSession(token);
      forgetToken(hash);
      bus?.publish(`token:${hash}`);
    },
    async revokeUserSessions(userId) {
      forgetUser(userId);
      await inner.revokeUserSessions(userId);
      forgetUser(userId);
      bus?.publish(`user:${userId}`);
    },
    async close() {
      await bus?.close();
      await inner.close();
    },
  };
}
