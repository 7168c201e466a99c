/**
 * make soak: a mixed workload (80 % reads, 20 % writes) against the real read-api for SOAK_SECONDS (default 600),
 * autocannon at SOAK_RATE requests/s (default 400) over SOAK_CONNECTIONS (32), read models in a real redis-server
 * (SOAK_READ_MODEL=memory for the embedded default). Reports throughput, p50/p99, errors (must be 0),
 * the server's memory (RSS and heap, sampled every 10 s: growth must be flat once warm), and projection lag from
 * /metrics. Not part of make test.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { startRedisServer } from '../projections/test/redis-server.js';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
// Redis by default: the deployed shape, where the server's own memory must stay flat while the data grows (with
// READ_MODEL=memory every event's history lives in the server's heap, so it grows with the event count by design).
const READ_MODEL = process.env.SOAK_READ_MODEL === 'memory' ? 'memory' : 'redis';
const RATE = Number(process.env.SOAK_RATE ?? 400);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 32);
const root = join(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'relaycast-soak-'));

const redis = READ_MODEL === 'redis' ? await startRedisServer() : null;
const server = spawn(process.execPath, ['--expose-gc', 'read-api/dist/server.js'], {
  cwd: root,
  env: { ...process.env, ...(redis ? { READ_MODEL: 'redis', REDIS_URL: redis.url } : { READ_MODEL: 'memory' }), DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'error', ADMIN_EMAIL: 'soak@example.com', ADMIN_PASSWORD: 'soak-password', SIGNIN_RATE_LIMIT: '100000', WRITE_QUOTA: '0', METRICS_TOKEN: 'soak-metrics-token' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
const port = await new Promise<number>((resolve, reject) => {
  let out = '';
  server.stdout!.on('data', (c: Buffer) => {
    out += c.toString();
    const m = /running at http:\/\/[\d.]+:(\d+)/.exec(out);
    if (m) resolve(Number(m[1]));
  });
  server.on('exit', (code) => reject(new Error(`server exited ${code}: ${out}`)));
});
const base = `http://127.0.0.1:${port}`;
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

function call(path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; text: string }> {
  const payload = JSON.stringify(body);
  return new Promise((resolve) => {
    const req = http.request(`${base}${path}`, { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), origin: base, ...headers } }, (res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += c.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
    });
    req.on('error', () => resolve({ status: 0, text: '' }));
    req.end(payload);
  });
}

// Customers with a subscription each, an administrator, and twenty CMS materials the writes keep editing (the
// data set stays the size a real site has; what grows is each thing's history).
const admin = JSON.parse((await call('/auth/local/signin', { email: 'soak@example.com', password: 'soak-password' })).text).data.token as string;
const materials: string[] = [];
for (let i = 0; i < 20; i++) {
  const res = await call('/admin/entry/create', { entry_type: 'MATERIAL', url: `/soak/page-${i % 5}`, template: [{ property_i18n: 'title', defaultValue: `Soak ${i}`, dataType: 'STRING', formEntityType: 'TEXT' }] }, { AUTH_TOKEN_VALUE: admin });
  materials.push(JSON.parse(res.text).data._id);
}
const customers: { token: string; id: string; sub: string; ref: string }[] = [];
for (let i = 0; i < 200; i++) {
  const reg = JSON.parse((await call('/auth/local/register', { email: `soak${i}@example.com`, password: 'soak-password', givenName: 'Soak', familyName: `Customer ${i}`, privacy_policy_confirm: true })).text).data;
  const sub = JSON.parse((await call('/subscriptions/create', { subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', user_id: reg._id, modules: [{ name: 'streams', limit: 2 }], payment_details: { plan_id: 'constructor', privacy_policy_confirm: true } }, { AUTH_TOKEN_VALUE: reg.token })).text).data;
  // The billing reference is the server's: the first revision (a real change, so it is recorded) mints it; the
  // load's revisions send it back.
  const first = JSON.parse((await call('/subscriptions/revise', { id: sub._id, user_id: reg._id, paypalSubscriptionID: 'none-yet', quantity: 3 }, { AUTH_TOKEN_VALUE: reg.token })).text) as { data: { paypalSubscriptionID: string } };
  customers.push({ token: reg.token, id: reg._id, sub: sub._id, ref: first.data.paypalSubscriptionID });
}

// Five requests per cycle on every connection, four reads and one write: the 80/20 mix. Each request picks its
// customer (and what to read or write) when it is sent.
type Raw = autocannon.Request;
const pick = <T,>(xs: readonly T[]) => xs[Math.floor(Math.random() * xs.length)]!;
const asRequest = (raw: Raw, path: string, body: unknown, token: string): Raw => ({ ...raw, path, body: JSON.stringify(body), headers: { ...raw.headers, AUTH_TOKEN_VALUE: token } });
let counter = 0;
const errorKinds = new Map<string, number>();
const noteStatus = (status: number, body: string) => {
  if (status >= 200 && status < 300) return;
  const key = `${status} ${body.slice(0, 120)}`;
  errorKinds.set(key, (errorKinds.get(key) ?? 0) + 1);
};
const read: autocannon.Request = {
  method: 'POST',
  setupRequest: (raw: Raw) => {
    const c = pick(customers);
    return pick([
      () => asRequest(raw, '/subscriptions/findAllByToken', {}, c.token),
      () => asRequest(raw, '/subscriptions/findOne', { id: c.sub }, c.token),
      () => asRequest(raw, '/subscriptions/history', { id: c.sub }, c.token),
      () => asRequest(raw, '/subscriptions/findAll', { pageSize: 20 }, admin),
      () => ({ ...asRequest(raw, '/admin/entry/getEntriesByURL', { url: `/soak/page-${counter % 5}` }, ''), headers: { ...raw.headers } }),
    ])();
  },
  onResponse: noteStatus,
};
const write: autocannon.Request = {
  method: 'POST',
  setupRequest: (raw: Raw) => {
    const c = pick(customers);
    const n = ++counter;
    return pick([
      () => asRequest(raw, '/subscriptions/update', { id: c.sub, name: `Soak ${n}` }, c.token),
      () => asRequest(raw, '/subscriptions/revise', { id: c.sub, user_id: c.id, paypalSubscriptionID: c.ref, quantity: 2 + (n % 5) }, c.token),
      () => {
        const i = n % materials.length;
        return asRequest(raw, '/admin/entry/update', { _id: materials[i], entry_type: 'MATERIAL', url: `/soak/page-${i % 5}`, template: [{ property_i18n: 'title', defaultValue: `Soak ${n}`, dataType: 'STRING', formEntityType: 'TEXT' }] }, admin);
      },
    ])();
  },
  onResponse: noteStatus,
};

async function metric(name: string): Promise<Record<string, number>> {
  const text = await new Promise<string>((resolve) => http.get(`${base}/metrics`, { headers: { authorization: 'Bearer soak-metrics-token' } }, (res) => { let t = ''; res.on('data', (c: Buffer) => (t += c)); res.on('end', () => resolve(t)); }));
  const out: Record<string, number> = {};
  for (const line of text.split('\n')) if (line.startsWith(name)) out[line.slice(0, line.lastIndexOf(' '))] = Number(line.slice(line.lastIndexOf(' ') + 1));
  return out;
}

const memory: { t: number; rss: number; heap: number }[] = [];
const lags: number[] = [];
const start = performance.now();
const sampler = setInterval(async () => {
  const rss = await metric('process_resident_memory_bytes');
  const heap = await metric('nodejs_heap_size_used_bytes');
  const lag = await metric('relaycast_projection_lag_positions');
  memory.push({ t: Math.round((performance.now() - start) / 1000), rss: Object.values(rss)[0] ?? 0, heap: Object.values(heap)[0] ?? 0 });
  lags.push(Math.max(0, ...Object.values(lag)));
}, 10_000);
// autocannon at a fixed overall rate corrects its latencies for coordinated omission (a slow answer counts the
// time the next request should have been sent, not only the time it took once sent).
const result = await autocannon({
  url: base,
  connections: CONNECTIONS,
  overallRate: RATE,
  duration: SECONDS,
  headers: { 'content-type': 'application/json', origin: base },
  requests: [read, read, read, read, write],
});
clearInterval(sampler);
const elapsed = (performance.now() - start) / 1000;
server.kill('SIGTERM');
await redis?.stop();
rmSync(dataDir, { recursive: true, force: true });

const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
const warm = memory.slice(Math.min(3, memory.length - 1));
const errors = result.errors + result.timeouts + result.non2xx;
console.log(`soak: ${SECONDS} s at ${RATE} req/s over ${CONNECTIONS} connections (autocannon; 80 % reads / 20 % writes; read models: ${READ_MODEL}), ${result.requests.total} requests in ${elapsed.toFixed(0)} s → ${result.requests.average.toFixed(0)} req/s`);
console.log(`  latency: p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`);
console.log(`  errors: ${errors} (non-2xx ${result.non2xx}, socket errors ${result.errors}, timeouts ${result.timeouts})${[...errorKinds].map(([k, n]) => `\n    ${n} × ${k}`).join('')}`);
console.log(`  memory: RSS ${mb(warm[0]?.rss ?? 0)} → ${mb(warm.at(-1)?.rss ?? 0)} MB, heap ${mb(warm[0]?.heap ?? 0)} → ${mb(warm.at(-1)?.heap ?? 0)} MB (from the 30 s mark to the end; samples every 10 s: ${memory.map((m) => mb(m.heap)).join(' ')})`);
console.log(`  projection lag (positions, sampled every 10 s): max ${Math.max(0, ...lags)}, last ${lags.at(-1) ?? 0}`);
// Flat memory: the least-squares slope of the heap over the warm samples, in MB per minute (a leak shows as a
// steady positive slope; garbage collection makes single samples noisy, the slope is not).
function slopePerMinute(points: { t: number; v: number }[]): number {
  if (points.length < 2) return 0;
  const mt = points.reduce((a, p) => a + p.t, 0) / points.length;
  const mv = points.reduce((a, p) => a + p.v, 0) / points.length;
  const num = points.reduce((a, p) => a + (p.t - mt) * (p.v - mv), 0);
  const den = points.reduce((a, p) => a + (p.t - mt) ** 2, 0);
  return den === 0 ? 0 : (num / den) * 60;
}
const heapSlope = slopePerMinute(warm.map((m) => ({ t: m.t, v: m.heap / 1024 / 1024 })));
const rssSlope = slopePerMinute(warm.map((m) => ({ t: m.t, v: m.rss / 1024 / 1024 })));
console.log(`  memory trend (least squares over the warm samples): heap ${heapSlope.toFixed(2)} MB/min, RSS ${rssSlope.toFixed(2)} MB/min`);
process.exit(errors === 0 ? 0 : 1);
