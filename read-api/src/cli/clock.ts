import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { createTestClock } from '@relaycast/billing-core';

/**
 * The test clock from a shell, on the DATA_DIR a server with BILLING_CLOCK=test uses:
 *
 *   npm run -w read-api clock -- show
 *   npm run -w read-api clock -- advance --days 30      (or --seconds N, or --to 2026-03-01T00:00:00Z)
 *
 * The server reads the clock on every command, and its scheduler runs what fell due within SCHEDULER_INTERVAL_MS
 * (POST /admin/clock/advance does the same and waits for it). Refused where no test clock was started.
 */
const [command, ...args] = process.argv.slice(2);
const option = (name: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const dataDir = process.env.DATA_DIR ?? 'data';
const file = join(dataDir, 'billing-clock.json');
if (!existsSync(file)) {
  console.error(`No test clock in ${dataDir}: start the server once with BILLING_CLOCK=test (the system clock cannot be moved).`);
  process.exit(2);
}
const clock = createTestClock({ file });
try {
  if (command === 'show') console.log(clock.now());
  else if (command === 'advance') {
    const to = option('to');
    const ms = Number(option('days') ?? 0) * 86_400_000 + Number(option('seconds') ?? 0) * 1000;
    if (to === undefined && !(ms > 0)) throw new RangeError('give --days, --seconds or --to');
    const from = clock.now();
    const now = to !== undefined ? clock.advanceTo(to) : clock.advance(ms);
    console.log(`billing clock: ${from} → ${now}`);
  } else {
    console.error('usage: clock show | clock advance (--days N | --seconds N | --to ISO-TIME)');
    process.exit(2);
  }
} catch (error) {
  console.error(error instanceof RangeError ? error.message : error);
  process.exit(2);
}
