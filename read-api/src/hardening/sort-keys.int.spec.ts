import { expect } from 'chai';
import { startTestServer, type ApiClient, type TestServer } from '../../test/harness.js';

/**
 * Issue 31, item 6: `sort: "__proto__"` and `"constructor"` were accepted by list routes (any path of the documents
 * was). Each list sorts by the fields it shows, named in its schema; anything else is a 400 naming `sort`.
 */
describe('list routes sort only by their own fields (400 naming sort otherwise)', function () {
  this.timeout(30_000);
  let server: TestServer;
  let admin: ApiClient;
  let customer: ApiClient;
  before(async () => {
    server = await startTestServer();
    admin = await server.admin();
    customer = await server.customer('sorter');
  });
  after(async () => server.close());

  const LISTS: [string, () => ApiClient, Record<string, unknown>, string[]][] = [
    ['/users/findAll', () => admin, {}, ['createdAt', 'givenName', 'familyName', 'email', 'role', 'strategy']],
    ['/subscriptions/findAll', () => admin, {}, ['createdAt', 'name', 'customer.email', 'status', 'plan.plan_id', 'quantity', 'amount', 'nextEvent.at']],
    ['/subscriptions/findAllByToken', () => customer, {}, ['createdAt', 'name', 'status']],
    ['/admin/entry/getAll', () => admin, { entry_type: 'MATERIAL' }, ['createdAt', 'updatedAt', 'category', 'url', 'locale']],
    ['/admin/files/getAll', () => admin, {}, ['createdAt', 'originalName', 'mimeType', 'size']],
  ];

  for (const [path, who, body, keys] of LISTS) {
    it(`${path}: __proto__, constructor and unknown keys refused naming sort; its own fields sort`, async () => {
      for (const sort of ['__proto__', 'constructor', 'toString', 'customer.__proto__', 'constructor.prototype', 'passwordHash', 'nope']) {
        const answer = await who().post(path, { ...body, sort });
        expect(answer.status, `${path} sort ${sort}`).to.equal(400);
        expect(answer.body.error.code).to.equal('VALIDATION_FAILED');
        expect(answer.body.error.details.map((d: { field: string }) => d.field), `${path} sort ${sort}`).to.deep.equal(['sort']);
      }
      for (const sort of keys) expect((await who().post(path, { ...body, sort, order: 'asc' })).status, `${path} sort ${sort}`).to.equal(200);
    });
  }
});
