import { expect } from 'chai';
import fc from 'fast-check';
import { problemsOf } from '@relaycast/contracts';
import { ALL_PROJECTIONS } from '@relaycast/projections';
import { API_ROUTES } from '../app.js';
import { startTestServer, type ApiClient, type TestServer } from '../../test/harness.js';
import { validBody, type BodyContext } from '../../test/bodies.js';
import { invalidBodies } from '../../test/mutations.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);

/**
 * Generated bad bodies for every route with a body schema, sent by an administrator (so authorization never
 * stops them): each must get a 4xx in the error shape with a message that names a field (or the body), never a
 * 500, and must change nothing — the event store's head and every read model stay as they were.
 */
describe('fuzzing every route with bad bodies (real HTTP)', function () {
  this.timeout(300_000);
  let server: TestServer;
  let admin: ApiClient;
  let ctx: BodyContext;

  before(async () => {
    server = await startTestServer();
    admin = await server.admin();
    const owner = await server.customer('fuzz-owner');
    const sub = await owner.post('/subscriptions/create', validBody('/subscriptions/create', { ownerId: owner.userId, subscriptionId: '', entryId: '', userId: '' }));
    const entry = await admin.post('/admin/entry/create', { entry_type: 'MATERIAL', url: '/how-to-use', template: [{ property_i18n: 'title', defaultValue: 'x', dataType: 'STRING', formEntityType: 'TEXT' }] });
    ctx = { ownerId: owner.userId, subscriptionId: sub.body.data._id, entryId: entry.body.data._id, userId: owner.userId };
  });
  after(async () => server.close());

  async function snapshot(): Promise<string> {
    const head = await server.rt.events.headPosition();
    const dumps = await Promise.all(ALL_PROJECTIONS.map((p) => server.rt.readModels.dump(p.name)));
    return `${head}\n${dumps.join('\n')}`;
  }

  for (const route of API_ROUTES.filter((r) => r.body)) {
    it(`${route.path}: bad bodies get a 4xx naming the problem and write nothing`, async () => {
      const valid = validBody(route.path, ctx);
      const before = await snapshot();
      await fc.assert(
        fc.asyncProperty(invalidBodies(route.body!, valid), async (generated) => {
          // What the server receives is the JSON text: a key added with the value undefined is not in it (an empty
          // body schema would otherwise count `{ x: undefined }` as bad while the server rightly reads `{}`).
          const raw = JSON.stringify(generated);
          const body: unknown = raw === undefined ? undefined : JSON.parse(raw);
          // Only bodies our own schema refuses are "bad"; a mutation that happens to be valid is not the point here.
          fc.pre(problemsOf(route.body!, body).length > 0);
          const res = await admin.post(route.path, undefined, { raw, headers: { 'content-type': 'application/json' } });
          expect(res.status, `${route.path} ${JSON.stringify(body).slice(0, 200)} → ${res.status} ${JSON.stringify(res.body)}`).to.be.within(400, 499);
          expect(res.body?.error?.code).to.be.a('string');
          // The message starts with the field's name: plain names, [index], or ["quoted odd key"].
          expect(res.body.error.message).to.match(/^(?:[\w$-]|\.|\[\d+\]|\["(?:[^"\\]|\\.)*"\])+ /);
        }),
        { numRuns: RUNS },
      );
      expect(await snapshot(), 'nothing was written').to.equal(before);
    });
  }

  it('random bytes and broken JSON on every route: 4xx, never 500', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...API_ROUTES.map((r) => r.path)), fc.string({ maxLength: 200 }), async (path, text) => {
        fc.pre(text.trim() !== '' && !isJsonObject(text));
        const res = await admin.post(path, undefined, { raw: text, headers: { 'content-type': 'application/json' } });
        expect(res.status, `${path} ${JSON.stringify(text)} → ${res.status}`).to.be.within(400, 499);
      }),
      { numRuns: RUNS * 3 },
    );
  });
});

function isJsonObject(text: string): boolean {
  try {
    const value = JSON.parse(text) as unknown;
    return value !== null && typeof value === 'object' && !Array.isArray(value);
  } catch {
    return false;
  }
}
