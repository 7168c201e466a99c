// Bundles the Node services into single ESM files: read-api/dist/server.js, projections/dist/{run,rebuild}.js
// (and any other entry below). Workspace packages (@relaycast/*) are compiled in; npm dependencies stay external
// and are loaded from node_modules, exactly as under tsx in the tests.
import { build } from 'esbuild';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entries = [
  ['read-api/src/server.ts', 'read-api/dist/server.js'],
  ['read-api/src/scheduler-main.ts', 'read-api/dist/scheduler.js'],
  ['projections/src/cli/run.ts', 'projections/dist/run.js'],
  ['projections/src/cli/rebuild.ts', 'projections/dist/rebuild.js'],
  ...JSON.parse(readFileSync(join(root, 'deploy/bundle-entries.json'), 'utf8')),
];

const external = new Set();
for (const pkg of ['contracts', 'billing-core', 'projections', 'read-api']) {
  const manifest = JSON.parse(readFileSync(join(root, pkg, 'package.json'), 'utf8'));
  for (const name of Object.keys(manifest.dependencies ?? {})) if (!name.startsWith('@relaycast/')) external.add(name);
}

await Promise.all(
  entries.map(([entry, outfile]) =>
    build({
      entryPoints: [join(root, entry)],
      outfile: join(root, outfile),
      bundle: true,
      platform: 'node',
      // What the code is written for: Node 20.19 (make test) and 24 (the image, make test-node24).
      target: 'node20',
      format: 'esm',
      sourcemap: true,
      logLevel: 'warning',
      // Dependencies and their subpaths (e.g. @eventstore/db-client/...) stay in node_modules.
      external: [...external].flatMap((name) => [name, `${name}/*`]),
      // Bundled CommonJS helpers may call require(); give ESM output one.
      banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
    }),
  ),
);
console.log(`bundled ${entries.length} entry points`);
