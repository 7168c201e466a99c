// One back-end test runner. Sources are TypeScript run through tsx; *.int.spec.ts need real servers (make test
// installs them; the tests start and stop them). exit: a test that leaks a handle must not hang CI.
// One file: npx mocha path/to/file.spec.ts (a command line that names spec files runs only those: mocha would add a
// config's spec list to the command line's, so the list applies only when the command line names none).
const fs = require('node:fs');
const path = require('node:path');

const ROOTS = ['contracts/src', 'billing-core/src', 'projections/src', 'read-api/src', 'bench'];
// The longest files first (measured with the json reporter: 30 s to 3 min each, where most take under 5 s), so that
// in parallel runs none of them starts last and leaves one worker busy alone at the end.
const LONGEST = [
  'read-api/src/scheduler-burst.int.spec.ts',
  'read-api/src/scheduler-crash.int.spec.ts',
  'read-api/src/mail/mail-crash.int.spec.ts',
  'read-api/src/sqlite-start.int.spec.ts',
  'billing-core/src/payments/no-free-lunch.spec.ts',
  'read-api/src/purchase-crash.int.spec.ts',
  'read-api/src/routes/entitlement-attacks.int.spec.ts',
  'projections/src/kafka/publisher.int.spec.ts',
  'read-api/src/deploy.int.spec.ts',
  'read-api/src/routes/billing-year.int.spec.ts',
];
const named = process.argv.slice(2).some((arg) => /\.spec\.ts$/.test(arg));
const specs = ROOTS.flatMap((root) =>
  fs
    .readdirSync(path.join(__dirname, root), { recursive: true })
    .map((name) => path.join(root, String(name)))
    .filter((file) => file.endsWith('.spec.ts') && !file.split(path.sep).includes('node_modules'))
    .sort(),
);
const first = LONGEST.filter((file) => specs.includes(file));

module.exports = {
  'node-option': ['import=tsx'],
  extension: ['ts'],
  spec: named ? [] : [...first, ...specs.filter((file) => !first.includes(file))].map((file) => path.join(__dirname, file)),
  timeout: 20000,
  reporter: 'dot',
  exit: true,
};
