import { fork, type ChildProcess } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on loopback, in a process of its own (the `smtp-server` library: the SMTP protocol, as a mail
 * relay speaks it): every message it accepts is written to `<dir>/<n>.eml` (n counting from 1) with its envelope.
 * The test steers it by IPC: refuse with 4xx for a while, stop listening (connection refused) and listen again,
 * refuse one recipient with 550, or SIGKILL a process right after its n-th accepted message (the notifier's crash
 * between the server's "accepted" and the ledger's "recorded").
 */

type Mode = 'accept' | 'tempfail' | 'down';
type Command =
  | { kind: 'mode'; mode: Mode }
  | { kind: 'reject'; address: string }
  | { kind: 'killAfter'; pid: number; accepted: number };

if (process.env.SMTP_SINK_CHILD === '1') {
  const dir = process.env.SMTP_SINK_DIR!;
  const port = Number(process.env.SMTP_SINK_PORT);
  mkdirSync(dir, { recursive: true });
  let mode: Mode = 'accept';
  let count = 0;
  const rejected = new Set<string>();
  let kill: { pid: number; accepted: number } | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      if (mode === 'tempfail') return callback(Object.assign(new Error('Try again later'), { responseCode: 421 }));
      callback();
    },
    onRcptTo(address, _session, callback) {
      if (rejected.has(address.address.toLowerCase())) return callback(Object.assign(new Error('No such mailbox here'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (mode === 'tempfail') return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
        count++;
        const envelope = { from: session.envelope.mailFrom && session.envelope.mailFrom.address, to: session.envelope.rcptTo.map((r) => r.address) };
        writeFileSync(join(dir, `${count}.json`), JSON.stringify(envelope));
        writeFileSync(join(dir, `${count}.eml`), Buffer.concat(chunks));
        process.send?.({ kind: 'accepted', n: count });
        // Stored and accepted here; the sender is killed before it can record it (or even read our 250).
        if (kill && count === kill.accepted) {
          try {
            process.kill(kill.pid, 'SIGKILL');
          } catch {
            // already gone
          }
          kill = null;
        }
        callback(null, `2.0.0 Ok: queued as M${count}`);
      });
    },
  });
  const listen = () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  process.on('message', (raw: Command) => {
    void (async () => {
      if (raw.kind === 'mode') {
        if (raw.mode === 'down' && mode !== 'down') await new Promise<void>((resolve) => server.server.close(() => resolve()));
        if (raw.mode !== 'down' && mode === 'down') await listen();
        mode = raw.mode;
      }
      if (raw.kind === 'reject') rejected.add(raw.address.toLowerCase());
      if (raw.kind === 'killAfter') kill = { pid: raw.pid, accepted: raw.accepted };
      process.send?.({ kind: 'ok' });
    })();
  });
  void listen().then(() => process.send?.({ kind: 'listening' }));
}

export interface SmtpSink {
  url: string;
  port: number;
  dir: string;
  child: ChildProcess;
  /** How many messages it accepted so far. */
  accepted(): number;
  /** The raw messages accepted, in order (1-based file names). */
  messages(): { n: number; raw: Buffer; envelope: { from: string; to: string[] } }[];
  mode(mode: Mode): Promise<void>;
  reject(address: string): Promise<void>;
  killAfter(pid: number, accepted: number): Promise<void>;
  waitFor(count: number, timeoutMs?: number): Promise<void>;
  stop(): Promise<void>;
}

export async function startSmtpSink(dir: string, port: number): Promise<SmtpSink> {
  const child = fork(new URL(import.meta.url).pathname, [], {
    env: { ...process.env, SMTP_SINK_CHILD: '1', SMTP_SINK_DIR: dir, SMTP_SINK_PORT: String(port) },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  let count = 0;
  const acks: (() => void)[] = [];
  child.on('message', (m: { kind: string; n?: number }) => {
    if (m.kind === 'accepted') count = m.n!;
    if (m.kind === 'ok') acks.shift()?.();
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`SMTP sink exited (${code})`)));
  });
  const send = (command: Command) =>
    new Promise<void>((resolve) => {
      acks.push(resolve);
      child.send(command);
    });
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    dir,
    child,
    accepted: () => count,
    messages() {
      const ns = readdirSync(dir).filter((f) => f.endsWith('.eml')).map((f) => Number(f.slice(0, -4))).sort((a, b) => a - b);
      return ns.map((n) => ({ n, raw: readFileSync(join(dir, `${n}.eml`)), envelope: JSON.parse(readFileSync(join(dir, `${n}.json`), 'utf8')) as { from: string; to: string[] } }));
    },
    mode: (mode) => send({ kind: 'mode', mode }),
    reject: (address) => send({ kind: 'reject', address }),
    killAfter: (pid, accepted) => send({ kind: 'killAfter', pid, accepted }),
    async waitFor(target, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (count < target) {
        if (Date.now() > deadline) throw new Error(`SMTP sink: ${count} of ${target} messages after ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
    async stop() {
      if (child.exitCode !== null) return;
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      });
    },
  };
}
