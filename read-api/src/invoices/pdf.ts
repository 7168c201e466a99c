import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import PDFDocument from 'pdfkit';
import { formatMoney, type CreditNoteView, type DocumentVatInEuros, type InvoiceCustomer, type InvoiceView, type Language, type SellerDetails, type TaxLine } from '@relaycast/contracts';
import { subscriptionNameIn, wordsIn } from '../words/index.js';
import { DOCUMENT_WORDS } from '../words/documents.js';

/**
 * Invoices and credit notes as A4 PDFs (pdfkit), in English or Russian (the words: words/documents.ts). DejaVu Sans,
 * embedded: Russian, and names and addresses in any script the customer writes them in, which the PDF standard fonts
 * cannot show. A document with tax (docs/tax.md, "Invoices and credit notes") states the net, each tax line with its
 * rate and country, the VAT, the gross, the reverse charge's words with both VAT numbers, and the VAT in euros at the
 * ECB's rate; one without says that no tax was charged, as every document did before taxes.
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

/** What an invoice without tax says in English (every invoice issued before taxes, or with TAX=off). */
export const NO_TAX_NOTE = DOCUMENT_WORDS.en.noTax;

/**
 * The words and formats of one document in one language: money in the document's currency as the web shows it (en
 * $1,234.50, ru 1 234,50 $; a minus sign, not a hyphen), euros (€13.72, 13,72 €), long dates (1 March 2026,
 * 1 марта 2026 г.), countries and currencies named in the language, rates as percentages (0.19 → 19 %, 0.255 → 25.5 %).
 */
export function documentWords(lang: Language) {
  const w = wordsIn(lang);
  const regions = new Intl.DisplayNames([lang], { type: 'region' });
  const currencies = new Intl.DisplayNames([lang], { type: 'currency' });
  const euros = new Intl.NumberFormat(lang === 'ru' ? 'ru-RU' : 'en-GB', { style: 'currency', currency: 'EUR' });
  const dates = new Intl.DateTimeFormat(lang === 'ru' ? 'ru-RU' : 'en-GB', { dateStyle: 'long', timeZone: 'UTC' });
  const decimal = (text: string) => (lang === 'ru' ? text.replace('.', ',') : text);
  return {
    lang,
    t: (key: string, values: Record<string, unknown> = {}) => w.t(`documents:${key}`, values),
    money: (cents: number, currency: string) => formatMoney(cents, lang, { currency, cents: true }).replace('-', '−'),
    euros: (cents: number) => euros.format(cents / 100).replace('-', '−'),
    date: (iso: string) => dates.format(new Date(iso.length === 10 ? `${iso}T00:00:00.000Z` : iso)),
    country: (code: string | undefined) => (code ? (regions.of(code) ?? code) : ''),
    currency: (code: string) => currencies.of(code) ?? code,
    percent: (rate: string) => {
      const [whole = '0', fraction = ''] = rate.split('.');
      const digits = fraction.padEnd(2, '0');
      const rest = digits.slice(2).replace(/0+$/, '');
      return `${Number(whole) * 100 + Number(digits.slice(0, 2))}${rest ? decimal(`.${rest}`) : ''} %`;
    },
    decimal,
  };
}
type DocWords = ReturnType<typeof documentWords>;

function partyLines(party: InvoiceCustomer | SellerDetails, kind: 'customer' | 'seller', d: DocWords): string[] {
  const lines = [party.name];
  if (kind === 'customer' && (party as InvoiceCustomer).company) lines.push((party as InvoiceCustomer).company!);
  if (party.address) lines.push(...party.address.split('\n').map((l) => l.trim()).filter(Boolean));
  if (kind === 'customer' && (party as InvoiceCustomer).country) lines.push(d.country((party as InvoiceCustomer).country));
  if (kind === 'seller' && (party as SellerDetails).registrationNumber) lines.push(d.t('registrationNo', { number: (party as SellerDetails).registrationNumber }));
  if (party.vatNumber) lines.push(d.t('vatNo', { number: party.vatNumber }));
  return lines;
}

type Doc = InstanceType<typeof PDFDocument>;

/**
 * `issuedAt` is the document's creation date: pdfkit would stamp the time of rendering (and derive the file id from
 * it), so the same document always gives the same bytes — the PDF e-mailed with a receipt and a resend of it are equal.
 */
function render(info: { title: string; subject: string; issuedAt: string; lang: Language }, draw: (doc: Doc) => void): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: PAGE.margin, lang: info.lang, info: { Title: info.title, Author: 'Relaycast', Subject: info.subject, CreationDate: new Date(info.issuedAt) } });
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

function demoBand(doc: Doc, d: DocWords): void {
  const y = doc.y;
  const text = d.t('demo');
  doc.font('Bold').fontSize(9.5);
  const height = doc.heightOfString(text, { width: CONTENT - 24 }) + 20;
  doc.rect(PAGE.margin, y, CONTENT, height).fill(DEMO_FILL);
  doc.fillColor(DEMO_INK).text(text, PAGE.margin + 12, y + 10, { width: CONTENT - 24 });
  doc.y = y + height + 16;
}

/** Seller on the left, the document's kind and number on the right. */
function header(doc: Doc, d: DocWords, seller: SellerDetails, title: string, number: string): void {
  const top = doc.y;
  const [name, ...rest] = partyLines(seller, 'seller', d);
  doc.font('Bold').fontSize(15).fillColor(INK).text(name!, PAGE.margin, top, { width: CONTENT * 0.6 });
  doc.font('Body').fontSize(9).fillColor(MUTED);
  for (const line of rest) doc.text(line, { width: CONTENT * 0.6 });
  const leftBottom = doc.y;
  doc.font('Bold').fontSize(22).fillColor(INK).text(title, PAGE.margin, top, { width: CONTENT, align: 'right' });
  doc.font('Body').fontSize(12).fillColor(INK).text(number, PAGE.margin, doc.y + 2, { width: CONTENT, align: 'right' });
  doc.y = Math.max(leftBottom, doc.y) + 24;
}

/** Two columns: who it is made out to, and the document's facts (label, value). */
function parties(doc: Doc, d: DocWords, heading: string, customer: InvoiceCustomer, facts: [string, string][]): void {
  const top = doc.y;
  const left = CONTENT * 0.42;
  doc.font('Bold').fontSize(9).fillColor(MUTED).text(heading.toUpperCase(), PAGE.margin, top, { width: left, characterSpacing: 0.5 });
  doc.moveDown(0.3);
  const [name, ...rest] = partyLines(customer, 'customer', d);
  doc.font('Bold').fontSize(10.5).fillColor(INK).text(name || '—', { width: left });
  doc.font('Body').fontSize(10).fillColor(INK);
  for (const line of rest) doc.text(line, { width: left });
  const leftBottom = doc.y;

  const x = PAGE.margin + left + 16;
  const labelWidth = 100;
  const valueWidth = PAGE.margin + CONTENT - x - labelWidth - 4;
  let y = top;
  for (const [label, value] of facts) {
    doc.font('Body').fontSize(9).fillColor(MUTED).text(label, x, y, { width: labelWidth });
    const labelBottom = doc.y;
    doc.font('Body').fontSize(9.5).fillColor(INK).text(value, x + labelWidth + 4, y, { width: valueWidth });
    y = Math.max(doc.y, labelBottom, y + 13) + 2;
  }
  doc.y = Math.max(leftBottom, y) + 22;
}

/** A row beneath the lines: a subtotal, a tax line, a total (`strong`), or a figure given for information (`muted`). */
interface TotalRow {
  label: string;
  amount: string;
  strong?: boolean;
  muted?: boolean;
}

/** The lines (description, amount) and the totals beneath them, labels right-aligned against the amounts. */
function table(doc: Doc, d: DocWords, rows: { description: string; amount: string }[], totals: TotalRow[]): void {
  const amountWidth = 110;
  const descriptionWidth = CONTENT - amountWidth - 10;
  const rule = (y: number, color = RULE, width = 0.8) => doc.moveTo(PAGE.margin, y).lineTo(PAGE.margin + CONTENT, y).lineWidth(width).strokeColor(color).stroke();
  let y = doc.y;
  doc.font('Bold').fontSize(9).fillColor(MUTED);
  doc.text(d.t('description'), PAGE.margin, y, { width: descriptionWidth, characterSpacing: 0.5 });
  doc.text(d.t('amount'), PAGE.margin + descriptionWidth + 10, y, { width: amountWidth, align: 'right', characterSpacing: 0.5 });
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
  for (const total of totals) {
    if (total.strong) y += 2;
    doc.font(total.strong ? 'Bold' : 'Body').fontSize(total.strong ? 11.5 : total.muted ? 9 : 10).fillColor(total.muted ? MUTED : INK);
    doc.text(total.label, PAGE.margin, y, { width: descriptionWidth, align: 'right' });
    const bottom = doc.y;
    doc.text(total.amount, PAGE.margin + descriptionWidth + 10, y, { width: amountWidth, align: 'right' });
    y = Math.max(bottom, doc.y) + (total.strong ? 6 : 4);
  }
  doc.y = y + 10;
}

/** Sentences beneath the figures: a tax statement the document must make (the reverse charge) in ink, the rest muted. */
type Paragraph = string | { statement: string };

function notes(doc: Doc, paragraphs: Paragraph[]): void {
  for (const p of paragraphs) {
    if (typeof p === 'string') doc.font('Body').fontSize(9).fillColor(MUTED).text(p, PAGE.margin, doc.y, { width: CONTENT });
    else doc.font('Bold').fontSize(9.5).fillColor(INK).text(p.statement, PAGE.margin, doc.y, { width: CONTENT });
    doc.moveDown(0.5);
  }
}

/** A tax line as a document names it: "VAT 19 % (Germany)", a reverse charge's, or outside the scope. */
function taxLineLabel(line: Pick<TaxLine, 'kind' | 'country' | 'rate'>, d: DocWords): string {
  const values = { rate: d.percent(line.rate), country: d.country(line.country) };
  return d.t(line.kind === 'vat' ? 'vatLine' : line.kind === 'reverse-charge' ? 'reverseChargeLine' : 'outsideScopeLine', values);
}

/** The rows of a document's tax beneath its lines: the net, each tax line, the VAT and the gross (`sign` −1 on a credit note: money given back). */
function taxRows(tax: { net: number; taxLines: TaxLine[]; tax: number; gross: number }, currency: string, d: DocWords, sign: 1 | -1, grossLabel: string): TotalRow[] {
  const m = (cents: number) => d.money(sign * cents, currency);
  return [
    { label: d.t('net'), amount: m(tax.net) },
    ...tax.taxLines.map((line) => ({ label: taxLineLabel(line, d), amount: m(line.amount) })),
    { label: d.t('totalVat'), amount: m(tax.tax) },
    { label: grossLabel, amount: m(tax.gross), strong: true },
  ];
}

/** The VAT in euros, when the document has it (a document in another currency, with VAT, on a day the ECB's rates reach). */
function euroRow(euro: DocumentVatInEuros | undefined, d: DocWords, sign: 1 | -1): TotalRow[] {
  if (!euro) return [];
  return [{ label: d.t('vatInEuros', { date: d.date(euro.published) }), amount: d.euros(sign * euro.tax), muted: true }];
}

/**
 * What a document's tax says beneath the figures: the reverse charge with both VAT numbers, outside the scope of EU
 * VAT (statements, in ink), and the ECB's rate the euros are at — when the rates held were not updated to the document's day, that it is the
 * latest held.
 */
function taxNotes(taxLines: readonly TaxLine[], euro: DocumentVatInEuros | undefined, currency: string, vatNumbers: { seller?: string | undefined; customer?: string | undefined }, d: DocWords): Paragraph[] {
  const said: Paragraph[] = [];
  if (taxLines.some((l) => l.kind === 'reverse-charge')) said.push({ statement: `${d.t('reverseCharge')} ${d.t('vatNumbers', { seller: vatNumbers.seller ?? '—', customer: vatNumbers.customer ?? '—' })}` });
  if (taxLines.some((l) => l.kind === 'outside-scope')) said.push({ statement: d.t('outsideScope') });
  if (euro) said.push(d.t(euro.stale ? 'euroStale' : 'euroRate', { date: d.date(euro.published), rate: d.decimal(euro.rate), currency }));
  return said;
}

/** An invoice line in the document's language, worded from the facts it keeps (its dates as the document's others). */
function lineText(line: InvoiceView['lines'][number], invoice: Pick<InvoiceView, 'paidAt' | 'paypalOrderID' | 'subscriptionName' | 'currency'>, d: DocWords): string {
  switch (line.kind) {
    case 'credit':
      return d.t('lineCredit', { order: invoice.paypalOrderID, subscription: subscriptionNameIn(invoice.subscriptionName, d.lang) });
    case 'creditApplied':
      return d.t('lineCreditApplied', { amount: d.money(-line.amount, invoice.currency) });
    default: {
      if (!line.planId) return line.description;
      const period = line.planPeriod ? ` (${d.t(`planPeriod.${line.planPeriod}`)})` : '';
      const modules = (line.modules ?? []).map((m) => `${m.labels[d.lang] || m.labels.en}: ${m.limit}`);
      const plan =
        line.planId === 'constructor'
          ? `${d.t('plan.constructor')}${period}, ${d.t('units', { count: line.quantity ?? 1 })}${modules.length ? ` (${modules.join(', ')})` : ''}`
          : `${d.t(`plan.${line.planId}`)}${period}`;
      return line.kind === 'period' && line.periodStart && line.periodEnd
        ? d.t('linePeriod', { plan, from: d.date(line.periodStart), to: d.date(line.periodEnd) })
        : d.t('lineBalance', { plan, date: d.date(invoice.paidAt) });
    }
  }
}

/**
 * The invoice in `lang`: seller, customer, number and dates, what was paid for, and either its tax — net, each tax
 * line, VAT, gross, account credit used and the amount paid, the VAT in euros, the reverse charge's words — or the
 * sentence that no tax was charged; then its credit notes.
 */
export function invoicePdf(invoice: InvoiceView, lang: Language = 'en'): Promise<Buffer> {
  const d = documentWords(lang);
  const money = (cents: number) => d.money(cents, invoice.currency);
  return render({ title: d.t('invoiceTitle', { number: invoice.number }), subject: `PayPal ${invoice.captureId}`, issuedAt: invoice.issuedAt, lang }, (doc) => {
    if (invoice.book === 'demo') demoBand(doc, d);
    header(doc, d, invoice.seller, d.t('invoice'), invoice.number);
    const fromCredit = invoice.total === 0;
    parties(doc, d, d.t('billTo'), invoice.customer, [
      [d.t('invoiceNumber'), invoice.number],
      [d.t('dateOfIssue'), d.date(invoice.issuedAt)],
      [d.t('paymentReceived'), d.t(fromCredit ? 'fromCredit' : 'byPayPal', { date: d.date(invoice.paidAt) })],
      [d.t('subscription'), subscriptionNameIn(invoice.subscriptionName, lang) || invoice.subscriptionId],
      ...(fromCredit ? [] : ([[d.t('paypalOrder'), invoice.paypalOrderID], [d.t('paypalCapture'), invoice.captureId]] as [string, string][])),
      [d.t('currency'), d.t('currencyValue', { code: invoice.currency, name: d.currency(invoice.currency) })],
    ]);
    const paragraphs: Paragraph[] = [];
    const tax = invoice.tax;
    if (tax) {
      const service = invoice.lines.filter((l) => l.kind !== 'creditApplied');
      const credit = invoice.lines.filter((l) => l.kind === 'creditApplied');
      table(
        doc,
        d,
        service.map((line) => ({ description: lineText(line, invoice, d), amount: money(line.amount) })),
        [
          ...taxRows(tax, invoice.currency, d, 1, d.t('gross')),
          ...credit.map((line) => ({ label: d.t('creditUsed'), amount: money(line.amount) })),
          ...(credit.length ? [{ label: d.t('amountPaid'), amount: money(invoice.total), strong: true }] : []),
          ...euroRow(tax.euro, d, 1),
        ],
      );
      paragraphs.push(...taxNotes(tax.taxLines, tax.euro, invoice.currency, { seller: tax.sellerVatNumber ?? invoice.seller.vatNumber, customer: tax.customerVatNumber ?? invoice.customer.vatNumber }, d));
      if (tax.included) paragraphs.push(d.t('included'));
      const number = tax.customerVatNumber ?? invoice.customer.vatNumber;
      for (const notice of tax.notices) if ((notice === 'vatNumberFailedCheck' || notice === 'vatNumberNotRegistered') && number) paragraphs.push(d.t(notice, { number }));
    } else {
      table(
        doc,
        d,
        invoice.lines.map((line) => ({ description: lineText(line, invoice, d), amount: money(line.amount) })),
        [{ label: d.t('totalPaid'), amount: money(invoice.total), strong: true }],
      );
      paragraphs.push(d.t('noTax'));
    }
    paragraphs.push(d.t(fromCredit ? 'paidFromCredit' : 'paidInFull', { date: d.date(invoice.paidAt) }));
    if (invoice.creditNotes.length) {
      const list = invoice.creditNotes.map((c) => d.t('creditNoteItem', { number: c.number, amount: money(c.amount), date: d.date(c.issuedAt) })).join('; ');
      paragraphs.push(d.t('creditNotesList', { list, amount: money(invoice.credited) }));
    }
    notes(doc, paragraphs);
  });
}

/**
 * A credit note in `lang`: which invoice it refers to, why, and the money given back — with tax, split into the net and
 * the VAT per rate as its invoice charged them (the reverse charge's words again), and the VAT in euros at the rate of
 * its own day.
 */
export function creditNotePdf(note: CreditNoteView, invoice: Pick<InvoiceView, 'issuedAt' | 'total' | 'tax'> | null, lang: Language = 'en'): Promise<Buffer> {
  const d = documentWords(lang);
  const money = (cents: number) => d.money(cents, note.currency);
  return render({ title: d.t('creditNoteTitle', { number: note.number }), subject: `PayPal ${note.refundId} / ${note.captureId}`, issuedAt: note.issuedAt, lang }, (doc) => {
    if (note.book === 'demo') demoBand(doc, d);
    header(doc, d, note.seller, d.t('creditNote'), note.number);
    parties(doc, d, d.t('creditTo'), note.customer, [
      [d.t('creditNoteNumber'), note.number],
      [d.t('dateOfIssue'), d.date(note.issuedAt)],
      [d.t('refersTo'), invoice ? d.t('refersToValue', { number: note.invoiceNumber, date: d.date(invoice.issuedAt) }) : note.invoiceNumber],
      [d.t('reason'), d.t(note.reason === 'REVERSAL' ? 'reasonReversal' : 'reasonRefund')],
      [d.t('moneyReturned'), d.t('byPayPal', { date: d.date(note.refundedAt) })],
      [d.t('paypalCapture'), note.captureId],
      [d.t('currency'), d.t('currencyValue', { code: note.currency, name: d.currency(note.currency) })],
    ]);
    const what = d.t(note.reason === 'REVERSAL' ? 'reversalLine' : 'refundLine', { number: note.invoiceNumber }) + (invoice ? d.t('invoiceTotal', { amount: money(invoice.total) }) : '');
    const paragraphs: Paragraph[] = [];
    const tax = note.tax;
    if (tax) {
      table(doc, d, [{ description: `${what}${d.t('beforeVat')}`, amount: money(-tax.net) }], [...taxRows(tax, note.currency, d, -1, d.t('grossCredited')), ...euroRow(tax.euro, d, -1)]);
      paragraphs.push(...taxNotes(tax.taxLines, tax.euro, note.currency, { seller: invoice?.tax?.sellerVatNumber ?? note.seller.vatNumber, customer: invoice?.tax?.customerVatNumber ?? note.customer.vatNumber }, d));
    } else {
      table(doc, d, [{ description: what, amount: money(-note.amount) }], [{ label: d.t('totalCredited'), amount: money(-note.amount), strong: true }]);
      paragraphs.push(d.t('noTax'));
    }
    paragraphs.push(d.t('returned', { number: note.invoiceNumber }));
    notes(doc, paragraphs);
  });
}
