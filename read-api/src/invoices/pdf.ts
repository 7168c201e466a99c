import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { formatCents, type CreditNoteView, type InvoiceCustomer, type InvoiceView, type SellerDetails } from '@relaycast/contracts';

/**
 * Invoices and credit notes as A4 PDFs (pdfkit). DejaVu Sans, embedded: names and addresses in any script the
 * customer writes them in (Cyrillic too), which the PDF standard fonts cannot show. No tax is computed: every
 * document says so.
 */

const fontDir = join(dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const REGULAR = join(fontDir, 'DejaVuSans.ttf');
const BOLD = join(fontDir, 'DejaVuSans-Bold.ttf');

const INK = '#111111';
const MUTED = '#5b6270';
const RULE = '#d5d9e0';
const DEMO_FILL = '#fff1d6';
const DEMO_INK = '#8a4b00';
const PAGE = { width: 595.28, margin: 50 };
const CONTENT = PAGE.width - 2 * PAGE.margin;

/** The tax sentence every document carries (no tax is computed in this product yet). */
export const NO_TAX_NOTE = 'No tax charged: no VAT, sales tax or other tax was computed on this document; the amounts are the amounts paid.';
const DEMO_NOTE = 'DEMO PAYMENTS — no money moved. Issued by a server running demo payments: not a tax document.';

const day = (iso: string) => iso.slice(0, 10);
const money = (cents: number, currency: string) => formatCents(cents, currency).replace('-', '−');
const regionNames = new Intl.DisplayNames(['en'], { type: 'region' });
const countryName = (code: string | undefined) => (code ? (regionNames.of(code) ?? code) : '');

function partyLines(party: InvoiceCustomer | SellerDetails, kind: 'customer' | 'seller'): string[] {
  const lines = [party.name];
  if (kind === 'customer' && (party as InvoiceCustomer).company) lines.push((party as InvoiceCustomer).company!);
  if (party.address) lines.push(...party.address.split('\n').map((l) => l.trim()).filter(Boolean));
  if (kind === 'customer' && (party as InvoiceCustomer).country) lines.push(countryName((party as InvoiceCustomer).country));
  if (kind === 'seller' && (party as SellerDetails).registrationNumber) lines.push(`Registration no. ${(party as SellerDetails).registrationNumber}`);
  if (party.vatNumber) lines.push(`VAT no. ${party.vatNumber}`);
  return lines;
}

type Doc = InstanceType<typeof PDFDocument>;

/**
 * `issuedAt` is the document's creation date: pdfkit would stamp the time of rendering (and derive the file id from
 * it), so the same document always gives the same bytes — the PDF e-mailed with a receipt and a resend of it are equal.
 */
function render(info: { title: string; subject: string; issuedAt: string }, draw: (doc: Doc) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: PAGE.margin, info: { Title: info.title, Author: 'Relaycast', Subject: info.subject, CreationDate: new Date(info.issuedAt) } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.registerFont('Body', REGULAR);
    doc.registerFont('Bold', BOLD);
    try {
      draw(doc);
      doc.end();
    } catch (error) {
      reject(error);
    }
  });
}

function demoBand(doc: Doc): void {
  const y = doc.y;
  doc.font('Bold').fontSize(9.5);
  const height = doc.heightOfString(DEMO_NOTE, { width: CONTENT - 24 }) + 20;
  doc.rect(PAGE.margin, y, CONTENT, height).fill(DEMO_FILL);
  doc.fillColor(DEMO_INK).text(DEMO_NOTE, PAGE.margin + 12, y + 10, { width: CONTENT - 24 });
  doc.y = y + height + 16;
}

/** Seller on the left, the document's kind and number on the right. */
function header(doc: Doc, seller: SellerDetails, title: string, number: string): void {
  const top = doc.y;
  const [name, ...rest] = partyLines(seller, 'seller');
  doc.font('Bold').fontSize(15).fillColor(INK).text(name!, PAGE.margin, top, { width: CONTENT * 0.6 });
  doc.font('Body').fontSize(9).fillColor(MUTED);
  for (const line of rest) doc.text(line, { width: CONTENT * 0.6 });
  const leftBottom = doc.y;
  doc.font('Bold').fontSize(22).fillColor(INK).text(title, PAGE.margin, top, { width: CONTENT, align: 'right' });
  doc.font('Body').fontSize(12).fillColor(INK).text(number, PAGE.margin, doc.y + 2, { width: CONTENT, align: 'right' });
  doc.y = Math.max(leftBottom, doc.y) + 24;
}

/** Two columns: who it is made out to, and the document's facts (label, value). */
function parties(doc: Doc, heading: string, customer: InvoiceCustomer, facts: [string, string][]): void {
  const top = doc.y;
  const half = CONTENT / 2 - 10;
  doc.font('Bold').fontSize(9).fillColor(MUTED).text(heading.toUpperCase(), PAGE.margin, top, { width: half, characterSpacing: 0.5 });
  doc.moveDown(0.3);
  const [name, ...rest] = partyLines(customer, 'customer');
  doc.font('Bold').fontSize(10.5).fillColor(INK).text(name || '—', { width: half });
  doc.font('Body').fontSize(10).fillColor(INK);
  for (const line of rest) doc.text(line, { width: half });
  const leftBottom = doc.y;

  const x = PAGE.margin + CONTENT / 2 + 10;
  let y = top;
  for (const [label, value] of facts) {
    doc.font('Body').fontSize(9).fillColor(MUTED).text(label, x, y, { width: 105 });
    doc.font('Body').fontSize(9.5).fillColor(INK).text(value, x + 108, y, { width: half - 108 });
    y = Math.max(doc.y, y + 13) + 2;
  }
  doc.y = Math.max(leftBottom, y) + 22;
}

/** The lines (description, amount) and the total beneath them. */
function table(doc: Doc, rows: { description: string; amount: string }[], total: { label: string; amount: string }): void {
  const amountWidth = 110;
  const descriptionWidth = CONTENT - amountWidth - 10;
  const rule = (y: number, color = RULE, width = 0.8) => doc.moveTo(PAGE.margin, y).lineTo(PAGE.margin + CONTENT, y).lineWidth(width).strokeColor(color).stroke();
  let y = doc.y;
  doc.font('Bold').fontSize(9).fillColor(MUTED);
  doc.text('DESCRIPTION', PAGE.margin, y, { width: descriptionWidth, characterSpacing: 0.5 });
  doc.text('AMOUNT', PAGE.margin + descriptionWidth + 10, y, { width: amountWidth, align: 'right', characterSpacing: 0.5 });
  y = doc.y + 5;
  rule(y, INK, 1);
  y += 8;
  for (const row of rows) {
    doc.font('Body').fontSize(10).fillColor(INK).text(row.description, PAGE.margin, y, { width: descriptionWidth });
    const bottom = doc.y;
    doc.text(row.amount, PAGE.margin + descriptionWidth + 10, y, { width: amountWidth, align: 'right' });
    y = Math.max(bottom, doc.y) + 7;
    rule(y);
    y += 8;
  }
  doc.font('Bold').fontSize(11.5).fillColor(INK).text(total.label, PAGE.margin, y, { width: descriptionWidth, align: 'right' });
  doc.text(total.amount, PAGE.margin + descriptionWidth + 10, y, { width: amountWidth, align: 'right' });
  doc.y = doc.y + 14;
}

function notes(doc: Doc, paragraphs: string[]): void {
  doc.font('Body').fontSize(9).fillColor(MUTED);
  for (const p of paragraphs) {
    doc.text(p, PAGE.margin, doc.y, { width: CONTENT });
    doc.moveDown(0.5);
  }
}

/** The invoice: seller, customer, number and dates, what was paid for, the total, the tax note, its credit notes. */
export function invoicePdf(invoice: InvoiceView): Promise<Buffer> {
  return render({ title: `Invoice ${invoice.number}`, subject: `Payment ${invoice.captureId}`, issuedAt: invoice.issuedAt }, (doc) => {
    if (invoice.book === 'demo') demoBand(doc);
    header(doc, invoice.seller, 'INVOICE', invoice.number);
    parties(doc, 'Bill to', invoice.customer, [
      ['Invoice number', invoice.number],
      ['Date of issue', day(invoice.issuedAt)],
      ['Payment received', `${day(invoice.paidAt)}, by PayPal`],
      ['Subscription', invoice.subscriptionName || invoice.subscriptionId],
      ['PayPal order', invoice.paypalOrderID],
      ['PayPal capture', invoice.captureId],
      ['Currency', invoice.currency],
    ]);
    table(
      doc,
      invoice.lines.map((line) => ({ description: line.description, amount: money(line.amount, invoice.currency) })),
      { label: 'Total paid', amount: money(invoice.total, invoice.currency) },
    );
    const paragraphs = [NO_TAX_NOTE, `Paid in full by PayPal on ${day(invoice.paidAt)}: nothing is due on this invoice.`];
    if (invoice.creditNotes.length) {
      const list = invoice.creditNotes.map((c) => `${c.number} (${money(c.amount, invoice.currency)}, ${day(c.issuedAt)})`).join('; ');
      paragraphs.push(`Credit notes against this invoice: ${list}. Credited in all: ${money(invoice.credited, invoice.currency)}.`);
    }
    notes(doc, paragraphs);
  });
}

/** A credit note: which invoice it refers to, why, and the money given back. */
export function creditNotePdf(note: CreditNoteView, invoice: Pick<InvoiceView, 'issuedAt' | 'total'> | null): Promise<Buffer> {
  return render({ title: `Credit note ${note.number}`, subject: `Refund ${note.refundId} of payment ${note.captureId}`, issuedAt: note.issuedAt }, (doc) => {
    if (note.book === 'demo') demoBand(doc);
    header(doc, note.seller, 'CREDIT NOTE', note.number);
    parties(doc, 'Credit to', note.customer, [
      ['Credit note number', note.number],
      ['Date of issue', day(note.issuedAt)],
      ['Refers to invoice', `${note.invoiceNumber}${invoice ? ` of ${day(invoice.issuedAt)}` : ''}`],
      ['Reason', note.reason === 'REVERSAL' ? 'Payment reversed by PayPal (chargeback)' : 'Refund'],
      ['Money returned', `${day(note.refundedAt)}, by PayPal`],
      ['PayPal capture', note.captureId],
      ['Currency', note.currency],
    ]);
    const what = note.reason === 'REVERSAL' ? 'Reversal' : 'Refund';
    table(doc, [{ description: `${what} of the payment on invoice ${note.invoiceNumber}${invoice ? ` (invoice total ${money(invoice.total, note.currency)})` : ''}`, amount: money(-note.amount, note.currency) }], {
      label: 'Total credited',
      amount: money(-note.amount, note.currency),
    });
    notes(doc, [NO_TAX_NOTE, `The amount was returned to the PayPal account that paid invoice ${note.invoiceNumber}.`]);
  });
}
