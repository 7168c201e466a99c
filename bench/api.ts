/**
 * Read-API throughput and latency for /subscriptions/findAll (admin, first page of 20, 1,000 subscriptions in the
 * read model), next to a bare Express JSON endpoint serving the same body, measured in the same run on this
 * machine: with in-memory read models (the bare app sends the body from memory), then with Redis read models and
 * sessions (the bare app reads the page from the same redis-server). Servers run as their own processes;
 * autocannon runs here. Targets (issue 15): ratio ≥ 0.7 in memory, ≥ 0.6 with Redis; p99 ≤ 3 × bare.
 *   1. saturation: 10 connections for BENCH_SECONDS → requests/s, and the ratio real / bare;
 *   2. a fixed 1,000 requests/s for BENCH_SECONDS, open loop (bench/lib/paced.ts) → p50 / p99 latency.
 * The read-api's HTTP server builds requests with express's prototypes from the start (read-api/src/http/server.ts),
 * which bare Express does not: the memory run also measures the bare app on that server, so the report shows the
 * read-api's own per-request cost apart from that framework difference.
 */
import autocannon from 'autocannon';
import { pacedLoad } from './lib/paced.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { createCommandHandler, createSqliteEventStore, subscriptionDecider, userDecider } from '@relaycast/billing-core';
import { startRedisServer } from '../projections/test/redis-server.js';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const root = join(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'relaycast-bench-api-'));

async function seed(subscriptions: number) {
  const events = createSqliteEventStore(join(dataDir, 'events.db'));
  const handler = createCommandHandler(events);
  const meta = (i: number, actorId: string, role: 'ROLE_ADMIN' | 'ROLE_CUSTOMER') => ({ now: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(), actorId, actorRole: role, correlationId: `seed-${i}` });
  for (let i = 0; i < subscriptions; i++) {
    const user = `user-${i % 200}`;
    if (i < 200) await handler.handle(userDecider, user, { type: 'RegisterUser', data: { userId: user, email: `${user}@example.com`, givenName: 'Bench', familyName: `User ${i}`, role: 'ROLE_CUSTOMER', strategy: 'google' }, metadata: meta(i, 'system', 'ROLE_ADMIN') });
    await handler.handle(subscriptionDecider, `sub-${i}`, {
      type: 'CreateSubscription',
      data: { subscriptionId: `sub-${i}`, user_id: user, subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', plan_id: 'constructor', infrastructure_type: 'self-hosted', modules: [{ name: 'streams', limit: 1 + (i % 9) }, { name: 'vodViewers', limit: 120 }], privacy_policy_confirm: true },
      metadata: meta(i, user, 'ROLE_CUSTOMER'),
    });
  }
  await events.close();
}

function start(command: string[], env: Record<string, string>, ready: RegExp): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, command, { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = ready.exec(out);
      if (m) resolve({ child, port: Number(m[1]) });
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code) => reject(new Error(`server exited (${code}): ${out}`)));
  });
}

function run(url: string, headers: Record<string, string>, options: Partial<autocannon.Options>): Promise<autocannon.Result> {
  return autocannon({ url, method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: '{}', duration: SECONDS, ...options });
}

await seed(1000);

interface Figures {
  page: string;
  realMax: autocannon.Result;
  bareMax: autocannon.Result;
  /** The bare app on the read-api's own HTTP server (same framework floor), when asked for. */
  floorMax?: autocannon.Result;
  realFixed: Awaited<ReturnType<typeof pacedLoad>>;
  bareFixed: Awaited<ReturnType<typeof pacedLoad>>;
}

/**
 * One comparison: the read-api (with `env`) against a bare Express app serving the same page its own way
 * (`bareScript`): saturation, then a fixed 1,000 requests/s.
 */
async function compare(env: Record<string, string>, bareScript: string, bareEnv: (page: string) => Promise<Record<string, string>>, floorScript?: string): Promise<Figures> {
  const api = await start([...(process.env.PROF ? ['--cpu-prof', '--cpu-prof-dir=/tmp/prof'] : []), 'read-api/dist/server.js'], { DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', ADMIN_EMAIL: 'bench@example.com', ADMIN_PASSWORD: 'bench-password', ...env }, /running at http:\/\/[\d.]+:(\d+)/);
  const base = `http://127.0.0.1:${api.port}`;
  const signIn = await fetch(`${base}/auth/local/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password' }) });
  const token = ((await signIn.json()) as { data: { token: string } }).data.token;
  const auth = { AUTH_TOKEN_VALUE: token };
  // The read models are complete once the page counts all 1,000 (Redis: projected at start-up).
  let page = '';
  for (let tries = 0; !page.includes('"total":1000'); tries++) {
    if (tries > 300) throw new Error(`unexpected findAll answer: ${page.slice(0, 200)}`);
    if (tries) await new Promise((r) => setTimeout(r, 100));
    page = await (await fetch(`${base}/subscriptions/findAll`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{}' })).text();
  }
  const bare = await start([bareScript], await bareEnv(page), /listening (\d+)/);
  try {
    // Warm both up, then measure.
    await run(`${base}/subscriptions/findAll`, auth, { duration: 2, connections: 10 });
    await run(`http://127.0.0.1:${bare.port}/bare`, {}, { duration: 2, connections: 10 });
    const realMax = await run(`${base}/subscriptions/findAll`, auth, { connections: 10 });
    const bareMax = await run(`http://127.0.0.1:${bare.port}/bare`, {}, { connections: 10 });
    const realFixed = await pacedLoad({ url: `${base}/subscriptions/findAll`, headers: auth, rate: 1000, seconds: SECONDS });
    const bareFixed = await pacedLoad({ url: `http://127.0.0.1:${bare.port}/bare`, rate: 1000, seconds: SECONDS });
    return { page, realMax, bareMax, realFixed, bareFixed, ...(floorScript ? { floorMax: await floor(floorScript, await bareEnv(page)) } : {}) };
  } finally {
    api.child.kill('SIGTERM');
    bare.child.kill('SIGTERM');
    await Promise.all([api, bare].map(({ child }) => new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)))));
  }
}

/** Saturation of the bare app started from a TypeScript script (through tsx), warmed up first. */
async function floor(script: string, env: Record<string, string>): Promise<autocannon.Result> {
  const server = await start(['--import', 'tsx', script], env, /listening (\d+)/);
  try {
    await run(`http://127.0.0.1:${server.port}/bare`, {}, { duration: 2, connections: 10 });
    return await run(`http://127.0.0.1:${server.port}/bare`, {}, { connections: 10 });
  } finally {
    server.child.kill('SIGTERM');
    await new Promise((r) => (server.child.exitCode !== null ? r(null) : server.child.once('exit', r)));
  }
}

function report(title: string, f: Figures, target: number) {
  const errors = f.realMax.errors + f.realMax.non2xx + f.realFixed.errors;
  const ratio = f.realMax.requests.average / f.bareMax.requests.average;
  console.log(`${title} (1,000 subscriptions, page of 20, ${(f.page.length / 1024).toFixed(1)} KB), ${SECONDS} s runs`);
  console.log(`  saturation: real ${f.realMax.requests.average.toFixed(0)} req/s, bare ${f.bareMax.requests.average.toFixed(0)} req/s, ratio ${ratio.toFixed(2)} (target ≥ ${target}: ${ratio >= target ? 'met' : 'NOT met'})`);
  console.log(
    `  at 1,000 req/s (open loop, ${f.realFixed.sent} requests): real p50 ${f.realFixed.p50} ms, p99 ${f.realFixed.p99} ms, max ${f.realFixed.max} ms; bare p50 ${f.bareFixed.p50} ms, p99 ${f.bareFixed.p99} ms → p99 ${(f.realFixed.p99 / f.bareFixed.p99).toFixed(1)} × bare (target ≤ 3: ${f.realFixed.p99 <= 3 * f.bareFixed.p99 ? 'met' : 'NOT met'})`,
  );
  if (f.floorMax) {
    const floorRatio = f.realMax.requests.average / f.floorMax.requests.average;
    console.log(`  same bare app on the read-api's HTTP server (express's prototypes from the start): ${f.floorMax.requests.average.toFixed(0)} req/s → ratio ${floorRatio.toFixed(2)} (the read-api's own per-request work; no target)`);
  }
  console.log(`  errors/non-2xx: ${errors}`);
}

try {
  const memory = await compare({}, 'bench/bare-express.mjs', async (page) => ({ BARE_PAYLOAD: page }), 'bench/bare-express-prototypes.ts');
  report('read-api /subscriptions/findAll, memory read models, vs bare Express sending the same body', memory, 0.7);
  // Redis: read models, sessions and the sign-in limit in a real redis-server; the bare app reads the page from it.
  const redisServer = await startRedisServer();
  const redis = new Redis(redisServer.url);
  try {
    const onRedis = await compare({ READ_MODEL: 'redis', REDIS_URL: redisServer.url }, 'bench/bare-express-redis.mjs', async (page) => {
      await redis.set('bench:page', page);
      return { REDIS_URL: redisServer.url };
    });
    report('read-api /subscriptions/findAll, Redis read models, vs bare Express reading the same page from Redis', onRedis, 0.6);
  } finally {
    redis.disconnect();
    await redisServer.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
