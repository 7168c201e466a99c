import escapeHtml from 'escape-html';
import type { Response } from 'express';
import type { Language } from '@relaycast/contracts';

export { escapeHtml };

/**
 * A small page in the site's colours, in the reader's language, for what the API answers with HTML itself (the
 * one-click unsubscribe link's confirmation and result). `body` is HTML the caller built with escapeHtml.
 */
export function page(lang: Language, title: string, body: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)} — Relaycast</title>
<style>body{margin:0;background:#f4f6fb;color:#0f172a;font:16px/1.6 system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif}main{max-width:520px;margin:56px auto;padding:28px;background:#fff;border:1px solid #d8dfea;border-radius:14px}h1{font-size:24px;margin:0 0 12px}button{background:#0b5cff;color:#fff;border:0;border-radius:10px;padding:12px 20px;font:inherit;font-weight:700;cursor:pointer}a{color:#0a4fd9}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

/** Sends a page: never cached (it answers for one link). */
export function sendPage(res: Response, status: number, html: string): void {
  res.setHeader('Cache-Control', 'no-store');
  res.status(status).type('html').send(html);
}
