import { Redis } from 'ioredis';
import { UnavailableError } from '@relaycast/contracts';
import { canonicalDump, type Change, type RangeOptions, type ReadModelStore } from './port.js';

/**
 * Read models in Redis. Layout under a key prefix (default "rm"): a hash per collection
 * `{prefix}:{projection}:doc:{collection}` (field = id, value = JSON), a sorted set per index
 * `{prefix}:{projection}:idx:{index}`, and `{prefix}:{projection}:checkpoint`. A commit is one MULTI/EXEC,
 * so documents, indexes and checkpoint move together or not at all.
 */
export interface RedisReadModelOptions {
  prefix?: string;
}

/**
 * A connected client that fails fast while Redis is away, instead of queueing requests until it returns
 * (requests would otherwise hang), and reconnects in the background.
 */
export async function connectRedis(url: string, timeoutMs = 5000): Promise<Redis> {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2000,
    retryStrategy: (times) => Math.min(times * 100, 1000),
    lazyConnect: true,
  });
  // Connection errors surface on the commands; without a listener ioredis would print each one.
  client.on('error', () => undefined);
  const timer = new Promise<never>((_, reject) => setTimeout(() => reject(new UnavailableError(`Redis at ${url} did not answer within ${timeoutMs} ms`)), timeoutMs).unref());
  try {
    await Promise.race([client.connect(), timer]);
  } catch (error) {
    client.disconnect();
    throw error instanceof UnavailableError ? error : new UnavailableError(`Cannot connect to Redis at ${url}: ${(error as Error).message}`);
  }
  return client;
}

function unavailable(error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  throw new UnavailableError(`Read models are unavailable (Redis: ${message})`);
}

export function createRedisReadModelStore(client: Redis, options: RedisReadModelOptions = {}): ReadModelStore {
  const prefix = options.prefix ?? 'rm';
  const docKey = (p: string, c: string) => `${prefix}:${p}:doc:${c}`;
  const idxKey = (p: string, i: string) => `${prefix}:${p}:idx:${i}`;
  const cpKey = (p: string) => `${prefix}:${p}:checkpoint`;
  const guard = <T>(work: Promise<T>): Promise<T> => work.catch(unavailable);

  async function keysOf(projection: string): Promise<string[]> {
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await client.scan(cursor, 'MATCH', `${prefix}:${projection}:*`, 'COUNT', 1000);
      cursor = next;
      keys.push(...batch);
    } while (cursor !== '0');
    return keys;
  }

  return {
    kind: 'redis',
    async checkpoint(projection) {
      const value = await guard(client.get(cpKey(projection)));
      return value ? BigInt(value) : 0n;
    },
    async commit(projection, changes: readonly Change[], checkpoint) {
      const multi = client.multi();
      for (const c of changes) {
        switch (c.op) {
          case 'put':
            multi.hset(docKey(projection, c.collection), c.id, JSON.stringify(c.doc));
            break;
          case 'delete':
            multi.hdel(docKey(projection, c.collection), c.id);
            break;
          case 'index':
            multi.zadd(idxKey(projection, c.index), c.score, c.id);
            break;
          case 'unindex':
            multi.zrem(idxKey(projection, c.index), c.id);
            break;
        }
      }
      multi.set(cpKey(projection), checkpoint.toString());
      const results = await guard(multi.exec());
      const failed = results?.find(([error]) => error);
      if (!results || failed) throw new Error(`read model commit failed: ${failed?.[0]?.message ?? 'transaction aborted'}`);
    },
    async get<T>(projection: string, collection: string, id: string) {
      const json = await guard(client.hget(docKey(projection, collection), id));
      return json === null ? null : (JSON.parse(json) as T);
    },
    async getMany<T>(projection: string, collection: string, ids: readonly string[]) {
      if (ids.length === 0) return [];
      const values = await guard(client.hmget(docKey(projection, collection), ...ids));
      return values.map((json) => (json === null ? null : (JSON.parse(json) as T)));
    },
    async getManyJson(projection: string, collection: string, ids: readonly string[]) {
      if (ids.length === 0) return [];
      return guard(client.hmget(docKey(projection, collection), ...ids));
    },
    async range(projection, index, { offset, limit, order }: RangeOptions) {
      if (limit <= 0) return [];
      const key = idxKey(projection, index);
      const stop = offset + limit - 1;
      return guard(order === 'asc' ? client.zrange(key, String(offset), String(stop)) : client.zrevrange(key, String(offset), String(stop)));
    },
    async members(projection, index) {
      return guard(client.zrange(idxKey(projection, index), '0', '-1'));
    },
    async count(projection, index) {
      return guard(client.zcard(idxKey(projection, index)));
    },
    async drop(projection) {
      const keys = await guard(keysOf(projection));
      for (let i = 0; i < keys.length; i += 500) await guard(client.unlink(...keys.slice(i, i + 500)));
    },
    async dump(projection) {
      const keys = await guard(keysOf(projection));
      const docs: [string, string, string][] = [];
      const entries: [string, string, number][] = [];
      const docPrefix = `${prefix}:${projection}:doc:`;
      const idxPrefix = `${prefix}:${projection}:idx:`;
      for (const key of keys) {
        if (key.startsWith(docPrefix)) {
          const collection = key.slice(docPrefix.length);
          for (const [id, json] of Object.entries(await guard(client.hgetall(key)))) docs.push([collection, id, json]);
        } else if (key.startsWith(idxPrefix)) {
          const index = key.slice(idxPrefix.length);
          const flat = await guard(client.zrange(key, '0', '-1', 'WITHSCORES'));
          for (let i = 0; i < flat.length; i += 2) entries.push([index, flat[i]!, Number(flat[i + 1])]);
        }
      }
      const cp = await guard(client.get(cpKey(projection)));
      return canonicalDump(cp ? BigInt(cp) : 0n, docs, entries);
    },
    async close() {
      // The client belongs to whoever created it.
    },
  };
}
