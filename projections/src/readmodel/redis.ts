import { Redis } from 'ioredis';
import { UnavailableError } from '@relaycast/contracts';
import { StaleWriterError, unwritableChange, canonicalDump, type Change, type RangeOptions, type ReadModelStore } from './port.js';

/**
 * Read models in Redis. Layout under a key prefix (default "rm"): a hash per collection
 * `{prefix}:{projection}:doc:{collection}` (field = id, value = JSON), a sorted set per index
 * `{prefix}:{projection}:idx:{index}`, and `{prefix}:{projection}:checkpoint`. A commit is one Lua script,
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

/**
 * KEYS[1] the checkpoint, KEYS[1+i] the key of change i; ARGV[1] the expected checkpoint ('' = no check), ARGV[2]
 * the new one, then three values per change: op, member, value. A refused fence answers "STALE <found>".
 */
const COMMIT_SCRIPT = `
local current = redis.call('GET', KEYS[1]) or '0'
if ARGV[1] ~= '' and current ~= ARGV[1] then return redis.error_reply('STALE ' .. current) end
for i = 2, #KEYS do
  local a = 3 + (i - 2) * 3
  local op, member, value = ARGV[a], ARGV[a + 1], ARGV[a + 2]
  local r
  if op == 'put' then r = redis.pcall('HSET', KEYS[i], member, value)
  elseif op == 'delete' then r = redis.pcall('HDEL', KEYS[i], member)
  elseif op == 'index' then r = redis.pcall('ZADD', KEYS[i], value, member)
  else r = redis.pcall('ZREM', KEYS[i], member) end
  if type(r) == 'table' and r.err then return redis.error_reply('CHANGE ' .. r.err) end
end
redis.call('SET', KEYS[1], ARGV[2])
return 'OK'
`;

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
    // A read is a round trip; a runner's next event mostly reads what its last ones wrote. Bounded per runner: a
    // subscription's documents are a few KB, so a few MB each at most.
    recentDocumentsToKeep: 2_000,
    async checkpoint(projection) {
      const value = await guard(client.get(cpKey(projection)));
      return value ? BigInt(value) : 0n;
    },
    async commit(projection, changes: readonly Change[], checkpoint, expected) {
      // One Lua script: check the checkpoint (fencing), apply every change, move the checkpoint last — atomic in
      // Redis, and a change that fails leaves the checkpoint where it was (the batch is applied again on restart).
      const problem = unwritableChange(changes);
      if (problem) throw new Error(`read model commit refused: ${problem}`);
      const keys = [cpKey(projection)];
      const args: string[] = [expected === undefined ? '' : expected.toString(), checkpoint.toString()];
      for (const c of changes) {
        const key = c.op === 'put' || c.op === 'delete' ? docKey(projection, c.collection) : idxKey(projection, c.index);
        keys.push(key);
        if (c.op === 'put') args.push('put', c.id, c.json ?? JSON.stringify(c.doc));
        else if (c.op === 'delete') args.push('delete', c.id, '');
        else if (c.op === 'index') args.push('index', c.id, String(c.score));
        else args.push('unindex', c.id, '');
      }
      const answer = await guard(client.eval(COMMIT_SCRIPT, keys.length, ...keys, ...args)).catch((error: unknown) => {
        const found = /STALE (\d+)/.exec(error instanceof Error ? error.message : '');
        if (found && expected !== undefined) throw new StaleWriterError(projection, expected, BigInt(found[1]!));
        throw error;
      });
      if (answer !== 'OK') throw new Error(`read model commit failed: ${String(answer)}`);
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
    async getManyBytes(projection: string, collection: string, ids: readonly string[]) {
      if (ids.length === 0) return [];
      return guard(client.hmgetBuffer(docKey(projection, collection), ...ids));
    },
    async range(projection, index, { offset, limit, order, maxScore, minScore }: RangeOptions) {
      if (limit <= 0) return [];
      const key = idxKey(projection, index);
      if (maxScore !== undefined || minScore !== undefined) {
        if (order !== 'asc') throw new Error('score ranges are ascending');
        return guard(client.zrangebyscore(key, minScore === undefined ? '-inf' : String(minScore), maxScore === undefined ? '+inf' : String(maxScore), 'LIMIT', String(offset), String(limit)));
      }
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
