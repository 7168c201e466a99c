/**
 * make soak: a mixed workload (80 % reads, 20 % writes) against the real read-api for SOAK_SECONDS (default 600),
 * open loop at SOAK_RATE requests/s (default 400). Reports throughput, p50/p99 per kind, errors (must be 0),
 * the server's memory (RSS and heap, sampled every 10 s: growth must be flat once warm), and projection lag from
 * /metrics. Not part of make test.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const RATE = Number(process.env.SOAK_RATE ?? 400);
const root = join(import.meta.dirname, '..');
const dataDir = mkdtempSync(join(tmpdir(), 'relaycast-soak-'));

const server = spawn(process.execPath, ['--expose-gc', 'read-api/dist/server.js'], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'error', ADMIN_EMAIL: 'soak@example.com', ADMIN_PASSWORD: 'soak-password', SIGNIN_RATE_LIMIT: '100000' },
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
  const reg = JSON.parse((await call('/auth/local/register', { email: `soak${i}@example.com`, password: 'soak-password', givenName: 'Soak', familyName: `Customer ${i}` })).text).data;
  const sub = JSON.parse((await call('/subscriptions/create', { subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', user_id: reg._id, modules: [{ name: 'streams', limit: 2 }], payment_details: { plan_id: 'constructor', privacy_policy_confirm: true } }, { AUTH_TOKEN_VALUE: reg.token })).text).data;
  customers.push({ token: reg.token, id: reg._id, sub: sub._id, ref: 'none-yet' });
}

type Kind = 'read' | 'write';
const pick = <T,>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
let counter = 0;
function nextRequest(): { kind: Kind; run: () => Promise<{ status: number }> } {
  const c = pick(customers);
  const auth = { AUTH_TOKEN_VALUE: c.token };
  const roll = Math.random();
  if (roll < 0.8) {
    const reads: (() => Promise<{ status: number; text: string; path?: string }>)[] = [
      () => call('/subscriptions/findAllByToken', {}, auth),
      () => call('/subscriptions/findOne', { id: c.sub }, auth),
      () => call('/subscriptions/history', { id: c.sub }, auth),
      () => call('/subscriptions/findAll', { pageSize: 20 }, { AUTH_TOKEN_VALUE: admin }),
      () => call('/admin/entry/getEntriesByURL', { url: `/soak/page-${counter % 5}` }),
    ];
    return { kind: 'read', run: pick(reads) };
  }
  const n = ++counter;
  const writes = [
    () => call('/subscriptions/update', { id: c.sub, name: `Soak ${n}` }, auth),
    // The billing reference is the server's: the first revision mints one, later ones send it back.
    () =>
      call('/subscriptions/revise', { id: c.sub, user_id: c.id, paypalSubscriptionID: c.ref, quantity: 2 + (n % 5) }, auth).then((res) => {
        if (res.status === 200) c.ref = (JSON.parse(res.text) as { data: { paypalSubscriptionID?: string } }).data.paypalSubscriptionID ?? c.ref;
        return res;
      }),
    () => {
      const i = n % materials.length;
      return call('/admin/entry/update', { _id: materials[i], entry_type: 'MATERIAL', url: `/soak/page-${i % 5}`, template: [{ property_i18n: 'title', defaultValue: `Soak ${n}`, dataType: 'STRING', formEntityType: 'TEXT' }] }, { AUTH_TOKEN_VALUE: admin });
    },
  ];
  return { kind: 'write', run: pick(writes) };
}

async function metric(name: string): Promise<Record<string, number>> {
  const text = await new Promise<string>((resolve) => http.get(`${base}/metrics`, (res) => { let t = ''; res.on('data', (c: Buffer) => (t += c)); res.on('end', () => resolve(t)); }));
  const out: Record<string, number> = {};
  for (const line of text.split('\n')) if (line.startsWith(name)) out[line.slice(0, line.lastIndexOf(' '))] = Number(line.slice(line.lastIndexOf(' ') + 1));
  return out;
}

const latencies: Record<Kind, number[]> = { read: [], write: [] };
let errors = 0;
const errorKinds = new Map<string, number>();
let sent = 0;
const memory: { t: number; rss: number; heap: number }[] = [];
const lags: number[] = [];
const start = performance.now();
const total = RATE * SECONDS;
let done = 0;
await new Promise<void>((resolve) => {
  const sampler = setInterval(async () => {
    const rss = await metric('process_resident_memory_bytes');
    const heap = await metric('nodejs_heap_size_used_bytes');
    const lag = await metric('relaycast_projection_lag_positions');
    memory.push({ t: Math.round((performance.now() - start) / 1000), rss: Object.values(rss)[0] ?? 0, heap: Object.values(heap)[0] ?? 0 });
    lags.push(Math.max(0, ...Object.values(lag)));
  }, 10_000);
  const tick = () => {
    const now = performance.now();
    while (sent < total && start + (sent * 1000) / RATE <= now) {
      const due = start + (sent++ * 1000) / RATE;
      const { kind, run } = nextRequest();
      void run().then(({ status, text }) => {
        latencies[kind].push(performance.now() - due);
        if (status < 200 || status >= 300) {
          errors++;
          const key = `${status} ${text.slice(0, 120)}`;
          errorKinds.set(key, (errorKinds.get(key) ?? 0) + 1);
        }
        if (++done === total) {
          clearInterval(sampler);
          resolve();
        }
      });
    }
    if (sent < total) setTimeout(tick, 1);
  };
  tick();
});
const elapsed = (performance.now() - start) / 1000;
server.kill('SIGTERM');
rmSync(dataDir, { recursive: true, force: true });

const q = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return (s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0).toFixed(1);
};
const mb = (b: number) => (b / 1024 / 1024).toFixed(1);
const warm = memory.slice(Math.min(3, memory.length - 1));
console.log(`soak: ${SECONDS} s at ${RATE} req/s open loop (80 % reads / 20 % writes), ${done} requests in ${elapsed.toFixed(0)} s → ${(done / elapsed).toFixed(0)} req/s`);
console.log(`  reads : ${latencies.read.length} requests, p50 ${q(latencies.read, 0.5)} ms, p99 ${q(latencies.read, 0.99)} ms`);
console.log(`  writes: ${latencies.write.length} requests, p50 ${q(latencies.write, 0.5)} ms, p99 ${q(latencies.write, 0.99)} ms`);
console.log(`  errors (non-2xx or failed): ${errors}${[...errorKinds].map(([k, n]) => `\n    ${n} × ${k}`).join('')}`);
console.log(`  memory: RSS ${mb(warm[0]?.rss ?? 0)} → ${mb(warm.at(-1)?.rss ?? 0)} MB, heap ${mb(warm[0]?.heap ?? 0)} → ${mb(warm.at(-1)?.heap ?? 0)} MB (from the 30 s mark to the end; samples every 10 s: ${memory.map((m) => mb(m.heap)).join(' ')})`);
console.log(`  projection lag (positions, sampled every 10 s): max ${Math.max(0, ...lags)}, last ${lags.at(-1) ?? 0}`);
process.exit(errors === 0 ? 0 : 1);
