import { expect } from 'chai';
import fc from 'fast-check';
import type { TaxLine } from '@relaycast/contracts';
import { decimalFraction, taxOfNet } from '@relaycast/billing-core/tax';
import { ossReport, quarterOf, type OssCreditNote, type OssInvoice, type OssReport } from './oss.js';

/**
 * The OSS report over generated documents (issue 35: "the OSS report equals the sum of its quarter's invoices less
 * credit notes, per country and rate"). Invoices to consumers of several member states (and of the seller's own),
 * businesses (reverse charge), customers outside the EU and customers with no country, in dollars and in euros, in
 * both books, over six quarters; each with up to two refunds, some in a later quarter. For every quarter and book:
 *
 * - each OSS line is the sum of the quarter's invoices' tax lines of its country, rate and currency, less its credit
 *   notes' — computed here document by document, with the counts;
 * - each line's euros are its dollars at the quarter's rate to within half a euro cent (one rounding per line), and a
 *   member state's euros are the sum of its lines';
 * - nothing is lost: the taxable amounts of every section add up to the quarter's invoices' nets less its credit
 *   notes', per currency; and the quarters add up to all the documents.
 */

const SELLER = 'EE';
type Customer = { line: Omit<TaxLine, 'amount'> | null; vatNumber?: string };
const CUSTOMERS: Customer[] = [
  { line: { kind: 'vat', country: 'DE', rate: '0.19' } },
  { line: { kind: 'vat', country: 'FR', rate: '0.2' } },
  { line: { kind: 'vat', country: 'AT', rate: '0.2' } },
  { line: { kind: 'vat', country: 'FI', rate: '0.255' } },
  { line: { kind: 'vat', country: 'FI', rate: '0.24' } },
  { line: { kind: 'vat', country: 'EE', rate: '0.22' } },
  { line: { kind: 'vat', country: 'GB', rate: '0.2' } },
  { line: { kind: 'reverse-charge', country: 'DE', rate: '0' }, vatNumber: 'DE136695976' },
  { line: { kind: 'reverse-charge', country: 'FR', rate: '0' }, vatNumber: 'FR64443061841' },
  { line: { kind: 'outside-scope', country: 'US', rate: '0' } },
  { line: null },
];
const START = Date.parse('2024-01-01T00:00:00.000Z');
const SPAN = Date.parse('2025-07-01T00:00:00.000Z') - START;
const QUARTERS = ['2023-Q4', '2024-Q1', '2024-Q2', '2024-Q3', '2024-Q4', '2025-Q1', '2025-Q2', '2025-Q3', '2025-Q4'];

const saleArb: fc.Arbitrary<Sale> = fc.record({
  customer: fc.integer({ min: 0, max: CUSTOMERS.length - 1 }),
  net: fc.integer({ min: 1, max: 200_000 }),
  at: fc.integer({ min: 0, max: SPAN - 1 }),
  currency: fc.constantFrom('USD', 'USD', 'EUR'),
  book: fc.constantFrom('real', 'real', 'demo'),
  refunds: fc.array(fc.record({ share: fc.integer({ min: 1, max: 100 }), after: fc.integer({ min: 1, max: 90 * 86_400_000 }) }), { maxLength: 2 }),
});

interface Sale {
  customer: number;
  net: number;
  at: number;
  currency: string;
  book: string;
  refunds: { share: number; after: number }[];
}

/** Documents as the books issue them: one tax line per invoice; credit notes give back a share of the gross and of the tax, never more. */
function documentsOf(sales: Sale[]): { invoices: OssInvoice[]; creditNotes: OssCreditNote[] } {
  const invoices: OssInvoice[] = [];
  const creditNotes: OssCreditNote[] = [];
  sales.forEach((s, i) => {
    const c = CUSTOMERS[s.customer]!;
    const taxAmount = c.line?.kind === 'vat' ? taxOfNet(s.net, c.line.rate) : 0;
    const line = c.line ? { ...c.line, amount: taxAmount } : null;
    const gross = s.net + taxAmount;
    const issuedAt = new Date(START + s.at).toISOString();
    const number = `INV-${String(i + 1).padStart(6, '0')}`;
    invoices.push({
      number,
      book: s.book as 'real' | 'demo',
      issuedAt,
      currency: s.currency,
      total: gross,
      lines: [{ kind: 'period', description: 'A period', amount: s.net }],
      ...(line ? { tax: { net: s.net, taxLines: [line], tax: taxAmount, gross, customerType: c.vatNumber ? 'business' : 'consumer', notices: [], ...(c.vatNumber ? { customerVatNumber: c.vatNumber } : {}) } } : {}),
      customer: { userId: `u${i}`, name: 'Someone' },
    });
    let grossLeft = gross;
    let taxLeft = taxAmount;
    s.refunds.forEach((r, j) => {
      const amount = j === s.refunds.length - 1 && r.share === 100 ? grossLeft : Math.min(grossLeft, Math.max(1, Math.floor((gross * r.share) / 100)));
      if (amount < 1) return;
      const back = amount === grossLeft ? taxLeft : Math.min(taxLeft, Math.floor((taxAmount * amount) / gross));
      grossLeft -= amount;
      taxLeft -= back;
      creditNotes.push({
        number: `CN-${i + 1}-${j + 1}`,
        book: s.book as 'real' | 'demo',
        issuedAt: new Date(START + s.at + r.after * (j + 1)).toISOString(),
        invoiceNumber: number,
        currency: s.currency,
        amount,
        ...(line ? { tax: { net: amount - back, taxLines: [{ ...line, amount: back }], tax: back, gross: amount } } : {}),
        customer: { userId: `u${i}`, name: 'Someone' },
      });
    });
  });
  return { invoices, creditNotes };
}

const EU_OTHER = new Set(['DE', 'FR', 'AT', 'FI']);
type Sums = Map<string, { taxable: number; vat: number; invoices: number; creditNotes: number }>;

/** The OSS lines as this test adds them up: document by document, invoices in, credit notes out. */
function expectedOss(quarter: string, book: string, docs: { invoices: OssInvoice[]; creditNotes: OssCreditNote[] }): Sums {
  const sums: Sums = new Map();
  const put = (line: TaxLine, currency: string, net: number, sign: 1 | -1) => {
    if (line.kind !== 'vat' || !EU_OTHER.has(line.country)) return;
    const key = `${line.country}|${line.rate}|${currency}`;
    const s = sums.get(key) ?? { taxable: 0, vat: 0, invoices: 0, creditNotes: 0 };
    s.taxable += sign * net;
    s.vat += sign * line.amount;
    if (sign === 1) s.invoices += 1;
    else s.creditNotes += 1;
    sums.set(key, s);
  };
  for (const i of docs.invoices) if (i.book === book && quarterOf(i.issuedAt) === quarter && i.tax) put(i.tax.taxLines[0]!, i.currency, i.tax.net, 1);
  for (const n of docs.creditNotes) if (n.book === book && quarterOf(n.issuedAt) === quarter && n.tax) put(n.tax.taxLines[0]!, n.currency, n.tax.net, -1);
  return sums;
}

/** Every net of a quarter, per currency: invoices' less credit notes'. */
function netsOf(quarter: string, book: string, docs: { invoices: OssInvoice[]; creditNotes: OssCreditNote[] }): Record<string, number> {
  const out: Record<string, number> = {};
  for (const i of docs.invoices) if (i.book === book && quarterOf(i.issuedAt) === quarter) out[i.currency] = (out[i.currency] ?? 0) + (i.tax ? i.tax.net : i.total);
  for (const n of docs.creditNotes) if (n.book === book && quarterOf(n.issuedAt) === quarter) out[n.currency] = (out[n.currency] ?? 0) - (n.tax ? n.tax.net : n.amount);
  return out;
}

function sectionsTotal(r: OssReport): Record<string, number> {
  const out: Record<string, number> = {};
  const add = (currency: string, cents: number) => (out[currency] = (out[currency] ?? 0) + cents);
  for (const l of [...r.oss.lines, ...r.domestic, ...r.otherVat, ...r.reverseCharge, ...r.outsideScope]) add(l.currency, l.taxable);
  for (const u of r.untaxed) add(u.currency, u.amount);
  return out;
}

const nonZero = (m: Record<string, number>) => Object.fromEntries(Object.entries(m).filter(([, v]) => v !== 0));

describe('the OSS report over generated documents (property)', function () {
  this.timeout(60_000);

  it('equals its quarter’s invoices less its credit notes, per country, rate and currency; euros once per line; nothing lost', () => {
    fc.assert(
      fc.property(fc.array(saleArb, { minLength: 1, maxLength: 25 }), (sales) => {
        const docs = documentsOf(sales);
        const invoiceOf = (n: string) => docs.invoices.find((i) => i.number === n);
        for (const book of ['real', 'demo'] as const) {
          const all: Record<string, number> = {};
          for (const quarter of QUARTERS) {
            const r = ossReport({ quarter, book, sellerCountry: SELLER, invoices: docs.invoices, creditNotes: docs.creditNotes, invoiceOf });
            const got: Sums = new Map(r.oss.lines.map((l) => [`${l.country}|${l.rate}|${l.currency}`, { taxable: l.taxable, vat: l.vat, invoices: l.invoices.count, creditNotes: l.creditNotes.count }]));
            expect(Object.fromEntries(got), `${book} ${quarter}`).to.deep.equal(Object.fromEntries(expectedOss(quarter, book, docs)));
            // Euros: one half-up rounding per line at the quarter's rate; a state's euros are its lines'.
            for (const l of r.oss.lines) {
              const rate = l.currency === 'EUR' ? { numerator: 1n, denominator: 1n } : decimalFraction(r.exchangeRates.find((x) => x.currency === l.currency)!.rate);
              for (const [euro, cents] of [[l.euro!.taxable, l.taxable], [l.euro!.vat, l.vat]] as const) {
                const off = BigInt(euro) * rate.numerator - BigInt(cents) * rate.denominator;
                expect((off < 0n ? -off : off) * 2n <= rate.numerator, `${l.country} ${l.currency}: ${cents} → ${euro}`).to.equal(true);
              }
            }
            for (const c of r.oss.countries) {
              const lines = r.oss.lines.filter((l) => l.country === c.country);
              expect([c.taxable, c.vat]).to.deep.equal([lines.reduce((n, l) => n + l.euro!.taxable, 0), lines.reduce((n, l) => n + l.euro!.vat, 0)]);
            }
            expect(nonZero(sectionsTotal(r)), `${book} ${quarter}: every section`).to.deep.equal(nonZero(netsOf(quarter, book, docs)));
            for (const [currency, cents] of Object.entries(sectionsTotal(r))) all[currency] = (all[currency] ?? 0) + cents;
          }
          // The quarters partition the documents (all of them fall in 2024-Q1 … 2025-Q4).
          const everything: Record<string, number> = {};
          for (const i of docs.invoices) if (i.book === book) everything[i.currency] = (everything[i.currency] ?? 0) + (i.tax ? i.tax.net : i.total);
          for (const n of docs.creditNotes) if (n.book === book) everything[n.currency] = (everything[n.currency] ?? 0) - (n.tax ? n.tax.net : n.amount);
          expect(nonZero(all), `${book}: all quarters`).to.deep.equal(nonZero(everything));
        }
      }),
      { numRuns: Number(process.env.OSS_PROPERTY_RUNS ?? 200) },
    );
  });
});
