import { expect } from 'chai';
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../test/harness.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * One billing policy for every process (issue "Entitlement never beyond payment", item 5): the read-api and the
 * scheduler bundles, started on one event store with different LICENCE_GRACE_DAYS. The first records its policy in
 * the event log; the second refuses to start, naming the variable — so no subscription's grace or dunning can
 * depend on which process decided. The same values, or none, start fine.
 */
describe('the billing policy is the same in every process (bundles on one event store)', function () {
  this.timeout(120_000);
  let dataDir: string;
  let server: ChildProcess | null = null;

  before(() => {
    const built = spawnSync(process.execPath, ['deploy/bundle.mjs'], { cwd: ROOT, encoding: 'utf8' });
    expect(built.status, built.stderr).to.equal(0);
    dataDir = mkdtempSync(join(tmpdir(), 'relaycast-policy-'));
  });
  after(() => {
    server?.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
  });

  const env = (extra: Record<string, string>) => ({ PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'warn', WEB_DIST: join(dataDir, 'no-web'), ...extra });
  const scheduler = (extra: Record<string, string>) => spawnSync(process.execPath, ['read-api/dist/scheduler.js', '--once'], { cwd: ROOT, env: env(extra), encoding: 'utf8', timeout: 60_000 });

  it('the read-api records LICENCE_GRACE_DAYS=7; a scheduler with 14 refuses to start naming it; with 7, or none, it runs; one out of bounds (31) is refused as such', async () => {
    const port = await freePort();
    server = spawn(process.execPath, ['read-api/dist/server.js'], { cwd: ROOT, env: env({ PORT: String(port), LICENCE_GRACE_DAYS: '7', SCHEDULER: 'external', DUNNING_SCHEDULE: '1,3,5,7' }), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    server.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    server.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 60_000;
    while (!output.includes('Relaycast is running at')) {
      if (Date.now() > deadline || server.exitCode !== null) throw new Error(`the read-api did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const policy = await (await fetch(`http://127.0.0.1:${port}/health`)).json();
    expect(policy).to.deep.equal({ status: 'ok' });

    const refused = scheduler({ LICENCE_GRACE_DAYS: '14' });
    expect(refused.status, refused.stdout + refused.stderr).to.equal(2);
    expect(refused.stderr).to.include('LICENCE_GRACE_DAYS').and.include('differs from the billing policy in the event log').and.include('LICENCE_GRACE_DAYS=7');
    expect(refused.stderr).to.not.include('DUNNING_SCHEDULE differs');

    const alike = scheduler({ LICENCE_GRACE_DAYS: '7' });
    expect(alike.status, alike.stdout + alike.stderr).to.equal(0);
    expect(alike.stdout).to.match(/billing scheduler: ran \d+ due items/);
    const unset = scheduler({});
    expect(unset.status, unset.stdout + unset.stderr).to.equal(0);

    // Two variables disagreeing: both named.
    const both = scheduler({ LICENCE_GRACE_DAYS: '10', DUNNING_CANCEL_AFTER_DAYS: '30' });
    expect(both.status).to.equal(2);
    expect(both.stderr).to.include('LICENCE_GRACE_DAYS, DUNNING_CANCEL_AFTER_DAYS differ');
    // Out of bounds (issue 31, item 5): refused before the log is even read, naming the variable and the bounds.
    const wild = scheduler({ LICENCE_GRACE_DAYS: '31' });
    expect(wild.status).to.equal(2);
    expect(wild.stderr).to.include('LICENCE_GRACE_DAYS must be a whole number of days from 0 to 30');
    // A malformed value is a configuration error of its own.
    const malformed = scheduler({ LICENCE_GRACE_DAYS: 'seven' });
    expect(malformed.status).to.equal(2);
    expect(malformed.stderr).to.include('LICENCE_GRACE_DAYS must be a number of days');
  });
});
