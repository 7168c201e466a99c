// Browser tests: mocha + chai + playwright-core against Debian's Chromium. Run from any directory:
//   npx mocha --config e2e/.mocharc.cjs      (or: npm run e2e -w web)
// One file: npx mocha --config e2e/.mocharc.cjs --spec e2e/admin.spec.ts (mocha adds a config's spec list to the
// command line's, so the list applies only when the command line names no spec file).
const fs = require('node:fs');
const path = require('node:path');
const named = process.argv.slice(2).some((arg) => /\.spec\.ts$/.test(arg));
// The longest files first (measured: each walks dozens of screens), so that in parallel runs none starts last and
// leaves one worker busy alone at the end; the rest in name order.
const LONGEST = ['words-ru', 'words-en', 'admin', 'site-settings', 'mail', 'returning-customer', 'evaluator', 'polish', 'account'];
const files = fs.readdirSync(__dirname).filter((name) => name.endsWith('.spec.ts')).sort();
const rank = (name) => {
  const i = LONGEST.indexOf(name.replace(/\.spec\.ts$/, ''));
  return i < 0 ? LONGEST.length : i;
};
const ordered = files.map((name, i) => ({ name, i })).sort((a, b) => rank(a.name) - rank(b.name) || a.i - b.i).map(({ name }) => name);
module.exports = {
  'node-option': ['import=tsx'],
  extension: ['ts'],
  spec: named ? [] : ordered.map((name) => path.join(__dirname, name)),
  timeout: 60000,
  slow: 10000,
  reporter: 'spec',
};
