import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../projections/test/redis-server.js';
import { ROOT } from './compose.js';

export interface Nginx {
  url: string;
  port: number;
  /** nginx's error log so far (what it said about upstreams that failed). */
  log(): string;
  stop(): Promise<void>;
}

/**
 * The real nginx (Debian's nginx-light, which `make system-deps` installs) running deploy/nginx.conf itself: the site
 * file is included in an `http` block as compose's nginx image includes it (conf.d), with only its addresses
 * substituted — each upstream `server <host>:<port>` line gets the loopback port of that host, and `listen 80` a free
 * loopback port. Nothing else of the file is copied or changed. One process (master_process off), in the foreground.
 */
export async function startNginx(upstreams: Record<string, number>, listenPort?: number): Promise<Nginx> {
  const dir = mkdtempSync(join(tmpdir(), 'relaycast-nginx-'));
  const port = listenPort ?? (await freePort());
  const original = readFileSync(join(ROOT, 'deploy/nginx.conf'), 'utf8');
  const named = new Set<string>();
  let site = original.replace(/^(\s*server\s+)([a-z0-9-]+):(\d+)/gm, (_all, lead: string, host: string) => {
    const local = upstreams[host];
    if (local === undefined) throw new Error(`deploy/nginx.conf names upstream ${host}, which the test does not run`);
    named.add(host);
    return `${lead}127.0.0.1:${local}`;
  });
  for (const host of Object.keys(upstreams)) if (!named.has(host)) throw new Error(`deploy/nginx.conf has no upstream ${host}`);
  const listens = [...site.matchAll(/^\s*listen\s+80\s*;/gm)].length;
  if (listens !== 1) throw new Error(`deploy/nginx.conf should have one plain-HTTP server (listen 80), has ${listens}`);
  site = site.replace(/^(\s*listen\s+)80(\s*;)/m, `$1127.0.0.1:${port}$2`);
  writeFileSync(join(dir, 'site.conf'), site);
  writeFileSync(
    join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'master_process off;',
      `pid ${dir}/nginx.pid;`,
      `error_log ${dir}/error.log warn;`,
      'events { worker_connections 512; }',
      'http {',
      '  access_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${dir}/${t};`),
      `  include ${dir}/site.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn('nginx', ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', join(dir, 'error.log')], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr!.on('data', (c: Buffer) => (output += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.once('error', (e) => (output += `cannot start nginx (is it installed? make system-deps installs nginx-light): ${e.message}`));
  const deadline = Date.now() + 10_000;
  for (;;) {
    const up = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) break;
    if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`nginx did not start: ${output}${readLog(dir)}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    log: () => readLog(dir),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function readLog(dir: string): string {
  try {
    return readFileSync(join(dir, 'error.log'), 'utf8');
  } catch {
    return '';
  }
}

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/**
 * One HTTP request with node:http, from a chosen loopback source address (`from`: 127.0.0.2 is "another machine" as
 * the proxy sees it) and with header names exactly as given (AUTH_TOKEN_VALUE keeps its underscores).
 */
export function rawRequest(
  url: string,
  options: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {},
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const body = options.body;
    const req = httpRequest(
      url,
      {
        method: options.method ?? (body === undefined ? 'GET' : 'POST'),
        headers: { ...(body !== undefined ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) } : {}), ...options.headers },
        localAddress: options.from ?? '127.0.0.1',
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
