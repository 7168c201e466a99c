import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A free loopback port, found by letting the OS pick one. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface RedisServer {
  url: string;
  port: number;
  stop(): Promise<void>;
  /** Starts it again on the same port (its data is gone: it keeps nothing on disk). */
  start(): Promise<void>;
}

/**
 * A real redis-server (Debian's package, which `make test` installs) on a free loopback port, with no
 * persistence, owned by the test that started it.
 */
export async function startRedisServer(options: { persistent?: boolean } = {}): Promise<RedisServer> {
  const port = await freePort();
  // By default nothing is saved (no RDB, no AOF); a persistent server keeps an append-only file across restarts,
  // as deploy/ runs it.
  const dir = options.persistent ? mkdtempSync(join(tmpdir(), 'relaycast-redis-')) : tmpdir();
  let child: ChildProcess | null = null;

  const start = () =>
    new Promise<void>((resolve, reject) => {
      const proc = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', options.persistent ? 'yes' : 'no', '--appendfsync', 'always', '--dir', dir], {
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      child = proc;
      let output = '';
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) {
          proc.stdout?.off('data', onData);
          resolve();
        }
      };
      proc.stdout?.on('data', onData);
      proc.on('error', (e) => reject(new Error(`cannot start redis-server (is it installed? make test installs it): ${e.message}`)));
      proc.on('exit', (code) => {
        if (!output.includes('Ready to accept connections')) reject(new Error(`redis-server exited (${code}): ${output}`));
      });
    });

  const stop = () =>
    new Promise<void>((resolve) => {
      const proc = child;
      child = null;
      if (!proc || proc.exitCode !== null) return resolve();
      proc.once('exit', () => resolve());
      proc.kill('SIGKILL');
    });

  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    start,
    async stop() {
      await stop();
    },
  };
}
