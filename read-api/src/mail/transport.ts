import { mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import nodemailer from 'nodemailer';
import type { ComposedMessage } from './compose.js';

/**
 * Where messages go: an SMTP server (SMTP_URL, through nodemailer, the raw bytes as composed), or — without
 * SMTP_URL, the embedded default — the local outbox, one .eml file per delivery under DATA_DIR/outbox/<user>/,
 * which administrators read through the admin API (rendered again from the log) and an operator can open as files.
 */
export interface MailTransport {
  readonly kind: 'smtp' | 'outbox';
  /** Hands the message over; resolves with the server's answer, rejects with a classified failure. */
  send(message: ComposedMessage, where: { userId: string; streamKey: string; delivery: number }): Promise<{ response?: string }>;
  /** Erasure: deletes what the transport keeps of a user's messages (the outbox files). */
  forget(userId: string): Promise<void>;
  close(): Promise<void>;
}

/** A failure to send: `permanent` when trying again cannot help (the recipient refused), else it waits and retries. */
export class SendFailure extends Error {
  constructor(
    message: string,
    readonly kind: 'transient' | 'recipient' | 'message',
    readonly response?: string,
  ) {
    super(message);
    this.name = 'SendFailure';
  }
}

/**
 * nodemailer's errors, sorted: a 5xx to RCPT TO (EENVELOPE) is the recipient refused for good; a 5xx to the message
 * (EMESSAGE) is the message refused (tried a few times); everything else — a 4xx, a refused or dropped connection,
 * a timeout, DNS, authentication — waits and is tried again: the server or its configuration will come back.
 */
export function classify(error: unknown): SendFailure {
  const e = error as { code?: string; responseCode?: number; response?: string; message?: string };
  const response = (e.response ?? e.message ?? String(error)).slice(0, 300);
  const permanent = typeof e.responseCode === 'number' && e.responseCode >= 500 && e.responseCode < 600;
  if (permanent && e.code === 'EENVELOPE') return new SendFailure(response, 'recipient', response);
  if (permanent && e.code === 'EMESSAGE') return new SendFailure(response, 'message', response);
  return new SendFailure(response, 'transient', response);
}

export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transport = nodemailer.createTransport(smtpUrl, {});
  return {
    kind: 'smtp',
    async send(message) {
      try {
        const info = await transport.sendMail({ envelope: message.envelope, raw: message.raw });
        return { response: String(info.response ?? '').slice(0, 300) };
      } catch (error) {
        throw classify(error);
      }
    },
    async forget() {
      // Nothing kept: what left by SMTP is the recipient's.
    },
    async close() {
      transport.close();
    },
  };
}

/** Where the outbox keeps one delivery of a message: DATA_DIR/outbox/<user>/<message stream key>.<delivery>.eml. */
export function outboxFile(dir: string, where: { userId: string; streamKey: string; delivery: number }): string {
  return join(dir, where.userId.replace(/[^A-Za-z0-9_-]/g, '_'), `${where.streamKey}.${where.delivery}.eml`);
}

export function createOutboxTransport(dir: string): MailTransport {
  return {
    kind: 'outbox',
    async send(message, where) {
      const file = outboxFile(dir, where);
      mkdirSync(dirname(file), { recursive: true });
      // Written whole or not at all: a crash never leaves half a message for the administrator to read.
      writeFileSync(`${file}.tmp`, message.raw);
      renameSync(`${file}.tmp`, file);
      return { response: `outbox ${where.userId}/${where.streamKey}.${where.delivery}.eml` };
    },
    async forget(userId) {
      rmSync(join(dir, userId.replace(/[^A-Za-z0-9_-]/g, '_')), { recursive: true, force: true });
    },
    async close() {},
  };
}
