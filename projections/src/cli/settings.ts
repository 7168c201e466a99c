import { resolve } from 'node:path';
import { openEventStore, type EventStore } from '@relaycast/billing-core';
import { connectRedis } from '../readmodel/redis.js';
import { createRedisReadModelStore } from '../readmodel/redis.js';
import type { ReadModelStore } from '../readmodel/port.js';
import type { Redis } from 'ioredis';

/** The stores a projections process works on, from the same environment variables as the read-api. */
export async function openStores(env: NodeJS.ProcessEnv = process.env): Promise<{ events: EventStore; readModels: ReadModelStore; redis: Redis; close(): Promise<void> }> {
  const kind = env.EVENT_STORE === 'eventstoredb' ? 'eventstoredb' : 'sqlite';
  const events = await openEventStore({ kind, dataDir: resolve(env.DATA_DIR || 'data'), connectionString: env.EVENTSTORE_CONNECTION_STRING ?? null });
  const redis = await connectRedis(env.REDIS_URL || 'redis://127.0.0.1:6379');
  const readModels = createRedisReadModelStore(redis, env.READ_MODEL_PREFIX ? { prefix: env.READ_MODEL_PREFIX } : {});
  return {
    events,
    readModels,
    redis,
    async close() {
      await events.close();
      redis.disconnect();
    },
  };
}

export function projectionNamesFrom(value: string | undefined): string[] {
  return (value ?? '').split(',').map((n) => n.trim()).filter(Boolean);
}
