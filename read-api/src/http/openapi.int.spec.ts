import { expect } from 'chai';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import { default as addFormatsModule } from 'ajv-formats';
import { userDecider } from '@relaycast/billing-core';
import { API_ROUTES } from '../app.js';
import { startTestServer, type ApiClient, type TestServer } from '../../test/harness.js';
import { validBody } from '../../test/bodies.js';
import { paypalEnv, startPayPalStandIn, type PayPalStandIn } from '../../test/paypal-standin/server.js';
import { approveInBrowser, buyConstructor, captureBody, deliverWebhook, orderAndApprove, type Customer } from '../../test/paypal-standin/flow.js';

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv2020) => Ajv2020;

type Json = Record<string, any>;
interface Seen {
  status: number;
  body: unknown;
  headers: Headers;
}

/** Routes whose success this test cannot reach: demo payments are off here (and tested with them on elsewhere). */
const SUCCESS_NOT_REACHED = new Set(['post /admin/demo/declineWallet']);

/**
 * Fields real answers carry that the document leaves out on purpose. SubscriptionView.configuration: the read model
 * copies TrialStarted's event data into the subscription (projections/src/projections/subscriptions.ts), an internal
 * figure, not part of the API.
 */
const TOLERATED: Record<string, string[]> = { SubscriptionView: ['configuration'] };

/** Express routes with a pattern instead of a path: the addresses they serve, as the document writes them. */
const PATTERN_ROUTES: Record<string, string[]> = {
  '/^\\/invoices\\/((?:DEMO-)?INV-\\d{6,})\\.pdf$/': ['/invoices/{number}.pdf'],
  '/^\\/creditNotes\\/((?:DEMO-)?CN-\\d{6,})\\.pdf$/': ['/creditNotes/{number}.pdf'],
};
/** The app's catch-all for unknown API calls (404 JSON): not a route of its own. */
const CATCH_ALL = '/.*/';

/**
 * The schemas as the answers must meet them: an object that does not say it takes other properties takes none, so an
 * answer carrying a field the document does not describe fails too (the document is complete, not only right).
 */
function closed(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(closed);
  if (!node || typeof node !== 'object') return node;
  const out = Object.fromEntries(Object.entries(node).map(([k, v]) => [k, k === 'properties' || k === 'patternProperties' ? Object.fromEntries(Object.entries(v as object).map(([p, s]) => [p, closed(s)])) : closed(v)]));
  if ((out as Json).type === 'object' && (out as Json).properties && !('additionalProperties' in out) && !('patternProperties' in out)) (out as Json).additionalProperties = false;
  return out;
}

/**
 * The OpenAPI document against the server that serves it: every route it serves is documented, every operation
 * says who may call it and what it answers, and the answers real calls get — from anyone, a customer and an
 * administrator, through a PayPal purchase (the stand-in), downloads and operations — have a documented status and
 * validate (ajv, JSON Schema 2020-12 as OpenAPI 3.1) against the documented schema, error codes included.
 */
describe('the OpenAPI document: every served route, and real answers valid against it', function () {
  this.timeout(120_000);
  let paypal: PayPalStandIn;
  let server: TestServer;
  let doc: Json;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  const validators = new Map<string, ValidateFunction>();
  const problems: string[] = [];
  /** Operations ("post /path") with an answer checked, and with a success (2xx, or the 302 of a redirect) checked. */
  const checked = new Set<string>();
  const succeeded = new Set<string>();

  before(async () => {
    paypal = await startPayPalStandIn();
    // The notifier in the process (mail to the outbox): the e-mail routes answer about real messages.
    server = await startTestServer({ env: { ...paypalEnv(paypal), BILLING_CLOCK: 'test', NOTIFIER: 'in-process' } });
    const res = await server.client().get('/openapi.json');
    expect(res.status).to.equal(200);
    doc = JSON.parse(res.body) as Json;
    const strict = closed(doc) as Json;
    for (const [name, fields] of Object.entries(TOLERATED)) for (const field of fields) strict.components.schemas[name].properties[field] = {};
    ajv.addSchema(strict, 'openapi.json');
  });
  after(async () => {
    await server?.close();
    await paypal?.close();
  });

  /** A documented schema with its $refs pointing into the document ajv holds as "openapi.json". */
  function validatorFor(key: string, schema: unknown): ValidateFunction {
    let fn = validators.get(key);
    if (!fn) {
      const rebased = closed(JSON.parse(JSON.stringify(schema).replace(/"\$ref":"#\//g, '"$ref":"openapi.json#/'))) as object;
      fn = ajv.compile(rebased);
      validators.set(key, fn);
    }
    return fn;
  }

  /** Checks one answer against the document: a documented status, a documented media type, a valid body. */
  function check(method: 'get' | 'post', path: string, answer: Seen): void {
    const name = `${method} ${path}`;
    const op = doc.paths[path]?.[method] as Json | undefined;
    if (!op) return void problems.push(`${name}: not in the document`);
    checked.add(name);
    const response = (op.responses[String(answer.status)] ?? (answer.status >= 500 ? op.responses.default : undefined)) as Json | undefined;
    if (!response) return void problems.push(`${name}: answered ${answer.status}, not documented (${Object.keys(op.responses).join(', ')}): ${JSON.stringify(answer.body).slice(0, 300)}`);
    if ((answer.status >= 200 && answer.status < 300) || answer.status === 302) succeeded.add(name);
    if (!response.content) return;
    const mediaType = (answer.headers.get('content-type') ?? '').split(';')[0]!.trim();
    const content = (response.content[mediaType] ?? response.content['*/*']) as Json | undefined;
    if (!content) return void problems.push(`${name} ${answer.status}: answered ${mediaType}, documented ${Object.keys(response.content).join(', ')}`);
    if (mediaType !== 'application/json') return;
    const validate = validatorFor(`${name} ${answer.status}`, content.schema);
    if (!validate(answer.body)) {
      const errors = (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}${e.params.additionalProperty ? ` (${e.params.additionalProperty})` : ''}`);
      problems.push(`${name} ${answer.status}: ${[...new Set(errors)].join('; ')} in ${JSON.stringify(answer.body).slice(0, 400)}`);
    }
    const code = (answer.body as { error?: { code?: string } } | null)?.error?.code;
    const codes = response['x-error-codes'] as string[] | undefined;
    if (code && codes && !codes.includes(code)) problems.push(`${name} ${answer.status}: error code ${code} is not among the documented ${codes.join(', ')}`);
  }

  const post = async (client: ApiClient, path: string, body?: unknown, init?: Parameters<ApiClient['post']>[2]) => {
    const res = await client.post(path, body, init);
    check('post', path, res);
    return res;
  };
  /** A GET through the client (cookies); `documented` is the document's path for it. */
  const get = async (client: ApiClient, url: string, documented: string, headers: Record<string, string> = {}) => {
    const res = await client.get(url, { headers });
    const json = (res.headers.get('content-type') ?? '').startsWith('application/json');
    check('get', documented, { ...res, body: json && res.body ? JSON.parse(res.body) : res.body });
    return res;
  };

  it('documents every route the server serves, and nothing it does not serve', () => {
    const served = new Set(API_ROUTES.map((r) => `post ${r.path}`));
    const unknownPatterns: string[] = [];
    const walk = (stack: readonly Json[]) => {
      for (const layer of stack) {
        if (layer.route) {
          const raw = layer.route.path as unknown;
          if (String(raw) === CATCH_ALL) continue;
          const paths = typeof raw === 'string' ? [raw.replace(/:([A-Za-z0-9_]+)/g, '{$1}')] : PATTERN_ROUTES[String(raw)];
          if (!paths) unknownPatterns.push(String(raw));
          for (const method of Object.keys(layer.route.methods as object)) for (const p of paths ?? []) served.add(`${method} ${p}`);
        } else if (layer.handle?.stack && layer.slash) walk(layer.handle.stack as Json[]); // routers mounted at the root: the API's
      }
    };
    walk(((server.app as unknown as Json).router as Json).stack as Json[]);
    expect(unknownPatterns, 'routes matched by a pattern: add their documented paths to PATTERN_ROUTES').to.deep.equal([]);
    const documented = new Set(Object.entries(doc.paths as Json).flatMap(([path, item]) => Object.keys(item as Json).map((method) => `${method} ${path}`)));
    expect([...served].filter((s) => !documented.has(s)), 'served, not documented').to.deep.equal([]);
    expect([...documented].filter((d) => !served.has(d)), 'documented, not served').to.deep.equal([]);
  });

  it('every operation: operationId, summary, tag, security, a success schema, 4xx answers; every JSON route its answer schema', () => {
    const incomplete: string[] = [];
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      for (const [method, op] of Object.entries(item as Json) as [string, Json][]) {
        const name = `${method} ${path}`;
        if (!/^[a-z][A-Za-z0-9]*$/.test(op.operationId ?? '')) incomplete.push(`${name}: operationId ${op.operationId}`);
        if (!op.summary || op.tags?.length !== 1) incomplete.push(`${name}: summary or tag`);
        if (!Array.isArray(op.security)) incomplete.push(`${name}: security`);
        const statuses = Object.keys(op.responses as Json);
        if (!statuses.some((s) => /^4\d\d$/.test(s))) incomplete.push(`${name}: no 4xx`);
        const success = statuses.find((s) => /^2\d\d$/.test(s) && s !== '202');
        if (!success && !statuses.includes('302')) incomplete.push(`${name}: no success answer`);
        const schema = success ? (op.responses[success] as Json).content?.['application/json']?.schema : undefined;
        if (schema && JSON.stringify(schema.properties?.data ?? schema) === '{}') incomplete.push(`${name}: success schema is { data: {} }`);
      }
    }
    expect(incomplete).to.deep.equal([]);
    expect(API_ROUTES.filter((r) => !r.answer).map((r) => r.path), 'JSON routes without an answer schema').to.deep.equal([]);
    const sessions = doc.paths['/subscriptions/findAllByToken'].post.security;
    expect(sessions).to.deep.equal([{ sessionToken: [] }, { sessionCookie: [] }]);
    expect(doc.paths['/subscriptions/quote'].post.security).to.deep.equal([]);
    expect(doc.components.securitySchemes.sessionToken).to.include({ type: 'apiKey', in: 'header', name: 'AUTH_TOKEN_VALUE' });
    expect(doc.info.description).to.match(/not the engine's API/i).and.include('/api-docs');
  });

  it('answers to every JSON call, from anyone, a customer and an administrator, are documented and valid', async () => {
    const anonymous = server.client();
    const owner = await server.customer('owner');
    const admin = await server.admin();
    const ownSub = await buyConstructor(owner, 2);
    const entry = await post(admin, '/admin/entry/create', { entry_type: 'MATERIAL', url: '/how-to-use', template: [{ property_i18n: 'title', defaultValue: 'Hello', dataType: 'STRING', formEntityType: 'TEXT' }] });
    const victim = await post(admin, '/users/create', { givenName: 'Vic', familyName: 'Tim', email: 'victim@example.com', role: 'ROLE_CUSTOMER' });
    const context = { ownerId: owner.userId, subscriptionId: ownSub._id as string, entryId: entry.body.data._id as string, userId: victim.body.data._id as string };
    // The cancellations change what the others rely on; a password change, signing out everywhere, sign-up and
    // sign-out the caller's session: they go last.
    const last = ['/subscriptions/cancel', '/subscriptions/cancelAll', '/auth/local/changePassword', '/auth/signOutEverywhere', '/auth/local/register', '/auth/google/logout'];
    const paths = [...API_ROUTES.map((r) => r.path).filter((p) => !last.includes(p)), ...last];
    for (const path of paths) for (const caller of [anonymous, owner, admin]) await post(caller, path, validBody(path, context));
    expect(problems).to.deep.equal([]);
    expect(API_ROUTES.map((r) => `post ${r.path}`).filter((name) => !checked.has(name))).to.deep.equal([]);
  });

  it('a purchase through PayPal and what follows it: orders, captures, invoices and credit notes, licences, revisions, refunds, finance, webhooks', async () => {
    const buyer = (await server.customer('buyer')) as Customer;
    const admin = await server.admin();
    const sub = await buyConstructor(buyer, 2);
    const ordered = await post(buyer, '/subscriptions/createOrder', { id: sub._id });
    expect(ordered.status).to.equal(200);
    await approveInBrowser(ordered.body.data.approveUrl);
    const order = ordered.body.data;
    const captured = await post(buyer, '/subscriptions/captureOrder', captureBody(buyer, sub, order));
    expect(captured.status).to.equal(200);
    // The capture's workflow issued its invoice; the read model shows it once it has caught up with the log.
    await server.rt.readSide.waitFor(await server.rt.events.headPosition(), 5000);
    const invoices = await post(buyer, '/invoices/findAll', {});
    const invoice = invoices.body.data[0];
    expect(invoice.number).to.match(/^INV-/);
    await post(buyer, '/invoices/findOne', { number: invoice.number });
    await get(buyer, `/invoices/${invoice.number}.pdf`, '/invoices/{number}.pdf');
    await get(server.client(), `/invoices/${invoice.number}.pdf`, '/invoices/{number}.pdf');
    await post(buyer, '/billingDetails/update', { name: 'Buyer Ltd', address: '1 Road\nTown', country: 'DE', vatNumber: 'DE123456789' });
    await post(buyer, '/billingDetails/update', { name: 'Buyer Ltd', address: '1 Road', country: 'XX' });
    await post(buyer, '/billingDetails/findOne', {});
    const licence = await get(buyer, `/subscriptions/licence?id=${sub._id}`, '/subscriptions/licence');
    expect(licence.status).to.equal(200);
    const verdict = await post(server.client(), '/licence/verify', { licence: licence.body });
    expect(verdict.body.data.valid).to.equal(true);
    const current = await post(server.client(), '/licence/current', { licence: licence.body });
    expect(current.status).to.equal(200);
    await post(server.client(), '/licence/current', { licence: 'not a licence' });
    await get(server.client(), '/licence/public-key', '/licence/public-key');

    await post(buyer, '/subscriptions/revise', { id: sub._id, user_id: buyer.userId, paypalSubscriptionID: captured.body.data.paypalSubscriptionID, quantity: 3, preview: true });
    await post(buyer, '/subscriptions/revise', { id: sub._id, user_id: buyer.userId, paypalSubscriptionID: captured.body.data.paypalSubscriptionID, quantity: 3 });
    const pm = await post(buyer, '/subscriptions/createPaymentMethodOrder', { id: sub._id });
    await approveInBrowser(pm.body.data.approveUrl);
    await post(buyer, '/subscriptions/captureChangePaymentMethod', { id: sub._id, user_id: buyer.userId, paypalOrderID: pm.body.data.paypalOrderID, paypalSubscriptionID: pm.body.data.paypalSubscriptionID, quantity: captured.body.data.quantity });
    const setup = await post(buyer, '/subscriptions/walletSetup', { id: sub._id });
    await approveInBrowser(setup.body.data.approveUrl);
    await post(buyer, '/subscriptions/walletSave', { id: sub._id, setupTokenId: setup.body.data.setupTokenId });
    await post(buyer, '/subscriptions/history', { id: sub._id });
    await post(buyer, '/subscriptions/cancelAtPeriodEnd', { id: sub._id });

    const webhook = await deliverWebhook(server, paypal, paypal.webhookEvent('PAYMENT.CAPTURE.COMPLETED', paypal.captureResource(order.paypalOrderID)));
    check('post', '/paypal/webhooks', { status: webhook.status, body: webhook.body, headers: new Headers({ 'content-type': 'application/json' }) });
    const forged = await deliverWebhook(server, paypal, paypal.webhookEvent('PAYMENT.CAPTURE.COMPLETED', paypal.captureResource(order.paypalOrderID)), { valid: false });
    check('post', '/paypal/webhooks', { status: forged.status, body: forged.body, headers: new Headers({ 'content-type': 'application/json' }) });

    await post(admin, '/subscriptions/refund', { id: sub._id, captureId: invoice.captureId, amount: 100 });
    await server.rt.readSide.waitFor(await server.rt.events.headPosition(), 5000);
    const notes = await post(buyer, '/creditNotes/findAll', {});
    expect(notes.body.data[0].invoiceNumber).to.equal(invoice.number);
    await post(buyer, '/creditNotes/findOne', { number: notes.body.data[0].number });
    await get(buyer, `/creditNotes/${notes.body.data[0].number}.pdf`, '/creditNotes/{number}.pdf');
    await get(admin, '/invoices/export.csv', '/invoices/export.csv');
    await get(buyer, '/invoices/export.csv', '/invoices/export.csv');
    await get(admin, '/invoices/export.csv?from=soon', '/invoices/export.csv');
    await post(admin, '/subscriptions/pause', { id: sub._id });
    await post(admin, '/subscriptions/resume', { id: sub._id });
    await post(admin, '/subscriptions/cancelNowPreview', { id: sub._id });
    await post(buyer, '/subscriptions/amountToPay', { id: sub._id });
    await post(admin, '/admin/overview', {});
    await post(admin, '/subscriptions/cancelNow', { id: sub._id, refund: true });
    await post(admin, '/admin/overview', {});
    await post(admin, '/finance/replay', {});
    const csv = await post(admin, '/finance/replay', { format: 'csv' });
    expect(csv.headers.get('content-type')).to.match(/^text\/csv/);
    // The trial balance and the ledger of the days this purchase happened on (the billing clock's).
    const today = (JSON.parse((await server.client().get('/billing/clock')).body).data.now as string).slice(0, 10);
    const monthAgo = new Date(Date.parse(today) - 30 * 86_400_000).toISOString().slice(0, 10);
    expect((await post(admin, '/finance/trialBalance', {})).body.data.accounts).to.not.deep.equal([]);
    const entries = await post(admin, '/finance/ledger', { from: monthAgo, to: today });
    expect(entries.body.data).to.not.deep.equal([]);
    const ledgerCsv = await post(admin, '/finance/ledger', { from: monthAgo, to: today, format: 'csv' });
    expect(ledgerCsv.headers.get('content-type')).to.match(/^text\/csv/);
    await post(admin, '/finance/ledger', { from: today, to: monthAgo });
    // The OSS report of this quarter: the purchase's invoice and credit note are in it (no country known: untaxed).
    const quarter = `${today.slice(0, 4)}-Q${Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1}`;
    expect((await post(admin, '/finance/tax/oss', { quarter })).body.data.documents.invoices).to.be.greaterThan(0);
    expect((await post(admin, '/finance/tax/oss', { quarter, format: 'csv' })).headers.get('content-type')).to.match(/^text\/csv/);
    await post(admin, '/finance/tax/oss', { quarter: '2026-Q5' });
    await post(admin, '/finance/verify', {});
    await post(admin, '/users/history', { id: buyer.userId });

    // A capture PayPal holds for review: 202, pending.
    const patient = (await server.customer('patient')) as Customer;
    const held = await buyConstructor(patient, 1);
    const heldOrder = await orderAndApprove(patient, held._id);
    paypal.captureStatusFor(heldOrder.paypalOrderID, 'PENDING');
    expect((await post(patient, '/subscriptions/captureOrder', captureBody(patient, held, heldOrder))).status).to.equal(202);
    // Administrators: complimentary time, removal.
    const gift = await buyConstructor(patient, 1);
    await post(admin, '/subscriptions/grantComplimentary', { id: gift._id, reason: 'a partner' });
    await post(admin, '/subscriptions/remove', { id: gift._id });
    expect(problems).to.deep.equal([]);
  });

  it('downloads, uploads, sessions and operations', async () => {
    const admin = await server.admin();
    const form = new FormData();
    form.append('file', new Blob(['hello'], { type: 'text/plain' }), 'hello.txt');
    const upload = await admin.post('/admin/files/upload', undefined, { raw: form });
    check('post', '/admin/files/upload', upload);
    const refused = await server.client().post('/admin/files/upload', undefined, { raw: form });
    check('post', '/admin/files/upload', refused);
    await get(server.client(), upload.body.data.url, '/files/{id}/{name}');
    await get(server.client(), '/files/no-such-file/x.txt', '/files/{id}/{name}');
    await post(admin, '/admin/files/getAll', {});
    await post(admin, '/admin/files/remove', { _id: upload.body.data._id });
    const material = await post(admin, '/admin/entry/create', { entry_type: 'MATERIAL', url: '/about', template: [{ property_i18n: 'title', defaultValue: 'About', dataType: 'STRING', formEntityType: 'TEXT' }] });
    await post(server.client(), '/admin/entry/getEntriesByURL', { url: '/about' });
    await post(admin, '/admin/entry/remove', { _id: material.body.data._id });
    const leaving = await post(admin, '/users/create', { givenName: 'Lea', familyName: 'Ving', email: 'leaving@example.com', role: 'ROLE_CUSTOMER' });
    await post(admin, '/users/remove', { id: leaving.body.data._id });
    await post(admin, '/users/erase', { id: leaving.body.data._id, reason: 'asked to be forgotten' });
    await post(admin, '/admin/billing-policy/set', { policy: { retryDays: [1, 3, 5, 7], graceDays: 7, cancelAfterDays: 14 }, reason: 'documented' });

    const anonymous = server.client();
    await post(anonymous, '/auth/google/getUser');
    await post(anonymous, '/auth/local/signin', { email: 'admin@relaycast.test', password: 'admin-password-1' });
    await post(anonymous, '/auth/google/getUser');
    await post(anonymous, '/auth/google/logout');
    await post(server.client(), '/auth/local/signin', { email: 'admin@relaycast.test', password: 'wrong-password' });

    await get(server.client(), '/auth/google', '/auth/google');
    await get(server.client(), '/auth/google/callback', '/auth/google/callback');
    await get(server.client(), '/billing/clock', '/billing/clock');
    await get(server.client(), '/health', '/health');
    await get(server.client(), '/ready', '/ready');
    await get(server.client(), '/ready', '/ready', { authorization: `Bearer ${server.config.metricsToken}` });
    await get(server.client(), '/metrics', '/metrics', { authorization: `Bearer ${server.config.metricsToken}` });
    await get(server.client(), '/metrics', '/metrics');
    await get(server.client(), '/openapi.json', '/openapi.json');
    await get(server.client(), '/subscriptions/licence?id=nope', '/subscriptions/licence');
    // The links e-mails carry: verification (a redirect either way), the reminders' unsubscribe page and its one click;
    // a genuine verification, a reset with a genuine link, a message of the outbox opened and sent again.
    const reader = await server.customer('reader', { verified: false });
    await post(reader, '/auth/verifyEmail', { token: await server.rt.links.sign('verify', { uid: reader.userId, email: reader.email, exp: '2099-01-01T00:00:00.000Z' }) });
    await post(server.client(), '/auth/local/requestPasswordReset', { email: reader.email });
    // Recorded once the answer is out (issue 31): wait for it.
    let requested;
    for (let i = 0; i < 100 && !requested; i++) {
      requested = (await server.rt.events.readStream(userDecider.streamId(reader.userId))).filter((e) => e.type === 'PasswordResetRequested').at(-1);
      if (!requested) await new Promise((r) => setTimeout(r, 20));
    }
    if (!requested) throw new Error('the reset request was never recorded');
    const rid = (requested.data as { requestId: string }).requestId;
    await post(server.client(), '/auth/local/resetPassword', { token: await server.rt.links.sign('reset', { uid: reader.userId, rid }), password: 'granite orbit 77 meadow' });
    expect(await server.rt.notifier.waitFor(await server.rt.events.headPosition(), 10_000), 'the notifier caught up').to.equal(true);
    const [sent] = (await post(admin, '/admin/mail/messages', { user_id: reader.userId })).body.data as { key: string }[];
    await post(admin, '/admin/mail/message', { key: sent!.key });
    await post(admin, '/admin/mail/resend', { key: sent!.key });
    await get(server.client(), '/auth/verify-email?token=not.genuine', '/auth/verify-email');
    const unsubscribe = `/mail/unsubscribe?token=${await server.rt.links.sign('unsubscribe', { uid: reader.userId })}`;
    await get(server.client(), unsubscribe, '/mail/unsubscribe');
    await get(server.client(), '/mail/unsubscribe?token=not.genuine', '/mail/unsubscribe');
    for (const path of [unsubscribe, '/mail/unsubscribe?token=not.genuine']) {
      const res = await fetch(`${server.baseUrl}${path}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
      check('post', '/mail/unsubscribe', { status: res.status, body: await res.text(), headers: res.headers });
    }
    // Headers beyond 16 KiB: Node's HTTP server refuses them (431) before any route, GET or POST.
    for (const [method, path] of [['get', '/health'], ['post', '/subscriptions/quote']] as const) {
      const res = await fetch(`${server.baseUrl}${path}`, { method, headers: { 'x-padding': 'a'.repeat(20_000) } });
      expect(res.status).to.equal(431);
      check(method, path, { status: res.status, body: await res.text(), headers: res.headers });
    }
    expect(problems).to.deep.equal([]);
  });

  it('every operation had an answer checked, and a success wherever this server can give one', () => {
    const operations = Object.entries(doc.paths as Json).flatMap(([path, item]) => Object.keys(item as Json).map((method) => `${method} ${path}`));
    expect(operations.filter((op) => !checked.has(op)), 'never called').to.deep.equal([]);
    expect(operations.filter((op) => !succeeded.has(op) && !SUCCESS_NOT_REACHED.has(op)), 'no success checked').to.deep.equal([]);
  });
});
