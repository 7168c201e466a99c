import { expect } from 'chai';
import { streamIds, type CreditNoteIssued, type InvoiceIssued } from '@relaycast/contracts';
import { foldEvents } from '../handler.js';
import { subscriptionDecider, type ExistingSubscription } from '../subscription/index.js';
import { refundCapture } from '../payments/index.js';
import { MAR_1, taxWorld } from '../../test/tax-world.js';
import { createInvoicing } from './issuer.js';
import { decideInvoice, initialInvoiceBook } from './book.js';
import { invoiceDraft } from './content.js';

/**
 * Invoices and credit notes with tax (issue 35, docs/tax.md), worked by hand. The seller in Estonia (EE100931558), the
 * unlimited plan at $79.00 a month (net), paid on 1 March 2026.
 *
 * - A German consumer: one line of $79.00, VAT 19 % (Germany) ⌊7900 × 0.19 + ½⌋ = $15.01, total $94.01. In euros at
 *   the ECB's rate: the rates held end on 11 October 2024 (1.0938 dollars for a euro), so that one is used and the
 *   document says so (stale): ⌊1501 / 1.0938 + ½⌋ = 1372 euro cents.
 * - $9.40 of it refunded: its VAT ⌊1501 × 940 / 9401 + ½⌋ = $1.50 (137 euro cents), net $7.90; then the rest, $84.61:
 *   the VAT left, $13.51 (1235 euro cents) — $1.50 + $13.51 = $15.01, never more than the invoice's.
 * - A German business with a valid VAT number: reverse charge, $79.00, no VAT, both VAT numbers on the invoice.
 */

const SELLER = { id: 'relaycast', name: 'Relaycast OÜ', address: 'Tallinn, Estonia', vatNumber: 'EE100931558' };

async function world(billing: { country: string; vatNumber?: string }) {
  const w = await taxWorld(billing, { invoicing: (store) => createInvoicing({ events: store, seller: SELLER, now: () => MAR_1 }) });
  const invoices = async () => (await w.store.readStream(streamIds.invoiceBook('relaycast', 'real'))).map((e) => e.data as InvoiceIssued);
  const creditNotes = async () => (await w.store.readStream(streamIds.creditNoteBook('relaycast', 'real'))).map((e) => e.data as CreditNoteIssued);
  const refund = async (amount?: number) => {
    const sub = foldEvents(subscriptionDecider, await w.history()) as ExistingSubscription;
    await refundCapture(w.deps, { subscriptionId: 'sub-1', captureId: sub.captures[0]!.captureId, ...(amount ? { amount } : {}) }, w.meta('ROLE_ADMIN'));
  };
  return { invoices, creditNotes, refund, close: w.close };
}

describe('invoices and credit notes with tax (invoice/tax.spec.ts)', () => {
  it('a German consumer: $79.00 + VAT 19 % $15.01 = $94.01, the VAT in euros at the latest ECB rate held; credit notes give the VAT back in proportion, the last what is left', async () => {
    const w = await world({ country: 'DE' });
    try {
      const [invoice] = await w.invoices();
      expect(invoice!.total).to.equal(9401);
      expect(invoice!.lines.map((l) => [l.kind, l.amount])).to.deep.equal([['period', 7900]]);
      expect(invoice!.tax).to.deep.equal({
        net: 7900,
        taxLines: [{ kind: 'vat', country: 'DE', rate: '0.19', amount: 1501 }],
        tax: 1501,
        gross: 9401,
        customerType: 'consumer',
        sellerVatNumber: 'EE100931558',
        notices: [],
        euro: { rate: '1.0938', published: '2024-10-11', tax: 1372, stale: true },
      });
      await w.refund(940);
      await w.refund();
      const notes = await w.creditNotes();
      expect(notes.map((n) => [n.number, n.invoiceNumber, n.amount])).to.deep.equal([['CN-000001', 'INV-000001', 940], ['CN-000002', 'INV-000001', 8461]]);
      expect(notes[0]!.tax).to.deep.equal({ net: 790, taxLines: [{ kind: 'vat', country: 'DE', rate: '0.19', amount: 150 }], tax: 150, gross: 940, euro: { rate: '1.0938', published: '2024-10-11', tax: 137, stale: true } });
      expect(notes[1]!.tax).to.deep.equal({ net: 7110, taxLines: [{ kind: 'vat', country: 'DE', rate: '0.19', amount: 1351 }], tax: 1351, gross: 8461, euro: { rate: '1.0938', published: '2024-10-11', tax: 1235, stale: true } });
    } finally {
      await w.close();
    }
  });

  it('a German business with a valid VAT number: reverse charge, $79.00, both VAT numbers; its credit note reverses no VAT', async () => {
    const w = await world({ country: 'DE', vatNumber: 'DE136695976' });
    try {
      const [invoice] = await w.invoices();
      expect(invoice!.total).to.equal(7900);
      expect(invoice!.tax).to.deep.equal({
        net: 7900,
        taxLines: [{ kind: 'reverse-charge', country: 'DE', rate: '0', amount: 0 }],
        tax: 0,
        gross: 7900,
        customerType: 'business',
        sellerVatNumber: 'EE100931558',
        customerVatNumber: 'DE136695976',
        notices: [],
      });
      await w.refund();
      const [note] = await w.creditNotes();
      expect(note!.tax).to.deep.equal({ net: 7900, taxLines: [{ kind: 'reverse-charge', country: 'DE', rate: '0', amount: 0 }], tax: 0, gross: 7900 });
    } finally {
      await w.close();
    }
  });

  it('a period paid from account credit alone, VAT charged on it: an invoice of total 0 — $79.00, VAT $15.01, less $94.01 of credit', async () => {
    const w = await world({ country: 'DE' });
    try {
      // The subscription as it stands (the decider's), and a capture as PayFromCredit records it.
      const [paid] = await w.invoices();
      const tax = { amount: 7900, taxLines: [{ kind: 'vat' as const, country: 'DE' as const, rate: '0.19', amount: 1501 }], tax: 1501, total: 9401, decision: { kind: 'vat' as const, country: 'DE' as const, rate: '0.19', customerType: 'consumer' as const, notices: [], evidence: { at: MAR_1, sellerCountry: 'EE' as const } } };
      const capture = { paypalOrderID: 'CREDIT-2', paypalSubscriptionID: 'RCS-1', captureId: 'CREDIT-2', amount: 0, currency: 'USD', quantity: 1, capturedAt: MAR_1, purpose: 'period' as const, periodStart: '2026-04-01T10:00:00.000Z', periodEnd: '2026-05-01T10:00:00.000Z', credit: 9401, tax };
      const sub = { id: 'sub-1', user_id: 'user-1', name: 'Subscription', plan: { plan_id: 'unlimited', billingMonths: 1, period: 'monthly' }, modules: [], quantity: 1, amount: 7900 } as unknown as ExistingSubscription;
      const draft = invoiceDraft({ capture: { data: capture as never, metadata: {} }, subscription: sub, customer: paid!.customer, seller: SELLER })!;
      expect(draft.lines.map((l) => [l.kind, l.amount])).to.deep.equal([['period', 7900], ['creditApplied', -9401]]);
      expect([draft.total, draft.tax!.tax, draft.tax!.gross]).to.deep.equal([0, 1501, 9401]);
      expect(decideInvoice(initialInvoiceBook(), draft, MAR_1)!.number).to.equal('INV-000001');
      // Without tax, credit alone is no invoice (that money was invoiced when it came in).
      const { tax: _none, ...untaxed } = capture;
      expect(invoiceDraft({ capture: { data: untaxed as never, metadata: {} }, subscription: sub, customer: paid!.customer, seller: SELLER })).to.equal(null);
    } finally {
      await w.close();
    }
  });
});
