import { expect } from 'chai';
import { startRedisServer, type RedisServer } from '../../../projections/test/redis-server.js';
import { startTestServer, type TestServer } from '../../test/harness.js';

/**
 * Issue 14, item 11: the sign-in rate limit lived in each process's memory, so every replica (and every restart)
 * gave an attacker a fresh allowance. With Redis configured the count lives there: shared by replicas, kept across
 * restarts.
 */
describe('the sign-in rate limit with Redis (real redis-server, two replicas)', function () {
  this.timeout(60_000);
  let redis: RedisServer;
  const servers: TestServer[] = [];
  before(async () => {
    redis = await startRedisServer();
  });
  after(async () => {
    for (const s of servers) await s.close();
    await redis?.stop();
  });

  const replica = async () => {
    const s = await startTestServer({ env: { READ_MODEL: 'redis', REDIS_URL: redis.url, SIGNIN_RATE_LIMIT: '4' } });
    servers.push(s);
    return s;
  };
  const wrongPassword = (s: TestServer) => s.client().post('/auth/local/signin', { email: 'admin@relaycast.test', password: 'not-the-password-1' });

  it('counts attempts across replicas and restarts: the 5th attempt anywhere is refused (429)', async () => {
    const a = await replica();
    const b = await replica();
    expect((await wrongPassword(a)).status).to.equal(401);
    expect((await wrongPassword(a)).status).to.equal(401);
    expect((await wrongPassword(b)).status).to.equal(401);
    expect((await wrongPassword(b)).status).to.equal(401);
    const refused = await wrongPassword(a);
    expect(refused.status).to.equal(429);
    expect(refused.body.error.code).to.equal('RATE_LIMITED');
    const restarted = await replica();
    expect((await wrongPassword(restarted)).status, 'a new replica knows the count').to.equal(429);
  });
});
