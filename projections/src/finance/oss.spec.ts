import { expect } from 'chai';
import type { InvoiceTax, TaxLine } from '@relaycast/contracts';
import { ossReport, quarterOf, quarterRange, taxableOfLines, type OssCreditNote, type OssInvoice } from './oss.js';

/**
 * The OSS report worked by hand (issue 35; docs/tax.md, "The OSS report"). The seller is in Estonia (EE); every
 * document is in US dollars, as the books issue them; the ECB rates are the table shipped (billing-core's
 * ecb-rates.json, USD from 2024-01-02 to 2024-10-11).
 *
 * 2024-Q1 (1 January – 31 March 2024), real money:
 * - INV-000001, 15 Jan: a German consumer, $79.00 + VAT 19 % ⌊7900 × 0.19 + ½⌋ = $15.01 = $94.01.
 * - INV-000002, 1 Feb: a French consumer, $79.00 + VAT 20 % $15.80 = $94.80.
 * - INV-000003, 10 Feb: a German business, DE136695976: reverse charge, $79.00, no VAT.
 * - INV-000004, 5 Mar: a customer in the United States: outside the scope, $79.00.
 * - INV-000005, 20 Mar: no country known: no tax decided, $10.00.
 * - INV-000006, 31 Mar 23:59:59.999: an Estonian consumer — the seller's own country, so the national return, not the
 *   OSS — $79.00 + VAT 22 % (Estonia's rate in 2024; 24 % from July 2025) ⌊7900 × 0.22⌋ = $17.38.
 * - CN-000001, 10 Mar: $9.40 of INV-000001 given back: VAT ⌊1501 × 940 / 9401 + ½⌋ = $1.50, net $7.90.
 * - DEMO-INV-000001, 16 Jan: a demo payment (another German consumer): the demo book, never in the real one.
 *
 * The OSS lines: Germany 19 %: $79.00 − $7.90 = $71.10 taxable, $15.01 − $1.50 = $13.51 VAT; France 20 %: $79.00 and
 * $15.80. In euros at the rate of the quarter's last day: Sunday 31 March 2024 had none, nor Good Friday or Easter
 * Monday, so the next published, Tuesday 2 April 2024: 1.0749 dollars for a euro —
 * Germany 7110 / 1.0749 = 6614.57 → €66.15, 1351 / 1.0749 = 1256.86 → €12.57;
 * France 7900 / 1.0749 = 7349.52 → €73.50, 1580 / 1.0749 = 1469.90 → €14.70;
 * in all €139.65 taxable, €27.27 VAT.
 *
 * 2024-Q2: INV-000007, 1 Apr 00:00:00.000 (the quarter's first instant): the French consumer's renewal, $79.00 + $15.80;
 * CN-000002, 15 Apr: $47.40 of INV-000002 (of 2024-Q1) given back: VAT 1580 × 4740 / 9480 = $7.90, net $39.50 — it
 * reduces 2024-Q2 and is listed as a correction of 2024-Q1. France 20 %: $79.00 − $39.50 = $39.50, $15.80 − $7.90 =
 * $7.90; at Monday 1 July 2024's 1.0745 (30 June was a Sunday): 3950 / 1.0745 = 3676.13 → €36.76, 790 / 1.0745 =
 * 735.23 → €7.35.
 */

const SELLER = 'EE';
const customer = { userId: 'u', name: 'A customer' };

function tax(net: number, line: TaxLine, extra: Partial<InvoiceTax> = {}): InvoiceTax {
  return { net, taxLines: [line], tax: line.amount, gross: net + line.amount, customerType: 'consumer', notices: [], ...extra };
}
function invoice(number: string, issuedAt: string, net: number, line: TaxLine | null, extra: Partial<InvoiceTax> = {}, book: 'real' | 'demo' = 'real'): OssInvoice {
  const t = line ? tax(net, line, extra) : undefined;
  return { number, book, issuedAt, currency: 'USD', total: net + (line?.amount ?? 0), lines: [{ kind: 'period', description: 'A month', amount: net }], ...(t ? { tax: t } : {}), customer };
}
function creditNote(number: string, issuedAt: string, invoiceNumber: string, amount: number, lines: TaxLine[] | null): OssCreditNote {
  const t = lines ? lines.reduce((n, l) => n + l.amount, 0) : 0;
  return { number, book: 'real', issuedAt, invoiceNumber, currency: 'USD', amount, ...(lines ? { tax: { net: amount - t, taxLines: lines, tax: t, gross: amount } } : {}), customer };
}
const vat = (country: TaxLine['country'], rate: string, amount: number): TaxLine => ({ kind: 'vat', country, rate, amount });

const INVOICES: OssInvoice[] = [
  invoice('INV-000001', '2024-01-15T10:00:00.000Z', 7900, vat('DE', '0.19', 1501)),
  invoice('DEMO-INV-000001', '2024-01-16T10:00:00.000Z', 7900, vat('DE', '0.19', 1501), {}, 'demo'),
  invoice('INV-000002', '2024-02-01T10:00:00.000Z', 7900, vat('FR', '0.2', 1580)),
  invoice('INV-000003', '2024-02-10T10:00:00.000Z', 7900, { kind: 'reverse-charge', country: 'DE', rate: '0', amount: 0 }, { customerType: 'business', customerVatNumber: 'DE136695976', sellerVatNumber: 'EE100931558' }),
  invoice('INV-000004', '2024-03-05T10:00:00.000Z', 7900, { kind: 'outside-scope', country: 'US', rate: '0', amount: 0 }),
  invoice('INV-000005', '2024-03-20T10:00:00.000Z', 1000, null),
  invoice('INV-000006', '2024-03-31T23:59:59.999Z', 7900, vat('EE', '0.22', 1738)),
  invoice('INV-000007', '2024-04-01T00:00:00.000Z', 7900, vat('FR', '0.2', 1580)),
];
const CREDIT_NOTES: OssCreditNote[] = [
  creditNote('CN-000001', '2024-03-10T10:00:00.000Z', 'INV-000001', 940, [vat('DE', '0.19', 150)]),
  creditNote('CN-000002', '2024-04-15T10:00:00.000Z', 'INV-000002', 4740, [vat('FR', '0.2', 790)]),
];
const report = (quarter: string, book: 'real' | 'demo' = 'real', invoices = INVOICES, creditNotes = CREDIT_NOTES) =>
  ossReport({ quarter, book, sellerCountry: SELLER, invoices, creditNotes, invoiceOf: (n) => invoices.find((i) => i.number === n) });

const docs = (count: number, taxable: number, vatCents: number) => ({ count, taxable, vat: vatCents });

describe('the OSS report of a quarter, worked by hand (finance/oss.ts)', () => {
  it('2024-Q1: Germany and France in the OSS lines, in dollars and in euros at 2 April 2024’s 1.0749; the rest of the quarter beside them', () => {
    const r = report('2024-Q1');
    expect(r).to.deep.include({ quarter: '2024-Q1', book: 'real', from: '2024-01-01', to: '2024-03-31', sellerCountry: 'EE', scheme: 'union' });
    expect(r.exchangeRates).to.deep.equal([{ currency: 'USD', rate: '1.0749', published: '2024-04-02', day: '2024-03-31', stale: false }]);
    expect(r.unconverted).to.deep.equal([]);
    expect(r.oss.lines).to.deep.equal([
      { country: 'DE', rate: '0.19', currency: 'USD', taxable: 7110, vat: 1351, invoices: docs(1, 7900, 1501), creditNotes: docs(1, 790, 150), euro: { taxable: 6615, vat: 1257 } },
      { country: 'FR', rate: '0.2', currency: 'USD', taxable: 7900, vat: 1580, invoices: docs(1, 7900, 1580), creditNotes: docs(0, 0, 0), euro: { taxable: 7350, vat: 1470 } },
    ]);
    expect(r.oss.countries).to.deep.equal([
      { country: 'DE', taxable: 6615, vat: 1257 },
      { country: 'FR', taxable: 7350, vat: 1470 },
    ]);
    expect(r.oss.total).to.deep.equal({ taxable: 13965, vat: 2727 });
    // Not in the OSS return: the Estonian consumer (the national return), the German business (the EC Sales List),
    // the American customer, and the payment with no country known.
    expect(r.domestic).to.deep.equal([{ country: 'EE', rate: '0.22', currency: 'USD', taxable: 7900, vat: 1738, invoices: docs(1, 7900, 1738), creditNotes: docs(0, 0, 0) }]);
    expect(r.reverseCharge).to.deep.equal([{ country: 'DE', vatNumber: 'DE136695976', currency: 'USD', taxable: 7900, invoices: docs(1, 7900, 0), creditNotes: docs(0, 0, 0) }]);
    expect(r.outsideScope).to.deep.equal([{ country: 'US', currency: 'USD', taxable: 7900, invoices: docs(1, 7900, 0), creditNotes: docs(0, 0, 0) }]);
    expect(r.otherVat).to.deep.equal([]);
    expect(r.untaxed).to.deep.equal([{ reason: 'none', currency: 'USD', amount: 1000, invoices: docs(1, 1000, 0), creditNotes: docs(0, 0, 0) }]);
    expect(r.corrections).to.deep.equal([]);
    expect(r.documents).to.deep.equal({ invoices: 6, creditNotes: 1 });
  });

  it('2024-Q2: the French renewal, less a credit note of a 2024-Q1 invoice — listed as a correction of 2024-Q1; in euros at 1 July 2024’s 1.0745', () => {
    const r = report('2024-Q2');
    expect(r.exchangeRates).to.deep.equal([{ currency: 'USD', rate: '1.0745', published: '2024-07-01', day: '2024-06-30', stale: false }]);
    expect(r.oss.lines).to.deep.equal([{ country: 'FR', rate: '0.2', currency: 'USD', taxable: 3950, vat: 790, invoices: docs(1, 7900, 1580), creditNotes: docs(1, 3950, 790), euro: { taxable: 3676, vat: 735 } }]);
    expect(r.oss.total).to.deep.equal({ taxable: 3676, vat: 735 });
    expect(r.corrections).to.deep.equal([
      { section: 'oss', creditNote: 'CN-000002', issuedAt: '2024-04-15T10:00:00.000Z', invoice: 'INV-000002', invoiceQuarter: '2024-Q1', country: 'FR', rate: '0.2', currency: 'USD', taxable: 3950, vat: 790 },
    ]);
    expect([r.domestic, r.reverseCharge, r.outsideScope, r.untaxed]).to.deep.equal([[], [], [], []]);
    expect(r.documents).to.deep.equal({ invoices: 1, creditNotes: 1 });
  });

  it('the demo book is a report of its own: only the demo payment', () => {
    const r = report('2024-Q1', 'demo');
    expect(r.oss.lines).to.deep.equal([{ country: 'DE', rate: '0.19', currency: 'USD', taxable: 7900, vat: 1501, invoices: docs(1, 7900, 1501), creditNotes: docs(0, 0, 0), euro: { taxable: 7350, vat: 1396 } }]);
    // 7900 / 1.0749 = 7349.52 → 7350; 1501 / 1.0749 = 1396.41 → 1396.
    expect(r.documents).to.deep.equal({ invoices: 1, creditNotes: 0 });
  });

  it('a quarter after the ECB rates held (2026-Q1): the latest rate held, 11 October 2024’s 1.0938, said stale', () => {
    const r = report('2026-Q1', 'real', [invoice('INV-000101', '2026-03-01T10:00:00.000Z', 7900, vat('DE', '0.19', 1501))], []);
    expect(r.exchangeRates).to.deep.equal([{ currency: 'USD', rate: '1.0938', published: '2024-10-11', day: '2026-03-31', stale: true }]);
    // 7900 / 1.0938 = 7222.53 → 7223; 1501 / 1.0938 = 1372.28 → 1372 (the invoice's own VAT in euros, stale too).
    expect(r.oss.lines[0]!.euro).to.deep.equal({ taxable: 7223, vat: 1372 });
  });

  it('a quarter before the rates held (2023-Q4): no euros, the currency said unconverted; euros need no rate', () => {
    const r = report('2023-Q4', 'real', [invoice('INV-000201', '2023-12-01T10:00:00.000Z', 7900, vat('DE', '0.19', 1501)), { ...invoice('INV-000202', '2023-12-02T10:00:00.000Z', 5000, vat('FR', '0.2', 1000)), currency: 'EUR' }], []);
    expect(r.unconverted).to.deep.equal(['USD']);
    expect(r.exchangeRates).to.deep.equal([]);
    expect(r.oss.lines.map((l) => [l.country, l.currency, l.euro])).to.deep.equal([
      ['DE', 'USD', undefined],
      ['FR', 'EUR', { taxable: 5000, vat: 1000 }],
    ]);
    expect(r.oss.total).to.deep.equal({ taxable: 5000, vat: 1000 });
  });

  it('account credit refunded after a taxed payment spent it: the credit note’s VAT line takes the net its VAT implies, the rest is account credit; a quarter of credit notes alone is negative', () => {
    // 1 Jul 2024: $20.00 kept as account credit (no tax: it is taxed when it pays for a service). 1 Aug: all of it
    // given back; $5.95 of it had paid for German VAT-able service, so the books give back VAT $0.95 with it: the
    // credit note's net is $20.00 − $0.95 = $19.05, of which 95 / 0.19 = $5.00 is Germany's taxable amount and $14.05
    // the account credit never taxed.
    const credit: OssInvoice = { number: 'INV-000301', book: 'real', issuedAt: '2024-07-01T10:00:00.000Z', currency: 'USD', total: 2000, lines: [{ kind: 'credit', description: 'Account credit', amount: 2000 }], customer };
    const back = creditNote('CN-000301', '2024-08-01T10:00:00.000Z', 'INV-000301', 2000, [vat('DE', '0.19', 95)]);
    const r = report('2024-Q3', 'real', [credit], [back]);
    // At 30 September 2024's 1.1196: −500 / 1.1196 = −446.59 → −447; −95 / 1.1196 = −84.85 → −85 (half away from zero).
    expect(r.oss.lines).to.deep.equal([{ country: 'DE', rate: '0.19', currency: 'USD', taxable: -500, vat: -95, invoices: docs(0, 0, 0), creditNotes: docs(1, 500, 95), euro: { taxable: -447, vat: -85 } }]);
    expect(r.untaxed).to.deep.equal([{ reason: 'accountCredit', currency: 'USD', amount: 2000 - 1405, invoices: docs(1, 2000, 0), creditNotes: docs(1, 1405, 0) }]);
    expect(r.corrections).to.deep.equal([]);
  });

  it('a document’s net shared among its tax lines: one line takes it all; another member state’s line its VAT ÷ rate; the parts add up to the net', () => {
    expect(taxableOfLines(7900, [vat('DE', '0.19', 1501)])).to.deep.equal({ taxable: [7900], rest: 0 });
    // The invoice's own French line and German VAT taken back on spent credit: 190 / 0.19 = 1000 to Germany, the rest to France.
    const own = (l: TaxLine) => l.country === 'FR';
    expect(taxableOfLines(3000, [vat('FR', '0.2', 400), vat('DE', '0.19', 190)], own)).to.deep.equal({ taxable: [2000, 1000], rest: 0 });
    // Half a cent rounds up: 1 / 0.19 = 5.26 → 5; 3 / 0.2 = 15. Never more than is left.
    expect(taxableOfLines(12, [vat('DE', '0.19', 1), vat('FR', '0.2', 3)], () => false)).to.deep.equal({ taxable: [5, 7], rest: 0 });
  });

  it('quarters: UTC calendar quarters; anything but YYYY-Q1…Q4 is not one', () => {
    expect(quarterRange('2024-Q4')).to.deep.include({ from: '2024-10-01', to: '2024-12-31', start: Date.parse('2024-10-01T00:00:00Z'), end: Date.parse('2025-01-01T00:00:00Z') });
    expect(quarterRange('2026-Q1')).to.deep.include({ from: '2026-01-01', to: '2026-03-31' });
    for (const bad of ['2024-Q0', '2024-Q5', '2024Q1', '2024-q1', '24-Q1', '2024-Q1 ', '2024-01']) expect(quarterRange(bad), bad).to.equal(null);
    expect(quarterOf('2024-03-31T23:59:59.999Z')).to.equal('2024-Q1');
    expect(quarterOf('2024-04-01T00:00:00.000Z')).to.equal('2024-Q2');
  });
});
