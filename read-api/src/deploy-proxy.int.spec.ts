import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { parseAllDocuments } from 'yaml';
import { freePort, startRedisServer, type RedisServer } from '../../projections/test/redis-server.js';
import { paypalEnv, startPayPalStandIn, type PayPalStandIn } from '../test/paypal-standin/server.js';
import { composeServices, interpolate, ROOT } from '../test/compose.js';
import { rawRequest, startNginx, type Nginx, type RawAnswer } from '../test/nginx.js';

/**
 * Issue 31, items 1 and 2: the deploy topology as it will be attacked. The real nginx runs deploy/nginx.conf itself
 * (test/nginx.ts substitutes only its addresses) in front of two read-api replicas started with compose's own
 * environment for them (TRUST_PROXY included) on a real redis-server (read models, sessions, rate-limit counts), a
 * projections process keeping the read models, and the PayPal stand-in. Every per-address limit keys on the address
 * nginx saw, whatever X-Forwarded-For the client writes; AUTH_TOKEN_VALUE passes; /metrics stays closed; a replica
 * killed mid-run loses no request that was answered.
 */
describe('deploy: deploy/nginx.conf (the real nginx) in front of two read-api replicas on Redis', function () {
  this.timeout(180_000);
  const children: ChildProcess[] = [];
  let redis: RedisServer;
  let paypal: PayPalStandIn;
  let nginx: Nginx;
  let counts: Redis;
  let dir: string;
  const replicas: { name: string; port: number; child: ChildProcess }[] = [];
  const METRICS_TOKEN = 'topology-metrics-token';
  const ADMIN = { email: 'admin@topology.test', password: 'topology admin password 31' };
  const services = composeServices();
  const readApiNames = Object.entries(services)
    .filter(([, s]) => s.command?.join(' ') === 'node read-api/dist/server.js')
    .map(([name]) => name);

  /** Starts `node --import tsx <entry>` with `env`, and waits until `ready` answers 200. */
  async function startProcess(name: string, entry: string, env: Record<string, string>, readyUrl: string): Promise<ChildProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, entry)], { env, stdio: ['ignore', 'pipe', 'pipe'], cwd: ROOT });
    let output = '';
    child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
    children.push(child);
    const deadline = Date.now() + 90_000;
    for (;;) {
      const ready = await fetch(readyUrl).then((r) => r.ok, () => false);
      if (ready) return child;
      if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}): ${output}`);
      if (Date.now() > deadline) throw new Error(`${name} not ready in 90 s: ${output}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  before(async () => {
    [redis, paypal] = await Promise.all([startRedisServer(), startPayPalStandIn()]);
    counts = new Redis(redis.url, { lazyConnect: false, maxRetriesPerRequest: 1 });
    dir = mkdtempSync(join(tmpdir(), 'relaycast-topology-'));
    const ports = Object.fromEntries(await Promise.all(readApiNames.map(async (name) => [name, await freePort()] as const)));
    const proxyPort = await freePort();
    const publicUrl = `http://127.0.0.1:${proxyPort}`;
    const secrets = { SESSION_SECRET: randomUUID() + randomUUID(), ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password, PUBLIC_URL: publicUrl, LICENCE_SIGNING_KEY: '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60' };
    const base: Record<string, string> = { ...(process.env as Record<string, string>), EVENT_STORE: 'sqlite', DATA_DIR: dir, REDIS_URL: redis.url, LOG_LEVEL: 'warn' };
    delete base.EVENTSTORE_CONNECTION_STRING;
    const healthPort = await freePort();
    const projections = startProcess('projections', 'projections/src/cli/run.ts', { ...base, HEALTH_PORT: String(healthPort) }, `http://127.0.0.1:${healthPort}/ready`);
    const replicaEnv = (name: string) => {
      // Compose's environment for this replica, as written there (TRUST_PROXY among it), with loopback stand-ins.
      const declared = Object.fromEntries(Object.entries(services[name]!.environment ?? {}).map(([k, v]) => [k, interpolate(String(v), secrets)]));
      const env: Record<string, string> = { ...base, ...declared, ...base, ...paypalEnv(paypal), HOST: '127.0.0.1', PORT: String(ports[name]), METRICS_TOKEN };
      delete env.EVENTSTORE_CONNECTION_STRING;
      return env;
    };
    // One replica first (the first administrator is created once), then the other.
    const [first, ...others] = readApiNames;
    const start = async (name: string) => replicas.push({ name, port: ports[name]!, child: await startProcess(name, 'read-api/src/server.ts', replicaEnv(name), `http://127.0.0.1:${ports[name]}/ready`) });
    await Promise.all([projections, start(first!)]);
    await Promise.all(others.map(start));
    // nginx on the port PUBLIC_URL names (cookies and the CSRF guard know it beforehand).
    nginx = await startNginx(ports, proxyPort);
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
    await nginx?.stop();
    counts?.disconnect();
    await paypal?.close();
    await redis?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  let n = 0;
  /** A different X-Forwarded-For on every request, as an attacker would write it. */
  const spoofed = () => ({ 'x-forwarded-for': `203.0.113.${(++n % 250) + 1}` });
  const post = (path: string, body: unknown, options: { headers?: Record<string, string>; from?: string } = {}): Promise<RawAnswer> =>
    rawRequest(`${nginx.url}${path}`, { body: JSON.stringify(body), headers: { origin: nginx.url, ...options.headers }, ...(options.from ? { from: options.from } : {}) });
  const json = (a: RawAnswer) => JSON.parse(a.body) as { data?: any; error?: { code: string } };
  /** The rate-limit counts in Redis start again (each limit below is shown on its own). */
  async function clearCounts() {
    const keys = await counts.keys('rate-limit:*');
    const hooks = await counts.keys('webhook-*');
    if (keys.length + hooks.length) await counts.del(...keys, ...hooks);
  }

  it('compose, k8s and nginx agree: one proxy in front, TRUST_PROXY is its hop count', () => {
    expect(readApiNames).to.have.length(2);
    for (const name of readApiNames) expect(services[name]!.environment?.TRUST_PROXY, `compose ${name}`).to.equal('1');
    const k8s = readFileSync(join(ROOT, 'deploy/k8s/config.yaml'), 'utf8');
    const config = parseAllDocuments(k8s).map((d) => d.toJS() as { kind?: string; data?: Record<string, string> }).find((d) => d?.kind === 'ConfigMap');
    expect(config?.data?.TRUST_PROXY, 'deploy/k8s/config.yaml (behind the ingress controller)').to.equal('1');
  });

  it('sign-in: 20 wrong passwords from one machine, each with its own X-Forwarded-For, then 429 — even for the right password; another machine still signs in', async () => {
    await clearCounts();
    const wrong = [];
    for (let i = 0; i < 20; i++) wrong.push((await post('/auth/local/signin', { email: ADMIN.email, password: `wrong password ${i}` }, { headers: spoofed() })).status);
    expect(wrong).to.deep.equal(Array(20).fill(401));
    const refused = await post('/auth/local/signin', { email: ADMIN.email, password: 'wrong password 21' }, { headers: spoofed() });
    expect(refused.status).to.equal(429);
    expect(json(refused).error?.code).to.equal('RATE_LIMITED');
    expect((await post('/auth/local/signin', ADMIN, { headers: spoofed() })).status, 'the right password, too: the limit is spent').to.equal(429);
    const elsewhere = await post('/auth/local/signin', ADMIN, { from: '127.0.0.2', headers: spoofed() });
    expect(elsewhere.status, 'another address as nginx sees it has its own count').to.equal(200);
  });

  it('sign-up: limited per address nginx saw, whatever X-Forwarded-For says', async () => {
    await clearCounts();
    const body = (i: number, password: string) => ({ email: `signup-${i}-${randomUUID()}@topology.test`, password, givenName: 'Sign', familyName: 'Up', privacy_policy_confirm: true });
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push((await post('/auth/local/register', body(i, 'password'), { headers: spoofed() })).status);
    expect(answers, 'refused as too easy to guess, and counted').to.deep.equal(Array(20).fill(400));
    expect((await post('/auth/local/register', body(21, 'violet harbour 42 lantern'), { headers: spoofed() })).status).to.equal(429);
    expect((await post('/auth/local/register', body(22, 'violet harbour 42 lantern'), { from: '127.0.0.2', headers: spoofed() })).status).to.equal(201);
  });

  it('password reset: limited per address nginx saw, whatever X-Forwarded-For says', async () => {
    await clearCounts();
    const answers = [];
    for (let i = 0; i < 20; i++) answers.push((await post('/auth/local/requestPasswordReset', { email: `nobody-${i}@topology.test` }, { headers: spoofed() })).status);
    expect(answers).to.deep.equal(Array(20).fill(200));
    expect((await post('/auth/local/requestPasswordReset', { email: 'nobody-21@topology.test' }, { headers: spoofed() })).status).to.equal(429);
    expect((await post('/auth/local/requestPasswordReset', { email: 'nobody-22@topology.test' }, { from: '127.0.0.2', headers: spoofed() })).status).to.equal(200);
  });

  it('webhook senders: 10 forged deliveries from one machine, then 429 whatever X-Forwarded-For says; PayPal’s genuine delivery from elsewhere is verified and answered 200', async () => {
    await clearCounts();
    const event = paypal.webhookEvent('PAYMENT.CAPTURE.COMPLETED', { id: 'CAPTURE-FOREIGN-1', status: 'COMPLETED', amount: { currency_code: 'USD', value: '5.00' } });
    const deliver = (valid: boolean, options: { from?: string; headers?: Record<string, string> }) =>
      rawRequest(`${nginx.url}/paypal/webhooks`, { body: JSON.stringify(event), headers: { ...paypal.webhookHeaders({ valid }), ...options.headers }, ...(options.from ? { from: options.from } : {}) });
    const forged = [];
    for (let i = 0; i < 10; i++) forged.push((await deliver(false, { headers: spoofed() })).status);
    expect(forged).to.deep.equal(Array(10).fill(401));
    expect((await deliver(false, { headers: spoofed() })).status).to.equal(429);
    expect((await deliver(true, { headers: spoofed() })).status, 'this machine is stopped for the window, whatever it sends').to.equal(429);
    const genuine = await deliver(true, { from: '127.0.0.2' });
    expect(genuine.status).to.equal(200);
    expect(json(genuine).data.outcome).to.equal('ignored');
  });

  it('AUTH_TOKEN_VALUE passes nginx: getUser answers the administrator the token names', async () => {
    const signedIn = await post('/auth/local/signin', ADMIN, { from: '127.0.0.3' });
    expect(signedIn.status).to.equal(200);
    const token = json(signedIn).data.token as string;
    const me = await rawRequest(`${nginx.url}/auth/google/getUser`, { body: '{}', headers: { AUTH_TOKEN_VALUE: token } });
    expect(me.status).to.equal(200);
    expect(json(me).data).to.include({ email: ADMIN.email, role: 'ROLE_ADMIN' });
  });

  it('/metrics stays closed through nginx, however it is spelled, even with the metrics token; the replicas serve it directly', async () => {
    const bearer = { authorization: `Bearer ${METRICS_TOKEN}` };
    for (const path of ['/metrics', '/METRICS', '/Metrics/', '/metrics/', '//metrics', '/metrics?x=1', '/%6Detrics', '/./metrics']) {
      const answer = await rawRequest(`${nginx.url}${path}`, { headers: bearer });
      expect(answer.status, path).to.equal(404);
      expect(answer.body, path).not.to.include('relaycast_');
    }
    const direct = await rawRequest(`http://127.0.0.1:${replicas[0]!.port}/metrics`, { headers: bearer });
    expect(direct.status).to.equal(200);
    expect(direct.body).to.include('relaycast_');
  });

  it('a replica killed mid-run: every request that was answered is kept, the other replica answers the rest', async () => {
    const token = json(await post('/auth/local/signin', ADMIN, { from: '127.0.0.4' })).data.token as string;
    const answered: { id: string; at: number }[] = [];
    const failed: number[] = [];
    let killedAt = Infinity;
    const stopAt = Date.now() + 5000;
    const writer = async (w: number) => {
      for (let i = 0; Date.now() < stopAt; i++) {
        const email = `kill-${w}-${i}-${randomUUID()}@topology.test`;
        const answer = await rawRequest(`${nginx.url}/users/create`, {
          body: JSON.stringify({ givenName: 'Kill', familyName: `Writer${w}`, email, role: 'ROLE_CUSTOMER' }),
          headers: { AUTH_TOKEN_VALUE: token },
        }).catch(() => ({ status: 0, body: '', headers: {} }) as RawAnswer);
        if (answer.status === 201) answered.push({ id: json(answer).data._id as string, at: Date.now() });
        else failed.push(answer.status);
      }
    };
    const victim = replicas[1]!;
    const killer = (async () => {
      await new Promise((r) => setTimeout(r, 1500));
      killedAt = Date.now();
      victim.child.kill('SIGKILL');
    })();
    await Promise.all([writer(1), writer(2), writer(3), writer(4), killer]);
    expect(answered.length, 'writes answered').to.be.greaterThan(20);
    expect(answered.filter((a) => a.at > killedAt + 500).length, 'the other replica went on answering').to.be.greaterThan(5);
    // Only requests in flight on the killed replica may have failed (nginx does not resend a POST it had sent).
    expect(failed.every((s) => s === 502), `failures: ${failed.join(', ')}`).to.equal(true);
    expect(failed.length).to.be.at.most(8);
    const missing: string[] = [];
    for (const { id } of answered) {
      const found = await rawRequest(`${nginx.url}/users/findOne`, { body: JSON.stringify({ id }), headers: { AUTH_TOKEN_VALUE: token } });
      if (found.status !== 200) missing.push(`${id}: ${found.status}`);
    }
    expect(missing, 'every answered write is there').to.deep.equal([]);
  });
});
