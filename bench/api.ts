/**
 * Read-API throughput and latency for /subscriptions/findAll (admin, first page of 20, 1,000 subscriptions in the
 * read model), next to a bare Express JSON endpoint serving a body of the same size, measured in the same run on
 * this machine. Both servers run as their own processes; autocannon runs here.
 *   1. saturation: 10 connections for BENCH_SECONDS → requests/s, and the ratio real / bare;
 *   2. a fixed 1,000 requests/s for BENCH_SECONDS, open loop (bench/lib/paced.ts) → p50 / p99 latency.
 */
import autocannon from 'autocannon';
import { pacedLoad } from './lib/paced.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCommandHandler, createSqliteEventStore, subscriptionDecider, userDecider } from '@relaycast/billing-core';

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
const api = await start(['read-api/dist/server.js'], { DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'warn', ADMIN_EMAIL: 'bench@example.com', ADMIN_PASSWORD: 'bench-password' }, /running at http:\/\/[\d.]+:(\d+)/);
const base = `http://127.0.0.1:${api.port}`;
const signIn = await fetch(`${base}/auth/local/signin`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench@example.com', password: 'bench-password' }) });
const token = ((await signIn.json()) as { data: { token: string } }).data.token;
const auth = { AUTH_TOKEN_VALUE: token };
const page = await (await fetch(`${base}/subscriptions/findAll`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: '{}' })).text();
if (!page.includes('"total":1000')) throw new Error(`unexpected findAll answer: ${page.slice(0, 200)}`);
const bare = await start(['bench/bare-express.mjs'], { BARE_PAYLOAD: page }, /listening (\d+)/);

// Warm both up, then measure.
await run(`${base}/subscriptions/findAll`, auth, { duration: 2, connections: 10 });
await run(`http://127.0.0.1:${bare.port}/bare`, {}, { duration: 2, connections: 10 });
const realMax = await run(`${base}/subscriptions/findAll`, auth, { connections: 10 });
const bareMax = await run(`http://127.0.0.1:${bare.port}/bare`, {}, { connections: 10 });
const realFixed = await pacedLoad({ url: `${base}/subscriptions/findAll`, headers: auth, rate: 1000, seconds: SECONDS });
const bareFixed = await pacedLoad({ url: `http://127.0.0.1:${bare.port}/bare`, rate: 1000, seconds: SECONDS });

api.child.kill('SIGTERM');
bare.child.kill('SIGTERM');
rmSync(dataDir, { recursive: true, force: true });

const errors = realMax.errors + realMax.non2xx + realFixed.errors;
console.log(`read-api /subscriptions/findAll (1,000 subscriptions, page of 20, ${(page.length / 1024).toFixed(1)} KB), ${SECONDS} s runs`);
console.log(`  saturation: real ${realMax.requests.average.toFixed(0)} req/s, bare Express ${bareMax.requests.average.toFixed(0)} req/s, ratio ${(realMax.requests.average / bareMax.requests.average).toFixed(2)} (target ≥ 0.6)`);
console.log(`  at 1,000 req/s (open loop, ${realFixed.sent} requests): real p50 ${realFixed.p50} ms, p99 ${realFixed.p99} ms (target < 10), max ${realFixed.max} ms; bare p50 ${bareFixed.p50} ms, p99 ${bareFixed.p99} ms`);
console.log(`  errors/non-2xx: ${errors}`);
