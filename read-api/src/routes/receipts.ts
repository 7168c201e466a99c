import type { Router } from 'express';
import PDFDocument from 'pdfkit';
import { Type } from '@sinclair/typebox';
import { ForbiddenError, Id, NotFoundError, formatCents, type UserView } from '@relaycast/contracts';
import { PageMeta, ReceiptView } from '@relaycast/contracts';
import { createReceiptQueries, type Receipt } from '@relaycast/projections';
import { authorize, defineRoute } from '../http/route.js';
import type { Runtime } from '../runtime.js';

export const ReceiptListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 500 })),
  /** Administrators: one customer's receipts. Customers always get their own. */
  user_id: Type.Optional(Id),
});
export const ReceiptNumberBody = Type.Object({ number: Type.String({ pattern: '^R-\\d{6,}$' }) });

const isAdmin = (user: UserView | null) => user?.role === 'ROLE_ADMIN';

/**
 * A receipt the caller may open: any for administrators, their own for everyone else (access is by ownership: a
 * receipt belongs to whoever paid); 404 when there is none.
 */
async function visibleReceipt(rt: Runtime, user: UserView | null, number: string): Promise<Receipt> {
  authorize('signedIn', user);
  const receipt = await createReceiptQueries(rt.readModels).get(number);
  if (!receipt) throw new NotFoundError(`Receipt ${number} not found`);
  if (!isAdmin(user) && receipt.customer.id !== user?._id) throw new ForbiddenError('You do not have access to this receipt');
  return receipt;
}

export const receiptRoutes = [
  defineRoute({
    path: '/receipts/findAll',
    answer: Type.Array(ReceiptView),
    answerMeta: PageMeta,
    query: true,
    access: 'signedIn',
    tag: 'Receipts',
    summary: 'Receipts, newest first: the caller’s own; administrators all (or one user’s)',
    body: ReceiptListQuery,
    async handle({ body, rt, user }) {
      const userId = isAdmin(user) ? body.user_id : user!._id;
      const page = await createReceiptQueries(rt.readModels).list({ ...(userId ? { userId } : {}), page: body.page, pageSize: body.pageSize });
      return { data: page.items, meta: { total: page.total, page: page.page, pageSize: page.pageSize } };
    },
  }),
  defineRoute({
    path: '/receipts/findOne',
    answer: ReceiptView,
    errors: ['NOT_FOUND'],
    query: true,
    access: 'signedIn',
    tag: 'Receipts',
    summary: 'One receipt by number (administrators: any; others: their own)',
    body: ReceiptNumberBody,
    async handle({ body, rt, user }) {
      return { data: await visibleReceipt(rt, user, body.number) };
    },
  }),
];

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

function lines(r: Receipt): [string, string][] {
  return [
    ['Date', day(r.issuedAt)],
    ['Customer', [r.customer.name, r.customer.email].filter(Boolean).join(' · ') || r.customer.id],
    ['Subscription', `${r.subscription.name} (${r.subscription.id})`],
    ['Plan', `${r.subscription.planId}${r.subscription.period ? ` (${r.subscription.period})` : ''}, ${r.quantity} unit${r.quantity === 1 ? '' : 's'}`],
    ['For', r.purpose === 'period' ? `Service period ${day(r.periodStart)} – ${day(r.periodEnd) || 'open'}` : 'Balance owing after a revision'],
    ['PayPal order', r.paypalOrderID],
    ['PayPal capture', r.captureId],
    ['Amount paid', formatCents(r.amount, r.currency)],
    ...r.refunds.map((f): [string, string] => [`Refund ${f.refundId}`, `−${formatCents(f.amount, r.currency)} on ${day(f.refundedAt)}`]),
  ];
}

export function receiptHtml(r: Receipt): string {
  const rows = lines(r).map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Receipt ${escapeHtml(r.number)} · Relaycast</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem;color:#111}
h1{font-size:1.5rem;margin:0 0 .25rem}table{border-collapse:collapse;width:100%;margin:1.5rem 0}
th,td{text-align:left;padding:.4rem .5rem;border-bottom:1px solid #ddd;vertical-align:top}th{width:11rem;color:#555;font-weight:500}
.total td{font-weight:700}a{color:#0b57d0}</style></head>
<body><p>Relaycast</p><h1>Receipt ${escapeHtml(r.number)}</h1>
<table>${rows}</table>
<p><a href="/receipts/${escapeHtml(r.number)}.pdf" download>Download PDF</a></p>
</body></html>`;
}

/** The receipt as a one-page A4 PDF (pdfkit, built-in Helvetica). The number is also the document's title. */
export function receiptPdf(r: Receipt): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: `Receipt ${r.number}`, Author: 'Relaycast', Subject: `Payment ${r.captureId}` } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.font('Helvetica').fontSize(11).fillColor('#555').text('Relaycast');
    doc.moveDown(0.5).font('Helvetica-Bold').fontSize(20).fillColor('#111').text(`Receipt ${r.number}`);
    doc.moveDown(1);
    for (const [k, v] of lines(r)) {
      const y = doc.y;
      doc.font('Helvetica').fontSize(11).fillColor('#555').text(k, 56, y, { width: 130 });
      doc.font(k === 'Amount paid' ? 'Helvetica-Bold' : 'Helvetica').fillColor('#111').text(v.replace('−', '-'), 196, y, { width: 340 });
      doc.moveDown(0.6);
    }
    doc.end();
  });
}

/** GET /receipts/R-000001 (HTML) and /receipts/R-000001.pdf: the customer who paid, and administrators. */
export function mountReceiptDocuments(router: Router, rt: Runtime): void {
  router.get(/^\/receipts\/(R-\d{6,})(\.pdf)?$/, async (req, res) => {
    const [number, pdf] = [req.params[0] as string, req.params[1] as string | undefined];
    const receipt = await visibleReceipt(rt, req.auth.user, number);
    res.setHeader('Cache-Control', 'private, no-store');
    if (pdf) {
      res.attachment(`relaycast-receipt-${receipt.number}.pdf`);
      res.type('application/pdf').send(await receiptPdf(receipt));
    } else {
      res.type('html').send(receiptHtml(receipt));
    }
  });
}
