import { generateKeyPairSync } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { writeContentCatalogue } from './site-fixture.js';
import type { SmtpSink } from './smtp-sink.js';

/** A message the SMTP sink accepted, parsed with mailparser, with its raw bytes and links. */
export interface Received {
  n: number;
  raw: Buffer;
  to: string[];
  mail: ParsedMail;
  messageId: string;
  subject: string;
  lang: string | null;
  /** Every http(s) link of the HTML part (href), in order, unique. */
  links: string[];
  header(name: string): string | undefined;
}

export async function received(sink: SmtpSink): Promise<Received[]> {
  return Promise.all(
    sink.messages().map(async ({ n, raw, envelope }) => {
      const mail = await simpleParser(raw);
      const html = typeof mail.html === 'string' ? mail.html : '';
      const links = [...new Set([...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&')).filter((l) => /^https?:/.test(l)))];
      return {
        n,
        raw,
        to: envelope.to,
        mail,
        messageId: mail.messageId ?? '',
        subject: mail.subject ?? '',
        lang: /<html[^>]*\blang="([a-z]+)"/.exec(html)?.[1] ?? null,
        links,
        header: (name: string) => {
          const line = mail.headerLines.find((h) => h.key === name.toLowerCase());
          return line ? line.line.slice(line.line.indexOf(':') + 1).trim() : undefined;
        },
      };
    }),
  );
}

/** The template a message was made from, read back from its subject (EN or RU), for counting what each customer got. */
const SUBJECTS: [RegExp, string][] = [
  [/^(Confirm your e-mail address|Подтвердите адрес)/, 'verify-email'],
  [/^(Reset your password|Сброс пароля)/, 'password-reset'],
  [/^(Your password was changed|Пароль изменён)/, 'password-changed'],
  [/^(Payment received|Оплата получена)/, 'payment-received'],
  [/^(Renewed:|Подписка продлена)/, 'renewal-charged'],
  [/^(Payment needed|Нужна оплата)/, 'renewal-failed'],
  [/^(Your free trial ends|Пробный период заканчивается)/, 'trial-ending'],
  [/^(Your annual subscription renews|Годовая подписка продлевается)/, 'annual-renewal'],
  [/^(Paused:|Подписка приостановлена)/, 'paused'],
  [/^(Cancelled:|Подписка отменена)/, 'cancelled'],
  [/(will be cancelled on|будет отменена)/, 'cancellation-scheduled'],
  [/^(Your licence file|Файл лицензии)/, 'licence-issued'],
  [/^(Your licence expires|Лицензия истекает)/, 'licence-expiring'],
  [/^(Refund of|Возврат)/, 'refund-made'],
];
export function templateOf(subject: string): string {
  return SUBJECTS.find(([re]) => re.test(subject))?.[1] ?? `unknown: ${subject}`;
}

/** Counts by template, in a stable order (for writing expectations out). */
export function countByTemplate(messages: Received[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const m of messages) counts[templateOf(m.subject)] = (counts[templateOf(m.subject)] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * A site for the tests that follow the links of messages: the content catalogue, the SPA shell for the web app's
 * client-only prefixes (as the real build's routes.json lists them, in both languages) and the 404 pages.
 */
export async function writeSpaSite(root: string): Promise<string> {
  const { SPA_PATH_PREFIXES } = await webRoutes();
  const dist = join(root, 'dist');
  writeContentCatalogue(dist);
  const spaPrefixes = SPA_PATH_PREFIXES.flatMap((p) => [p, `/ru${p}`]);
  writeFileSync(join(dist, 'routes.json'), JSON.stringify({ prerendered: ['/', '/ru'], spaPrefixes, spaShell: '/spa.html', notFound: { en: '/404.html', ru: '/ru/404.html' } }));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="en"><head><title>Relaycast</title></head><body>Home</body></html>');
  writeFileSync(join(dist, 'spa.html'), '<!doctype html><html><head><title>Relaycast</title></head><body><div id="root"></div></body></html>');
  writeFileSync(join(dist, '404.html'), '<!doctype html><html><head><title>Page not found</title></head><body>Page not found</body></html>');
  mkdirSync(join(dist, 'ru'), { recursive: true });
  writeFileSync(join(dist, 'ru', 'index.html'), '<!doctype html><html lang="ru"><head><title>Relaycast</title></head><body>Главная</body></html>');
  writeFileSync(join(dist, 'ru', '404.html'), '<!doctype html><html lang="ru"><head><title>Страница не найдена</title></head><body>Страница не найдена</body></html>');
  return dist;
}

/** Is this path (with its /ru prefix or not) a page of the web app's route table (web/src/app/pages.ts)? */
export async function isWebPage(path: string): Promise<boolean> {
  const { ALL_PAGES } = await webRoutes();
  const local = path === '/ru' ? '/' : path.startsWith('/ru/') ? path.slice(3) : path;
  return ALL_PAGES.some((page) => new RegExp(`^${page.path.replace(/:[a-z]+/gi, '[^/]+')}/?$`).test(local));
}

/**
 * The web app's route table (web/src/app/pages.ts), loaded at run time: a static import would make the back end's
 * type check read the web app's sources (CSS imports and all).
 */
async function webRoutes(): Promise<{ ALL_PAGES: readonly { path: string }[]; SPA_PATH_PREFIXES: readonly string[] }> {
  const url = new URL('../../web/src/app/pages.ts', import.meta.url).href;
  return (await import(url)) as { ALL_PAGES: readonly { path: string }[]; SPA_PATH_PREFIXES: readonly string[] };
}

/** An RSA key pair for DKIM: the private key (PEM) for DKIM_PRIVATE_KEY, the public key's base64 for the DNS record. */
export function dkimKeys(): { privateKey: string; publicKeyBase64: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyBase64: publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
  };
}

export async function waitUntil(what: string, check: () => Promise<boolean> | boolean, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
