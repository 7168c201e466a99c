import { expect } from 'chai';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { problemsOf } from '@relaycast/contracts';
import { API_ROUTES } from '../app.js';
import { startTestServer, type ApiClient, type TestServer } from '../../test/harness.js';
import { validBody, type BodyContext } from '../../test/bodies.js';
import { maximalBodies } from '../../test/maximal.js';
import { buyConstructor, captureBody, orderAndApprove } from '../../test/paypal-standin/flow.js';
import { paypalEnv, startPayPalStandIn, type PayPalStandIn } from '../../test/paypal-standin/server.js';

/** The heap still in use after a full collection: what the run kept, not garbage waiting for the collector. */
function retainedHeap(): number {
  setFlagsFromString('--expose-gc');
  (runInNewContext('gc') as () => void)();
  return process.memoryUsage().heapUsed;
}

/**
 * Fuzzing with bodies every route's schema accepts but nobody friendly sends: all optional fields, strings at their
 * maximum length in astral, RTL, combining, markup and NUL alphabets, arrays at their maximum count, numbers on their
 * boundaries. Sent by an administrator to every route and by the owning customer to the customer routes. Each answer
 * is a 2xx or a 4xx with an error code (never a 5xx), under 1 MB; the server's memory stays bounded over the run.
 */
describe('schema-valid hostile bodies on every route (maximal sizes, unicode edges, boundary numbers)', function () {
  this.timeout(300_000);
  let server: TestServer;
  let paypal: PayPalStandIn;
  let admin: ApiClient;
  let owner: ApiClient & { userId: string; email: string };
  let ctx: BodyContext;
  let paypalSubscriptionID: string;

  before(async () => {
    // With PayPal (the stand-in), so that payment routes run to the provider instead of stopping at "not configured".
    paypal = await startPayPalStandIn();
    server = await startTestServer({ env: paypalEnv(paypal) });
    admin = await server.admin();
    owner = await server.customer('hostile-owner');
    // Live and paid, so that revisions, orders and wallet routes have work to do.
    const created = await buyConstructor(owner, 1);
    const order = await orderAndApprove(owner, created._id);
    const sub = await owner.post('/subscriptions/captureOrder', captureBody(owner, created, order));
    const entry = await admin.post('/admin/entry/create', { entry_type: 'MATERIAL', url: '/how-to-use', template: [{ property_i18n: 'title', defaultValue: 'x', dataType: 'STRING', formEntityType: 'TEXT' }] });
    paypalSubscriptionID = sub.body.data.paypalSubscriptionID;
    ctx = { ownerId: owner.userId, subscriptionId: sub.body.data._id, entryId: entry.body.data._id, userId: owner.userId };
  });
  after(async () => {
    await server?.close();
    await paypal?.close();
  });

  // Sign-in and sign-up change the caller's session: each body goes from a fresh anonymous client.
  const SESSION_ROUTES = new Set(['/auth/local/signin', '/auth/local/register']);

  it('every route answers 2xx or 4xx, under 1 MB; the heap keeps under 50 MB of it and RSS grows under 300 MB', async () => {
    const failures: string[] = [];
    const unexercised: string[] = [];
    const statuses = new Map<number, number>();
    let largest = 0;
    const heapBefore = retainedHeap();
    const rssBefore = process.memoryUsage().rss;
    // What ends things (cancel, remove, erase) goes last, so that the other routes meet a live subscription.
    const ending = (path: string) => /cancel|remove|erase|pause/.test(path);
    const routes = API_ROUTES.filter((r) => r.body).sort((a, b) => Number(ending(a.path)) - Number(ending(b.path)));
    // A warm-up pass (compiled validators, first-use caches) before the baseline.
    for (const route of routes.filter((r) => !SESSION_ROUTES.has(r.path) && !ending(r.path))) await admin.post(route.path, validBody(route.path, ctx));
    for (const route of routes) {
      const valid = validBody(route.path, ctx);
      if ('paypalSubscriptionID' in valid) valid.paypalSubscriptionID = paypalSubscriptionID;
      const bodies = maximalBodies(route.body!, valid).filter(({ body }) => problemsOf(route.body!, body).length === 0);
      if (bodies.length === 0) unexercised.push(route.path);
      const callers: [string, () => ApiClient][] = SESSION_ROUTES.has(route.path)
        ? [['anonymous', () => server.client()]]
        : [['admin', () => admin], ...(route.access === 'customer' ? ([['owner', () => owner]] as [string, () => ApiClient][]) : [])];
      for (const { label, body } of bodies) {
        for (const [name, client] of callers) {
          const res = await client().post(route.path, body);
          statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
          if (process.env.HOSTILE_DEBUG) console.log(route.path, label, name, res.status, res.status >= 400 ? JSON.stringify(res.body).slice(0, 160) : "");
          const bytes = Buffer.byteLength(JSON.stringify(res.body ?? ''));
          largest = Math.max(largest, bytes);
          const where = `${route.path} ${label} as ${name} → ${res.status}`;
          if (res.status >= 500) failures.push(`${where} ${JSON.stringify(res.body).slice(0, 200)}`);
          else if (res.status >= 400 && typeof res.body?.error?.code !== 'string') failures.push(`${where} without an error code`);
          if (bytes > 1_000_000) failures.push(`${where}: answer of ${bytes} bytes`);
        }
      }
    }
    const growth = process.memoryUsage().rss - rssBefore;
    const kept = retainedHeap() - heapBefore;
    const mb = (n: number) => `${Math.round(n / 1e6)} MB`;
    console.log(`      hostile bodies: statuses ${JSON.stringify(Object.fromEntries(statuses))}, largest answer ${largest} B, heap kept ${mb(kept)}, RSS growth ${mb(growth)}`);
    expect(failures, failures.join('\n')).to.deep.equal([]);
    expect(unexercised, 'routes with no schema-valid maximal body (extend test/maximal.ts)').to.deep.equal([]);
    expect(kept, `heap kept ${mb(kept)}`).to.be.below(50_000_000);
    // RSS also counts what the allocator keeps for reuse (answers of 240 KB); the heap figure is the one that finds leaks.
    expect(growth, `RSS growth ${mb(growth)}`).to.be.below(300_000_000);
    expect((await server.client().get('/health')).status).to.equal(200);
  });
});
