import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import type { OpenAPI3 } from 'openapi-typescript';
import { startTestServer, type TestServer } from '../../test/harness.js';

const here = dirname(fileURLToPath(import.meta.url));
/** The repository's TypeScript (the root devDependency, what `make typecheck` runs), not a copy a tool brought along. */
const TSC = join(dirname(createRequire(join(resolve(here, '../../..'), 'package.json')).resolve('typescript/package.json')), 'bin', 'tsc');
const OPENAPI_FETCH = dirname(createRequire(import.meta.url).resolve('openapi-fetch/package.json'));

/**
 * A small program a developer would write against the API: openapi-fetch typed by what openapi-typescript makes of
 * the served /openapi.json. It signs up, buys the free unlimited plan with an Idempotency-Key (and repeats it),
 * reads the history, and has a body the catalogue refuses. Two lines carry `@ts-expect-error`: a field a
 * subscription does not have, and a plan the catalogue does not have; with an any-typed client they are errors of
 * their own (unused directives), so the check below proves the types are the document's.
 */
const CLIENT = `import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema';

type Subscription = components['schemas']['SubscriptionView'];

export async function run(baseUrl: string) {
  const api = createClient<paths>({ baseUrl });
  const email = \`typed-\${Date.now()}@example.com\`;
  const signedUp = await api.POST('/auth/local/register', {
    body: { email, password: 'violet-harbour-42-lantern', givenName: 'Typed', familyName: 'Client', privacy_policy_confirm: true },
  });
  // data is null only in a 202 (recorded, not yet readable): the document says so, and the types make us look.
  const me = signedUp.data?.data;
  if (!me) throw new Error(\`sign-up: \${signedUp.response.status} \${JSON.stringify(signedUp.error)}\`);
  const { token, _id: userId, role } = me;
  // API clients send the session token as the AUTH_TOKEN_VALUE header (no cookie, so no Origin is needed).
  const session: Middleware = {
    onRequest({ request }) {
      request.headers.set('AUTH_TOKEN_VALUE', token);
      return request;
    },
  };
  api.use(session);

  const purchase = {
    params: { header: { 'Idempotency-Key': \`typed-client-\${userId}\` } },
    body: { subscription_type: 'SUBSCRIPTION_FREE', status: 'SUBSCRIPTION_STATUS_INITIAL', user_id: userId, payment_details: { plan_id: 'unlimited', privacy_policy_confirm: true } },
  } as const;
  const bought = await api.POST('/subscriptions/create', purchase);
  const subscription: Subscription | null | undefined = bought.data?.data;
  if (!subscription) throw new Error(\`purchase: \${bought.response.status} \${JSON.stringify(bought.error)}\`);
  // @ts-expect-error: a subscription has no such field
  const nothing: unknown = subscription.no_such_field;
  const again = await api.POST('/subscriptions/create', purchase);

  const history = await api.POST('/subscriptions/history', { body: { id: subscription._id } });
  if (!history.data) throw new Error(\`history: \${history.response.status} \${JSON.stringify(history.error)}\`);
  const events = history.data.data.map((item) => ({ type: item.type, actor: item.actor.role }));

  const refused = await api.POST('/subscriptions/quote', {
    // @ts-expect-error: not a plan of the catalogue
    body: { plan_id: 'platinum', infrastructure_type: 'saas', subscription_type: 'SUBSCRIPTION_MONTH' },
  });
  return {
    role,
    created: { status: bought.response.status, subscription: { status: subscription.status, amount: subscription.amount, plan: subscription.plan.plan_id, user: subscription.user_id } },
    again: { status: again.response.status, same: again.data?.data?._id === subscription._id },
    events,
    refused: { status: refused.response.status, code: refused.error?.error.code, message: refused.error?.error.message },
    userId,
    nothing,
  };
}
`;

const TSCONFIG = {
  compilerOptions: {
    target: 'ES2023',
    lib: ['ES2023', 'DOM'],
    module: 'Preserve',
    moduleResolution: 'Bundler',
    strict: true,
    noUncheckedIndexedAccess: true,
    verbatimModuleSyntax: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  },
  files: ['client.ts', 'schema.ts'],
};

/** A directory with the client program, its schema types, a tsconfig and openapi-fetch where imports find it. */
function project(dir: string, schema: string): string {
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  symlinkSync(OPENAPI_FETCH, join(dir, 'node_modules', 'openapi-fetch'), 'dir');
  writeFileSync(join(dir, 'schema.ts'), schema);
  writeFileSync(join(dir, 'client.ts'), CLIENT);
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(TSCONFIG, null, 2));
  return dir;
}

async function typecheck(dir: string): Promise<{ ok: boolean; output: string }> {
  const run = promisify(execFile);
  return run(process.execPath, [TSC, '-p', join(dir, 'tsconfig.json')], { cwd: dir }).then(
    ({ stdout }) => ({ ok: true, output: stdout }),
    (error: { stdout?: string; stderr?: string }) => ({ ok: false, output: `${error.stdout ?? ''}${error.stderr ?? ''}` }),
  );
}

describe('a typed client generated from /openapi.json (openapi-typescript + openapi-fetch)', function () {
  this.timeout(60_000);
  let server: TestServer;
  let dir: string;

  before(async () => {
    server = await startTestServer();
    dir = mkdtempSync(join(tmpdir(), 'relaycast-openapi-client-'));
  });
  after(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('type-checks with tsc against the generated types (and an any-typed client does not), then signs up, buys the free plan and reads its history', async () => {
    // Loaded here, not with the spec files: it brings its own TypeScript (5.x, for its printer), a second or two to load.
    const { default: openapiTS, astToString } = await import('openapi-typescript');
    const doc = (await (await fetch(`${server.baseUrl}/openapi.json`)).json()) as OpenAPI3;
    const schema = astToString(await openapiTS(doc));
    expect(schema).to.include('"/subscriptions/create"').and.include('"Idempotency-Key": string');
    const typed = project(join(dir, 'typed'), schema);
    const loose = project(join(dir, 'loose'), 'export type paths = any;\nexport type components = any;\n');
    const [strict, lax] = await Promise.all([typecheck(typed), typecheck(loose)]);
    expect(strict, strict.output).to.include({ ok: true });
    expect(lax.ok, 'an any-typed client must fail the same check').to.equal(false);
    expect(lax.output).to.match(/TS2578/); // Unused '@ts-expect-error' directive

    const { run } = (await import(pathToFileURL(join(typed, 'client.ts')).href)) as { run(baseUrl: string): Promise<any> };
    const result = await run(server.baseUrl);
    expect(result.role).to.equal('ROLE_CUSTOMER');
    expect(result.created).to.deep.equal({ status: 201, subscription: { status: 'SUBSCRIPTION_STATUS_ACTIVE', amount: 0, plan: 'unlimited', user: result.userId } });
    expect(result.again, 'the same key and body: the first purchase again, not a second one').to.deep.equal({ status: 201, same: true });
    expect(result.events[0]).to.deep.equal({ type: 'SubscriptionCreated', actor: 'ROLE_CUSTOMER' });
    expect(result.refused).to.include({ status: 400, code: 'VALIDATION_FAILED' });
    expect(result.nothing).to.equal(undefined);
  });
});
