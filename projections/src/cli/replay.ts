import { runReplay } from '../finance/cli.js';

/**
 * npm run replay -w projections -- --to 2026-11-30 --format csv [--out report.csv]
 * npm run replay -w projections -- --verify
 * (bundled as projections/dist/replay.js: `node projections/dist/replay.js --verify` in deploy)
 */
runReplay(process.argv.slice(2), {
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
}).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  },
);
