// Offline checks of deploy/: compose.yaml, the Kubernetes manifests, the nginx upstreams and the Dockerfile, against
// the code they run. Run from the repository root: `npx tsx deploy/validate.mjs` (tsx, to read the projection names
// from the TypeScript sources). Exit 1 with every problem listed.
//
// What it checks:
// - every file parses as YAML (all documents);
// - compose: services have an image or a build; depends_on names services that exist; every long-running service
//   has a healthcheck; the app services run exactly the bundled start commands (`node read-api/dist/server.js`,
//   `node projections/dist/run.js`, `node projections/dist/publish.js`); every environment variable they set is one
//   the code reads (no typos), and the ones deploy needs are set; one projections process per read model;
// - k8s: apiVersion, kind, metadata.name on every document; selectors match the pod labels; Services select pods
//   that exist; app containers run the same start commands; projections and publisher have one replica with the
//   Recreate strategy; read-api has ≥ 2 replicas and a readiness probe on /ready; env names are ones the code reads;
// - the start commands are esbuild bundle outputs of the entry points the tests run through tsx;
// - nginx.conf upstream servers are compose services on the read-api port; it passes AUTH_TOKEN_VALUE
//   (underscores_in_headers on), sets X-Forwarded-For itself and never forwards /metrics;
// - the proxy and the trust setting agree: one proxy in front of the read-api in compose (nginx) and k8s (the ingress
//   controller), so TRUST_PROXY is "1" in both; the ingress controller's ConfigMap passes underscored headers and
//   replaces the client's X-Forwarded-For.
import { readFileSync, readdirSync, existsSync, mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { spawnSync } from 'node:child_process';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { ALL_PROJECTIONS } from '@relaycast/projections';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const problems = [];
const problem = (where, message) => problems.push(`${where}: ${message}`);
const read = (path) => readFileSync(join(root, path), 'utf8');

function loadYaml(path) {
  const docs = parseAllDocuments(read(path), { merge: true });
  const out = [];
  for (const doc of docs) {
    for (const error of doc.errors) problem(path, `YAML error: ${error.message}`);
    const value = doc.toJS({ maxAliasCount: 1000 });
    if (value !== null && value !== undefined) out.push(value);
  }
  return out;
}

// ---- what the code runs and reads -------------------------------------------------------------------------------

/** dist file → src entry, from deploy/bundle.mjs and deploy/bundle-entries.json. */
const bundles = new Map();
for (const [, src, dist] of read('deploy/bundle.mjs').matchAll(/\['([^']+\.ts)',\s*'([^']+\.js)'\]/g)) bundles.set(dist, src);
for (const [src, dist] of JSON.parse(read('deploy/bundle-entries.json'))) bundles.set(dist, src);

const SERVICES = {
  'read-api': { command: ['node', 'read-api/dist/server.js'], sources: ['read-api/src', 'projections/src/kafka', 'billing-core/src'] },
  projections: { command: ['node', 'projections/dist/run.js'], sources: ['projections/src/cli/run.ts', 'projections/src/cli/settings.ts', 'billing-core/src'] },
  publisher: { command: ['node', 'projections/dist/publish.js'], sources: ['projections/src/cli/publish.ts', 'projections/src/kafka', 'billing-core/src'] },
  scheduler: { command: ['node', 'read-api/dist/scheduler.js'], sources: ['read-api/src', 'projections/src/kafka', 'billing-core/src'] },
  notifier: { command: ['node', 'read-api/dist/notifier.js'], sources: ['read-api/src', 'projections/src/kafka', 'billing-core/src'] },
};
const REQUIRED = {
  'read-api': ['EVENT_STORE', 'EVENTSTORE_CONNECTION_STRING', 'READ_MODEL', 'REDIS_URL', 'PROJECTIONS', 'SESSION_SECRET', 'LICENCE_SIGNING_KEY', 'HOST'],
  projections: ['EVENT_STORE', 'EVENTSTORE_CONNECTION_STRING', 'REDIS_URL', 'PROJECTIONS_ONLY', 'HEALTH_PORT'],
  publisher: ['EVENT_STORE', 'EVENTSTORE_CONNECTION_STRING', 'REDIS_URL', 'KAFKA_BROKERS', 'HEALTH_PORT'],
  scheduler: ['EVENT_STORE', 'EVENTSTORE_CONNECTION_STRING', 'READ_MODEL', 'REDIS_URL', 'PROJECTIONS', 'SESSION_SECRET', 'LICENCE_SIGNING_KEY', 'HEALTH_PORT'],
  // Links in messages are signed with the session secret, licence files with the licence key; SMTP_URL (else the
  // outbox in DATA_DIR) and MAIL_FROM say where mail goes and from whom.
  notifier: ['EVENT_STORE', 'EVENTSTORE_CONNECTION_STRING', 'READ_MODEL', 'REDIS_URL', 'PROJECTIONS', 'SESSION_SECRET', 'LICENCE_SIGNING_KEY', 'PUBLIC_URL', 'SMTP_URL', 'MAIL_FROM', 'HEALTH_PORT'],
};
/** Read by Node itself, not by our code. */
const RUNTIME_ENV = new Set(['NODE_ENV', 'NODE_OPTIONS', 'TZ']);

function tsFiles(path) {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (path.endsWith('.ts')) return [path];
  return readdirSync(full, { recursive: true })
    .map(String)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts'))
    .map((f) => join(path, f));
}
function envRead(sources) {
  const names = new Set(RUNTIME_ENV);
  for (const file of sources.flatMap(tsFiles)) for (const [, name] of read(file).matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)) names.add(name);
  return names;
}
for (const service of Object.values(SERVICES)) service.env = envRead(service.sources);
const anyServiceEnv = new Set(Object.values(SERVICES).flatMap((s) => [...s.env]));
const projectionNames = ALL_PROJECTIONS.map((p) => p.name);

const sameCommand = (a, b) => Array.isArray(a) && a.length === b.length && a.every((x, i) => x === b[i]);
function serviceOfCommand(command) {
  return Object.entries(SERVICES).find(([, s]) => sameCommand(command, s.command))?.[0] ?? null;
}

// Every start command is a bundle of an entry point the tests run (through tsx) or import.
const specs = ['projections/src', 'read-api/src'].flatMap((dir) =>
  readdirSync(join(root, dir), { recursive: true }).map(String).filter((f) => f.endsWith('.spec.ts')).map((f) => read(join(dir, f))),
);
for (const [name, service] of Object.entries(SERVICES)) {
  const dist = service.command[1];
  const src = bundles.get(dist);
  if (!src) problem('deploy/bundle.mjs', `${dist} (${name}) is not a bundle output`);
  else if (!existsSync(join(root, src))) problem('deploy/bundle.mjs', `${src} does not exist`);
  // A test names the entry itself, or starts compose's services from their commands through the bundle map.
  else if (!specs.some((text) => text.includes(src.split('/src/')[1]) || (text.includes('deploy/compose.yaml') && text.includes('deploy/bundle.mjs')))) {
    problem(src, `no test runs ${src}, the entry point of \`${service.command.join(' ')}\``);
  }
}

function checkEnv(where, service, names) {
  for (const name of names) if (!SERVICES[service].env.has(name)) problem(where, `sets ${name}, which ${service} never reads`);
}

// ---- compose ----------------------------------------------------------------------------------------------------

const [compose] = loadYaml('deploy/compose.yaml');
const services = compose?.services ?? {};
if (!compose || typeof services !== 'object') problem('deploy/compose.yaml', 'no services');
const composeProjections = [];
const composeSchedulers = [];
const composeNotifiers = [];
for (const [name, svc] of Object.entries(services)) {
  const where = `deploy/compose.yaml services.${name}`;
  if (!svc.image && !svc.build) problem(where, 'has neither image nor build');
  if (svc.build && svc.build.dockerfile !== 'deploy/Dockerfile') problem(where, 'builds from something other than deploy/Dockerfile');
  const deps = Array.isArray(svc.depends_on) ? svc.depends_on : Object.keys(svc.depends_on ?? {});
  for (const dep of deps) if (!services[dep]) problem(where, `depends_on ${dep}, which is not a service`);
  const oneShot = svc.restart === 'no';
  if (!oneShot && !svc.healthcheck) problem(where, 'has no healthcheck');
  if (!svc.build) continue;
  const kind = serviceOfCommand(svc.command);
  if (!kind) {
    problem(where, `command ${JSON.stringify(svc.command)} is not one of the services' start commands`);
    continue;
  }
  const env = svc.environment ?? {};
  if (Array.isArray(env)) problem(where, 'environment should be a mapping');
  checkEnv(where, kind, Object.keys(env));
  for (const required of REQUIRED[kind]) if (!(required in env)) problem(where, `does not set ${required}`);
  if (kind === 'read-api' && env.PROJECTIONS !== 'external') problem(where, 'read-api replicas must leave projections to their own processes (PROJECTIONS=external)');
  if (kind === 'read-api' && env.SCHEDULER !== 'external') problem(where, 'read-api replicas must leave the billing scheduler to its own process (SCHEDULER=external)');
  if (kind === 'scheduler') composeSchedulers.push(name);
  if (kind === 'notifier') composeNotifiers.push(name);
  if (kind === 'read-api' && env.NOTIFIER !== 'external') problem(where, 'read-api replicas must leave e-mail to the notifier service (NOTIFIER=external)');
  if (kind === 'read-api' && String(env.TRUST_PROXY) !== '1') problem(where, `TRUST_PROXY is ${JSON.stringify(env.TRUST_PROXY)}: one proxy (nginx) stands in front, so "1"`);
  if (kind === 'projections') composeProjections.push(env.PROJECTIONS_ONLY);
  if (kind === 'publisher' && svc.deploy?.replicas && svc.deploy.replicas !== 1) problem(where, 'the publisher is a single writer: one replica');
}
if (composeSchedulers.length !== 1) problem('deploy/compose.yaml', `${composeSchedulers.length} billing scheduler services (one wanted)`);
if (composeNotifiers.length !== 1) problem('deploy/compose.yaml', `${composeNotifiers.length} notifier services (one wanted: a single writer of the sent-ledger)`);
for (const name of projectionNames) {
  const count = composeProjections.filter((p) => p === name).length;
  if (count !== 1) problem('deploy/compose.yaml', `read model ${name} has ${count} projections processes (one needed: a single writer)`);
}
for (const p of composeProjections) if (!projectionNames.includes(p)) problem('deploy/compose.yaml', `PROJECTIONS_ONLY=${p} is not a projection`);
const readApis = Object.entries(services).filter(([, s]) => s.build && serviceOfCommand(s.command) === 'read-api').map(([n]) => n);
if (readApis.length < 2) problem('deploy/compose.yaml', `${readApis.length} read-api replica(s); want 2 behind the proxy`);

// ---- nginx ------------------------------------------------------------------------------------------------------

const nginx = read('deploy/nginx.conf');
const upstreams = [...nginx.matchAll(/^\s*server\s+([a-z0-9-]+):(\d+)/gm)].map(([, host, port]) => ({ host, port }));
if (upstreams.length === 0) problem('deploy/nginx.conf', 'no upstream servers');
for (const { host, port } of upstreams) {
  if (!readApis.includes(host)) problem('deploy/nginx.conf', `upstream ${host} is not a read-api service of compose`);
  if (port !== String(services[host]?.environment?.PORT ?? '3000')) problem('deploy/nginx.conf', `upstream ${host}:${port} is not the port it listens on`);
}
for (const api of readApis) if (!upstreams.some((u) => u.host === api)) problem('deploy/nginx.conf', `read-api service ${api} is not an upstream`);
if (!/proxy_pass\s+http:\/\/read_api;/.test(nginx)) problem('deploy/nginx.conf', 'does not proxy to the read_api upstream');
if (!/^\s*underscores_in_headers\s+on\s*;/m.test(nginx)) problem('deploy/nginx.conf', 'drops the AUTH_TOKEN_VALUE header (underscores_in_headers on; is missing)');
if (!/proxy_set_header\s+X-Forwarded-For\s+\$(proxy_add_x_forwarded_for|remote_addr)\s*;/.test(nginx)) problem('deploy/nginx.conf', 'does not set X-Forwarded-For to the address it saw');
if (!/location\s+~\*\s+\^\/metrics\(\/\|\$\)\s*\{\s*return\s+404\s*;/.test(nginx)) problem('deploy/nginx.conf', 'forwards /metrics (want `location ~* ^/metrics(/|$) { return 404; }`)');
if ((nginx.match(/^\s*listen\s+80\s*;/gm) ?? []).length !== 1 || (nginx.match(/^\s*server\s*\{/gm) ?? []).length !== 1) problem('deploy/nginx.conf', 'should be a site file with one plain-HTTP server { listen 80; … }');

// `nginx -t` when nginx is installed (Debian's nginx-light; optional): the syntax, with the upstream host names
// (which only resolve inside compose's network) replaced by loopback.
let nginxChecked = 'not installed, skipped';
if (spawnSync('nginx', ['-v']).status === 0) {
  const tmp = mkdtempSync(join(tmpdir(), 'relaycast-nginx-'));
  writeFileSync(join(tmp, 'site.conf'), nginx.replace(/^(\s*server\s+)[a-z0-9-]+(:\d+)/gm, '$1127.0.0.1$2'));
  writeFileSync(join(tmp, 'nginx.conf'), `pid ${tmp}/nginx.pid;\nerror_log ${tmp}/error.log;\nevents {}\nhttp {\n  access_log off;\n  client_body_temp_path ${tmp};\n  proxy_temp_path ${tmp};\n  fastcgi_temp_path ${tmp};\n  uwsgi_temp_path ${tmp};\n  scgi_temp_path ${tmp};\n  include ${tmp}/site.conf;\n}\n`);
  const result = spawnSync('nginx', ['-t', '-q', '-p', tmp, '-c', join(tmp, 'nginx.conf')], { encoding: 'utf8' });
  if (result.status !== 0) problem('deploy/nginx.conf', `nginx -t: ${result.stderr.trim()}`);
  nginxChecked = result.status === 0 ? 'nginx -t ok' : 'nginx -t failed';
  rmSync(tmp, { recursive: true, force: true });
}

// ---- Dockerfile -------------------------------------------------------------------------------------------------

const dockerfile = read('deploy/Dockerfile');
if ((dockerfile.match(/^FROM\s/gm) ?? []).length < 2) problem('deploy/Dockerfile', 'is not multi-stage');
if (!/node deploy\/bundle\.mjs/.test(dockerfile)) problem('deploy/Dockerfile', 'does not build the service bundles');
if (!/npm ci/.test(dockerfile)) problem('deploy/Dockerfile', 'does not install with npm ci');
if (!dockerfile.includes('CMD ["node", "read-api/dist/server.js"]')) problem('deploy/Dockerfile', 'default command is not the read-api start command');

// ---- Kubernetes -------------------------------------------------------------------------------------------------

const manifests = readdirSync(join(root, 'deploy/k8s')).filter((f) => f.endsWith('.yaml')).sort();
const k8s = manifests.flatMap((file) => loadYaml(`deploy/k8s/${file}`).map((doc) => ({ file: `deploy/k8s/${file}`, doc })));
// Ours are in the relaycast namespace; the ingress controller's ConfigMap (deploy/k8s/ingress-nginx.yaml) is its own.
const ours = ({ doc }) => (doc.kind === 'ConfigMap' || doc.kind === 'Secret') && doc.metadata?.namespace === 'relaycast';
const configKeys = new Set(k8s.filter(ours).flatMap(({ doc }) => Object.keys(doc.data ?? doc.stringData ?? {})));
const relaycastConfig = k8s.find(({ doc }) => ours({ doc }) && doc.kind === 'ConfigMap')?.doc.data ?? {};
if (String(relaycastConfig.TRUST_PROXY) !== '1') problem('deploy/k8s/config.yaml', `TRUST_PROXY is ${JSON.stringify(relaycastConfig.TRUST_PROXY)}: one proxy (the ingress controller) stands in front, so "1"`);
const ingressClass = k8s.find(({ doc }) => doc.kind === 'Ingress')?.doc.spec?.ingressClassName;
const controller = k8s.find(({ doc }) => doc.kind === 'ConfigMap' && doc.metadata?.namespace === 'ingress-nginx')?.doc.data ?? {};
if (ingressClass === 'nginx') {
  if (controller['enable-underscores-in-headers'] !== 'true') problem('deploy/k8s', 'the ingress-nginx controller drops AUTH_TOKEN_VALUE (enable-underscores-in-headers: "true" missing in its ConfigMap)');
  if ((controller['use-forwarded-headers'] ?? 'false') !== 'false') problem('deploy/k8s', 'the ingress-nginx controller passes the client\'s X-Forwarded-For on (use-forwarded-headers), which TRUST_PROXY=1 would then believe');
}
for (const key of configKeys) if (!anyServiceEnv.has(key)) problem('deploy/k8s', `ConfigMap/Secret key ${key} is read by no service`);
const podLabels = [];
const k8sProjections = [];
let readApiSeen = false;
for (const { file, doc } of k8s) {
  const where = `${file} ${doc.kind ?? '?'}/${doc.metadata?.name ?? '?'}`;
  if (!doc.apiVersion || !doc.kind || !doc.metadata?.name) {
    problem(where, 'needs apiVersion, kind and metadata.name');
    continue;
  }
  const template = doc.spec?.template;
  if (!template) continue;
  const labels = template.metadata?.labels ?? {};
  podLabels.push(labels);
  const selector = doc.spec.selector?.matchLabels;
  if (doc.kind !== 'Job') {
    if (!selector) problem(where, 'has no selector.matchLabels');
    for (const [k, v] of Object.entries(selector ?? {})) if (labels[k] !== v) problem(where, `selector ${k}=${v} does not match the pod template's labels`);
  }
  for (const container of template.spec?.containers ?? []) {
    if (!String(container.image).startsWith('relaycast/app')) continue;
    const kind = serviceOfCommand(container.command);
    if (!kind) {
      problem(where, `container ${container.name} runs ${JSON.stringify(container.command)}, not a service start command`);
      continue;
    }
    const env = Object.fromEntries((container.env ?? []).map((e) => [e.name, e.value]));
    checkEnv(where, kind, Object.keys(env));
    const fromConfig = (container.envFrom ?? []).length > 0 ? configKeys : new Set();
    for (const required of REQUIRED[kind]) if (!(required in env) && !fromConfig.has(required)) problem(where, `does not set ${required}`);
    if (kind === 'projections' || kind === 'publisher' || kind === 'scheduler' || kind === 'notifier') {
      if (doc.spec.replicas !== 1) problem(where, `${kind} is a single writer: replicas must be 1`);
      if (doc.spec.strategy?.type !== 'Recreate') problem(where, `${kind} must use strategy Recreate (never two writers during a rollout)`);
    }
    if (kind === 'projections') k8sProjections.push(env.PROJECTIONS_ONLY);
    if (kind === 'read-api') {
      readApiSeen = true;
      if (!(doc.spec.replicas >= 2)) problem(where, 'read-api should run at least 2 replicas');
      if (container.readinessProbe?.httpGet?.path !== '/ready') problem(where, 'read-api readiness probe must be GET /ready');
      if (env.PROJECTIONS !== 'external') problem(where, 'read-api must set PROJECTIONS=external');
      if (env.SCHEDULER !== 'external') problem(where, 'read-api must set SCHEDULER=external (the scheduler is its own Deployment)');
      if (env.NOTIFIER !== 'external') problem(where, 'read-api must set NOTIFIER=external (the notifier is its own Deployment)');
    }
  }
}
if (!readApiSeen) problem('deploy/k8s', 'no read-api Deployment');
for (const name of projectionNames) {
  const count = k8sProjections.filter((p) => p === name).length;
  if (count !== 1) problem('deploy/k8s', `read model ${name} has ${count} projections Deployments (one needed)`);
}
for (const { file, doc } of k8s.filter(({ doc }) => doc.kind === 'Service')) {
  const selector = doc.spec?.selector ?? {};
  if (!podLabels.some((labels) => Object.entries(selector).every(([k, v]) => labels[k] === v))) problem(`${file} Service/${doc.metadata.name}`, 'selects no pods');
}

if (problems.length) {
  console.error(`deploy/ validation: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`deploy/ validation: ok (compose: ${Object.keys(services).length} services; k8s: ${k8s.length} objects in ${manifests.length} files; nginx: ${upstreams.length} upstreams, ${nginxChecked}; ${projectionNames.length} read models, one writer each)`);
