import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Kafka, logLevel } from 'kafkajs';
import { freePort, startRedisServer, type RedisServer } from '../../projections/test/redis-server.js';
import { startMockKafka, type MockKafka } from '../../projections/test/kafka-mock.js';
import { bundleSources, composeServices, interpolate, ROOT, type ComposeService } from '../test/compose.js';

/**
 * deploy/compose.yaml's own services — their commands and environment as written there — started on this machine:
 * each `node X/dist/Y.js` runs as its source entry through tsx (the bundle is built from exactly that file: the map
 * of deploy/bundle.mjs and deploy/bundle-entries.json, read by test/compose.ts), with
 * the infrastructure replaced by loopback stand-ins: SQLite in a shared DATA_DIR for EventStoreDB (no server can
 * run here), a real redis-server, the kcat mock Kafka broker. Two read-api replicas share sessions and read models.
 */
describe('deploy: compose services, with their own commands and environment, on loopback stand-ins', function () {
  this.timeout(120_000);
  const children: ChildProcess[] = [];
  let redis: RedisServer;
  let kafka: MockKafka;
  let dir: string;
  const sources = bundleSources();
  const apps = Object.entries(composeServices()).filter(([, s]) => s.build);

  before(async () => {
    [redis, kafka] = await Promise.all([startRedisServer(), startMockKafka()]);
    dir = mkdtempSync(join(tmpdir(), 'relaycast-deploy-'));
  });
  after(async () => {
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) => {
            if (c.exitCode !== null || c.signalCode !== null) return resolve();
            c.once('exit', () => resolve());
            c.kill('SIGTERM');
            setTimeout(() => c.kill('SIGKILL'), 5000).unref();
          }),
      ),
    );
    await kafka?.kill();
    await redis?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  async function start(name: string, service: ComposeService, overrides: Record<string, string>): Promise<{ name: string; port: number }> {
    const [node, dist] = service.command!;
    expect(node).to.equal('node');
    const src = sources.get(dist!);
    expect(src, `${dist} is a bundle of a source entry`).to.be.a('string');
    const port = await freePort();
    const declared = Object.fromEntries(Object.entries(service.environment ?? {}).map(([k, v]) => [k, interpolate(String(v), overrides)]));
    const env: Record<string, string> = { ...(process.env as Record<string, string>), ...declared };
    for (const key of ['KAFKA_BROKERS', 'KAFKA_IDEMPOTENT']) if (overrides[key] && key in declared) env[key] = overrides[key];
    // EventStoreDB cannot run here: the same services on the embedded SQLite store, shared through DATA_DIR.
    env.EVENT_STORE = 'sqlite';
    delete env.EVENTSTORE_CONNECTION_STRING;
    env.DATA_DIR = dir;
    env.REDIS_URL = redis.url;
    env.LOG_LEVEL = 'warn';
    if ('HEALTH_PORT' in env) env.HEALTH_PORT = String(port);
    if ('PORT' in (service.environment ?? {})) {
      env.PORT = String(port);
      env.HOST = '127.0.0.1';
    }
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, src!)], { env, stdio: ['ignore', 'pipe', 'pipe'], cwd: ROOT });
    let output = '';
    child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    child.on('exit', (code, signal) => {
      if (code !== 0 && signal !== 'SIGTERM' && signal !== 'SIGKILL') console.error(`${name} exited (${code ?? signal}): ${output}`);
    });
    children.push(child);
    const deadline = Date.now() + 60_000;
    for (;;) {
      const ready = await fetch(`http://127.0.0.1:${port}/ready`).then((r) => r.ok, () => false);
      if (ready) return { name, port };
      if (child.exitCode !== null) throw new Error(`${name} (${src}) exited: ${output}`);
      if (Date.now() > deadline) throw new Error(`${name} not ready in 60 s: ${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  it('compose has the expected services, one projections process per read model', () => {
    const commands = apps.map(([, s]) => s.command!.join(' '));
    expect(commands.filter((c) => c === 'node read-api/dist/server.js')).to.have.length(2);
    expect(commands.filter((c) => c === 'node projections/dist/run.js')).to.have.length(8);
    expect(commands.filter((c) => c === 'node projections/dist/publish.js')).to.have.length(1);
    expect(commands.filter((c) => c === 'node read-api/dist/scheduler.js')).to.have.length(1);
    expect(commands.filter((c) => c === 'node read-api/dist/notifier.js')).to.have.length(1);
  });

  it('projections ×8, the publisher, the scheduler and the notifier, then read-api ×2: a write on one replica is read on the other and reaches Kafka; a sign-up’s e-mail is sent by the notifier service', async () => {
    const secrets = {
      SESSION_SECRET: randomUUID() + randomUUID(), ADMIN_PASSWORD: 'deploy-admin-password', ADMIN_EMAIL: 'admin@deploy.test', PUBLIC_URL: 'http://127.0.0.1:8080',
      LICENCE_SIGNING_KEY: '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60',
    };
    const workers = apps.filter(([, s]) => s.command![1] !== 'read-api/dist/server.js');
    await Promise.all(workers.map(([name, s]) => start(name, s, { ...secrets, KAFKA_BROKERS: kafka.broker, KAFKA_IDEMPOTENT: 'false' })));
    // As compose's restart policy would after a lost race on the first administrator: one replica first.
    const [first, second] = apps.filter(([, s]) => s.command![1] === 'read-api/dist/server.js');
    const api1 = await start(first![0], first![1], secrets);
    const api2 = await start(second![0], second![1], secrets);

    const signIn = await fetch(`http://127.0.0.1:${api1.port}/auth/local/signin`, {
      method: 'POST', headers: { 'content-type': 'application/json', origin: secrets.PUBLIC_URL }, body: JSON.stringify({ email: secrets.ADMIN_EMAIL, password: secrets.ADMIN_PASSWORD }),
    });
    expect(signIn.status).to.equal(200);
    const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const post = (port: number, path: string, body: unknown) =>
      fetch(`http://127.0.0.1:${port}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin: secrets.PUBLIC_URL, cookie, 'x-request-id': 'req-deploy-create-1' }, body: JSON.stringify(body) });

    const created = await post(api1.port, '/users/create', { givenName: 'Scale', familyName: 'Out', email: 'scale@deploy.test', role: 'ROLE_CUSTOMER' });
    expect(created.status, 'written and read back through the projections processes').to.equal(201);
    const userId = ((await created.json()) as { data: { _id: string } }).data._id;
    const found = await post(api2.port, '/users/findOne', { id: userId });
    expect(found.status, 'the other replica shares the session and the read models').to.equal(200);

    const client = new Kafka({ clientId: 'deploy-test', brokers: [kafka.broker], logLevel: logLevel.NOTHING });
    const consumer = client.consumer({ groupId: `deploy-${randomUUID()}`, maxWaitTimeInMs: 100 });
    await consumer.connect();
    await consumer.subscribe({ topic: 'billing.events', fromBeginning: true });
    const correlation = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('UserRegistered did not reach Kafka in 20 s')), 20_000);
      void consumer.run({
        eachMessage: async ({ message }) => {
          if (message.key?.toString() === `user-${userId}` && message.headers?.type?.toString() === 'UserRegistered') {
            clearTimeout(timer);
            resolve(message.headers['correlation-id']!.toString());
          }
        },
      });
    });
    await consumer.disconnect();
    expect(correlation).to.equal('req-deploy-create-1');

    // A sign-up on a replica: the notifier service (NOTIFIER=external on the replicas) e-mails the verification link;
    // without SMTP_URL it lands in the outbox under DATA_DIR, and the replicas show it (the ledger's read model).
    const signUp = await fetch(`http://127.0.0.1:${api2.port}/auth/local/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: secrets.PUBLIC_URL },
      body: JSON.stringify({ email: 'new@deploy.test', password: 'violet harbour 42 lantern', givenName: 'New', familyName: 'Customer', privacy_policy_confirm: true }),
    });
    expect(signUp.status).to.equal(201);
    const newUser = ((await signUp.json()) as { data: { _id: string } }).data._id;
    let listed: { template: string; deliveries: { transport: string }[] }[] = [];
    for (let i = 0; i < 100 && listed.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 200));
      listed = ((await (await post(api1.port, '/admin/mail/messages', { user_id: newUser })).json()) as { data: typeof listed }).data;
    }
    expect(listed.map((m) => [m.template, m.deliveries[0]?.transport])).to.deep.equal([['verify-email', 'outbox']]);
    expect(readdirSync(join(dir, 'outbox', newUser))).to.have.length(1);
    const status = ((await (await post(api2.port, '/admin/mail/status', {})).json()) as { data: { notifier: string; known: boolean; transport: string } }).data;
    expect(status).to.include({ notifier: 'external', known: true, transport: 'outbox' });
  });
});
