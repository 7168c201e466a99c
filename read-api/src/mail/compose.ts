import { createHash } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer';
import DKIM from 'nodemailer/lib/dkim';
import type { RenderedMessage } from './messages.js';

/**
 * The raw message (RFC 5322 / MIME), built so that the same message always gives the same bytes: the Date is the
 * causing event's time, the Message-ID and the multipart boundaries are derived from the message's key (nodemailer
 * draws boundaries at random unless given a base), the parts are in a fixed order, and the DKIM signature (RSA,
 * PKCS#1 v1.5: deterministic, no `t=` timestamp) covers a fixed list of headers, List-Unsubscribe-Post among them
 * (RFC 8058). A resend is therefore byte-identical, with the same Message-ID.
 */

export interface MailIdentity {
  /** MAIL_FROM: `Relaycast <billing@example.com>`. */
  from: string;
  /** The domain of Message-IDs (MAIL_FROM's). */
  domain: string;
  dkim: { privateKey: string; domainName: string; keySelector: string } | null;
}

export interface ComposedMessage {
  raw: Buffer;
  messageId: string;
  envelope: { from: string; to: string };
  sha256: string;
}

/** The headers the DKIM signature covers (nodemailer's defaults name more; these are the ones we send). */
export const DKIM_SIGNED_HEADERS = 'From:To:Subject:Date:Message-ID:MIME-Version:Content-Type:List-Unsubscribe:List-Unsubscribe-Post:Auto-Submitted';

const digest = (text: string) => createHash('sha256').update(text).digest('hex');

/** `<hash of the key>@<domain>`: stable for the message, different for every other. */
export function messageIdOf(key: string, domain: string): string {
  return `<${digest(`message-id:${key}`).slice(0, 32)}@${domain}>`;
}

/** The address inside MAIL_FROM (`Name <a@b>` or `a@b`). */
export function addressOf(from: string): string {
  const match = /<([^>]+)>/.exec(from);
  return (match ? match[1]! : from).trim();
}

function build(composer: MailComposer): Promise<Buffer> {
  return new Promise((resolve, reject) => composer.compile().build((error, message) => (error ? reject(error) : resolve(message))));
}

function signed(raw: Buffer, dkim: NonNullable<MailIdentity['dkim']>): Promise<Buffer> {
  const signer = new DKIM({ ...dkim, headerFieldNames: DKIM_SIGNED_HEADERS });
  const stream = signer.sign(raw);
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

export async function composeMessage(message: RenderedMessage, key: string, identity: MailIdentity): Promise<ComposedMessage> {
  const messageId = messageIdOf(key, identity.domain);
  const headers: Record<string, string> = {
    // RFC 3834: an automatic message (out-of-office replies are not sent back to it).
    'Auto-Submitted': 'auto-generated',
  };
  if (message.unsubscribeUrl) {
    headers['List-Unsubscribe'] = `<${message.unsubscribeUrl}>`;
    headers['List-Unsubscribe-Post'] = 'List-Unsubscribe=One-Click';
  }
  const composer = new MailComposer({
    from: identity.from,
    to: { name: message.to.name, address: message.to.address },
    subject: message.subject,
    text: message.text,
    html: message.html,
    date: new Date(message.date),
    messageId,
    headers,
    attachments: message.attachments.map((a) => ({ filename: a.filename, content: a.content, contentType: a.contentType })),
    // Boundaries from the key, not from crypto.randomBytes: the same message, the same bytes.
    baseBoundary: digest(`boundary:${key}`).slice(0, 16),
  } as ConstructorParameters<typeof MailComposer>[0]);
  let raw = await build(composer);
  if (identity.dkim) raw = await signed(raw, identity.dkim);
  return { raw, messageId, envelope: { from: addressOf(identity.from), to: message.to.address }, sha256: createHash('sha256').update(raw).digest('hex') };
}
