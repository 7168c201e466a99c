import { expect } from 'chai';
import { randomBytes } from 'node:crypto';
import { startTestServer, type ApiClient, type TestServer } from '../../test/harness.js';

describe('API routes, happy paths (real HTTP)', function () {
  let server: TestServer;
  let admin: ApiClient;
  before(async () => {
    server = await startTestServer();
    admin = await server.admin();
  });
  after(async () => server.close());

  it('users: create, list with paging and search, find, update (role as its own event), remove', async () => {
    const created = await admin.post('/users/create', { givenName: 'Linus', familyName: 'Torvalds', email: 'linus@kernel.example', role: 'ROLE_CUSTOMER' });
    expect(created.status).to.equal(201);
    const id = created.body.data._id;
    for (let i = 0; i < 3; i++) await admin.post('/users/create', { givenName: `Extra${i}`, familyName: 'Person', email: `extra${i}@example.com`, role: 'ROLE_USER' });
    const page = await admin.post('/users/findAll', { pageSize: 2, page: 1 });
    expect(page.body.data).to.have.length(2);
    expect(page.body.meta).to.deep.equal({ total: 5, page: 1, pageSize: 2 });
    expect((await admin.post('/users/findAll', { search: 'torvalds' })).body.data.map((u: { _id: string }) => u._id)).to.deep.equal([id]);
    expect((await admin.post('/users/findAll', { role: 'ROLE_USER' })).body.meta.total).to.equal(3);
    expect((await admin.post('/users/findAll', { sort: 'givenName', order: 'asc' })).body.data[0].givenName).to.equal('Extra0');
    expect((await admin.post('/users/findOne', { id })).body.data).to.include({ email: 'linus@kernel.example', role: 'ROLE_CUSTOMER' });
    const updated = await admin.post('/users/update', { id, givenName: 'Linus B.', role: 'ROLE_ADMIN' });
    expect(updated.body.data).to.include({ givenName: 'Linus B.', role: 'ROLE_ADMIN' });
    const history = await server.rt.readSide.queries.history({ streamId: `user-${id}` });
    expect(history.map((h) => h.type)).to.deep.equal(['UserRegistered', 'UserUpdated', 'UserRoleChanged']);
    expect((await admin.post('/users/remove', { id })).body.data).to.deep.equal({ _id: id, removed: true });
    expect((await admin.post('/users/findOne', { id })).status).to.equal(404);
    // The address is free again.
    expect((await admin.post('/users/create', { givenName: 'L', familyName: 'T', email: 'linus@kernel.example', role: 'ROLE_USER' })).status).to.equal(201);
  });

  it('list pages with non-Latin text arrive whole: exact Content-Length uncompressed, intact through gzip', async () => {
    for (let i = 0; i < 8; i++) await admin.post('/users/create', { givenName: `Пётр${i}`, familyName: 'Чайковский', email: `pyotr${i}@example.com`, role: 'ROLE_USER' });
    const plain = await admin.post('/users/findAll', { search: 'чайковский' }, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.status).to.equal(200);
    expect(plain.headers.get('content-encoding')).to.equal(null);
    expect(plain.body.data.map((u: { givenName: string }) => u.givenName).sort()).to.deep.equal(['Пётр0', 'Пётр1', 'Пётр2', 'Пётр3', 'Пётр4', 'Пётр5', 'Пётр6', 'Пётр7']);
    expect(plain.body.meta).to.deep.equal({ total: 8, page: 1, pageSize: 20 });
    // The newest-first page without a search is the one written from the stored documents' bytes.
    const newest = await admin.post('/users/findAll', { pageSize: 8 }, { headers: { 'accept-encoding': 'identity' } });
    expect(Number(newest.headers.get('content-length'))).to.equal(Buffer.byteLength(JSON.stringify(newest.body)));
    expect(newest.body.data.map((u: { familyName: string }) => u.familyName)).to.deep.equal(Array(8).fill('Чайковский'));
    const zipped = await admin.post('/users/findAll', { pageSize: 8 }, { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).to.equal('gzip');
    expect(zipped.body).to.deep.equal(newest.body);
  });

  it('a list page larger than the socket buffer after compression arrives whole, gzip, br or plain (it once hung)', async function () {
    this.timeout(60_000);
    // Random hex compresses poorly: 250 users make a page of ~60 KB, over 16 KB even compressed.
    const hex = () => randomBytes(24).toString('hex');
    for (let i = 0; i < 250; i++) {
      const created = await admin.post('/users/create', { givenName: hex(), familyName: hex(), email: `bulk${i}-${hex().slice(0, 8)}@example.com`, role: 'ROLE_USER' });
      expect(created.status).to.equal(201);
    }
    const answers = [];
    for (const encoding of ['identity', 'gzip', 'br']) {
      const answer = await Promise.race([
        admin.post('/users/findAll', { pageSize: 500 }, { headers: { 'accept-encoding': encoding } }),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer in 10 s with ${encoding}`)), 10_000)),
      ]);
      expect(answer.status).to.equal(200);
      expect(answer.headers.get('content-encoding')).to.equal(encoding === 'identity' ? null : encoding);
      answers.push(answer.body);
    }
    expect(answers[0].meta.total).to.be.at.least(251);
    expect(answers[0].data).to.have.length(answers[0].meta.total);
    expect(answers[1]).to.deep.equal(answers[0]);
    expect(answers[2]).to.deep.equal(answers[0]);
  });

  it('users: an administrator cannot remove or demote themself', async () => {
    const me = (await admin.post('/auth/google/getUser')).body.data;
    expect((await admin.post('/users/remove', { id: me._id })).status).to.equal(403);
    expect((await admin.post('/users/update', { id: me._id, role: 'ROLE_CUSTOMER' })).status).to.equal(403);
  });

  it('subscriptions: buy, rename, admin status change, revise preview, history, remove', async () => {
    const customer = await server.customer('buyer');
    const created = await customer.post('/subscriptions/create', {
      subscription_type: 'SUBSCRIPTION_MONTH', status: 'SUBSCRIPTION_STATUS_INITIAL', user_id: customer.userId,
      modules: [{ name: 'streams', limit: 4 }, { name: 'vodViewers', limit: 120 }], payment_details: { plan_id: 'constructor', privacy_policy_confirm: true, amount: 3000 },
    });
    expect(created.status).to.equal(201);
    const sub = created.body.data;
    expect(sub).to.include({ quantity: 6, amount: 3000, status: 'SUBSCRIPTION_STATUS_INITIAL', amountDue: 3000 });
    expect(sub.name).to.match(/^Subscription \d{4}-\d{2}-\d{2}$/);
    expect(sub.customer.email).to.equal(customer.email);

    const renamed = await customer.post('/subscriptions/update', { id: sub._id, name: 'Studio A' });
    expect(renamed.body.data.name).to.equal('Studio A');
    expect((await customer.post('/subscriptions/update', { id: sub._id, status: 'SUBSCRIPTION_STATUS_ACTIVE' })).status).to.equal(403);
    expect((await customer.post('/subscriptions/update', { id: sub._id, licence_key: 'HACKED-KEY' })).status).to.equal(403);
    const activated = await admin.post('/subscriptions/update', { id: sub._id, status: 'SUBSCRIPTION_STATUS_ACTIVE', reason: 'paid by bank transfer' });
    expect(activated.body.data.status).to.equal('SUBSCRIPTION_STATUS_ACTIVE');
    const stale = await customer.post('/subscriptions/update', { id: sub._id, name: 'Too late', version: 1 });
    expect(stale.status).to.equal(409);
    expect(stale.body.error.code).to.equal('CONCURRENCY_CONFLICT');

    const preview = await customer.post('/subscriptions/revise', { id: sub._id, user_id: customer.userId, paypalSubscriptionID: 'RCS-ANY', quantity: 22, preview: true });
    expect(preview.status).to.equal(200);
    // A raise during complimentary time asks payment for it (issue 30): 10,800 − 3,000 = 7,800 cents a month more, for
    // the month granted a moment ago less the milliseconds since, rounded up to the cent: 7,800.
    expect(preview.body.data).to.include({ effect: 'pending', quantity: 22, amount: 20 * 500 + 2 * 400, previousAmount: 3000, proration: 7800, balance: 7800, currency: 'USD' });
    expect((await customer.post('/subscriptions/findOne', { id: sub._id })).body.data.quantity).to.equal(6);
    const revised = await customer.post('/subscriptions/revise', { id: sub._id, user_id: customer.userId, paypalSubscriptionID: 'RCS-ANY', quantity: 22, amount: 10_800 });
    expect(revised.body.meta.effect).to.equal('pending');
    expect(revised.body.data).to.include({ quantity: 6, amount: 3000, amountDue: 7800 });
    expect(revised.body.data.pendingChange).to.include({ quantity: 22, amount: 10_800, balance: 7800 });

    const history = await customer.post('/subscriptions/history', { id: sub._id });
    // Live without payment is a complimentary grant (with its licence); a raise during it waits for its balance.
    expect(history.body.data.map((h: { type: string }) => h.type)).to.deep.equal(['SubscriptionCreated', 'SubscriptionUpdated', 'ComplimentaryGranted', 'SubscriptionStatusChanged', 'LicenceIssued', 'SubscriptionChangePending']);
    expect(history.body.data[3].actor.role).to.equal('ROLE_ADMIN');
    // The administrator's note is internal: the customer reads the change, the administrator also reads why.
    expect(history.body.data[3].summary).to.equal('Status: Creating → Live (complimentary: granted by an administrator without payment)');
    expect((await admin.post('/subscriptions/history', { id: sub._id })).body.data[3].summary).to.equal('Status: Creating → Live (complimentary: granted by an administrator without payment) — note: paid by bank transfer');
    expect(JSON.stringify(history.body.data)).to.not.include('bank transfer');
    const filtered = await customer.post('/subscriptions/history', { id: sub._id, types: ['SubscriptionChangePending'] });
    expect(filtered.body.data).to.have.length(1);

    const quote = await server.client().post('/subscriptions/quote', { plan_id: 'unlimited', infrastructure_type: 'self-hosted', subscription_type: 'SUBSCRIPTION_YEAR' });
    expect(quote.body.data).to.include({ amount: 70_800, monthlyAmount: 5900, billingMonths: 12 });

    expect((await admin.post('/subscriptions/remove', { id: sub._id })).status).to.equal(200);
    expect((await customer.post('/subscriptions/findOne', { id: sub._id })).status).to.equal(404);
  });

  it('subscriptions: the same Idempotency-Key never creates twice', async () => {
    const customer = await server.customer('double');
    const body = { subscription_type: 'SUBSCRIPTION_FREE', status: 'SUBSCRIPTION_STATUS_INITIAL', user_id: customer.userId, payment_details: { plan_id: 'unlimited', privacy_policy_confirm: true } };
    const headers = { 'Idempotency-Key': 'purchase-attempt-42' };
    const [a, b] = await Promise.all([customer.post('/subscriptions/create', body, { headers }), customer.post('/subscriptions/create', body, { headers })]);
    expect(a.body.data._id).to.equal(b.body.data._id);
    expect((await customer.post('/subscriptions/findAllByToken', {})).body.meta.total).to.equal(1);
  });

  it('content: templates and materials, public reads by URL and category', async () => {
    const template = await admin.post('/admin/entry/create', {
      entry_type: 'TEMPLATE',
      template: [
        { property_i18n: 'name', defaultValue: 'Awesome template', dataType: 'STRING', formEntityType: 'TEXT' },
        [
          { property_i18n: 'name', defaultValue: 'Awesome element', dataType: 'STRING', formEntityType: 'TEXT' },
          // Drop-downs offer their options (one without any is refused: content.int.spec.ts).
          { property_i18n: 'dataType', defaultValue: 'STRING', dataType: 'STRING', formEntityType: 'SELECT', property_option_items: [{ label: 'STRING', value: 'STRING' }, { label: 'NUMBER', value: 'NUMBER' }] },
          { property_i18n: 'formEntityType', defaultValue: 'TEXT', dataType: 'STRING', formEntityType: 'SELECT', property_option_items: [{ label: 'TEXT', value: 'TEXT' }, { label: 'SELECT', value: 'SELECT' }] },
          { property_i18n: 'defaultValue', defaultValue: 'Awesome value', dataType: 'STRING', formEntityType: 'TEXT' },
        ],
      ],
    });
    expect(template.status).to.equal(201);
    const material = await admin.post('/admin/entry/create', {
      entry_type: 'MATERIAL', category: 'TUTORIALS', url: '/how-to-use', locale: 'en', template_id: template.body.data._id,
      template: [{ property_i18n: 'title', defaultValue: 'Start streaming in five minutes', dataType: 'STRING', formEntityType: 'TEXT' }],
    });
    expect(material.status).to.equal(201);
    const badTemplate = await admin.post('/admin/entry/create', { entry_type: 'MATERIAL', template_id: 'nope', template: material.body.data.template });
    expect(badTemplate.status).to.equal(400);
    expect(badTemplate.body.error.message).to.match(/^template_id/);

    const publicByUrl = await server.client().post('/admin/entry/getEntriesByURL', { url: '/how-to-use', locale: 'en' });
    expect(publicByUrl.body.data.map((e: { _id: string }) => e._id)).to.deep.equal([material.body.data._id]);
    expect((await server.client().post('/admin/entry/getEntriesByURL', { url: '/how-to-use', locale: 'ru' })).body.data).to.deep.equal([]);
    expect((await server.client().post('/admin/entry/getEntriesByURL', { category: 'TUTORIALS' })).body.data).to.have.length(1);
    expect((await server.client().post('/admin/entry/getEntriesByURL', {})).status).to.equal(400);

    const one = await admin.post('/admin/entry/getOne', { _id: template.body.data._id, entry_type: 'TEMPLATE' });
    expect(one.body.data.template[0].defaultValue).to.equal('Awesome template');
    expect((await admin.post('/admin/entry/getOne', { _id: template.body.data._id, entry_type: 'MATERIAL' })).status).to.equal(404);
    const all = await admin.post('/admin/entry/getAll', { entry_type: 'TEMPLATE' });
    expect(all.body.meta.total).to.equal(1);
    const updated = await admin.post('/admin/entry/update', { ...material.body.data, template: [{ property_i18n: 'title', defaultValue: 'Changed', dataType: 'STRING', formEntityType: 'TEXT' }] });
    expect(updated.body.data.template[0].defaultValue).to.equal('Changed');
    expect((await admin.post('/admin/entry/remove', { _id: material.body.data._id })).status).to.equal(200);
    expect((await server.client().post('/admin/entry/getEntriesByURL', { url: '/how-to-use' })).body.data).to.deep.equal([]);
  });

  it('files: upload with size and type limits, download with safe headers, remove', async () => {
    const form = new FormData();
    form.append('file', new Blob(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], { type: 'image/svg+xml' }), 'logo.svg');
    const uploaded = await admin.post('/admin/files/upload', undefined, { raw: form });
    expect(uploaded.status).to.equal(201);
    const file = uploaded.body.data;
    expect(file).to.include({ originalName: 'logo.svg', mimeType: 'image/svg+xml', size: 71 });
    const download = await server.client().get(file.url);
    expect(download.status).to.equal(200);
    expect(download.headers.get('content-security-policy')).to.match(/sandbox/);
    expect(download.headers.get('x-content-type-options')).to.equal('nosniff');

    const exe = new FormData();
    exe.append('file', new Blob(['MZ'], { type: 'application/x-msdownload' }), 'run.exe');
    const refusedType = await admin.post('/admin/files/upload', undefined, { raw: exe });
    expect(refusedType.status).to.equal(415);
    const big = new FormData();
    big.append('file', new Blob([new Uint8Array(10 * 1024 * 1024 + 1)], { type: 'image/png' }), 'big.png');
    expect((await admin.post('/admin/files/upload', undefined, { raw: big })).status).to.equal(413);
    const none = new FormData();
    none.append('other', 'x');
    const missing = await admin.post('/admin/files/upload', undefined, { raw: none });
    expect(missing.status).to.equal(400);
    expect(missing.body.error.message).to.equal('file is required');

    expect((await admin.post('/admin/files/getAll', {})).body.meta.total).to.equal(1);
    expect((await admin.post('/admin/files/remove', { _id: file._id })).status).to.equal(200);
    expect((await server.client().get(file.url)).status).to.equal(404);
  });

  it('ops: health, readiness, metrics with projection lag, and the OpenAPI document', async () => {
    expect((await server.client().get('/health')).body).to.equal('{"status":"ok"}');
    const ready = JSON.parse((await server.client().get('/ready')).body);
    expect(ready.status).to.equal('ready');
    const metrics = (await server.client().get('/metrics', { headers: { authorization: `Bearer ${server.config.metricsToken}` } })).body;
    expect(metrics).to.match(/relaycast_commands_total\{type="RegisterUser",outcome="applied"\} \d+/);
    expect(metrics).to.match(/relaycast_projection_lag_positions\{projection="subscriptions"\} 0/);
    const doc = JSON.parse((await server.client().get('/openapi.json')).body);
    expect(doc.openapi).to.equal('3.1.0');
    expect(Object.keys(doc.paths)).to.include.members(['/users/create', '/subscriptions/captureOrder', '/admin/entry/getEntriesByURL']);
    expect(doc.paths['/users/create'].post.requestBody.content['application/json'].schema.required).to.deep.equal(['givenName', 'familyName', 'email', 'role']);
  });
});
