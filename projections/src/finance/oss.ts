import { EU_MEMBER_STATES, type CreditNoteIssued, type FinanceOssReport, type InvoiceIssued, type TaxLine } from '@relaycast/contracts';
import { decimalFraction, divideHalfUp, ECB_RATES, ecbRateForPeriodEnd, toEuroCents, type EcbRateTable, type PeriodEndRate } from '@relaycast/billing-core/tax';
import type { ReadModelStore } from '../readmodel/port.js';
import { createInvoiceQueries, INVOICES, invoicesModel, type CreditNoteDocument, type InvoiceDocument } from '../projections/invoices.js';
import type { Book } from './metrics/subscription.js';

/**
 * The One Stop Shop report of a quarter (issue 35; docs/tax.md, "The OSS report"): a pure function of the invoices
 * and credit notes the books issued, as the invoices read model keeps them.
 *
 * - A document belongs to the UTC calendar quarter of its `issuedAt` (an invoice is dated by its payment, a credit
 *   note by its refund). Credit notes of a quarter reduce it, whenever their invoice was issued; those of an earlier
 *   quarter's invoices are also listed as corrections, with that quarter.
 * - Each tax line goes to one section: VAT of a member state other than the seller's (the OSS lines), VAT of the
 *   seller's own country (`domestic`, the national return), VAT of a country outside the EU whose tax is collected
 *   (`otherVat`), a reverse charge (`reverseCharge`, per VAT number: the EC Sales List), outside the scope
 *   (`outsideScope`); a document without tax lines is `untaxed`.
 * - Amounts are the documents' own cents, added per line (country, rate, currency); OSS lines are converted to euros
 *   once per line, half-up to the euro cent, at the ECB rate of the quarter's last day (or the next published; the
 *   latest held, said stale, when the table has not reached it).
 */
export type OssReport = FinanceOssReport;
type VatLine = OssReport['oss']['lines'][number];
type Correction = OssReport['corrections'][number];
type Section = 'oss' | 'domestic' | 'otherVat' | 'reverseCharge' | 'outsideScope';

/** What the report reads of an invoice (the read model's document is one). */
export type OssInvoice = Pick<InvoiceIssued, 'number' | 'book' | 'issuedAt' | 'currency' | 'total' | 'lines' | 'tax' | 'customer'>;
/** What the report reads of a credit note. */
export type OssCreditNote = Pick<CreditNoteIssued, 'number' | 'book' | 'issuedAt' | 'invoiceNumber' | 'currency' | 'amount' | 'tax' | 'customer'>;

export const QUARTER = /^(\d{4})-Q([1-4])$/;

/** A quarter's days and instants: `start` and `end` in epoch ms, `end` excluded (the next quarter's first instant). */
export interface QuarterRange {
  quarter: string;
  from: string;
  to: string;
  start: number;
  end: number;
}

const LAST_DAY = ['03-31', '06-30', '09-30', '12-31'] as const;

/** "2024-Q1" → 2024-01-01 to 2024-03-31; null when it is not a quarter (YYYY-Q1 … YYYY-Q4). */
export function quarterRange(quarter: string): QuarterRange | null {
  const match = QUARTER.exec(quarter);
  if (!match) return null;
  const year = Number(match[1]);
  const q = Number(match[2]);
  const first = `${String(3 * (q - 1) + 1).padStart(2, '0')}-01`;
  const from = `${match[1]}-${first}`;
  const to = `${match[1]}-${LAST_DAY[q - 1]}`;
  const next = q === 4 ? `${String(year + 1).padStart(4, '0')}-01-01` : `${match[1]}-${String(3 * q + 1).padStart(2, '0')}-01`;
  return { quarter, from, to, start: Date.parse(`${from}T00:00:00.000Z`), end: Date.parse(`${next}T00:00:00.000Z`) };
}

/** The UTC calendar quarter of an instant: "2024-03-31T23:59:59Z" → "2024-Q1". */
export function quarterOf(iso: string): string {
  const d = new Date(iso);
  return `${String(d.getUTCFullYear()).padStart(4, '0')}-Q${Math.floor(d.getUTCMonth() / 3) + 1}`;
}

const EU = new Set<string>(EU_MEMBER_STATES);

/** Where a tax line is reported, for a seller in `sellerCountry`. */
export function sectionOf(line: Pick<TaxLine, 'kind' | 'country'>, sellerCountry: string): Section {
  if (line.kind === 'reverse-charge') return 'reverseCharge';
  if (line.kind === 'outside-scope') return 'outsideScope';
  if (line.country === sellerCountry) return 'domestic';
  return EU.has(line.country) ? 'oss' : 'otherVat';
}

/** The net a line's VAT implies: VAT ÷ rate, half-up to the cent (a rate of 0 implies none). */
function impliedNet(vat: number, rate: string): number {
  const r = decimalFraction(rate);
  return r.numerator === 0n ? 0 : Number(divideHalfUp(BigInt(vat) * r.denominator, r.numerator));
}

const sameLine = (a: Pick<TaxLine, 'kind' | 'country' | 'rate'>, b: Pick<TaxLine, 'kind' | 'country' | 'rate'>) => a.kind === b.kind && a.country === b.country && a.rate === b.rate;

/**
 * A document's net amount shared among its tax lines. A document states one net; it has one tax line (one customer,
 * one date: one rate), which takes all of it. A credit note can have more: its invoice's line, and VAT taken back on
 * account credit another payment spent (the books give it back with the refund). A line that is not the document's
 * own (not on the invoice), and any own line after the first, takes the net its VAT implies (VAT ÷ rate, half-up,
 * never more than is left); the first own line takes the rest. With no own line, what is left has no tax line
 * (`rest`): money that was account credit when it came in. The parts always add up to the net.
 */
export function taxableOfLines(net: number, lines: readonly TaxLine[], isOwn: (line: TaxLine) => boolean = () => true): { taxable: number[]; rest: number } {
  const taxable = lines.map(() => 0);
  let rest = net;
  const first = lines.findIndex(isOwn);
  lines.forEach((line, i) => {
    if (i === first || line.kind !== 'vat') return;
    taxable[i] = Math.max(0, Math.min(rest, impliedNet(line.amount, line.rate)));
    rest -= taxable[i]!;
  });
  if (first >= 0) {
    taxable[first] = rest;
    rest = 0;
  }
  return { taxable, rest };
}

/** Why an invoice has no tax lines: account credit (taxed when it pays for a service), or none decided. */
const untaxedReason = (invoice: Pick<OssInvoice, 'lines'> | undefined): 'accountCredit' | 'none' => (invoice?.lines.some((l) => l.kind === 'credit') ? 'accountCredit' : 'none');

interface Tally {
  invoices: { count: number; taxable: number; vat: number };
  creditNotes: { count: number; taxable: number; vat: number };
}
const emptyTally = (): Tally => ({ invoices: { count: 0, taxable: 0, vat: 0 }, creditNotes: { count: 0, taxable: 0, vat: 0 } });

const byRate = (a: string, b: string) => Number(a) - Number(b) || (a < b ? -1 : a > b ? 1 : 0);
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The report of a quarter and a book, from the documents: those issued in the quarter and of the book are counted
 * (others are ignored, so all of them may be given). `invoiceOf` finds the invoice a credit note refers to (for its
 * quarter, its own tax lines and its customer's VAT number), wherever it was issued.
 */
export function ossReport(input: {
  quarter: string;
  book: Book;
  sellerCountry: string;
  invoices: Iterable<OssInvoice>;
  creditNotes: Iterable<OssCreditNote>;
  invoiceOf: (number: string) => OssInvoice | undefined;
  rates?: EcbRateTable;
}): OssReport {
  const range = quarterRange(input.quarter);
  if (!range) throw new RangeError(`not a quarter (YYYY-Qn): ${input.quarter}`);
  const inQuarter = (doc: { book: string; issuedAt: string }) => {
    const at = Date.parse(doc.issuedAt);
    return doc.book === input.book && at >= range.start && at < range.end;
  };
  const tallies = new Map<string, { section: Section; key: { country: string; rate: string; currency: string; vatNumber: string }; tally: Tally }>();
  const untaxed = new Map<string, { reason: 'accountCredit' | 'none'; currency: string; tally: Tally }>();
  const corrections: Correction[] = [];
  let invoiceCount = 0;
  let creditNoteCount = 0;

  const add = (section: Section, line: TaxLine, currency: string, vatNumber: string, kind: keyof Tally, taxable: number) => {
    const key = { country: line.country, rate: section === 'reverseCharge' || section === 'outsideScope' ? '0' : line.rate, currency, vatNumber: section === 'reverseCharge' ? vatNumber : '' };
    const id = [section, key.country, key.rate, key.currency, key.vatNumber].join('|');
    let entry = tallies.get(id);
    if (!entry) tallies.set(id, (entry = { section, key, tally: emptyTally() }));
    entry.tally[kind].count += 1;
    entry.tally[kind].taxable += taxable;
    entry.tally[kind].vat += line.amount;
  };
  const addUntaxed = (reason: 'accountCredit' | 'none', currency: string, kind: keyof Tally, amount: number) => {
    const id = `${reason}|${currency}`;
    let entry = untaxed.get(id);
    if (!entry) untaxed.set(id, (entry = { reason, currency, tally: emptyTally() }));
    entry.tally[kind].count += 1;
    entry.tally[kind].taxable += amount;
  };

  for (const invoice of input.invoices) {
    if (!inQuarter(invoice)) continue;
    invoiceCount += 1;
    const lines = invoice.tax?.taxLines ?? [];
    if (!invoice.tax || lines.length === 0) {
      addUntaxed(untaxedReason(invoice), invoice.currency, 'invoices', invoice.tax ? invoice.tax.net : invoice.total);
      continue;
    }
    const vatNumber = invoice.tax.customerVatNumber ?? invoice.customer.vatNumber ?? '';
    const { taxable, rest } = taxableOfLines(invoice.tax.net, lines);
    lines.forEach((line, i) => add(sectionOf(line, input.sellerCountry), line, invoice.currency, vatNumber, 'invoices', taxable[i]!));
    if (rest !== 0) addUntaxed('none', invoice.currency, 'invoices', rest);
  }

  for (const note of input.creditNotes) {
    if (!inQuarter(note)) continue;
    creditNoteCount += 1;
    const invoice = input.invoiceOf(note.invoiceNumber);
    const lines = note.tax?.taxLines ?? [];
    if (!note.tax || lines.length === 0) {
      addUntaxed(untaxedReason(invoice), note.currency, 'creditNotes', note.tax ? note.tax.net : note.amount);
      continue;
    }
    const invoiceLines = invoice?.tax?.taxLines ?? [];
    const { taxable, rest } = taxableOfLines(note.tax.net, lines, (l) => invoiceLines.some((own) => sameLine(own, l)));
    const vatNumber = invoice?.tax?.customerVatNumber ?? note.customer.vatNumber ?? '';
    const earlier = invoice !== undefined && Date.parse(invoice.issuedAt) < range.start;
    lines.forEach((line, i) => {
      const section = sectionOf(line, input.sellerCountry);
      add(section, line, note.currency, vatNumber, 'creditNotes', taxable[i]!);
      if (earlier && section !== 'outsideScope') {
        corrections.push({
          section,
          creditNote: note.number,
          issuedAt: note.issuedAt,
          invoice: note.invoiceNumber,
          invoiceQuarter: quarterOf(invoice.issuedAt),
          country: line.country,
          rate: line.rate,
          currency: note.currency,
          taxable: taxable[i]!,
          vat: line.amount,
        });
      }
    });
    if (rest !== 0) addUntaxed(untaxedReason(invoice), note.currency, 'creditNotes', rest);
  }

  const rates = input.rates ?? ECB_RATES;
  const entries = [...tallies.values()].sort((a, b) => byText(a.key.country, b.key.country) || byRate(a.key.rate, b.key.rate) || byText(a.key.currency, b.key.currency) || byText(a.key.vatNumber, b.key.vatNumber));
  const vatLine = (e: (typeof entries)[number]): VatLine => ({
    country: e.key.country,
    rate: e.key.rate,
    currency: e.key.currency,
    taxable: e.tally.invoices.taxable - e.tally.creditNotes.taxable,
    vat: e.tally.invoices.vat - e.tally.creditNotes.vat,
    invoices: e.tally.invoices,
    creditNotes: e.tally.creditNotes,
  });
  const of = (section: Section) => entries.filter((e) => e.section === section);

  // The OSS lines in euros, at the rate of the quarter's last day, once per line.
  const rateOf = new Map<string, PeriodEndRate | null>();
  const periodRate = (currency: string) => {
    if (!rateOf.has(currency)) rateOf.set(currency, ecbRateForPeriodEnd(currency, range.to, rates));
    return rateOf.get(currency)!;
  };
  const ossLines = of('oss').map((e) => {
    const line = vatLine(e);
    const rate = periodRate(line.currency);
    return rate ? { ...line, euro: { taxable: toEuroCents(line.taxable, rate.rate), vat: toEuroCents(line.vat, rate.rate) } } : line;
  });
  const countries = new Map<string, { country: string; taxable: number; vat: number }>();
  for (const line of ossLines) {
    if (!line.euro) continue;
    const c = countries.get(line.country) ?? { country: line.country, taxable: 0, vat: 0 };
    c.taxable += line.euro.taxable;
    c.vat += line.euro.vat;
    countries.set(line.country, c);
  }
  const currencies = [...new Set(ossLines.map((l) => l.currency))].sort(byText);

  return {
    quarter: range.quarter,
    book: input.book,
    from: range.from,
    to: range.to,
    sellerCountry: input.sellerCountry,
    scheme: EU.has(input.sellerCountry) ? 'union' : 'non-union',
    exchangeRates: currencies.filter((c) => c !== 'EUR' && periodRate(c)).map((c) => ({ ...periodRate(c)! })),
    unconverted: currencies.filter((c) => !periodRate(c)),
    oss: {
      lines: ossLines,
      countries: [...countries.values()],
      total: [...countries.values()].reduce((t, c) => ({ taxable: t.taxable + c.taxable, vat: t.vat + c.vat }), { taxable: 0, vat: 0 }),
    },
    corrections: corrections.sort((a, b) => byText(a.issuedAt, b.issuedAt) || byText(a.creditNote, b.creditNote)),
    domestic: of('domestic').map(vatLine),
    otherVat: of('otherVat').map(vatLine),
    reverseCharge: of('reverseCharge').map((e) => ({
      country: e.key.country,
      vatNumber: e.key.vatNumber,
      currency: e.key.currency,
      taxable: e.tally.invoices.taxable - e.tally.creditNotes.taxable,
      invoices: e.tally.invoices,
      creditNotes: e.tally.creditNotes,
    })),
    outsideScope: of('outsideScope').map((e) => ({
      country: e.key.country,
      currency: e.key.currency,
      taxable: e.tally.invoices.taxable - e.tally.creditNotes.taxable,
      invoices: e.tally.invoices,
      creditNotes: e.tally.creditNotes,
    })),
    untaxed: [...untaxed.values()]
      .sort((a, b) => byText(a.reason, b.reason) || byText(a.currency, b.currency))
      .map((u) => ({ reason: u.reason, currency: u.currency, amount: u.tally.invoices.taxable - u.tally.creditNotes.taxable, invoices: u.tally.invoices, creditNotes: u.tally.creditNotes })),
    documents: { invoices: invoiceCount, creditNotes: creditNoteCount },
  };
}

/**
 * The report of a quarter from the invoices read model: the documents issued in the quarter (the `documents:by-time`
 * index, read from the quarter's first instant to its last), and the invoices its credit notes refer to.
 */
export async function ossQuarterReport(rm: ReadModelStore, args: { quarter: string; book: Book; sellerCountry: string; rates?: EcbRateTable }): Promise<OssReport> {
  const range = quarterRange(args.quarter);
  if (!range) throw new RangeError(`not a quarter (YYYY-Qn): ${args.quarter}`);
  const invoices: InvoiceDocument[] = [];
  const creditNotes: CreditNoteDocument[] = [];
  for await (const found of createInvoiceQueries(rm).issuedBetween(range.start, range.end - 1)) {
    if (found.doc.book !== args.book) continue;
    if (found.kind === 'invoice') invoices.push(found.doc);
    else creditNotes.push(found.doc);
  }
  const known = new Map<string, OssInvoice>(invoices.map((i) => [i.number, i]));
  const referred = [...new Set(creditNotes.map((n) => n.invoiceNumber))].filter((n) => !known.has(n));
  const docs = await rm.getMany<InvoiceDocument>(INVOICES, invoicesModel.invoice, referred);
  docs.forEach((doc) => doc && known.set(doc.number, doc));
  return ossReport({ ...args, invoices, creditNotes, invoiceOf: (number) => known.get(number) });
}
