// Browser tests: mocha + chai + playwright-core against Debian's Chromium. Run from any directory:
//   npx mocha --config e2e/.mocharc.cjs      (or: npm run e2e -w web)
const path = require('node:path');
module.exports = {
  'node-option': ['import=tsx'],
  extension: ['ts'],
  spec: [path.join(__dirname, '*.spec.ts')],
  timeout: 60000,
  slow: 10000,
  reporter: 'spec',
};
