import { expect } from 'chai';
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { freePort } from '../../projections/test/redis-server.js';

const OPENER = fileURLToPath(new URL('../test/sqlite-opener.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * Issue 31, item 7: the read-api and the scheduler started together on an empty DATA_DIR crashed one time in five
 * with SQLITE_BUSY from a pragma (switching to WAL can answer BUSY without calling the busy handler). Here four
 * processes open every SQLite handle of the product on one empty DATA_DIR at the same moment, forty times over: each
 * must open, write and close without an error.
 */
describe('processes sharing a DATA_DIR start in any order and at once (SQLite)', function () {
  this.timeout(120_000);
  const children: ChildProcess[] = [];
  const PROCESSES = 4;
  const ROUNDS = 40;

  before(async () => {
    for (let i = 0; i < PROCESSES; i++) {
      const child = fork(OPENER, [], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
      children.push(child);
      await new Promise<void>((resolve, reject) => {
        child.once('message', () => resolve());
        child.once('exit', (code) => reject(new Error(`opener exited (${code})`)));
      });
    }
  });
  after(() => {
    for (const child of children) child.kill('SIGKILL');
  });

  it(`${PROCESSES} processes open events.db, auth.db, reactors.db and publisher.db on an empty DATA_DIR at once, ${ROUNDS} times: none fails`, async () => {
    const failures: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const dir = mkdtempSync(join(tmpdir(), 'relaycast-sqlite-start-'));
      const answers = await Promise.all(
        children.map(
          (child, i) =>
            new Promise<{ ok: boolean; error?: string }>((resolve) => {
              child.once('message', (answer) => resolve(answer as { ok: boolean; error?: string }));
              child.send({ dir, id: `p${i}` });
            }),
        ),
      );
      for (const [i, answer] of answers.entries()) if (!answer.ok) failures.push(`round ${round}, process ${i}: ${answer.error}`);
      rmSync(dir, { recursive: true, force: true });
    }
    expect(failures).to.deep.equal([]);
  });

  it('the read-api and the billing scheduler started together on an empty DATA_DIR, three times: both start (the server answers /ready, the scheduler runs and exits 0)', async () => {
    for (let round = 0; round < 3; round++) {
      const dir = mkdtempSync(join(tmpdir(), 'relaycast-start-together-'));
      const port = await freePort();
      const env = { ...(process.env as Record<string, string>), DATA_DIR: dir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ADMIN_PASSWORD: 'start together 31 password', PAYMENTS: 'off' };
      const outputs: string[] = ['', ''];
      const run = (i: number, args: string[]) => {
        const child = spawn(process.execPath, ['--import', 'tsx', ...args], { env, cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
        child.stdout!.on('data', (c: Buffer) => (outputs[i] += c.toString()));
        child.stderr!.on('data', (c: Buffer) => (outputs[i] += c.toString()));
        return child;
      };
      const server = run(0, ['read-api/src/server.ts']);
      const scheduler = run(1, ['read-api/src/scheduler-main.ts', '--once']);
      try {
        const schedulerExit = new Promise<number | null>((resolve) => scheduler.once('exit', (code) => resolve(code)));
        let ready = false;
        for (let i = 0; i < 600 && !ready && server.exitCode === null; i++) {
          ready = await fetch(`http://127.0.0.1:${port}/ready`).then((r) => r.ok, () => false);
          if (!ready) await new Promise((r) => setTimeout(r, 100));
        }
        expect(ready, `round ${round}: the server: ${outputs[0]}`).to.equal(true);
        expect(await schedulerExit, `round ${round}: the scheduler: ${outputs[1]}`).to.equal(0);
      } finally {
        server.kill('SIGKILL');
        scheduler.kill('SIGKILL');
        rmSync(dir, { recursive: true, force: true });
      }
    }
  });
});
