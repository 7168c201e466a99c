import { MemoryStore, type Options, type Store } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import { AppError, type UserView } from '@relaycast/contracts';
import type { Runtime } from '../runtime.js';

/** The window a user's writes are counted over. */
export const WRITE_QUOTA_WINDOW_MS = 10 * 60 * 1000;

/**
 * A rate-limit counter store in Redis when it is configured (one count for every replica, kept across restarts),
 * under `name`; undefined without Redis (the caller counts in this process).
 */
export function redisCounterStore(rt: Runtime, name: string): Store | undefined {
  const redis = rt.redis;
  if (!redis) return undefined;
  return new RedisStore({
    prefix: `${rt.config.readModelPrefix ?? ''}${name}:`,
    sendCommand: (command: string, ...args: string[]) => redis.call(command, ...args) as Promise<RedisReply>,
  });
}

/**
 * Per-user write quotas: how many requests that write events (a command that changed something) one signed-in
 * user other than an administrator may make in ten minutes (WRITE_QUOTA). Reads and writes that change nothing do
 * not count; routes marked `query` are never refused. Counted in Redis when it is configured (shared by replicas),
 * in the process otherwise. A burst of concurrent writes can pass the quota by at most the writes already in flight.
 */
export interface WriteQuota {
  /** Refuses (429) a user whose quota is spent; before the route runs, so a refused request writes nothing. */
  check(user: UserView | null): Promise<void>;
  /** Counts one write by the user. */
  count(user: UserView | null): Promise<void>;
}

const quotas = new WeakMap<Runtime, WriteQuota>();

function storeFor(rt: Runtime): Store {
  const store = redisCounterStore(rt, 'write-quota') ?? new MemoryStore();
  void store.init?.({ windowMs: WRITE_QUOTA_WINDOW_MS } as Options);
  return store;
}

export function writeQuotaOf(rt: Runtime): WriteQuota {
  const existing = quotas.get(rt);
  if (existing) return existing;
  const limit = rt.config.writeQuota;
  const store = storeFor(rt);
  // Writes go to the event store, not to Redis: a Redis outage must not stop them, so the quota lets writes through
  // (and says so in the log) while its count cannot be read.
  const usedBy = (userId: string) =>
    Promise.resolve(store.get?.(userId)).then(
      (info) => info?.totalHits ?? 0,
      (error: unknown) => {
        rt.logger.warn({ err: error }, 'write quota: count unavailable, letting the write through');
        return 0;
      },
    );
  const counted = (user: UserView | null): user is UserView => limit > 0 && user !== null && user.role !== 'ROLE_ADMIN';
  const quota: WriteQuota = {
    async check(user) {
      if (!counted(user)) return;
      const used = await usedBy(user._id);
      if (used >= limit) {
        throw new AppError('RATE_LIMITED', `Too many changes in a short time (at most ${limit} in ${WRITE_QUOTA_WINDOW_MS / 60_000} minutes); wait a few minutes and try again`);
      }
    },
    async count(user) {
      if (!counted(user)) return;
      await Promise.resolve(store.increment(user._id)).catch((error: unknown) => rt.logger.warn({ err: error }, 'write quota: could not count a write'));
    },
  };
  quotas.set(rt, quota);
  return quota;
}
