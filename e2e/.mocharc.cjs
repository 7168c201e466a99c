// Browser tests: mocha + chai + playwright-core against Debian's Chromium. Run from any directory:
//   npx mocha --config e2e/.mocharc.cjs      (or: npm run e2e -w web)
// One file: npx mocha --config e2e/.mocharc.cjs --spec e2e/admin.spec.ts (mocha adds a config's spec list to the
// command line's, so the list applies only when the command line names no spec file).
const path = require('node:path');
const named = process.argv.slice(2).some((arg) => /\.spec\.ts$/.test(arg));
module.exports = {
  'node-option': ['import=tsx'],
  extension: ['ts'],
  spec: named ? [] : [path.join(__dirname, '*.spec.ts')],
  timeout: 60000,
  slow: 10000,
  reporter: 'spec',
};
