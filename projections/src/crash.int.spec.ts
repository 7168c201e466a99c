import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Redis } from 'ioredis';
import { createCommandHandler, createSqliteEventStore, subscriptionDecider, userDecider, type EventStore } from '@relaycast/billing-core';
import { startRedisServer, type RedisServer } from '../test/redis-server.js';
import { connectRedis, createRedisReadModelStore } from './readmodel/redis.js';
import { ALL_PROJECTIONS } from './projections/index.js';
import { rebuildProjection } from './rebuild.js';

const RUNNER = fileURLToPath(new URL('./cli/run.ts', import.meta.url));

/**
 * Crash safety: the projections process is SIGKILLed at random moments while 1,000 commands flow into the event
 * store. After the last restart has caught up, every Redis read model must equal a fresh rebuild, byte for byte:
 * nothing lost, nothing applied twice.
 */
describe('projections survive SIGKILL at random points (real Redis, child process)', function () {
  this.timeout(180_000);
  let redis: RedisServer;
  let client: Redis;
  let dir: string;
  let events: EventStore;

  before(async () => {
    redis = await startRedisServer();
    client = await connectRedis(redis.url);
    dir = mkdtempSync(join(tmpdir(), 'relaycast-crash-'));
    events = createSqliteEventStore(join(dir, 'events.db'));
  });
  after(async () => {
    client.disconnect();
    await events.close();
    await redis.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  function startRunner(): Promise<ChildProcess> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ['--import', 'tsx', RUNNER], {
        env: { ...process.env, DATA_DIR: dir, REDIS_URL: redis.url, READ_MODEL_PREFIX: 'live', LOG_LEVEL: 'info' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout!.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('projections running')) resolve(child);
      });
      child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
      child.on('exit', (code, signal) => {
        if (!out.includes('projections running')) reject(new Error(`projections process exited early (${code ?? signal}): ${out}`));
      });
    });
  }

  async function flowCommands(count: number): Promise<void> {
    const handler = createCommandHandler(events);
    const meta = (i: number, actorId = 'admin-1') => ({
      now: new Date(Date.UTC(2026, 10, 1) + i * 1000).toISOString(),
      actorId,
      actorRole: actorId === 'admin-1' ? ('ROLE_ADMIN' as const) : ('ROLE_CUSTOMER' as const),
      correlationId: `c-${i}`,
    });
    let n = 0;
    const users = 40;
    for (let u = 0; u < users && n < count; u++, n++) {
      await handler.handle(userDecider, `u${u}`, { type: 'RegisterUser', data: { userId: `u${u}`, email: `u${u}@example.com`, givenName: `User${u}`, familyName: 'Crash', role: 'ROLE_CUSTOMER', strategy: 'google' }, metadata: meta(n) });
    }
    let s = 0;
    while (n < count) {
      const user = `u${s % users}`;
      const id = `s${s++}`;
      const steps: Parameters<typeof handler.handle>[2][] = [
        { type: 'CreateSubscription', data: { subscriptionId: id, user_id: user, subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', plan_id: 'constructor', infrastructure_type: 'self-hosted', modules: [{ name: 'streams', limit: 1 + (s % 5) }], privacy_policy_confirm: true }, metadata: meta(n, user) },
        { type: 'OrderPayment', data: { paypalOrderID: `O-${id}`, paypalSubscriptionID: `RCS-${id}`, amount: 500 * (1 + (s % 5)), currency: 'USD' }, metadata: meta(n, user) },
        { type: 'CaptureOrder', data: { paypalOrderID: `O-${id}`, paypalSubscriptionID: `RCS-${id}`, captureId: `C-${id}`, quantity: 1 + (s % 5), amount: 500 * (1 + (s % 5)), currency: 'USD', providerStatus: 'COMPLETED', licenceKey: `LIC-${id}-XXXX` }, metadata: { ...meta(n, user), idempotencyKey: `O-${id}` } },
        { type: 'ReviseSubscription', data: { paypalSubscriptionID: `RCS-${id}`, quantity: 8 }, metadata: meta(n, user) },
        s % 3 === 0 ? { type: 'CancelSubscription', data: { reason: 'crash test' }, metadata: meta(n, user) } : { type: 'UpdateSubscription', data: { name: `Renamed ${id}` }, metadata: meta(n, user) },
      ];
      for (const command of steps) {
        if (n >= count) break;
        await handler.handle(subscriptionDecider, id, command as never);
        n++;
        // Paced, so that kills land between, during and after batches.
        if (n % 10 === 0) await new Promise((r) => setTimeout(r, 100));
      }
      if (s % 7 === 0 && n < count) {
        await handler.handle(userDecider, user, { type: 'UpdateUser', data: { familyName: `Renamed${s}` }, metadata: meta(n) });
        n++;
      }
    }
  }

  it('1,000 commands, repeated SIGKILLs, then live read models == a fresh rebuild', async () => {
    let child = await startRunner();
    let kills = 0;
    let flowing = true;
    const killer = (async () => {
      while (flowing) {
        await new Promise((r) => setTimeout(r, 150 + Math.random() * 600));
        if (!flowing) break;
        child.kill('SIGKILL');
        kills++;
        await new Promise((r) => child.once('exit', r));
        child = await startRunner();
      }
    })();
    await flowCommands(1000);
    flowing = false;
    await killer;

    const head = await events.headPosition();
    const live = createRedisReadModelStore(client, { prefix: 'live' });
    const deadline = Date.now() + 60_000;
    while ((await Promise.all(ALL_PROJECTIONS.map((p) => live.checkpoint(p.name)))).some((cp) => cp < head)) {
      if (Date.now() > deadline) throw new Error('projections did not catch up after the last restart');
      await new Promise((r) => setTimeout(r, 50));
    }
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));

    expect(kills, 'the test must actually kill the process several times').to.be.at.least(3);
    const fresh = createRedisReadModelStore(client, { prefix: 'fresh' });
    for (const projection of ALL_PROJECTIONS) {
      await rebuildProjection(events, fresh, projection);
      const [a, b] = [await live.dump(projection.name), await fresh.dump(projection.name)];
      if (['users', 'subscriptions', 'history'].includes(projection.name)) expect(a.split('\n').length, projection.name).to.be.greaterThan(100);
      expect(a === b, `${projection.name}: live read model differs from a fresh rebuild`).to.equal(true);
    }
  });
});
