import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { UnavailableError } from '@relaycast/contracts';
import { readModelConformance } from '../../test/readmodel-conformance.js';
import { startRedisServer, type RedisServer } from '../../test/redis-server.js';
import { connectRedis, createRedisReadModelStore } from './redis.js';

describe('Redis read models (real redis-server)', function () {
  let server: RedisServer;
  before(async () => {
    server = await startRedisServer();
  });
  after(async () => server.stop());

  readModelConformance('Redis', async () => {
    const client = await connectRedis(server.url);
    // A prefix per test keeps tests apart on one server.
    const store = createRedisReadModelStore(client, { prefix: `t-${randomUUID()}` });
    return { store, cleanup: async () => void client.disconnect() };
  });

  it('fails fast with UnavailableError (503) when Redis is gone, and works again when it is back', async () => {
    const client = await connectRedis(server.url);
    const store = createRedisReadModelStore(client, { prefix: 'outage' });
    await store.commit('p', [{ op: 'put', collection: 'c', id: 'a', doc: 1 }], 1n);
    await server.stop();
    const started = Date.now();
    const error = await store.get('p', 'c', 'a').catch((e: unknown) => e);
    expect(error).to.be.instanceOf(UnavailableError);
    expect((error as UnavailableError).code).to.equal('UNAVAILABLE');
    expect(Date.now() - started).to.be.below(3000);
    await server.start();
    for (let i = 0; i < 100; i++) {
      if (client.status === 'ready') break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await store.commit('p', [{ op: 'put', collection: 'c', id: 'a', doc: 2 }], 2n);
    expect(await store.get('p', 'c', 'a')).to.equal(2);
    client.disconnect();
  });
});
