import { expect } from 'chai';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createCommandHandler, createSqliteEventStore, userDecider } from '@relaycast/billing-core';
import { freePort } from '../../test/harness.js';
import { startSmtpSink, type SmtpSink } from '../../test/smtp-sink.js';
import { received, waitUntil } from '../../test/mail.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The notifier process (read-api/src/notifier-main.ts, the deploy's `node read-api/dist/notifier.js`) SIGKILLed by the
 * SMTP server itself right after it accepted a message — the gap between "accepted" and "recorded in the ledger" —
 * a few times, after a random number of messages each time, while 300 messages are due; restarted after each kill.
 * Then: every message was delivered; none twice, except the one accepted at each kill, sent again after the restart
 * byte for byte with the same Message-ID; the ledger records each message exactly once.
 */
describe('e-mail: the notifier killed between SMTP’s acceptance and the ledger’s record', function () {
  this.timeout(240_000);
  const MESSAGES = 300;
  const KILLS = 4;
  let dir: string;
  let sink: SmtpSink;
  let child: ChildProcess | null = null;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'relaycast-mail-crash-'));
    sink = await startSmtpSink(join(dir, 'sink'), await freePort());
    // 300 sign-ups recorded before the notifier ever runs: 300 verification messages due.
    const store = createSqliteEventStore(join(dir, 'events.db'));
    const handler = createCommandHandler(store);
    for (let i = 0; i < MESSAGES; i++) {
      const userId = `user-${String(i).padStart(3, '0')}`;
      await handler.handle(userDecider, userId, {
        type: 'RegisterUser',
        data: { userId, email: `${userId}@example.com`, givenName: `Customer ${i}`, familyName: 'Crash', role: 'ROLE_CUSTOMER', strategy: 'local', language: i % 2 ? 'ru' : 'en' },
        metadata: { now: new Date(Date.UTC(2026, 2, 1, 9, 0, i)).toISOString(), actorId: userId, actorRole: 'ROLE_CUSTOMER', correlationId: `signup-${i}` },
      });
    }
    await store.close();
  });
  after(async () => {
    child?.kill('SIGKILL');
    await sink?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  async function startNotifier(): Promise<ChildProcess> {
    const env = {
      ...(process.env as Record<string, string>),
      DATA_DIR: dir,
      SMTP_URL: sink.url,
      MAIL_FROM: 'Relaycast <billing@relaycast.test>',
      PUBLIC_URL: 'https://relaycast.test',
      SESSION_SECRET: 'crash-test-session-secret-0123456789abcdef',
      LICENCE_SIGNING_KEY: '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60',
      HEALTH_PORT: String(await freePort()),
      LOG_LEVEL: 'error',
      PAYMENTS: 'off',
    };
    const started = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'read-api/src/notifier-main.ts')], { env, cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
    child = started;
    return started;
  }
  const exited = (c: ChildProcess) => new Promise<NodeJS.Signals | number | null>((resolve) => (c.exitCode !== null || c.signalCode !== null ? resolve(c.signalCode ?? c.exitCode) : c.once('exit', (code, signal) => resolve(signal ?? code))));

  it(`${KILLS} SIGKILLs at random points during ${MESSAGES} due messages: each delivered, duplicates only at the kills and byte-identical, each recorded once`, async () => {
    const seed = Date.now() % 100_000;
    let state = seed;
    const random = (n: number) => ((state = (state * 1_103_515_245 + 12_345) % 2 ** 31) % n) + 1;
    const killedAt: number[] = [];
    for (let k = 0; k < KILLS; k++) {
      const at = sink.accepted() + 10 + random(50);
      const notifier = await startNotifier();
      await sink.killAfter(notifier.pid!, at);
      const how = await exited(notifier);
      expect(how, `killed at message ${at} (seed ${seed})`).to.equal('SIGKILL');
      killedAt.push(at);
    }
    const last = await startNotifier();
    // Everything delivered once more than the kills (each kill's message went out twice).
    await sink.waitFor(MESSAGES + KILLS, 120_000);
    const store = createSqliteEventStore(join(dir, 'events.db'));
    try {
      await waitUntil('every delivery recorded', async () => (await store.readAll()).filter((e) => e.type === 'MessageSent').length >= MESSAGES, 30_000);
      last.kill('SIGTERM');
      await exited(last);
      const sent = (await store.readAll()).filter((e) => e.type === 'MessageSent');
      // The ledger: one MessageSent per message, each in its own stream at version 1.
      expect(sent).to.have.length(MESSAGES);
      expect(new Set(sent.map((e) => e.streamId)).size).to.equal(MESSAGES);
      expect(sent.every((e) => e.version === 1)).to.equal(true);
      const ledgerIds = new Set(sent.map((e) => (e.data as { messageId: string }).messageId));

      const mails = await received(sink);
      expect(mails).to.have.length(MESSAGES + KILLS);
      const byId = new Map<string, typeof mails>();
      for (const m of mails) byId.set(m.messageId, [...(byId.get(m.messageId) ?? []), m]);
      expect(byId.size, 'every message delivered').to.equal(MESSAGES);
      expect([...byId.keys()].every((id) => ledgerIds.has(id)), 'what was delivered is what the ledger says').to.equal(true);
      // Every recipient got their message: 300 distinct addresses.
      expect(new Set(mails.map((m) => m.to[0])).size).to.equal(MESSAGES);
      const twice = [...byId.entries()].filter(([, copies]) => copies.length > 1);
      expect(twice.every(([, copies]) => copies.length === 2), 'none more than twice').to.equal(true);
      // Only the message the SMTP server accepted as the process died was sent again — as the same bytes.
      expect(twice.map(([, [first]]) => first!.n).sort((a, b) => a - b), `duplicates are the messages at the kills (seed ${seed})`).to.deep.equal(killedAt);
      for (const [id, [first, second]] of twice) expect(first!.raw.equals(second!.raw), `${id}: byte-identical`).to.equal(true);
    } finally {
      await store.close();
    }
  });
});
