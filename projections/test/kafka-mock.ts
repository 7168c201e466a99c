import { spawn, type ChildProcess } from 'node:child_process';

export interface MockKafka {
  /** host:port of the mock broker (changes at every start). */
  broker: string;
  /** SIGKILL: the broker and everything it held are gone. */
  kill(): Promise<void>;
  /** SIGSTOP / SIGCONT: the broker stops answering, then carries on with its data intact. */
  pause(): void;
  resume(): void;
}

/**
 * librdkafka's mock cluster (one broker, in memory) through Debian's kcat, on a loopback port it picks itself:
 * design.md "Test stand-ins". Topics auto-create with 4 partitions; no admin calls beyond metadata, no idempotent
 * producer, no transactions.
 */
export function startMockKafka(): Promise<MockKafka> {
  return new Promise((resolve, reject) => {
    let child: ChildProcess;
    try {
      child = spawn('kcat', ['-C', '-q', '-b', '127.0.0.1:1', '-t', '__mock_keepalive', '-X', 'test.mock.num.brokers=1'], { stdio: ['ignore', 'ignore', 'pipe'] });
    } catch (error) {
      return reject(error);
    }
    let log = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`kcat mock cluster did not report its address within 10 s: ${log}`));
    }, 10_000);
    child.on('error', (e) => reject(new Error(`cannot start kcat (make system-deps installs it): ${e.message}`)));
    child.stderr!.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const match = /replaced with (127\.0\.0\.1:\d+)/.exec(log);
      if (!match) return;
      clearTimeout(timer);
      child.stderr!.removeAllListeners('data');
      child.stderr!.resume();
      resolve({
        broker: match[1]!,
        kill: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null || child.signalCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGCONT');
            child.kill('SIGKILL');
          }),
        pause: () => void child.kill('SIGSTOP'),
        resume: () => void child.kill('SIGCONT'),
      });
    });
  });
}
