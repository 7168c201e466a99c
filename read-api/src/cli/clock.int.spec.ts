import { expect } from 'chai';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestClock } from '@relaycast/billing-core';

const CLI = fileURLToPath(new URL('./clock.ts', import.meta.url));
const run = (dataDir: string, ...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', CLI, ...args], { env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8' });

describe('the test clock CLI', function () {
  this.timeout(30_000);
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'relaycast-clock-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses where no test clock was started (the system clock cannot be moved)', () => {
    const res = run(dir, 'advance', '--days', '1');
    expect(res.status).to.equal(2);
    expect(res.stderr).to.match(/No test clock/);
  });

  it('moves the clock a server reads forward, never back', () => {
    const server = createTestClock({ start: '2026-01-31T10:00:00.000Z', file: join(dir, 'billing-clock.json') });
    const res = run(dir, 'advance', '--days', '29');
    expect(res.status, res.stderr).to.equal(0);
    expect(res.stdout.trim()).to.equal('billing clock: 2026-01-31T10:00:00.000Z → 2026-03-01T10:00:00.000Z');
    expect(server.now(), 'the server sees the new time').to.equal('2026-03-01T10:00:00.000Z');
    const back = run(dir, 'advance', '--to', '2026-02-01T00:00:00Z');
    expect(back.status).to.equal(2);
    expect(back.stderr).to.match(/only moves forward/);
    expect(run(dir, 'show').stdout.trim()).to.equal('2026-03-01T10:00:00.000Z');
  });
});
